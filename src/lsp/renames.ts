/**
 * Renaming a page or a folder of pages in the editor (`workspace/willRenameFiles`): the edits
 * `docsnav mv` makes (navigation entries, links in pages and snippets, redirects), worked out by
 * the same library function (`planMove`) from what the editor holds (unsaved text included), as
 * one WorkspaceEdit the editor applies before it renames the files. The files themselves the
 * editor moves.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FileRename, TextEdit, WorkspaceEdit } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { ReadFailure, textOf } from '../files.js';
import { MoveError } from '../move/messages.js';
import { planMove } from '../move/plan.js';
import type { MoveRequest } from '../move/types.js';
import type { Site, Sites } from './sites.js';

/** What a rename changes: the edit (null: nothing to change), and why a file's or a site's part was refused (one line each). */
export interface RenameEdits {
  edit: WorkspaceEdit | null;
  refused: string[];
}

/** The edits of renaming these files and folders, for each site whose docs root holds them. */
export function renameEdits(sites: Sites, renames: readonly FileRename[], openText: (file: string) => string | undefined): RenameEdits {
  const bySite = new Map<Site, MoveRequest[]>();
  for (const { oldUri, newUri } of renames) {
    if (!oldUri.startsWith('file:') || !newUri.startsWith('file:')) continue;
    const from = fileURLToPath(oldUri);
    const to = fileURLToPath(newUri);
    for (const site of sites.sitesHolding(from)) {
      if (site.file === from) continue;
      let list = bySite.get(site);
      if (!list) bySite.set(site, (list = []));
      list.push({ from, to });
    }
  }
  const changes: Record<string, TextEdit[]> = {};
  const refused: string[] = [];
  for (const [site, requests] of bySite) {
    const reader = sites.cache.readerFor(site.root);
    // The editor's text of an open file (docs.json too), else the disk's, read inside the docs root as validate reads it.
    const readFile = (absolute: string): string | undefined => {
      const open = openText(absolute);
      if (open !== undefined) return open;
      const outcome = reader(absolute);
      // Without a byte order mark: editors hold the text without one, and the offsets are theirs.
      if (outcome.ok) return textOf(outcome.bytes);
      // The failed read passed on as it was (a missing file too): planMove says why, as `docsnav mv` does.
      throw new ReadFailure(outcome);
    };
    const options = site.last?.options;
    const shown = (request: MoveRequest) => path.relative(site.root, request.from) || request.from;
    // One file refused leaves the others' edits (the editor renames every file anyway): it is said, not dropped.
    const left = new Map<MoveRequest, string>();
    const onRefused = (request: MoveRequest, error: MoveError) => left.set(request, `${shown(request)}: ${error.message}`);
    let plan;
    try {
      plan = planMove(site.file, requests, {
        root: site.root,
        cwd: site.root,
        readFile,
        profile: options?.profile,
        languageCodes: options?.languageCodes,
        onRefused,
      });
    } catch (error) {
      if (!(error instanceof MoveError)) throw error;
      // Refused together (two onto one place, a URL another page has): none of this site's edits.
      const others = requests.filter((request) => !left.has(request));
      refused.push(...left.values(), `${others.map(shown).join(', ')}: ${error.message}`);
      continue;
    }
    refused.push(...left.values());
    for (const change of plan.changes) {
      // Edits go to the files where they are now: the editor applies them before it renames.
      const uri = pathToFileURL(path.join(plan.root, change.file)).href;
      // Stryker disable next-line StringLiteral: the language id plays no part in positionAt.
      const document = TextDocument.create(uri, '', 0, change.before);
      (changes[uri] ??= []).push(
        ...change.edits.map((edit) => ({ range: { start: document.positionAt(edit.start), end: document.positionAt(edit.end) }, newText: edit.text })),
      );
    }
  }
  return { edit: Object.keys(changes).length === 0 ? null : { changes }, refused };
}
