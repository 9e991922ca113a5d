/**
 * A second user of this machine, for the tests of what another user can do (a `.git` folder they
 * may write, a file this user may not read): `docsnav-test`, a system user made with useradd the
 * first time (as root). Not root: undefined, with why (the tests that need it skip and say so).
 */
import { spawnSync } from 'node:child_process';

export interface OtherUser {
  name: string;
  uid: number;
  gid: number;
}

const NAME = 'docsnav-test';

function idOf(flag: '-u' | '-g'): number | undefined {
  const run = spawnSync('id', [flag, NAME], { encoding: 'utf8' });
  return run.status === 0 ? Number(run.stdout.trim()) : undefined;
}

/** The other user (made when missing), or why there is none. */
export function otherUser(): OtherUser | { missing: string } {
  if (process.getuid?.() !== 0) return { missing: 'not root: no second user can be made (run the suite as root to test it)' };
  if (idOf('-u') === undefined) {
    const made = spawnSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', NAME], { encoding: 'utf8' });
    // Another test file may have made it meanwhile.
    if (made.status !== 0 && idOf('-u') === undefined) return { missing: `useradd ${NAME} failed: ${made.stderr.trim()}` };
  }
  return { name: NAME, uid: idOf('-u')!, gid: idOf('-g')! };
}
