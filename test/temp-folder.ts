/**
 * Vitest's global setup: the tests' temporary files go into one folder of this run (TMPDIR, which
 * `os.tmpdir()` reads and every worker and spawned process inherits), removed when the run ends.
 * Tests make temporary sites and repositories by the thousand; without it, each run left them in
 * the system's temporary folder (after some thirty runs here, 74 GB filled the disk).
 * A run that never reaches its end (killed, or a mutation run's test runner stopped at a mutant's
 * time limit) cannot remove its folder: the next run does (./ended-runs.ts). Those left by
 * mutation runs filled the disk again (71 GB in 40 folders), and CI's server suite failed on it.
 * The server package's suites use it too. Its PostgreSQL tests run the database as the `postgres`
 * user, with the data in this folder: others may pass through it (mode 0711), not list it.
 */
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ALIVE_SOCKET, holdRunFolder, removeEndedRuns, RUN_FOLDER_PREFIX } from './ended-runs.js';

export default async function setup(): Promise<() => Promise<void>> {
  // This setup runs once per project of the config, in one process: the first one's folder serves
  // them all. A folder in a folder in a folder made a daemon's socket path too long for Unix (108
  // bytes), and its tests failed in a run of every project (`npx vitest run test/cli`). A run that
  // a test starts (another process) makes its own, as before.
  const owner = `${process.pid}:`;
  if (process.env.DOCSNAV_TESTS_TMPDIR?.startsWith(owner)) return async () => {};
  const previous = process.env.TMPDIR;
  const base = tmpdir();
  for (const line of await removeEndedRuns(base)) console.warn(`docsnav tests: ${line}`);
  const folder = mkdtempSync(path.join(base, RUN_FOLDER_PREFIX));
  chmodSync(folder, 0o711);
  const held = await holdRunFolder(folder);
  if (held.note) console.warn(`docsnav tests: ${held.note}`);
  process.env.TMPDIR = folder;
  process.env.DOCSNAV_TESTS_TMPDIR = `${owner}${folder}`;
  // docsnav keeps page scans by default (node_modules/.cache/docsnav above the docs root, else the
  // user's cache folder), except where CI is set: the tests' runs keep none, as in CI, so that their
  // output does not depend on an earlier run and they write nothing into the repository or the
  // user's cache. The cache's own tests unset CI for their processes, with the user's cache here.
  const previousCi = process.env.CI;
  const previousCacheHome = process.env.XDG_CACHE_HOME;
  // Whether the run itself is CI's (test/platform-packages.ts reads it): CI is set for every run below.
  // This setup runs once per project of the config, so only the first sees the run's own CI.
  const ownRunCi = process.env.DOCSNAV_RUN_CI === undefined;
  if (ownRunCi) process.env.DOCSNAV_RUN_CI = previousCi ?? '';
  process.env.CI = 'true';
  process.env.XDG_CACHE_HOME = path.join(folder, 'user-cache');
  return async () => {
    delete process.env.DOCSNAV_TESTS_TMPDIR;
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    if (previousCi === undefined) delete process.env.CI;
    else process.env.CI = previousCi;
    if (ownRunCi) delete process.env.DOCSNAV_RUN_CI;
    if (previousCacheHome === undefined) delete process.env.XDG_CACHE_HOME;
    else process.env.XDG_CACHE_HOME = previousCacheHome;
    // Its contents first, its socket last: a process stopped while removing them (Stryker kills a
    // test runner whose teardown outlasts its wait) leaves a folder the next run sees as ended.
    for (const entry of readdirSync(folder)) if (entry !== ALIVE_SOCKET) rmSync(path.join(folder, entry), { recursive: true, force: true });
    await held.release();
    rmSync(folder, { recursive: true, force: true });
  };
}
