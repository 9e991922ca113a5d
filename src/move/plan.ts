/**
 * `planMove`: everything moving pages does to a site, worked out and checked before anything is
 * written. The site is read as `validate` reads it (the same reader, listing and page tree, its
 * pages and snippets scanned by the same scanner); the edits are the fixes' editors' (src/fix).
 */
import path from 'node:path';
import { applyEdits } from '../fix/apply.js';
import type { TextEdit } from '../text-edit.js';
import { ReadFailure, failureText, textOf, type FileReader } from '../files.js';
import { siteOf } from '../history/site-at.js';
import { scanPages } from '../pages/scan.js';
import { RedirectTable, redirectsOf } from '../redirects/table.js';
import type { DocsFiles } from '../docs-root.js';
import { isMdx } from '../site/pages.js';
import { ignoredTest, isSnippetFile, MINTIGNORE } from '../platform-ignores.js';
import type { Site } from '../site/site.js';
import { parseSource } from '../source/index.js';
import { LineIndex } from '../source/lines.js';
import { loadDocument, type LoadedDocument } from '../source/refs.js';
import type { SourceFile } from '../source/types.js';
import { filesOf, readerFor } from '../read.js';
import { documentChanges, reversedPage, type DocumentChanges } from './document.js';
import { documentEdits } from './document-edits.js';
import { frontMatterSpecEdit } from './front-matter.js';
import { linkEdits, relativeImports, spaceFormOf } from './links.js';
import { fill, MoveError, NOTES, refuse } from './messages.js';
import { resolveRequest, type ResolvedRequest } from './targets.js';
import type { FileChange, FileMove, MoveNote, MoveOptions, MovePlan, MoveRequest } from './types.js';
import { MoveMap } from './urls.js';

/**
 * Works out a move of pages (`requests`: one `{ from, to }` or several, as `git mv` takes them:
 * a page file or a folder of pages, to a new name or into an existing folder) on the site of
 * `docsFile`: the files that move, every navigation entry, link and redirect that changes, each
 * as edits of its file's text, and the notes on what could not be rewritten safely. Writes
 * nothing (`applyMove` does). Refuses, throwing a `MoveError` with one line, when the target
 * exists, the source is not a page or a folder of pages, the move leaves the docs root, or it
 * would collide with another page or a redirect.
 */
export function planMove(docsFile: string, requests: MoveRequest | readonly MoveRequest[], options: MoveOptions = {}): MovePlan {
  const at = readSite(docsFile, options);
  const { site, document, files, root } = at;
  const contentFiles = new Set(site.contentFiles);
  const navigationFiles = new Map<string, string>([[at.shown(at.file), 'the docs file']]);
  for (const source of document.files.slice(1)) navigationFiles.set(at.sourceName(source), 'through $ref');
  const resolved = resolveAll(options.onRefused, Array.isArray(requests) ? requests : [requests as MoveRequest], {
    root,
    cwd: path.resolve(options.cwd ?? process.cwd()),
    isPage: (relative) => contentFiles.has(relative) && !isSnippetFile(relative),
    ignored: ignoredTest(files.hasFile(MINTIGNORE) ? at.read(path.join(root, MINTIGNORE)) : undefined),
    navigationFiles,
  });
  const fileMoves = resolved.flatMap((request) => request.files);
  const moves = new MoveMap(
    site,
    fileMoves,
    // Stryker disable next-line MethodExpression: a file moved is no folder of the site (none has its name), so taking it as one maps no link.
    resolved.filter((request) => request.folder),
  );
  const redirects = new RedirectTable(redirectsOf(document.value));
  checkCollisions(site, redirects, moves, fileMoves, files.list?.() ?? []);

  const notes: MoveNote[] = moves.notServed.map(({ file, url, served }) => ({
    id: 'servedByOther',
    message: fill(NOTES, 'servedByOther', { file, url, served }),
    file,
  }));
  const changes = new Map<string, FileChange>();
  const links = linkChanges(at, redirects, moves, changes, notes);
  const inDocument = documentChanges(document.value, site, redirects, moves);
  for (const note of inDocument.notes) {
    const origin = document.origin(note.pointer);
    const range = origin.source.locate(origin.pointer);
    notes.push({ id: note.id, message: note.message, file: at.sourceName(origin.source), line: range.line, column: range.column });
  }
  for (const [source, edits] of documentEdits(document, inDocument, at.sourceName)) {
    const relative = at.sourceName(source);
    // A `$ref` target's text was read without its byte order mark: the edits go where the file has them.
    const text = at.read(path.resolve(source.file));
    const shift = text === source.text ? 0 : text === `\uFEFF${source.text}` ? 1 : refuse('changedSincePlan', { file: relative });
    const after = change(
      relative,
      relative,
      text,
      edits.map((edit) => ({ start: edit.start + shift, end: edit.end + shift, text: edit.text })),
    );
    checkParses(after, source);
    changes.set(relative, after);
  }
  const mainName = at.shown(at.file);
  return {
    docsFile: at.file,
    root,
    requests: resolved.map(({ from, to }) => ({ from, to })),
    files: fileMoves,
    pages: [...moves.pages.values()],
    changes: [...changes.values()].sort((a, b) => Number(b.file === mainName) - Number(a.file === mainName) || a.file.localeCompare(b.file)),
    counts: { navigation: inDocument.rewrites.filter((rewrite) => !rewrite.what.startsWith('redirect')).length, links },
    redirects: redirectChanges(at, inDocument),
    notes,
  };
}

/** The site as `validate` reads it, and how its files are read and named. */
interface SiteRead {
  file: string;
  root: string;
  files: DocsFiles;
  document: LoadedDocument;
  site: Site;
  /** A file's text as written (a byte order mark kept: every offset counts it); refuses when it cannot be read. */
  read: (absolute: string) => string;
  /** An absolute path, root-relative. */
  shown: (absolute: string) => string;
  sourceName: (source: SourceFile) => string;
}

function readSite(docsFile: string, options: MoveOptions): SiteRead {
  const file = path.resolve(docsFile);
  const root = path.resolve(options.root ?? path.dirname(file));
  const pipeline = { file, root, readFile: options.readFile };
  const reader = readerFor(pipeline);
  const files = filesOf(pipeline)!;
  const shown = (absolute: string) => path.relative(root, absolute).split(path.sep).join('/') || absolute;
  const read = (absolute: string): string => {
    const outcome = reader(absolute);
    if (!outcome.ok) refuse('unreadable', { file: shown(absolute), why: failureText(outcome) });
    return outcome.bytes.toString('utf8');
  };
  const sourceName = (source: SourceFile) => shown(path.resolve(source.file));
  const mainText = read(file);
  const document = loadDocument(file, mainText, { root, reader });
  for (const source of document.files) if (source.value === undefined) refuse('unparsable', { file: sourceName(source), why: firstFinding(source) });
  const site = siteOf(mainText, { file, root, files, readFile: hookOf(reader), profile: options.profile, languageCodes: options.languageCodes });
  return { file, root, files, document, site, read, shown, sourceName };
}

/** Every page and snippet scanned as the link rules scan them, and its link edits and notes: how many links are rewritten. */
function linkChanges(at: SiteRead, redirects: RedirectTable, moves: MoveMap, changes: Map<string, FileChange>, notes: MoveNote[]): number {
  let links = 0;
  const scanned = at.site.contentFiles.map((relative) => ({ relative, text: at.read(path.join(at.root, relative)) }));
  const scans = scanPages(scanned.map(({ relative, text }) => ({ text, mdx: isMdx(relative) })));
  const spaces = spaceFormOf(
    scanned.map(({ text }) => text),
    scans,
  );
  scanned.forEach(({ relative, text }, i) => {
    const found = linkEdits(relative, text, scans[i], at.site, redirects, moves, spaces);
    const lines = new LineIndex(text);
    for (const note of found.notes) notes.push({ id: note.id, message: note.message, file: relative, ...lines.position(note.offset) });
    const spec = isSnippetFile(relative) ? {} : frontMatterSpecEdit(text, moves.files);
    if (spec.edit) found.edits.push(spec.edit);
    if (spec.missed)
      notes.push({
        id: 'frontMatterSpec',
        message: fill(NOTES, 'frontMatterSpec', { spec: spec.missed.spec }),
        file: relative,
        ...lines.position(spec.missed.offset),
      });
    const movedTo = moves.files.get(relative);
    if (movedTo !== undefined) {
      for (const { module, offset } of relativeImports(text)) {
        // Said only when the import now reads another file than the one it read (which may have moved too).
        const imported = path.posix.join(path.posix.dirname(relative), module);
        if (path.posix.join(path.posix.dirname(movedTo), module) === (moves.files.get(imported) ?? imported)) continue;
        notes.push({ id: 'relativeImport', message: fill(NOTES, 'relativeImport', { module }), file: relative, ...lines.position(offset) });
      }
    }
    if (found.edits.length === 0) return;
    links += found.edits.length;
    changes.set(relative, change(relative, movedTo ?? relative, text, found.edits));
  });
  return links;
}

/** The redirects added (where the list is: docs.json's, made when absent, or the `$ref`'d file that is the list) and re-pointed, by file. */
function redirectChanges(at: SiteRead, inDocument: DocumentChanges): MovePlan['redirects'] {
  const { document } = at;
  const list = Array.isArray((document.value as { redirects?: unknown }).redirects)
    ? document.origin('/redirects')
    : { source: document.main, pointer: '/redirects' };
  const where = { file: at.sourceName(list.source), pointer: list.pointer };
  const inFile = (redirect: { pointer: string; source: string; destination: string }) => {
    const origin = document.origin(redirect.pointer);
    return { source: redirect.source, destination: redirect.destination, file: at.sourceName(origin.source), pointer: origin.pointer };
  };
  return {
    added: inDocument.added.map((redirect) => ({ ...redirect, ...where })),
    reversed: inDocument.reversed.map(inFile),
    repointed: inDocument.repointed.map((redirect) => ({ ...inFile(redirect), was: redirect.was })),
  };
}

/** Resolves every request (one refused is left out when `onRefused` takes it); refuses two that move one file, or two files to one place. */
function resolveAll(onRefused: MoveOptions['onRefused'], requests: readonly MoveRequest[], context: Parameters<typeof resolveRequest>[1]): ResolvedRequest[] {
  const resolved: ResolvedRequest[] = [];
  for (const request of requests) {
    try {
      resolved.push(resolveRequest(request, context));
    } catch (error) {
      if (!onRefused || !(error instanceof MoveError)) throw error;
      onRefused(request, error);
    }
  }
  const targets = new Map<string, string>();
  const sources = new Set<string>();
  for (const { files } of resolved) {
    for (const move of files) {
      const other = targets.get(move.to);
      if (other !== undefined || sources.has(move.from)) refuse('twoTargets', { first: other ?? move.from, second: move.from, to: move.to });
      targets.set(move.to, move.from);
      sources.add(move.from);
    }
  }
  // A target in a folder another request moves away or makes (never its own: intoItself) depends on the order of the
  // two (a page put into b/ that b's move then takes to c/ lands in c/, its links rewritten for b/): refused.
  const ends = new Map<string, ResolvedRequest>();
  for (const request of resolved) for (const end of [request.from, request.to]) ends.set(end, request);
  for (const request of resolved) {
    // Stryker disable next-line EqualityOperator: at 0 the folder would be '', the root, which no request moves (sourceIsRoot) or makes.
    for (let at = request.to.lastIndexOf('/'); at > 0; at = request.to.lastIndexOf('/', at - 1)) {
      const folder = request.to.slice(0, at);
      const other = ends.get(folder);
      if (other !== undefined) refuse('inMovedFolder', { to: request.to, folder, from: other.from, other: other.to });
    }
  }
  return resolved;
}

/**
 * Refuses a move whose new URL another page has (a page file, or one generated from a spec), or a
 * redirect's source takes; or whose new file differs only by case from a file that stays.
 */
function checkCollisions(site: Site, redirects: RedirectTable, moves: MoveMap, fileMoves: readonly FileMove[], listing: readonly string[]): void {
  // Of string | undefined, so that a page without a file (one generated from a spec) is simply not among them.
  const moving = new Set<string | undefined>(fileMoves.map((move) => move.from));
  for (const moved of moves.pages.values()) {
    const there = site.pages.get(moved.to);
    if (there && !moving.has(there.file)) {
      // The move's site reads no page's front matter (history/site-at.ts `siteOf`): a page without a file is exactly one generated from a spec.
      if (there.file === undefined) refuse('generatedCollision', { url: moved.to, moved: moved.toFile });
      refuse('pageCollision', { url: moved.to, file: there.file, moved: moved.fromFile });
    }
    const match = redirects.match(moved.to);
    if (match && reversedPage(match.redirect, moves) !== moved)
      refuse('redirectCollision', {
        url: moved.to,
        moved: moved.fromFile,
        redirect: `${match.redirect.source} → ${match.redirect.destination}`,
        pointer: match.redirect.pointer,
      });
  }
  const staying = new Map<string, string>();
  for (const file of listing) if (!moving.has(file)) staying.set(file.toLowerCase(), file);
  for (const move of fileMoves) {
    const other = staying.get(move.to.toLowerCase());
    if (other !== undefined && other !== move.to) refuse('caseCollision', { to: move.to, other });
  }
}

/** A file's change: its edits in text order, applied (two that overlap are refused, never guessed at). */
function change(file: string, movedTo: string, before: string, edits: TextEdit[]): FileChange {
  const ordered = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  for (let i = 1; i < ordered.length; i++) {
    if (ordered[i].start < ordered[i - 1].end) {
      const at = (edit: TextEdit) => `${edit.start}-${edit.end}`;
      refuse('overlapping', { file, first: at(ordered[i - 1]), second: at(ordered[i]) });
    }
  }
  return { file, movedTo, before, after: applyEdits(before, ordered), edits: ordered };
}

/** A docs file's new text must parse as its old one did (the editors' output, checked before anything is written). */
function checkParses(after: FileChange, source: SourceFile): void {
  const parsed = parseSource(source.file, after.after, source.format);
  if (parsed.value === undefined) refuse('uneditable', { what: 'its entries', file: after.file, pointer: firstFinding(parsed) });
}

function firstFinding(source: SourceFile): string {
  const finding = source.findings[0];
  return finding === undefined ? 'a syntax error' : finding.message;
}

/** A FileReader as a `readFile` hook (siteOf takes one). */
function hookOf(reader: FileReader): (absolute: string) => string | undefined {
  return (absolute) => {
    const outcome = reader(absolute);
    if (outcome.ok) return textOf(outcome.bytes);
    if (outcome.reason === 'missing') return undefined;
    throw new ReadFailure(outcome);
  };
}
