/**
 * The lock of a site's moves in process (src/move/lock.ts; test/cli/mv-lock.test.ts races two CLI
 * processes, where no mutant reaches): taken again by its holder (counted, released once each), its
 * holder's note written and removed, and the kernel name held by someone else refused naming the
 * holder from its note (untrusted: control characters and length cut). Where the kernel has no
 * abstract names (macOS, the BSDs: the `platform` argument), the lock is a socket file in the
 * temporary folder, which Linux binds too: a stale one is removed only when the process its note
 * names has ended, never when that process is alive or unknown.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { holderText, lockMoves, lockName } from '../../src/move/lock.js';
import { MoveError } from '../../src/move/messages.js';

const base = realpathSync(mkdtempSync(path.join(tmpdir(), 'docsnav-lock-')));
let count = 0;
/** A journal folder of its own (it need not exist; its parent, the site's git folder, does). */
function journal(): string {
  const parent = path.join(base, `site-${++count}`);
  mkdirSync(parent);
  return path.join(parent, '.docsnav-mv');
}
/** The socket file that stands for the lock where there are no abstract names. */
const socketFile = (folder: string) =>
  path.join(
    tmpdir(),
    `docsnav-mv-${createHash('sha256')
      .update(path.join(realpathSync(path.dirname(folder)), path.basename(folder)))
      .digest('hex')
      .slice(0, 32)}.sock`,
  );
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** The holder a refusal names, or 'taken' with the release. */
function attempt(folder: string, platform?: NodeJS.Platform): string | (() => void) {
  try {
    return lockMoves(folder, 'mv a b', platform);
  } catch (error) {
    if (!(error instanceof MoveError) || error.reason !== 'busy') throw error;
    return error.data.holder ?? '';
  }
}

/** A pid no process has: one that has just ended. */
function endedPid(): number {
  const run = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(run.stdout);
}

/** Something else holding `folder`'s socket file: a server of this process not made by the lock. */
async function heldElsewhere(folder: string): Promise<void> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(socketFile(folder), resolve));
  cleanups.push(() => {
    server.close();
    rmSync(socketFile(folder), { force: true });
  });
}

describe("the lock of a site's moves", () => {
  it('its holder takes it again; the note names this process while it is held and goes with the last release', () => {
    const folder = journal();
    const note = `${folder}.lock`;
    const first = lockMoves(folder, 'mv a b');
    const holder = JSON.parse(readFileSync(note, 'utf8')) as { pid: number; what: string };
    expect(holder).toMatchObject({ pid: process.pid, what: 'mv a b' });
    const second = lockMoves(folder, 'mv c d');
    second();
    second();
    expect(existsSync(note)).toBe(true);
    first();
    expect(existsSync(note)).toBe(false);
    const again = lockMoves(folder, 'mv e f');
    expect(existsSync(note)).toBe(true);
    again();
  });

  it('a lock held elsewhere is refused, naming the holder its note records (control characters and length cut)', async () => {
    const folder = journal();
    await heldElsewhere(folder);
    const note = { pid: process.pid, user: 'ann\u001b[31m', host: 'h'.repeat(300), started: '2026-11-27T12:00:00Z', what: 'mv a b' };
    writeFileSync(`${folder}.lock`, JSON.stringify(note));
    expect(attempt(folder, 'darwin')).toBe(`process ${process.pid} of ann?[31m on ${'h'.repeat(200)}, started 2026-11-27T12:00:00Z: mv a b`);
    writeFileSync(`${folder}.lock`, JSON.stringify({ pid: 'x', user: 7 }));
    expect(attempt(folder, 'darwin')).toBe('process -1 of ? on ?, started ?: ?');
  });

  it('a holder that recorded nothing, or whose note is a link or not JSON, is "a process that recorded no more"', async () => {
    const folder = journal();
    await heldElsewhere(folder);
    expect(attempt(folder, 'darwin')).toBe('a process that recorded no more');
    writeFileSync(path.join(base, 'elsewhere.json'), JSON.stringify({ pid: 1, user: 'u', host: 'h', started: 's', what: 'w' }));
    symlinkSync(path.join(base, 'elsewhere.json'), `${folder}.lock`);
    expect(attempt(folder, 'darwin')).toBe('a process that recorded no more');
    rmSync(`${folder}.lock`);
    writeFileSync(`${folder}.lock`, '{"pid": 1,');
    expect(attempt(folder, 'darwin')).toBe('a process that recorded no more');
  });

  it('a stale socket file is removed when its holder has ended, and kept when it lives or is unknown', () => {
    const folder = journal();
    const file = socketFile(folder);
    cleanups.push(() => rmSync(file, { force: true }));
    writeFileSync(file, '');
    for (const pid of [process.pid, -1, 0]) {
      writeFileSync(`${folder}.lock`, JSON.stringify({ pid, user: 'u', host: 'h', started: 's', what: 'w' }));
      expect(attempt(folder, 'darwin'), `pid ${pid}`).toMatch(/^process /);
      expect(existsSync(file)).toBe(true);
    }
    writeFileSync(`${folder}.lock`, JSON.stringify({ user: 'u', host: 'h', started: 's', what: 'w' }));
    expect(attempt(folder, 'darwin')).toMatch(/^process -1 /);
    writeFileSync(`${folder}.lock`, JSON.stringify({ pid: endedPid(), user: 'u', host: 'h', started: 's', what: 'w' }));
    const release = attempt(folder, 'darwin');
    expect(typeof release).toBe('function');
    expect(JSON.parse(readFileSync(`${folder}.lock`, 'utf8'))).toMatchObject({ pid: process.pid });
    (release as () => void)();
  });

  it("on Linux the lock has no file: a socket file at the other systems' name does not hold it", () => {
    const folder = journal();
    const file = socketFile(folder);
    cleanups.push(() => rmSync(file, { force: true }));
    writeFileSync(file, '');
    writeFileSync(`${folder}.lock`, JSON.stringify({ pid: process.pid, user: 'u', host: 'h', started: 's', what: 'w' }));
    const release = attempt(folder, 'linux');
    expect(typeof release).toBe('function');
    (release as () => void)();
  });
  it("its note is this user's alone, and the same journal reached through a linked folder is the same lock", () => {
    const folder = journal();
    const release = lockMoves(folder, 'mv a b');
    expect(statSync(`${folder}.lock`).mode & 0o777).toBe(0o600);
    const linked = path.join(base, `linked-${count}`);
    symlinkSync(path.dirname(folder), linked);
    // Taken again (counted), not refused as another's: released once each, the note goes with the last.
    const again = lockMoves(path.join(linked, '.docsnav-mv'), 'mv c d');
    again();
    expect(existsSync(`${folder}.lock`)).toBe(true);
    release();
    expect(existsSync(`${folder}.lock`)).toBe(false);
  });

  it('a journal whose folder does not exist yet is locked all the same, with no note (the refusal would only say less)', () => {
    const folder = path.join(base, `missing-${++count}`, '.docsnav-mv');
    const release = lockMoves(folder, 'mv a b');
    expect(existsSync(`${folder}.lock`)).toBe(false);
    expect(existsSync(path.dirname(folder))).toBe(false);
    release();
    const again = lockMoves(folder, 'mv a b');
    again();
  });

  it('a holder whose pid is no whole number is said as -1', async () => {
    const folder = journal();
    await heldElsewhere(folder);
    writeFileSync(`${folder}.lock`, JSON.stringify({ pid: 1.5, user: 'u', host: 'h', started: 's', what: 'w' }));
    expect(attempt(folder, 'darwin')).toBe('process -1 of u on h, started s: w');
  });

  it('a stale socket file already gone when it is cleared (another move cleared it first) is no error: refused as busy', () => {
    const folder = journal();
    const pid = endedPid();
    writeFileSync(`${folder}.lock`, JSON.stringify({ pid, user: 'u', host: 'h', started: 's', what: 'w' }));
    // The temporary folder gone: no socket file can be bound there, and none is there to remove.
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = path.join(base, 'no-such-tmp');
    try {
      expect(attempt(folder, 'darwin')).toBe(`process ${pid} of u on h, started s: w`);
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
    }
  });
});

describe("the holder's note, looked for again while it is not written yet", () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'docsnav-holder-note-'));
  const NOTE = { pid: 4242, user: 'ada', host: 'box', started: '2026-11-28T05:00:00.000Z', what: 'mv a.mdx b.mdx' };
  const named = 'process 4242 of ada on box, started 2026-11-28T05:00:00.000Z: mv a.mdx b.mdx';

  it('a note there at once: named, with no pause', () => {
    const note = path.join(folder, 'at-once.json');
    writeFileSync(note, JSON.stringify(NOTE));
    let pauses = 0;
    expect(holderText(note, () => pauses++)).toBe(named);
    expect(pauses).toBe(0);
  });

  it('a note written during the third pause: named, after three', () => {
    const note = path.join(folder, 'later.json');
    let pauses = 0;
    const text = holderText(note, () => {
      if (++pauses === 3) writeFileSync(note, JSON.stringify(NOTE));
    });
    expect([text, pauses]).toEqual([named, 3]);
  });

  it('a note never written: twenty pauses (200 ms in all), then "a process that recorded no more"', () => {
    let pauses = 0;
    expect(holderText(path.join(folder, 'never.json'), () => pauses++)).toBe('a process that recorded no more');
    expect(pauses).toBe(20);
  });
});

describe('the kernel name of the lock, by platform', () => {
  it('an abstract socket on Linux, a named pipe on Windows, a socket file in the temporary folder elsewhere; one per journal', () => {
    const id = (journal: string) => createHash('sha256').update(journal).digest('hex').slice(0, 32);
    expect(lockName('/site/.docsnav-mv', 'linux')).toBe(`\0docsnav-mv-${id('/site/.docsnav-mv')}`);
    expect(lockName('/site/.docsnav-mv', 'win32')).toBe(`\\\\.\\pipe\\docsnav-mv-${id('/site/.docsnav-mv')}`);
    expect(lockName('/site/.docsnav-mv', 'darwin')).toBe(path.join(tmpdir(), `docsnav-mv-${id('/site/.docsnav-mv')}.sock`));
    expect(lockName('/other/.docsnav-mv', 'win32')).not.toBe(lockName('/site/.docsnav-mv', 'win32'));
  });
});
