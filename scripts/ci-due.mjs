#!/usr/bin/env node
/**
 * Whether a CI step that guards some rooms (folders or files of the repository) is due: `.ci/run`
 * runs the server's slow suite (a million hard links, minutes of disk) only when the code it covers
 * changed or a release is cut.
 *
 *   node scripts/ci-due.mjs --base <commit> <room>...
 *
 * Due (exit 0), with one line saying why, when
 *   - a release is cut: a tag `v*` names HEAD, or the `version` of package.json or
 *     server/package.json is not the one at the base;
 *   - a file under a room changed since the merge base of `--base` and HEAD, the working tree
 *     included (uncommitted and untracked files too, as `npm run mutate:changed` reads a change);
 *   - what changed cannot be told (the base is not a commit here, or has no merge base with HEAD).
 * Not due (exit 1), with one line, otherwise. A room that does not exist, or a wrong command line,
 * exits 2: a room renamed or moved must not quietly turn the step off.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The files whose `version` changing cuts a release (both packages are released). */
const VERSION_FILES = ['package.json', 'server/package.json'];

/** Runs git in `root`; its standard output, or undefined when it fails. */
function git(root, args) {
  const run = spawnSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 });
  // Stryker disable next-line ConditionalExpression: equivalent: the git commands below print nothing on standard output when they fail, and '' reads as undefined everywhere (no merge base, no tag, no version, no file)
  return run.status === 0 ? run.stdout : undefined;
}

/** The `version` of a package.json's text, or undefined when it has none or is not JSON. */
function versionOf(text) {
  try {
    // undefined (no file) too: JSON.parse reads it as the text "undefined", a SyntaxError.
    const version = JSON.parse(text)?.version;
    return typeof version === 'string' ? version : undefined;
    // Stryker disable next-line BlockStatement: equivalent: JSON.parse throws a SyntaxError and nothing else (see below)
  } catch (error) {
    // Stryker disable next-line ConditionalExpression: equivalent: JSON.parse of a string throws a SyntaxError and nothing else
    if (error instanceof SyntaxError) return undefined;
    throw error;
  }
}

/** Why a release is cut at HEAD (one clause), or undefined when none is. */
function releaseCut(root, mergeBase) {
  const tags = (git(root, ['tag', '--points-at', 'HEAD', '--list', 'v*']) ?? '').split('\n').filter(Boolean);
  if (tags.length > 0) return `a release is cut: the tag ${tags.join(', ')} names HEAD`;
  for (const file of VERSION_FILES) {
    // Stryker disable next-line StringLiteral: equivalent: without an encoding readFileSync gives a Buffer, which JSON.parse reads as UTF-8 text all the same
    const now = existsSync(path.join(root, file)) ? versionOf(readFileSync(path.join(root, file), 'utf8')) : undefined;
    const then = versionOf(git(root, ['show', `${mergeBase}:${file}`]));
    if (now !== then) return `a release is cut: ${file}'s version is ${now ?? 'none'}, ${then ?? 'none'} at ${mergeBase.slice(0, 12)}`;
  }
  return undefined;
}

/** `room` as a path relative to the repository, with forward slashes and no trailing slash. */
const normal = (room) => path.posix.normalize(room.split(path.sep).join('/')).replace(/\/$/, '');

/** Whether `file` (relative, forward slashes) is `room` or under it: whole names only (`learn/` holds no `learning/x`). */
const under = (file, room) => room === '.' || file === room || file.startsWith(`${room}/`);

/**
 * Whether the step that guards `rooms` is due in the repository at `root`, against `base`:
 * `{ due: true | false, why }`, or `{ error }` when a room does not exist.
 */
export function due({ root, base, rooms }) {
  const named = rooms.map(normal);
  const missing = named.filter((room) => !existsSync(path.join(root, room)));
  if (missing.length > 0) return { error: `no such room here: ${missing.join(', ')} (moved or renamed? name where its code is now)` };
  const mergeBase = git(root, ['merge-base', base, 'HEAD'])?.trim();
  if (!mergeBase) return { due: true, why: `what changed cannot be told: ${base} is not a commit with a merge base with HEAD here` };
  const release = releaseCut(root, mergeBase);
  if (release) return { due: true, why: release };
  const changed = [
    ...(git(root, ['diff', '--name-only', '-z', '--no-renames', mergeBase, '--', ...named]) ?? '').split('\0'),
    ...(git(root, ['ls-files', '--others', '--exclude-standard', '-z', '--', ...named]) ?? '').split('\0'),
    // Stryker disable next-line LogicalOperator: equivalent: git's pathspecs name only the rooms' own files (not learning/x for learn); the rooms are checked again here all the same
  ].filter((file) => file && named.some((room) => under(file, room)));
  const since = `since ${mergeBase.slice(0, 12)}`;
  if (changed.length > 0) {
    const shown = [...new Set(changed)].sort();
    const list = shown.length > 5 ? `${shown.slice(0, 5).join(', ')} and ${shown.length - 5} more` : shown.join(', ');
    return { due: true, why: `${shown.length} file(s) under its rooms changed ${since}: ${list}` };
  }
  return { due: false, why: `nothing under ${named.join(', ')} changed ${since}, and no release is cut` };
}

/**
 * The command line: `args` (after the script's name) in the repository at `root`; the exit code
 * and what goes to standard output and error (the process writes them; tests call it in process).
 */
export function commandLine(args, root) {
  const at = args.indexOf('--base');
  const base = at >= 0 ? args[at + 1] : undefined;
  // Stryker disable next-line ConditionalExpression: equivalent: with no --base, the usage error below comes first either way
  const rooms = at >= 0 ? [...args.slice(0, at), ...args.slice(at + 2)] : args;
  if (!base || base.startsWith('--') || rooms.length === 0 || rooms.some((room) => room.startsWith('--')))
    return { code: 2, stdout: '', stderr: 'usage: node scripts/ci-due.mjs --base <commit> <room>...\n' };
  const answer = due({ root, base, rooms });
  if (answer.error) return { code: 2, stdout: '', stderr: `ci-due: ${answer.error}\n` };
  return { code: answer.due ? 0 : 1, stdout: `${answer.due ? 'due' : 'not due'}: ${answer.why}\n`, stderr: '' };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { code, stdout, stderr } = commandLine(process.argv.slice(2), process.cwd());
  process.stdout.write(stdout);
  process.stderr.write(stderr);
  process.exit(code);
}
