/**
 * The commit CI measures a change from (issue 67): the last commit CI passed, as CI itself recorded
 * it, never a commit a person names by hand.
 *
 *   node scripts/ci-state.mjs base     prints the base and its kind on stdout (`<commit> record`,
 *                                      `<commit> fallback` or `<ref> override`), on stderr one line saying why
 *   node scripts/ci-state.mjs record   records HEAD as the last commit CI passed (end of a run that passed)
 *
 * The record is a file on the machine CI runs on, outside the clone, which no submission writes:
 * `$DOCSNAV_CI_STATE/last-passed`, else `$XDG_STATE_HOME/docsnav-ci/last-passed`, else
 * `$HOME/.local/state/docsnav-ci/last-passed` (a relative XDG_STATE_HOME is ignored, as the XDG
 * rules say; a relative DOCSNAV_CI_STATE is a usage error). Until the fifth session of issue 67 it
 * was `../ci-state`, beside the clone: CI's clone and its folder are new each run, so no run ever
 * found the record of the one before, and every run measured the range since `.ci/mutate-base`.
 *
 * The base is the record when it names a commit before HEAD; otherwise `.ci/mutate-base` (frozen:
 * a machine that has no record yet, a record another repository wrote), said in one line.
 * DOCSNAV_MUTATE_BASE (a CI of pull requests: their base) overrides both.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeWhole } from './write-whole.mjs';

/** The folder of CI's record, from the environment; `{ error }` for a relative DOCSNAV_CI_STATE, `{ folder: undefined }` with no absolute home. */
export function stateFolder(env) {
  if (env.DOCSNAV_CI_STATE) {
    if (!path.isAbsolute(env.DOCSNAV_CI_STATE)) return { error: `DOCSNAV_CI_STATE must be an absolute path, not ${JSON.stringify(env.DOCSNAV_CI_STATE)}` };
    return { folder: env.DOCSNAV_CI_STATE };
  }
  if (env.XDG_STATE_HOME && path.isAbsolute(env.XDG_STATE_HOME)) return { folder: path.join(env.XDG_STATE_HOME, 'docsnav-ci') };
  if (env.HOME && path.isAbsolute(env.HOME)) return { folder: path.join(env.HOME, '.local', 'state', 'docsnav-ci') };
  return { folder: undefined };
}

/** A full commit id: SHA-1's 40 hex digits, or SHA-256's 64. */
const COMMIT = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;

/**
 * The base, its kind and the one line that says where it came from: the override; else the recorded commit
 * when it is a full commit id (`recorded`, as read, may be anything) that `isAncestor` says is
 * before HEAD; else `fallback` (.ci/mutate-base), with the reason the record was not taken.
 */
export function chooseBase({ override, recorded, where, isAncestor, fallback }) {
  if (override) return { base: override, kind: 'override', why: `the base is ${override}, from DOCSNAV_MUTATE_BASE` };
  if (recorded === undefined)
    return { base: fallback, kind: 'fallback', why: `no record of a commit CI passed (${where}): the base is .ci/mutate-base's ${fallback}` };
  const commit = recorded.trim();
  if (!COMMIT.test(commit))
    return {
      base: fallback,
      kind: 'fallback',
      why: `${where} holds no commit id (${JSON.stringify(commit.slice(0, 60))}): ignored; the base is .ci/mutate-base's ${fallback}`,
    };
  if (!isAncestor(commit))
    return { base: fallback, kind: 'fallback', why: `${where} names ${commit}, not a commit before HEAD: ignored; the base is .ci/mutate-base's ${fallback}` };
  return { base: commit, kind: 'record', why: `the base is ${commit}, the last commit CI passed (${where})` };
}

/** The repository this script is in: CI's clone. */
const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

function git(root, ...args) {
  return spawnSync('git', args, { cwd: root, encoding: 'utf8' });
}

/** The file's text, or undefined when it does not exist (any other error is thrown). */
function readIfThere(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * The command line: `base` or `record`, in the repository at `root`, with the environment `env`;
 * what it prints goes to `print` (the base) and `say` (one line for a person). Its exit code.
 */
export function main([command, ...rest], env = process.env, { root = ROOT, print = console.log, say = console.error } = {}) {
  if (rest.length > 0 || (command !== 'base' && command !== 'record')) {
    say('usage: node scripts/ci-state.mjs base|record');
    return 2;
  }
  const state = stateFolder(env);
  if ('error' in state) {
    say(`ci-state: ${state.error}`);
    return 2;
  }
  const record = state.folder && path.join(state.folder, 'last-passed');
  if (command === 'record') {
    if (!record) {
      say('ci-state: no absolute HOME, XDG_STATE_HOME or DOCSNAV_CI_STATE: nowhere to record the commit');
      return 2;
    }
    const head = git(root, 'rev-parse', 'HEAD').stdout.trim();
    if (!COMMIT.test(head)) {
      say('ci-state: git rev-parse HEAD gave no commit');
      return 2;
    }
    writeWhole(record, `${head}\n`);
    say(`ci-state: recorded ${head.slice(0, 12)} as the last commit CI passed (${record})`);
    return 0;
  }
  const fallback = readFileSync(path.join(root, '.ci', 'mutate-base'), 'utf8').trim();
  const chosen = chooseBase({
    override: env.DOCSNAV_MUTATE_BASE,
    recorded: record && readIfThere(record),
    where: record ?? 'no state folder: no absolute HOME',
    isAncestor: (commit) => git(root, 'merge-base', '--is-ancestor', commit, 'HEAD').status === 0,
    fallback,
  });
  say(`ci: ${chosen.why}`);
  print(`${chosen.base} ${chosen.kind}`);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main(process.argv.slice(2));
