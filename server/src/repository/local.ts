/**
 * Repositories on the server's own disk (`--allow-local-repos`): which repositories are local, the
 * allow list of folders they must be in, and the git folder of one, opened without following any
 * link (pinned.ts) and checked: what it points to (a `.git` file, a `commondir`) inside the
 * allowed folders, no alternates (another repository's objects), not a partial clone. Git never
 * reads what is opened here: local-copy.ts copies its objects and branches into the server's own
 * data folder, through these descriptors, and git reads that copy (see there why). Runs no git.
 */
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { LocalRepoError } from './errors.js';
import { canPin, PinError, PinnedFolder, using } from './pinned.js';

/**
 * The path a local repository names, exactly as git reads it: a path, or a `file://` URL's
 * path percent-decoded (git decodes it; a `?` or `#` is part of the path to git, so a URL
 * with one is refused rather than checked as something else than what git opens).
 */
export function localRepoPath(repo: string): string | undefined {
  const file = /^file:\/\/(.*)$/is.exec(repo);
  if (!file) return path.isAbsolute(repo) ? repo : undefined;
  if (/[?#]/.test(file[1])) throw new LocalRepoError('a file:// repository URL takes a path only: no "?" or "#" (git would read them as part of the path)');
  if (!file[1].startsWith('/')) throw new LocalRepoError('a file:// repository URL takes an absolute path and no host (file:///srv/repos/site.git)');
  try {
    return decodeURIComponent(file[1]);
  } catch {
    throw new LocalRepoError('the file:// repository URL has a malformed %-escape');
  }
}

/** Whether `repo` names a repository on this machine (a path or a file:// URL). */
export function isLocalRepo(repo: string): boolean {
  return /^file:\/\//i.test(repo) || path.isAbsolute(repo);
}

export function realpathOr(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}

/** Largest `.git` file, `commondir`, config file or ref read as text (a ref is ~41 bytes, a config a few KB). */
export const MAX_POINTER_BYTES = 1024 * 1024;

/** The config files git reads in a git folder (`config.worktree` with worktree config on). */
const CONFIG_FILES_OF_GIT_DIR = ['config', 'config.worktree'];

/**
 * A config that makes git fetch missing objects from another repository (a partial clone's
 * promisor): `extensions.partialClone = <remote>` or `remote.<name>.promisor = true`, each on a
 * line of its own inside its section (so the `m` flag: without it only a config's first line
 * would be looked at, and a real partial clone's config begins with `[core]`).
 */
const LAZY_FETCH_CONFIG = /^\s*(partialclone|promisor)\s*=/im;

/** A folder below an allowed folder: the allowed folder's real path and the names down from it. */
type Place = { root: string; names: string[] };

/** An allowed folder, as the operator spelled it and as it really is. */
interface Root {
  given: string;
  real: string;
}

/** A local repository's git folder, open: what a copy or a push reads and writes through. */
export interface OpenedRepo {
  /** The git folder (a linked worktree's own folder, when the path is one): HEAD, commondir, config.worktree. */
  gitDir: PinnedFolder;
  /** Its common folder (the git folder itself, unless a linked worktree's): objects, refs, packed-refs, config. */
  common: PinnedFolder;
  /** A path below the allowed folder as a message shows it: relative to the git folder (or to its commondir, saying so). */
  shown(relative: string): string;
  close(): void;
}

/** The allowed folders that exist, with their real paths (resolved here, each time: they are the operator's). */
function allowedRoots(roots: readonly string[]): Root[] {
  if (roots.length === 0)
    throw new LocalRepoError('this server reads no repository from its own disk (its operator can allow folders with --allow-local-repos)');
  return roots.flatMap((root) => {
    try {
      return [{ given: path.resolve(root), real: realpathSync(root) }];
    } catch {
      return [];
    }
  });
}

/**
 * Where `target` (an absolute path, `..` resolved as written) is: an allowed folder's real path
 * and the names below it. A path inside an allowed folder as the operator spelled it (or as it
 * really is) is inside; nothing below that folder is resolved: a link there is refused when it is
 * met, so what is read is what the path names inside the folder.
 */
function placeOf(target: string, roots: readonly Root[]): Place | undefined {
  let best: { root: string; names: string[]; length: number } | undefined;
  for (const root of roots) {
    for (const spelled of new Set([root.given, root.real])) {
      const inside =
        target === spelled ? '' : spelled === path.sep ? target.slice(1) : target.startsWith(spelled + path.sep) ? target.slice(spelled.length + 1) : undefined;
      if (inside === undefined || (best && best.length >= spelled.length)) continue;
      best = { root: root.real, names: inside === '' ? [] : inside.split(path.sep), length: spelled.length };
    }
  }
  return best && { root: best.root, names: best.names };
}

/** The folder at `place`, opened from its allowed folder down, name by name, following no link. */
function openPlace(place: Place): PinnedFolder {
  let folder = PinnedFolder.root(place.root);
  for (const name of place.names) {
    try {
      const next = folder.folder(name);
      folder.close();
      folder = next;
    } catch (error) {
      folder.close();
      throw error;
    }
  }
  return folder;
}

/** The message for a pinned read that failed (`shown`: the path as the user is told it). */
export function refusal(error: unknown, shown: string): Error {
  if (!(error instanceof PinError)) return error as Error;
  switch (error.failure) {
    case 'link':
      return new LocalRepoError(`the repository's ${shown} is a symbolic link; docsnav follows no link in a local repository`);
    case 'missing':
      return new LocalRepoError(`the repository's ${shown} is gone: it changed while docsnav read it; try again`);
    case 'not-file':
      return new LocalRepoError(`the repository's ${shown} is not a regular file; docsnav reads only plain files and folders of a local repository`);
    case 'not-folder':
      return new LocalRepoError(`the repository's ${shown} is not a folder; docsnav reads only plain files and folders of a local repository`);
    case 'moved':
      return new LocalRepoError(`the repository's ${shown} was moved or replaced while docsnav read it; docsnav reads only what is where it was found`);
    case 'unreadable':
      return new LocalRepoError(`the repository's ${shown} cannot be read (${error.code ?? 'error'})`);
  }
}

/**
 * The place of a pointer's target (a `.git` file's gitdir, a commondir), resolved from the
 * folder holding it, or `outside` (the message) when it leaves the allowed folders.
 */
function pointedPlace(from: PinnedFolder, text: string, roots: readonly Root[], outside: string): Place {
  const place = placeOf(path.resolve(from.path, text), roots);
  if (!place) throw new LocalRepoError(outside);
  return place;
}

const OUTSIDE = 'the repository is outside the folders this server may read (--allow-local-repos)';
const GIT_DIR_OUTSIDE = "the repository's git folder is outside the folders this server may read";

/** A link met where a git folder was looked for: outside the allowed folders (as it reads), or a link all the same. */
function linkRefused(folder: PinnedFolder, name: string, roots: readonly Root[], shown: string): Error {
  const target = folder.linkTarget(name);
  if (target !== undefined && !placeOf(path.resolve(folder.path, target), roots)) return new LocalRepoError(GIT_DIR_OUTSIDE);
  return refusal(new PinError('link', shown), shown);
}

/**
 * Where the git folder is that git would open for the path `local`, looked for as git's
 * `enter_repo` does: in `<path>` (its `.git` folder, or the folder a `.git` file names, or
 * `<path>` itself when it has a HEAD), then in `<path>.git`. Every folder is opened pinned.
 */
function gitDirPlace(local: string, roots: readonly Root[]): Place {
  const place = placeOf(path.resolve(local), roots);
  if (!place) throw new LocalRepoError(OUTSIDE);
  const candidates = [place];
  if (place.names.length > 0) candidates.push({ root: place.root, names: [...place.names.slice(0, -1), `${place.names.at(-1)}.git`] });
  let exists = false;
  for (const candidate of candidates) {
    let folder: PinnedFolder;
    try {
      folder = openPlace(candidate);
    } catch (error) {
      if (error instanceof PinError && (error.failure === 'missing' || error.failure === 'not-folder')) continue;
      throw error instanceof PinError ? refusal(error, error.relative) : error;
    }
    exists = true;
    const found = using(folder, (opened) => gitDirIn(opened, candidate, roots));
    if (found) return found;
  }
  throw new LocalRepoError(exists ? 'the path is not a git repository' : 'the repository does not exist');
}

/**
 * The place of the git folder in `folder` (at `place`): its `.git` folder, the folder its
 * `.git` file names, or `folder` itself when it has a HEAD; undefined when none.
 */
function gitDirIn(folder: PinnedFolder, place: Place, roots: readonly Root[]): Place | undefined {
  const dotGit = folder.kind('.git');
  if (dotGit === 'link') {
    // A git folder with a `.git` link in it: git, given the folder, would open the link's target.
    if (folder.kind('HEAD') === 'file') throw twinRefused('.git');
    throw linkRefused(folder, '.git', roots, '.git');
  }
  if (dotGit === 'file') {
    const text = folder.readText('.git', MAX_POINTER_BYTES) ?? '';
    const target = /^gitdir:\s*(.+)$/m.exec(text)?.[1]?.trim();
    if (!target) throw new LocalRepoError('the repository has a .git file without a "gitdir:" line');
    return pointedPlace(folder, target, roots, GIT_DIR_OUTSIDE);
  }
  if (dotGit === 'folder') {
    const inner = using(folder.folder('.git'), (opened) => opened.kind('HEAD'));
    if (inner === 'link') throw refusal(new PinError('link', 'HEAD'), 'HEAD');
    if (inner !== undefined) return { root: place.root, names: [...place.names, '.git'] };
  }
  const head = folder.kind('HEAD');
  if (head === 'link') throw refusal(new PinError('link', 'HEAD'), 'HEAD');
  return head === 'file' ? place : undefined;
}

/** A `.git` (`twin`: its name) inside or beside a git folder, which git, given the folder's path, could open instead. */
const twinRefused = (twin: string) => new LocalRepoError(`the repository's git folder has a ${twin} beside or inside it that git could open instead`);

/** The git folder at `place`, opened; refused when a `.git` inside it or beside it (`<name>.git`) could be taken for it. */
function openGitDir(place: Place): PinnedFolder {
  const gitDir = openPlace(place);
  try {
    // Given the git folder's path, git tries `<gitDir>/.git` first and `<gitDir>.git` when it
    // does not take gitDir for a git folder: neither may exist, so git (and a reader) see gitDir or nothing.
    if (gitDir.kind('.git') !== undefined) throw twinRefused('.git');
    if (place.names.length > 0) {
      const twin = `${place.names.at(-1)}.git`;
      if (using(openPlace({ root: place.root, names: place.names.slice(0, -1) }), (parent) => parent.kind(twin) !== undefined)) throw twinRefused(twin);
    }
    return gitDir;
  } catch (error) {
    gitDir.close();
    throw error;
  }
}

/**
 * Opens the local repository `repo` inside the allowed folders `roots`, following no link, and
 * checks what it points to: its git folder (through a `.git` file too) and its `commondir` inside
 * the allowed folders; no `.git` beside or inside the git folder that git, given its path, would
 * open instead; in both folders no alternates (another repository's objects) and no partial clone
 * (objects fetched from another repository when missing). Refused with a LocalRepoError that says
 * why, in one line.
 */
export function openLocalRepo(repo: string, roots: readonly string[]): OpenedRepo {
  const local = localRepoPath(repo);
  if (local === undefined) throw new LocalRepoError('not a local repository');
  const allowed = allowedRoots(roots);
  if (!canPin()) throw new LocalRepoError('this server reads local repositories on Linux only (it opens what it reads through /proc/self/fd)');
  let gitDir: PinnedFolder;
  try {
    gitDir = openGitDir(gitDirPlace(local, allowed));
  } catch (error) {
    throw error instanceof PinError ? refusal(error, error.relative) : error;
  }
  let common = gitDir;
  const close = () => {
    if (common !== gitDir) common.close();
    gitDir.close();
  };
  const shown = (relative: string) => {
    if (common !== gitDir && relative.startsWith(`${common.relative}/`)) return `${relative.slice(common.relative.length + 1)} (its commondir)`;
    return relative.startsWith(`${gitDir.relative}/`) ? relative.slice(gitDir.relative.length + 1) : relative;
  };
  try {
    const commondir = gitDir.kind('commondir');
    if (commondir === 'link') throw new PinError('link', `${gitDir.relative}/commondir`);
    if (commondir === 'file') {
      const text = (gitDir.readText('commondir', MAX_POINTER_BYTES) ?? '').trim();
      common = openPlace(pointedPlace(gitDir, text, allowed, 'the repository shares its objects with a repository outside the allowed folders (commondir)'));
    }
    for (const folder of new Set([gitDir, common])) {
      const which = folder === gitDir ? '' : ' (its commondir)';
      checkOwnObjects(folder, which);
      for (const name of CONFIG_FILES_OF_GIT_DIR) {
        if (LAZY_FETCH_CONFIG.test(folder.readText(name, MAX_POINTER_BYTES) ?? ''))
          throw new LocalRepoError(
            `the repository${which} is a partial clone (git fetches its missing objects from another repository); docsnav reads only a repository's own objects`,
          );
      }
    }
    return { gitDir, common, shown, close };
  } catch (error) {
    close();
    throw error instanceof PinError ? refusal(error, shown(error.relative)) : error;
  }
}

/** No alternates in `folder`'s objects (a file naming another repository's objects, or a link in its place). */
function checkOwnObjects(folder: PinnedFolder, which: string): void {
  if (folder.kind('objects') !== 'folder') return; // the copy says what is wrong with it
  using(folder.folder('objects'), (objects) => {
    if (objects.kind('info') !== 'folder') return;
    using(objects.folder('info'), (info) => {
      for (const pointer of ['alternates', 'http-alternates']) {
        const kind = info.kind(pointer);
        if (kind === 'link' || (kind !== undefined && (info.readText(pointer, MAX_POINTER_BYTES) ?? '').trim() !== ''))
          throw new LocalRepoError(
            `the repository${which} borrows objects from another repository (objects/info/${pointer}); docsnav reads only a repository's own objects`,
          );
      }
    });
  });
}

/**
 * The branches a local repository has checked out in a working tree (its main one, when it is
 * not bare, and each linked worktree's): a push must never update one of them. Read through the
 * opened folders.
 */
export function checkedOutBranches(opened: OpenedRepo): Set<string> {
  const { gitDir, common } = opened;
  const branches = new Set<string>();
  const bare = CONFIG_FILES_OF_GIT_DIR.some((name) => /^\s*bare\s*=\s*true\s*$/im.test(common.readText(name, MAX_POINTER_BYTES) ?? ''));
  const heads: string[] = [];
  const headOf = (folder: PinnedFolder) => /^ref:\s*refs\/heads\/(.+)$/m.exec(folder.readText('HEAD', MAX_POINTER_BYTES) ?? '')?.[1]?.trim();
  if (!bare) for (const folder of new Set([gitDir, common])) heads.push(headOf(folder) ?? '');
  if (common.kind('worktrees') === 'folder') {
    using(common.folder('worktrees'), (worktrees) => {
      for (const entry of worktrees.entries()) {
        if (!entry.isDirectory()) continue;
        using(worktrees.folder(entry.name), (worktree) => heads.push(headOf(worktree) ?? ''));
      }
    });
  }
  for (const head of heads) if (head) branches.add(head);
  return branches;
}
