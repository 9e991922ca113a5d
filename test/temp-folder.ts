/**
 * Vitest's global setup: the tests' temporary files go into one folder of this run (TMPDIR, which
 * `os.tmpdir()` reads and every worker and spawned process inherits), removed when the run ends.
 * Tests make temporary sites and repositories by the thousand; without it, each run left them in
 * the system's temporary folder (after some thirty runs here, 74 GB filled the disk).
 * The server package's suites use it too. Its PostgreSQL tests run the database as the `postgres`
 * user, with the data in this folder: others may pass through it (mode 0711), not list it.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export default function setup(): () => void {
  const previous = process.env.TMPDIR;
  const folder = mkdtempSync(path.join(tmpdir(), 'docsnav-tests-'));
  chmodSync(folder, 0o711);
  process.env.TMPDIR = folder;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(folder, { recursive: true, force: true });
  };
}
