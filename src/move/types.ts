import type { ProfileName } from '../config/profiles.js';
import type { ReadFileHook } from '../files.js';
import type { TextEdit } from '../text-edit.js';
import type { MoveError, NoteId } from './messages.js';

/** One move asked for, as `git mv` takes it: a page file or a folder, to a new name (or into an existing folder). */
export interface MoveRequest {
  from: string;
  to: string;
}

export interface MoveOptions {
  /** The docs root (default: the docs file's folder): every file moved, read or written is inside it. */
  root?: string;
  /** Where relative `from`/`to` are read from (default: the process's working folder), as `git mv` reads them. */
  cwd?: string;
  /** The profile the site is read with (`spec`, the default, or `platform`), as `validate` takes it. */
  profile?: ProfileName;
  languageCodes?: readonly string[];
  /** Reads files by absolute path instead of the disk (an editor's unsaved text): undefined when missing. */
  readFile?: ReadFileHook;
  /**
   * Given, a request refused on its own (its source or target) is passed here and left out, and
   * the others are planned (an editor renames every file anyway, and the edits of the others are
   * still right). Without it, one refusal refuses the whole move, as `docsnav mv` does.
   */
  onRefused?: (request: MoveRequest, error: MoveError) => void;
}

/** A file that moves: root-relative paths (`/` separators). */
export interface FileMove {
  from: string;
  to: string;
}

/** A page whose URL changes: URL paths without the leading `/`, and its file before and after. */
export interface PageMove {
  from: string;
  to: string;
  fromFile: string;
  toFile: string;
}

/** A text change to one file: its root-relative path before the move, and after it when the file moves too. */
export interface FileChange {
  file: string;
  /** Where the file is after the move (`file` when it stays). */
  movedTo: string;
  before: string;
  after: string;
  /** Offsets into `before`, not overlapping, in text order. */
  edits: TextEdit[];
}

/** A redirect added, or one whose destination was the old URL and now is the new one. */
export interface RedirectChange {
  source: string;
  destination: string;
  /** Re-pointed: the destination it had; added: undefined. */
  was?: string;
  /** The file that holds it (root-relative) and its pointer there; for an added one, the array it goes into. */
  file: string;
  pointer: string;
}

/** A place the move left as it was, for a person to look at (never a silent drop). */
export interface MoveNote {
  id: NoteId;
  message: string;
  /** Root-relative file, and the 1-based line and column there when known. */
  file: string;
  line?: number;
  column?: number;
}

/** Everything a move does, worked out and checked before anything is written (`applyMove` writes it). */
export interface MovePlan {
  /** The docs file and root, absolute. */
  docsFile: string;
  root: string;
  /** The moves as asked (a folder is one), root-relative. */
  requests: FileMove[];
  /** Every file that moves. */
  files: FileMove[];
  /** Every page URL that changes. */
  pages: PageMove[];
  /** Every file whose text changes. */
  changes: FileChange[];
  /** How many navigation entries (and docs.json hrefs and file paths), and links in pages and snippets (and spec paths in their front matter), are rewritten. */
  counts: { navigation: number; links: number };
  /** Redirects added, re-pointed, and turned round (from the page's new URL to its old one before: a page moved back). */
  redirects: { added: RedirectChange[]; repointed: RedirectChange[]; reversed: RedirectChange[] };
  notes: MoveNote[];
}
