/**
 * What a move asks for, read as `git mv` reads it (a page file or a folder, to a new name or into
 * an existing folder) and checked before anything else: both ends inside the docs root with no
 * symlink on the way, the source a page or a folder of pages, the target free and served.
 */
import { readdirSync, type Stats } from 'node:fs';
import path from 'node:path';
import { lstatOrUndefined as lstatOrMissing } from './disk.js';
import { lookingAt, refuse } from './messages.js';
import type { FileMove, MoveRequest } from './types.js';
import { isSnippetFile } from '../platform-ignores.js';

/** What the checks need of the site: which files are pages, and which paths the platform leaves out. */
export interface TargetContext {
  /** The docs root, absolute. */
  root: string;
  cwd: string;
  /** A root-relative file is a page the site serves (not a snippet, not left out). */
  isPage(file: string): boolean;
  /** A root-relative path the platform does not serve (`.mintignore`, its defaults). */
  ignored(file: string): boolean;
  /** Root-relative files the navigation reads (docs.json, its `$ref` targets), with how it reads them. */
  navigationFiles: ReadonlyMap<string, string>;
}

/** One request, resolved: root-relative ends, and every file it moves. */
export interface ResolvedRequest extends FileMove {
  folder: boolean;
  files: FileMove[];
}

const PAGE_NAME = /\.mdx?$/i;

/** Resolves and checks one request; refuses (throws a MoveError) with the first thing wrong. */
export function resolveRequest(request: MoveRequest, context: TargetContext): ResolvedRequest {
  const { root } = context;
  const absoluteFrom = path.resolve(context.cwd, request.from);
  const from = rootRelative(root, absoluteFrom);
  if (from === undefined) refuse('sourceOutsideRoot', { from: request.from, root });
  if (from === '') refuse('sourceIsRoot', { from: request.from });
  noSymlinkOnTheWay(root, from, request.from);
  const stats = lstatOrUndefined(absoluteFrom);
  // A symlink itself is refused above (every part of the path is looked at).
  if (!stats) refuse('noSource', { from: request.from, hint: pageFileHint(absoluteFrom, request.from) });
  const folder = stats.isDirectory();

  let absoluteTo = path.resolve(context.cwd, request.to);
  // `git mv a.mdx guides/` and `git mv a.mdx guides` (a folder that exists): into the folder.
  const toStats = lstatOrUndefined(absoluteTo);
  if (/[\\/]$/.test(request.to) || toStats?.isDirectory()) absoluteTo = path.join(absoluteTo, path.basename(absoluteFrom));
  const to = rootRelative(root, absoluteTo);
  const shownTo = path.relative(context.cwd, absoluteTo) || '.';
  if (to === undefined || to === '') refuse('targetOutsideRoot', { to: shownTo, root });
  noSymlinkOnTheWay(root, to, shownTo);
  const existing = lstatOrUndefined(absoluteTo);
  // A case-only rename on a case-insensitive disk finds the source itself there.
  if (existing && !(existing.ino === stats.ino && existing.dev === stats.dev)) refuse('targetExists', { to: shownTo });
  if (to === from) refuse('sameTarget', { to: shownTo, from: request.from });
  if (to.startsWith(`${from}/`)) refuse('intoItself', { to: shownTo, from: request.from });

  if (!folder) {
    if (!stats.isFile() || !context.isPage(from)) refuse('notAPage', { from: request.from });
    if (!PAGE_NAME.test(to)) refuse('targetNotAPage', { to: shownTo });
    hiddenTarget(to, shownTo, context);
    return { from, to, folder, files: [{ from, to }] };
  }
  const files = filesUnder(root, from).map((file) => ({ from: file, to: `${to}${file.slice(from.length)}` }));
  if (!files.some((file) => context.isPage(file.from))) refuse('noPages', { from: request.from });
  for (const file of files) {
    const how = context.navigationFiles.get(file.from);
    if (how !== undefined) refuse('holdsNavigation', { from: request.from, file: file.from, how });
    if (context.isPage(file.from)) hiddenTarget(file.to, path.relative(context.cwd, path.join(root, file.to)), context);
  }
  return { from, to, folder, files };
}

/** A page moved to `to` would not be served: a snippet, or left out of the site. */
function hiddenTarget(to: string, shown: string, context: TargetContext): void {
  if (isSnippetFile(`${to}/`)) refuse('targetHidden', { to: shown, where: `in ${to.split('/')[0]}/ (parts of pages, not pages)` });
  if (context.ignored(to)) refuse('targetHidden', { to: shown, where: "left out of the site by .mintignore or the platform's defaults" });
}

/** A path's root-relative form (`/` separators), or undefined when it is outside the root. */
function rootRelative(root: string, absolute: string): string | undefined {
  const relative = path.relative(root, absolute);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  return relative.split(path.sep).join('/');
}

/** No part of the path below the root (the last one included, when it exists) is a symlink. */
function noSymlinkOnTheWay(root: string, relative: string, shown: string): void {
  let at = root;
  for (const part of relative.split('/')) {
    at = path.join(at, part);
    const stats = lstatOrUndefined(at);
    if (!stats) return;
    if (stats.isSymbolicLink()) refuse('symlink', { path: shown });
  }
}

/** A path's lstat, undefined when there is nothing there; another error (EACCES) refuses, saying it. */
function lstatOrUndefined(file: string): Stats | undefined {
  return lookingAt(file, () => lstatOrMissing(file));
}

/** ` (a page file: guides/intro.mdx)` when the path names a page without its extension. */
function pageFileHint(absolute: string, shown: string): string {
  for (const extension of ['.mdx', '.md']) if (lstatOrUndefined(absolute + extension)?.isFile()) return ` (the page file is ${shown}${extension})`;
  return '';
}

/**
 * Every file under a folder (root-relative), walked without following symlinks: a symlink inside is
 * refused, since moving it would change what it leads to. Everything under the folder moves with it.
 */
function filesUnder(root: string, folder: string): string[] {
  const files: string[] = [];
  const pending = [folder];
  while (pending.length > 0) {
    const relative = pending.pop()!;
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const child = `${relative}/${entry.name}`;
      if (entry.isSymbolicLink()) refuse('symlink', { path: child });
      if (entry.isDirectory()) pending.push(child);
      else files.push(child);
    }
  }
  return files.sort();
}
