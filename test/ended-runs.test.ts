import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ALIVE_SOCKET, holdRunFolder, probe, removeEndedRuns, RUN_FOLDER_PREFIX } from './ended-runs.js';
import setup from './temp-folder.js';

let base: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  base = mkdtempSync(path.join(tmpdir(), 'ended-runs-'));
});
afterEach(() => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGCONT');
      child.kill('SIGKILL');
    }
  }
  rmSync(base, { recursive: true, force: true });
});

/** A process that listens on the folder's socket, as a run does; resolves once it listens. */
async function holder(folder: string, backlog = 511): Promise<ChildProcess> {
  const script = `const s = require('node:net').createServer((c) => c.destroy());
s.listen({ path: process.argv[1], backlog: Number(process.argv[2]) }, () => process.stdout.write('listening\\n'));`;
  const child = spawn(process.execPath, ['-e', script, path.join(folder, ALIVE_SOCKET), String(backlog)], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('exit', (code, signal) => reject(new Error(`the holder ended first (${code ?? signal})`)));
  });
  return child;
}

async function killed(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/** A folder of a run killed with SIGKILL: its socket's file stays, refused. */
async function endedRun(parent: string, name = `${RUN_FOLDER_PREFIX}ended`): Promise<string> {
  const folder = path.join(parent, name);
  mkdirSync(folder);
  writeFileSync(path.join(folder, 'page.mdx'), 'left behind');
  await killed(await holder(folder));
  return folder;
}

describe('the folders of ended test runs', () => {
  it('removes the folder of a run killed with SIGKILL, and says so', async () => {
    const folder = await endedRun(base);
    expect(existsSync(path.join(folder, ALIVE_SOCKET))).toBe(true);
    expect(await probe(path.join(folder, ALIVE_SOCKET))).toBe('refused');
    expect(await removeEndedRuns(base)).toEqual([`removed ${folder}, left by a run that ended without removing it`]);
    expect(existsSync(folder)).toBe(false);
  });

  it('keeps the folder of a run alive in another process, and of one stopped (SIGSTOP)', async () => {
    const alive = path.join(base, `${RUN_FOLDER_PREFIX}alive`);
    const stopped = path.join(base, `${RUN_FOLDER_PREFIX}stopped`);
    mkdirSync(alive);
    mkdirSync(stopped);
    await holder(alive);
    const child = await holder(stopped);
    child.kill('SIGSTOP');
    expect(await removeEndedRuns(base)).toEqual([]);
    expect(readdirSync(base).sort()).toEqual([`${RUN_FOLDER_PREFIX}alive`, `${RUN_FOLDER_PREFIX}stopped`]);
    child.kill('SIGCONT');
    await killed(child);
    expect(await removeEndedRuns(base)).toEqual([`removed ${stopped}, left by a run that ended without removing it`]);
    expect(readdirSync(base)).toEqual([`${RUN_FOLDER_PREFIX}alive`]);
  });

  it('keeps the folder of a stopped run whose queue of connections is full (a failure other than a refusal)', async () => {
    const folder = path.join(base, `${RUN_FOLDER_PREFIX}full`);
    mkdirSync(folder);
    // A backlog of 1 (Node reads 0 as its default, 511): Linux queues two connections, then
    // refuses a third with EAGAIN, not ECONNREFUSED.
    const child = await holder(folder, 1);
    child.kill('SIGSTOP');
    const socket = path.join(folder, ALIVE_SOCKET);
    expect(await probe(socket)).toBe('answers');
    expect(await probe(socket)).toBe('answers');
    expect(await probe(socket)).toBe('unknown');
    expect(await removeEndedRuns(base)).toEqual([]);
    expect(existsSync(folder)).toBe(true);
  });

  it('keeps a folder held in this process until it lets go; its socket goes with it', async () => {
    const folder = path.join(base, `${RUN_FOLDER_PREFIX}held`);
    mkdirSync(folder);
    const held = await holdRunFolder(folder);
    expect(held.note).toBeUndefined();
    expect(await probe(path.join(folder, ALIVE_SOCKET))).toBe('answers');
    expect(await removeEndedRuns(base)).toEqual([]);
    await held.release();
    expect(existsSync(path.join(folder, ALIVE_SOCKET))).toBe(false);
    expect(await removeEndedRuns(base)).toEqual([]);
    expect(existsSync(folder)).toBe(true);
  });

  it('keeps what is not an ended run: no socket, a file named like it, another name, a symbolic link, a file', async () => {
    const starting = path.join(base, `${RUN_FOLDER_PREFIX}starting`);
    mkdirSync(starting);
    const notSocket = path.join(base, `${RUN_FOLDER_PREFIX}plain-file`);
    mkdirSync(notSocket);
    writeFileSync(path.join(notSocket, ALIVE_SOCKET), '');
    const otherName = await endedRun(base, 'docsnav-e2e-ended');
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'ended-runs-target-'));
    try {
      const target = await endedRun(elsewhere);
      symlinkSync(target, path.join(base, `${RUN_FOLDER_PREFIX}link`));
      writeFileSync(path.join(base, `${RUN_FOLDER_PREFIX}file`), '');
      expect(await removeEndedRuns(base)).toEqual([]);
      expect(readdirSync(base).sort()).toEqual(
        ['docsnav-e2e-ended', `${RUN_FOLDER_PREFIX}file`, `${RUN_FOLDER_PREFIX}link`, `${RUN_FOLDER_PREFIX}plain-file`, `${RUN_FOLDER_PREFIX}starting`].sort(),
      );
      expect(existsSync(path.join(target, 'page.mdx'))).toBe(true);
      expect(existsSync(path.join(otherName, 'page.mdx'))).toBe(true);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it.runIf(process.getuid?.() === 0)("keeps another user's folder, ended or not", async () => {
    const folder = await endedRun(base);
    chownSync(folder, 65534, 65534);
    expect(await removeEndedRuns(base)).toEqual([]);
    expect(existsSync(path.join(folder, 'page.mdx'))).toBe(true);
  });

  it('a base that does not exist has nothing to remove', async () => {
    expect(await removeEndedRuns(path.join(base, 'absent'))).toEqual([]);
  });

  it('a folder whose socket path passes 107 bytes is not held, and says so', async () => {
    const folder = path.join(base, 'x'.repeat(110));
    mkdirSync(folder);
    const held = await holdRunFolder(folder);
    expect(held.note).toMatch(/^.* is not held by a socket \(its path passes Unix's 107 bytes\): if this run is killed, no later run removes it$/);
    expect(existsSync(path.join(folder, ALIVE_SOCKET))).toBe(false);
    await held.release();
  });
});

describe("the run's temporary folder (temp-folder.ts, the global setup)", () => {
  it.runIf(process.getuid?.() === 0)('a teardown stopped while removing the contents leaves the socket: the folder is still seen as ended', async () => {
    const saved = { ...process.env };
    delete process.env.DOCSNAV_TESTS_TMPDIR;
    process.env.TMPDIR = base;
    let own = '';
    let mount = '';
    try {
      const teardown = await setup();
      own = process.env.TMPDIR!;
      // A mount point in the folder: removing it fails (EBUSY), as a teardown cut short would stop there.
      mount = path.join(own, 'mounted');
      mkdirSync(mount);
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', mount]);
      await expect(teardown()).rejects.toThrow(/EBUSY/);
      expect(lstatSync(path.join(own, ALIVE_SOCKET)).isSocket()).toBe(true);
      expect(await probe(path.join(own, ALIVE_SOCKET))).toBe('answers');
    } finally {
      if (mount) execFileSync('umount', [mount]);
      for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
      Object.assign(process.env, saved);
      if (own) rmSync(own, { recursive: true, force: true });
    }
  });

  it('removes ended runs, holds its own folder as TMPDIR while the run lives, and removes it at the end', async () => {
    const ended = await endedRun(base);
    const saved = { ...process.env };
    delete process.env.DOCSNAV_TESTS_TMPDIR;
    process.env.TMPDIR = base;
    try {
      const teardown = await setup();
      const own = process.env.TMPDIR;
      expect(path.dirname(own)).toBe(base);
      expect(path.basename(own).startsWith(RUN_FOLDER_PREFIX)).toBe(true);
      expect(existsSync(ended)).toBe(false);
      expect(await probe(path.join(own, ALIVE_SOCKET))).toBe('answers');
      // Another run starting meanwhile keeps it.
      expect(await removeEndedRuns(base)).toEqual([]);
      await teardown();
      expect(existsSync(own)).toBe(false);
      expect(process.env.TMPDIR).toBe(base);
    } finally {
      for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
      Object.assign(process.env, saved);
    }
  });
});
