/**
 * What git may be asked and what it may do, checked without running it: the protocols a project's
 * repository may use, the environment and `-c` settings every git command runs with (so that a
 * repository we do not own cannot make git run a command of its choosing), the branch names and
 * repository URLs a project may give, and the repository paths a deployment writes. The
 * operations (operations/) run git only through these (operations/run-git.ts).
 */
import path from 'node:path';
import { GitError } from './errors.js';
import { localRepoPath } from './local.js';

/** Protocols git may use for a project's repository (`ext::` and others run commands). */
const ALLOWED_PROTOCOLS = 'file:git:http:https:ssh';

export function gitEnv(): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    LANG: 'C',
    LC_ALL: 'C',
    GIT_TERMINAL_PROMPT: '0',
    GIT_ASKPASS: 'true',
    SSH_ASKPASS: 'true',
    GIT_SSH_COMMAND: 'ssh -o BatchMode=yes',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_ALLOW_PROTOCOL: ALLOWED_PROTOCOLS,
    GIT_LFS_SKIP_SMUDGE: '1',
    // Variables win over a repository's config: its pager or editor never runs.
    GIT_PAGER: 'cat',
    GIT_EDITOR: 'true',
  };
}

/**
 * Settings every git command runs with (`-c`, which wins over any config file), so that a
 * repository we do not own (a project's, read or pushed to) cannot make git run a command of its
 * choosing: no hooks, no fsmonitor, no credential helper or ssh command from its config, no
 * checkout into a pushed-to working tree (`receive.denyCurrentBranch=updateInstead` would check
 * the pushed commit out there, through its filters and fsmonitor), no `gc` after a push.
 * Filters (`filter.<driver>.*`) cannot be cleared by name: they run only on a checkout or an
 * add, which git does only in our own repositories (a project's working tree is never written:
 * `denyCurrentBranch=refuse`). `uploadpack.packObjectsHook` is read from no repository's config
 * by git itself, and the system and global config are not read (GIT_CONFIG_NOSYSTEM,
 * GIT_CONFIG_GLOBAL=/dev/null).
 */
const HARDENED_CONFIG: ReadonlyArray<readonly [string, string]> = [
  ['core.hooksPath', '/dev/null'],
  ['core.fsmonitor', 'false'],
  ['core.sshCommand', 'ssh -o BatchMode=yes'],
  ['core.askPass', 'true'],
  ['credential.helper', ''],
  ['core.pager', 'cat'],
  ['core.editor', 'true'],
  ['receive.denyCurrentBranch', 'refuse'],
  ['receive.denyDeleteCurrent', 'refuse'],
  ['receive.autogc', 'false'],
  ['gc.auto', '0'],
  ['protocol.allow', 'never'],
  ...ALLOWED_PROTOCOLS.split(':').map((protocol): [string, string] => [`protocol.${protocol}.allow`, 'always']),
  ['protocol.ext.allow', 'never'],
];

/** HARDENED_CONFIG as `-c name=value` arguments (and `core.symlinks=false`: no link is checked out). */
export function hardenedArgs(): string[] {
  return ['-c', 'core.symlinks=false', ...HARDENED_CONFIG.flatMap(([name, value]) => ['-c', `${name}=${value}`])];
}

/** One word for `sh -c`: git runs a local `--upload-pack`/`--receive-pack` command through the shell. */
function shellWord(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * The command git starts for the other end of a local fetch or push (`upload-pack`,
 * `receive-pack`): git clears `-c` settings from that child's environment, so they are given
 * on its own command line. It runs in the project's repository with that repository's config:
 * these settings win over it.
 */
export function localServiceCommand(service: 'upload-pack' | 'receive-pack', extra: readonly string[] = []): string {
  return ['git', ...hardenedArgs(), ...extra, service].map((word) => (/^[\w./=:-]+$/.test(word) ? word : shellWord(word))).join(' ');
}

/** A branch name git accepts, and that cannot be mistaken for an option. */
export function isValidBranch(branch: string): boolean {
  return (
    /^[A-Za-z0-9._/-]+$/.test(branch) &&
    !branch.startsWith('-') &&
    !branch.startsWith('/') &&
    !branch.endsWith('/') &&
    !branch.includes('..') &&
    !branch.endsWith('.lock') &&
    !branch.includes('//')
  );
}

/** A repository git may fetch: a URL of an allowed protocol, or a local path (made absolute). */
export function normalizeRepo(repo: string, cwd: string = process.cwd()): string {
  if (/[\0-\x1f\x7f]/.test(repo)) throw new GitError(`the repository "${JSON.stringify(withoutCredentials(repo)).slice(1, -1)}" holds a control character`);
  const url = /^(https?|git|ssh|file):\/\/([^/?#]*)(.*)$/i.exec(repo);
  if (url) {
    const [, scheme, authority, rest] = url;
    const at = authority.lastIndexOf('@');
    checkNotOption(repo, authority.slice(0, Math.max(at, 0)), 'user');
    // The host and the port (`[::1]:22`, `host:22`): neither may pass for an option.
    for (const part of authority
      .slice(at + 1)
      .replace(/^\[([^\]]*)\]/, '$1:')
      .split(':'))
      checkNotOption(repo, part, 'host');
    checkNotOption(repo, rest.replace(/^\/+(~[^/]*\/)?/, ''), 'path');
    if (scheme.toLowerCase() === 'file') localRepoPath(repo); // no query, fragment or host
    return repo;
  }
  // What git takes for scp-like ssh (`[user@]host:path`, a ":" before any "/").
  const scp = /^(?:([^/@:]*)@)?([^/:]*):(.*)$/.exec(repo);
  if (scp) {
    checkNotOption(repo, scp[1] ?? '', 'user');
    checkNotOption(repo, scp[2], 'host');
    checkNotOption(repo, scp[3], 'path');
  }
  if (/^[\w.-]+@[\w.-]+:/.test(repo)) return repo;
  if (/^[a-z][a-z0-9+.-]*::/i.test(repo) || /^[a-z][a-z0-9+.-]*:\/\//i.test(repo))
    throw new GitError(`unsupported repository URL "${withoutCredentials(repo)}" (use a path, file://, http(s)://, ssh:// or git://)`);
  return path.resolve(cwd, repo);
}

/**
 * A user, host or path of a repository URL that starts with `-` would reach ssh (or the other
 * end's git) as an option (`ssh://-oProxyCommand=…`): refused when the project is added, with
 * the URL's own spelling and its %-decoded one (git decodes some parts).
 */
function checkNotOption(repo: string, part: string, what: string): void {
  let decoded = part;
  try {
    decoded = decodeURIComponent(part);
  } catch {
    // kept as written
  }
  if (part.startsWith('-') || decoded.startsWith('-'))
    throw new GitError(`the repository URL's ${what} starts with "-" (ssh or git would read it as an option): "${withoutCredentials(repo)}"`);
}

/** `repo` without the user and password of a URL, for messages (redact.ts shows repositories to users). */
function withoutCredentials(repo: string): string {
  return repo.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@]*@/i, '$1');
}

/** A repository path that is safe to write under a folder: plain names, no `.`, `..` or `.git`. */
function safeSegments(file: string): string[] | undefined {
  const segments = file.split('/');
  return segments.every((segment) => segment !== '' && segment !== '.' && segment !== '..' && segment.toLowerCase() !== '.git' && !segment.includes('\\'))
    ? segments
    : undefined;
}

/** A file's place under `dir`; a path that could climb out of it is refused. */
export function targetOf(dir: string, file: string): string {
  return path.join(dir, ...writableSegments(file));
}

/** A repository path's segments when it is safe to write (`safeSegments`); a path that could climb out is refused. */
export function writableSegments(file: string): string[] {
  const segments = safeSegments(file);
  if (!segments) throw new GitError(`the commit holds a path docsnav does not write: ${JSON.stringify(file)}`);
  return segments;
}
