/**
 * What a move changes in docs.json and the files it includes with `$ref`: every navigation entry
 * naming a moved page (a `pages` entry, a group's `root`), every internal `href` and every file
 * path (an `openapi` spec, a logo) that leads to what moved, every redirect whose destination was
 * an old URL, and a redirect from each old URL to its new one. Worked out as the fixes' intents
 * at pointers into the whole document, each taken back to its own file (`origin`).
 */
import { isPlainObject } from '../navigation/model.js';
import { pointerOf, walkNavigation } from '../navigation/walk.js';
import type { FixIntent } from '../fix/types.js';
import type { RedirectToAdd } from '../fix/redirect-edits.js';
import { isPattern, pathOf } from '../redirects/follow.js';
import { syntaxIssues } from '../redirects/syntax.js';
import type { RedirectTable } from '../redirects/table.js';
import type { Site } from '../site/site.js';
import { isExternalUrl, linkTarget } from '../link-target.js';
import { childPointer } from '../source/pointer.js';
import { fill, NOTES, type NoteId } from './messages.js';
import type { PageMove } from './types.js';
import { rewriteUrl, type MoveMap } from './urls.js';

/** One string of the document to rewrite: where it is (a pointer into the whole document) and what it becomes. */
export interface DocumentRewrite {
  pointer: string;
  intent: FixIntent & { kind: 'replace-value' };
  /** What it is, for messages: `navigation entry`, `href`, `file path`, `redirect destination`. */
  what: 'navigation entry' | 'href' | 'file path' | 'redirect destination' | 'redirect source';
}

/** A note at a pointer into the whole document. */
interface DocumentNote {
  id: NoteId;
  message: string;
  pointer: string;
}

export interface DocumentChanges {
  rewrites: DocumentRewrite[];
  /** Redirects to add to `redirects`, in order. */
  added: RedirectToAdd[];
  /** Redirects whose destination changes: their entry's pointer, source and old destination (the rewrite is in `rewrites`). */
  repointed: Array<{ pointer: string; source: string; was: string; destination: string }>;
  /**
   * Redirects from a moved page's new URL to its old one (the page moves back where it was): each
   * turned round in place (from the old URL to the new one), which is the redirect a move adds.
   */
  reversed: Array<{ pointer: string; source: string; destination: string }>;
  notes: DocumentNote[];
}

/** The navigation entries, hrefs, file paths and redirects a move changes in the document (`$ref`s followed). */
export function documentChanges(document: unknown, site: Site, redirects: RedirectTable, moves: MoveMap): DocumentChanges {
  const changes: DocumentChanges = { rewrites: [], added: [], repointed: [], reversed: [], notes: [] };
  /** Every string looked at as what it is (a page entry, a redirect's end): not read again as a file path. */
  const handled = new Set<string>();
  const rewrites = new Map<string, DocumentRewrite>();
  // A later rewrite of the same string wins (a redirect re-pointed twice: by its destination, then by its source).
  const rewrite: Rewrite = (pointer, current, value, what) => {
    handled.add(pointer);
    if (value !== current) rewrites.set(pointer, { pointer, intent: { kind: 'replace-value', pointer, value, current }, what });
  };
  walkNavigation(document, [
    {
      page(node) {
        const pointer = pointerOf(node.path);
        handled.add(pointer);
        const moved = node.entry.kind === 'page' ? moves.pages.get(node.entry.clean) : undefined;
        if (moved) rewrite(pointer, node.value, entryValue(node.value, moved), 'navigation entry');
      },
    },
  ]);
  redirectDestinations(redirects, moves, changes, rewrite, handled);
  for (const { pointer, key, value } of strings(document)) {
    if (handled.has(pointer)) continue;
    if (key === 'href') {
      const href = hrefValue(value, moves);
      if (href !== undefined) rewrite(pointer, value, href, 'href');
      continue;
    }
    const file = filePathValue(value, moves);
    if (file !== undefined) rewrite(pointer, value, file, 'file path');
  }
  addRedirects(site, redirects, moves, changes);
  changes.rewrites = [...rewrites.values()];
  return changes;
}

type Rewrite = (pointer: string, current: string, value: string, what: DocumentRewrite['what']) => void;

/**
 * A navigation entry naming a moved page, in the author's form: a leading `/` or `./` kept, an
 * extension kept (the new file's), a trailing `/` kept, the whitespace around it kept.
 */
function entryValue(raw: string, moved: PageMove): string {
  const form = /^(\s*)((?:\.\/|\/)*)(.*?)(\.mdx?)?(\/*)(\s*)$/is.exec(raw)!;
  const [, before, lead, , extension, trailing, after] = form;
  const newExtension = extension === undefined ? '' : (/\.mdx?$/i.exec(moved.toFile)?.[0] ?? extension);
  return `${before}${lead}${moved.to}${newExtension}${trailing}${after}`;
}

/** An internal href (read from the site's root, as the navigation's are) that leads to what moved, rewritten; else undefined. */
function hrefValue(href: string, moves: MoveMap): string | undefined {
  const trimmed = href.trim();
  if (trimmed === '' || isExternalUrl(trimmed) || trimmed.startsWith('#')) return undefined;
  const target = linkTarget(trimmed.startsWith('/') ? trimmed : `/${trimmed}`, '');
  const moved = target && moves.target(target.path);
  if (moved === undefined) return undefined;
  return rewriteUrl(trimmed, trimmed.startsWith('/') ? 'root' : 'bare', moved, '');
}

/** A string naming a moved file by its root-relative path (`/specs/api.json`, `images/a.png`): the new path, written alike. */
function filePathValue(value: string, moves: MoveMap): string | undefined {
  const form = /^((?:\.\/|\/)*)(.+)$/s.exec(value);
  if (!form) return undefined;
  const moved = moves.files.get(form[2]);
  return moved === undefined ? undefined : `${form[1]}${moved}`;
}

/**
 * Redirects whose destination is an old URL (or a file or folder that moved) get the new one, in
 * the same form; a pattern destination that may lead into what moved is noted. Every source and
 * destination goes into `handled` (they are not file paths to rewrite again).
 */
function redirectDestinations(table: RedirectTable, moves: MoveMap, changes: DocumentChanges, rewrite: Rewrite, handled: Set<string>): void {
  for (const redirect of table.redirects) {
    const pointer = childPointer(redirect.pointer, 'destination');
    handled.add(pointer);
    handled.add(childPointer(redirect.pointer, 'source'));
    const destination = redirect.destination.trim();
    if (destination === '' || isExternalUrl(destination)) continue;
    if (reversedPage(redirect, moves)) {
      rewrite(childPointer(redirect.pointer, 'source'), redirect.source, redirect.destination, 'redirect source');
      rewrite(pointer, redirect.destination, redirect.source, 'redirect destination');
      changes.reversed.push({ pointer: redirect.pointer, source: redirect.destination, destination: redirect.source });
      continue;
    }
    if (isPattern(pathOf(destination))) {
      if (patternMayReach(pathOf(destination), moves)) {
        const data = { source: redirect.source, destination: redirect.destination, pointer: redirect.pointer };
        changes.notes.push({ id: 'patternRedirect', message: fill(NOTES, 'patternRedirect', data), pointer: redirect.pointer });
      }
      continue;
    }
    const rewritten = hrefValue(destination, moves);
    // A page whose URL stays (`a.mdx` to `a.md`) leaves its redirects as they are.
    if (rewritten === undefined || rewritten === redirect.destination) continue;
    rewrite(pointer, redirect.destination, rewritten, 'redirect destination');
    changes.repointed.push({ pointer: redirect.pointer, source: redirect.source, was: redirect.destination, destination: rewritten });
  }
}

/**
 * The moved page a redirect sends its new URL to, from it (an exact source that is the page's new
 * URL, a destination that is its old one): the page moves to where the redirect came from.
 */
export function reversedPage(redirect: { source: string; destination: string }, moves: MoveMap): PageMove | undefined {
  const source = trimSlashes(redirect.source.trim());
  const destination = redirect.destination.trim();
  if (isPattern(source) || destination === '' || isExternalUrl(destination)) return undefined;
  const target = pathOf(destination);
  for (const moved of moves.pages.values()) {
    if (moved.to !== source) continue;
    if (target === moved.from || (moved.from.endsWith('/index') && target === moved.from.slice(0, -'/index'.length))) return moved;
  }
  return undefined;
}

/** A pattern destination (`/guides/:slug*`) whose literal start is the start of a moved page's old URL or file. */
function patternMayReach(pattern: string, moves: MoveMap): boolean {
  const literal = pattern.split(/[:*]/)[0];
  for (const url of moves.pages.keys()) if (url.startsWith(literal)) return true;
  for (const file of moves.files.keys()) if (file.startsWith(literal)) return true;
  return false;
}

/**
 * A redirect from each old URL (and a moved index page's folder URL) that nothing serves after the
 * move, to the page's new URL. An existing redirect with that source (which the page answered
 * before, so it never applied) is kept, and noted: a second one would never apply.
 */
function addRedirects(site: Site, table: RedirectTable, moves: MoveMap, changes: DocumentChanges): void {
  // What the site serves after the move: its page files where they are then, and the pages with no file of their own (generated from a spec).
  const servedAfter = new Set<string>();
  for (const page of site.pages.values()) if (page.file === undefined) servedAfter.add(page.path);
  // Snippets' files too: no page's old URL is one of theirs (snippets/ and _snippets/ at the root hold no pages).
  for (const file of site.contentFiles) servedAfter.add((moves.files.get(file) ?? file).replace(/\.mdx?$/i, ''));
  const served = (url: string) => servedAfter.has(url) || servedAfter.has(url === '' ? 'index' : `${url}/index`);
  // A redirect turned round is the one from the old URL.
  const reversed = new Set(changes.reversed.map((redirect) => pathOf(redirect.source)));
  for (const moved of moves.pages.values()) {
    const sources = [moved.from];
    // A folder's index page answered its folder's URL too; both lead to the page's URL (the platform's, `learn/index`).
    if (moved.from.endsWith('/index')) sources.push(moved.from.slice(0, -'/index'.length));
    const destination = moved.to;
    for (const source of sources) {
      if (served(source) || reversed.has(source)) continue;
      // An exact redirect from it (a pattern gives way to the one added: the table tries exact sources first).
      const existing = table.match(source)?.redirect;
      if (existing && !isPattern(trimSlashes(existing.source))) {
        // The page answered that URL, so the redirect never applied; from now on it does, as the author wrote it.
        const data = { source: existing.source, destination: existing.destination, pointer: existing.pointer };
        changes.notes.push({ id: 'existingRedirect', message: fill(NOTES, 'existingRedirect', data), pointer: existing.pointer });
        continue;
      }
      const added = { source: `/${source}`, destination: `/${destination}` };
      // Written only as the platform reads it back: a source it matches as written, no `:name` or `*` read as a pattern.
      const why = unwritable(added);
      if (why !== undefined) {
        changes.notes.push({ id: 'unwritableRedirect', message: fill(NOTES, 'unwritableRedirect', { source: added.source, why }), pointer: '' });
        continue;
      }
      changes.added.push(added);
    }
  }
}

/**
 * Why a redirect from a page's old URL to its new one cannot be written so that the platform
 * reads it as meant: the old URL is no path a reader can request (redirect-pattern's reasons: a
 * `#`, a `?`, a tab), or a `:` or `*` in either URL would be read as a pattern's parameter or
 * wildcard. Undefined when it can (a space inside is matched as written: redirect-pattern agrees).
 */
function unwritable(redirect: { source: string; destination: string }): string | undefined {
  const issue = syntaxIssues({ ...redirect, pointer: '' })[0];
  if (issue !== undefined) return issue.message;
  if (isPattern(redirect.source) || isPattern(redirect.destination)) return 'a `:` or `*` in it would be read as a pattern';
  return undefined;
}

/** Every string of the document outside `navigation`'s page entries, with its pointer and the key that holds it. */
function* strings(document: unknown): Iterable<{ pointer: string; key: string; value: string }> {
  const stack: Array<{ value: unknown; pointer: string; key: string }> = [{ value: document, pointer: '', key: '' }];
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const { value, pointer, key } = entry;
    if (typeof value === 'string') {
      yield { pointer, key, value };
      continue;
    }
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], pointer: childPointer(pointer, i), key });
    } else if (isPlainObject(value)) {
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i][1], pointer: childPointer(pointer, entries[i][0]), key: entries[i][0] });
    }
  }
}

function trimSlashes(path: string): string {
  return path.replace(/^\/+/, '').replace(/\/+$/, '');
}
