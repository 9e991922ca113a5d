/**
 * Repositories on the server's own disk (`--allow-local-repos`): which repositories are local, the
 * allow list of folders they must be in, and what their git folder must not reach (a commondir,
 * alternates, a promisor remote or a symbolic link outside those folders). checkLocalRepo runs
 * before every fetch and push (operations.ts); nothing here runs git.
 */
import { existsSync, lstatSync, readdirSync, readFileSync, realpathSync, statSync, type Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { LocalRepoError } from './errors.js';

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

/** `folder` holds what git takes for a git folder: HEAD, and objects and refs (its own or its common folder's). */
function looksLikeGitDir(folder: string): boolean {
  if (!existsSync(path.join(folder, 'HEAD'))) return false;
  let common = folder;
  try {
    common = path.resolve(folder, readFileSync(path.join(folder, 'commondir'), 'utf8').trim());
  } catch {
    // not a linked worktree's folder
  }
  return existsSync(path.join(common, 'objects')) && existsSync(path.join(common, 'refs'));
}

/** A `.git` file's `gitdir:` target, resolved from the file's folder. */
function gitFileTarget(file: string): string {
  const target = /^gitdir:\s*(.+)$/m.exec(readFileSync(file, 'utf8'))?.[1]?.trim();
  if (!target) throw new LocalRepoError('the repository has a .git file without a "gitdir:" line');
  return path.resolve(path.dirname(file), target);
}

/**
 * The git folder git opens for the path `real`, found as git's `enter_repo` does (the first of
 * `<path>/.git`, `<path>`, `<path>.git/.git`, `<path>.git` that is a `.git` file or a git folder).
 */
function gitDirFor(real: string): string {
  for (const candidate of [path.join(real, '.git'), real, `${real}.git/.git`, `${real}.git`]) {
    let stat;
    try {
      stat = statSync(candidate);
    } catch {
      continue;
    }
    if (stat.isFile()) return gitFileTarget(candidate);
    if (stat.isDirectory() && looksLikeGitDir(candidate)) return candidate;
  }
  throw new LocalRepoError('the path is not a git repository');
}

/** The config files git reads in a git folder (`config.worktree` with worktree config on). */
const CONFIG_FILES_OF_GIT_DIR = ['config', 'config.worktree'];

/** A config that makes git fetch missing objects from another repository (a partial clone's promisor). */
const LAZY_FETCH_CONFIG = /^\s*(partialclone|promisor)\s*=/im;

/**
 * Checks a local repository against the allowed folders and returns the one path git is given
 * for it: the real path of its git folder (so git opens that folder and nothing else; undefined
 * for a repository that is not local). Everything git reads objects and refs from must be inside
 * the allowed folders and reach nothing outside: the git folder (through a `.git` file too), its
 * `commondir`, no alternates (another repository's objects) or promisor remote (objects fetched
 * from elsewhere) in either, and no symbolic link among their HEAD, refs and objects. Called
 * before every fetch and push: a repository changed since the last one is checked again.
 * Otherwise a project could deploy, index and answer from a repository its owner never gave the
 * server. The walk of refs and objects reads its folders asynchronously: a repository of 100,000
 * loose objects walked synchronously held the server's main thread (and /healthz) for 6.8 s.
 */
export async function checkLocalRepo(repo: string, roots: readonly string[]): Promise<string | undefined> {
  if (!isLocalRepo(repo)) return undefined;
  const local = localRepoPath(repo)!;
  if (roots.length === 0)
    throw new LocalRepoError('this server reads no repository from its own disk (its operator can allow folders with --allow-local-repos)');
  const rootsReal = roots.flatMap((root) => {
    try {
      return [realpathSync(root)];
    } catch {
      return [];
    }
  });
  const inside = (file: string) => rootsReal.some((root) => file === root || file.startsWith(root + path.sep));
  let real: string;
  try {
    real = realpathSync(local);
  } catch {
    throw new LocalRepoError('the repository does not exist');
  }
  if (!inside(real)) throw new LocalRepoError('the repository is outside the folders this server may read (--allow-local-repos)');
  const gitDir = realpathOr(gitDirFor(real));
  if (!inside(gitDir)) throw new LocalRepoError("the repository's git folder is outside the folders this server may read");
  // Given `gitDir`, git tries `gitDir/.git` first and `gitDir.git` when gitDir is not a git
  // folder to it: neither may exist, so git opens gitDir or nothing.
  for (const other of [path.join(gitDir, '.git'), `${gitDir}.git`]) {
    if (existsSync(other) || isSymlink(other))
      throw new LocalRepoError(`the repository's git folder has a ${path.basename(other)} beside or inside it that git could open instead`);
  }
  const folders = [gitDir];
  const commondir = path.join(gitDir, 'commondir');
  if (existsSync(commondir)) {
    const common = realpathOr(path.resolve(gitDir, readFileSync(commondir, 'utf8').trim()));
    if (!inside(common)) throw new LocalRepoError('the repository shares its objects with a repository outside the allowed folders (commondir)');
    folders.push(common);
  }
  for (const folder of folders) {
    const shown = folder === gitDir ? '' : ' (its commondir)';
    for (const pointer of ['objects/info/alternates', 'objects/info/http-alternates']) {
      const file = path.join(folder, pointer);
      if (isSymlink(file) || (existsSync(file) && readFileSync(file, 'utf8').trim() !== ''))
        throw new LocalRepoError(`the repository${shown} borrows objects from another repository (${pointer}); docsnav reads only a repository's own objects`);
    }
    for (const name of CONFIG_FILES_OF_GIT_DIR) {
      const file = path.join(folder, name);
      if (existsSync(file) && LAZY_FETCH_CONFIG.test(readFileSync(file, 'utf8')))
        throw new LocalRepoError(`the repository${shown} is a partial clone: git would fetch its missing objects from another repository`);
    }
    const link = await findSymlink(folder, ['HEAD', 'packed-refs', 'refs', 'objects', 'shallow', 'commondir', ...CONFIG_FILES_OF_GIT_DIR]);
    if (link) throw new LocalRepoError(`the repository's ${link}${shown} is a symbolic link; docsnav does not follow links in a repository`);
  }
  return gitDir;
}

function isSymlink(file: string): boolean {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}

/**
 * The branches a local repository has checked out in a working tree (its main one, when it is
 * not bare, and each linked worktree's): a push must never update one of them.
 */
export function checkedOutBranches(gitDir: string): Set<string> {
  const branches = new Set<string>();
  let common = gitDir;
  try {
    common = path.resolve(gitDir, readFileSync(path.join(gitDir, 'commondir'), 'utf8').trim());
  } catch {
    // the main git folder
  }
  const bare = CONFIG_FILES_OF_GIT_DIR.some((name) => {
    try {
      return /^\s*bare\s*=\s*true\s*$/im.test(readFileSync(path.join(common, name), 'utf8'));
    } catch {
      return false;
    }
  });
  const heads = bare ? [] : [path.join(gitDir, 'HEAD'), path.join(common, 'HEAD')];
  try {
    for (const name of readdirSync(path.join(common, 'worktrees'))) heads.push(path.join(common, 'worktrees', name, 'HEAD'));
  } catch {
    // no linked worktrees
  }
  for (const head of heads) {
    try {
      const ref = /^ref:\s*refs\/heads\/(.+)$/m.exec(readFileSync(head, 'utf8'))?.[1]?.trim();
      if (ref) branches.add(ref);
    } catch {
      // gone meanwhile
    }
  }
  return branches;
}

export function realpathOr(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}

/**
 * The first symbolic link at or under `names` in `folder` (relative), if any. Each folder is
 * read asynchronously (a turn of the event loop between two), depth first with an explicit
 * stack, never following a link; past `MAX_WALKED` entries the walk stops.
 */
async function findSymlink(folder: string, names: readonly string[]): Promise<string | undefined> {
  let steps = 0;
  for (const name of names) {
    const top = path.join(folder, name);
    let stat;
    try {
      stat = lstatSync(top);
    } catch {
      continue;
    }
    if (stat.isSymbolicLink()) return name;
    if (!stat.isDirectory()) continue;
    const pending = [top];
    while (pending.length > 0) {
      const current = pending.pop()!;
      let entries: Dirent[];
      try {
        entries = await readdir(current, { withFileTypes: true });
      } catch {
        continue; // gone meanwhile, or unreadable: nothing git reads through it either
      }
      for (const entry of entries) {
        if (entry.isSymbolicLink()) return path.relative(folder, path.join(current, entry.name));
        if (entry.isDirectory()) pending.push(path.join(current, entry.name));
        if (++steps >= MAX_WALKED) return undefined;
      }
    }
  }
  return undefined;
}

/** Most entries of a repository's refs and objects walked for symbolic links. */
const MAX_WALKED = 1_000_000;
