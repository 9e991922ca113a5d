/**
 * A pinned npm package the bench compares against (the platform's validator, prebuild, CLI),
 * installed on demand into a git-ignored folder of bench/, never a dependency of docsnav: one way
 * to ask whether it is there and one way to install it, for every such package.
 *
 * `DOCSNAV_PLATFORM_PACKAGES` names another folder to hold these installs (bench/ by default): the
 * test that CI cannot pass by skipping points it at an empty folder. `DOCSNAV_INSTALL_TIMEOUT_S`
 * bounds one install (600 s by default, times the machine's load per core when it is over 1: test/time-scale.mjs).
 */
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { timeScale } from '../test/time-scale.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The folder an on-demand install named `name` (`.prebuild`, `.mint`, …) goes into. */
export function installFolder(name) {
  return path.join(process.env.DOCSNAV_PLATFORM_PACKAGES || here, name);
}

/** What an install folder is called in messages: its path from the project when it is under it. */
function labelOf(folder) {
  const relative = path.relative(path.dirname(here), folder);
  return relative.startsWith('..') || path.isAbsolute(relative) ? folder : relative;
}

/**
 * The time one install may take, in milliseconds: DOCSNAV_INSTALL_TIMEOUT_S when set, else 10 minutes
 * scaled by the load (a run beside CI's other suites at load 20 took longer than 10 minutes).
 */
function installTimeoutMs() {
  const seconds = Number(process.env.DOCSNAV_INSTALL_TIMEOUT_S);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : Math.ceil(10 * 60_000 * timeScale());
}

/** A time limit as a message says it: `10 minutes`, `1.5 minutes`, `1 minute`, `30 s`. */
export function durationWords(ms) {
  const minutes = Number((ms / 60_000).toFixed(1));
  if (ms < 60_000) return `${Number((ms / 1000).toFixed(1))} s`;
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** An on-demand install that failed; its message names the cause in one line, then npm's last lines. */
export class InstallError extends Error {
  name = 'InstallError';
}

/** Whether the package.json at `manifest` says `version`. */
export function hasVersion(manifest, version) {
  return existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).version === version;
}

/**
 * `npm install <spec>` into `folder` (made, with a private package.json named `project`), scripts
 * off, within DOCSNAV_INSTALL_TIMEOUT_S (10 minutes). npm's output goes to `<folder>/npm-install.log`,
 * or with `capture` is returned in the result (`spawnSync`'s, not thrown); `label` is what the
 * progress line names (nothing with `quiet`). The result's `cause` says in one line why it failed,
 * `lastLines` what npm printed last.
 */
export function installPinned(folder, spec, { project, label = labelOf(folder), quiet = false, capture = false }) {
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'package.json'), `${JSON.stringify({ name: project, private: true }, null, 2)}\n`);
  const log = path.join(folder, 'npm-install.log');
  if (!quiet) process.stderr.write(`installing ${spec} into ${label} (npm's output: ${labelOf(log)}) …\n`);
  const timeout = installTimeoutMs();
  const fd = capture ? undefined : openSync(log, 'w');
  let run;
  try {
    run = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--no-save', spec], {
      cwd: folder,
      timeout,
      killSignal: 'SIGKILL',
      ...(capture ? { encoding: 'utf8' } : { stdio: ['ignore', fd, fd] }),
    });
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  const output = capture ? `${run.stdout ?? ''}${run.stderr ?? ''}` : readFileSync(log, 'utf8');
  run.lastLines = output
    .split('\n')
    .map((line) => line.trimEnd())
    .filter(Boolean)
    .slice(-6);
  const limit = durationWords(timeout);
  run.cause =
    run.status === 0
      ? undefined
      : run.error?.code === 'ETIMEDOUT' || (run.signal === 'SIGKILL' && run.status === null)
        ? `npm install ${spec} into ${label} timed out after ${limit}`
        : run.error
          ? `npm install ${spec} into ${label} could not start: ${run.error.message}`
          : `npm install ${spec} into ${label} failed (exit ${run.status ?? run.signal})`;
  return run;
}

/**
 * Installs `spec` into `folder` unless `manifest` already says its version; throws an
 * InstallError naming the cause (timed out after N minutes, npm's exit) and npm's last lines.
 */
export function ensurePinned(folder, spec, manifest, { project, label }) {
  if (hasVersion(manifest, spec.split('@').at(-1))) return;
  const run = installPinned(folder, spec, { project, label });
  if (run.status === 0 && hasVersion(manifest, spec.split('@').at(-1))) return;
  const cause = run.cause ?? `npm install ${spec} into ${label ?? labelOf(folder)} ended without installing it`;
  const log = labelOf(path.join(folder, 'npm-install.log'));
  const lines =
    run.lastLines.length > 0
      ? `\nnpm's last lines (all of them: ${log}):\n${run.lastLines.map((line) => `  ${line}`).join('\n')}`
      : `\nnpm printed nothing (${log})`;
  throw new InstallError(`${cause}${lines}`);
}
