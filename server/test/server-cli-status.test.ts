/**
 * `docsnav status` (src/cli/status.ts) in process: the answer a running process gives on its
 * data folder's socket (statusResponse), and what the command prints from it, or from measuring
 * the folder itself when no process holds it (issue 67).
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runServerCommand } from '../src/cli/commands.js';
import { status, statusResponse, type ServerStatus } from '../src/cli/status.js';
import { DataFolder } from '../src/host/data-folder.js';
import { DiskSpace } from '../src/host/disk.js';
import { DataFolderSize, FOLDER_PARTS, measureFolder, type FolderSize } from '../src/host/folder-size.js';
import { StoreError } from '../src/store/store.js';
import { tempDir } from './helpers.js';

const MB = 2 ** 20;

function io() {
  const out = { stdout: '', stderr: '' };
  return { out, io: { stdout: (text: string) => (out.stdout += text), stderr: (text: string) => (out.stderr += text), env: {} } };
}

/** A folder size whose parts are these megabytes (the rest 0). */
function sizeOf(parts: Partial<Record<(typeof FOLDER_PARTS)[number], number>>, measuredAt = Date.now()): FolderSize {
  const all = Object.fromEntries(FOLDER_PARTS.map((part) => [part, (parts[part] ?? 0) * MB])) as FolderSize['parts'];
  return { bytes: Object.values(all).reduce((a, b) => a + b, 0), parts: all, measuredAt, ms: 3 };
}

const opened: DataFolder[] = [];
afterEach(async () => {
  for (const folder of opened.splice(0)) await folder.close();
});

/** A folder held by this process, answering `status` with `answer`. */
async function held(answer: () => unknown, ok = true): Promise<string> {
  const folder = await DataFolder.open(tempDir('status-held'));
  opened.push(folder);
  folder.serveControl(async (request) => {
    expect(request.op).toBe('status');
    return ok ? { ok: true, result: await answer() } : { ok: false, error: String(await answer()) };
  });
  return folder.dir;
}

describe('statusResponse: what a running process answers', () => {
  it('without a disk: the folder, its size, the database and the pid', async () => {
    const dir = tempDir('status-response');
    writeFileSync(path.join(dir, 'file'), 'x'.repeat(10_000));
    const response = await statusResponse(dir, new DataFolderSize(dir), undefined, 'pglite');
    expect(response.ok).toBe(true);
    const result = (response as { result: ServerStatus }).result;
    expect(result).toEqual({
      data: dir,
      size: await measureFolder(dir).then((size) => ({ ...size, measuredAt: result.size.measuredAt, ms: result.size.ms })),
      disk: undefined,
      database: 'pglite',
      pid: process.pid,
    });
    expect(result.size.bytes).toBeGreaterThan(0);
  });

  it('a disk with room: its state and free bytes, no warning', async () => {
    const dir = tempDir('status-ok');
    const disk = new DiskSpace(dir, 0);
    const { result } = (await statusResponse(dir, new DataFolderSize(dir), disk, 'postgres')) as { result: ServerStatus };
    expect(Object.keys(result.disk!)).toEqual(['state', 'freeBytes']);
    expect(result.disk!.state).toBe('ok');
    expect(result.disk!.freeBytes).toBe(disk.reading.free);
    expect(result.disk!.freeBytes).toBeGreaterThan(0);
    expect(result.database).toBe('postgres');
  });

  it('a low disk, and a full one: the state and its description as a warning', async () => {
    const dir = tempDir('status-low');
    const low = new DiskSpace(dir, Number.MAX_SAFE_INTEGER);
    const { result } = (await statusResponse(dir, new DataFolderSize(dir), low, 'pglite')) as { result: ServerStatus };
    expect(result.disk).toEqual({ state: 'low', freeBytes: low.reading.free, warning: low.describe(low.reading) });
    expect(result.disk!.warning).toMatch(/under --min-free-disk/);
    const full = new DiskSpace(dir, Number.MAX_SAFE_INTEGER);
    full.holdsDatabase = true;
    const answer = (await statusResponse(dir, new DataFolderSize(dir), full, 'pglite')) as { result: ServerStatus };
    expect(answer.result.disk).toEqual({ state: 'full', freeBytes: full.reading.free, warning: full.describe(full.reading) });
    expect(answer.result.disk!.warning).toMatch(/the database is read-only/);
  });
});

describe('docsnav status', () => {
  it('no process holds the folder: measured here, its real path, each part with bytes', async () => {
    const dir = tempDir('status-here');
    mkdirSync(path.join(dir, 'db'));
    writeFileSync(path.join(dir, 'db', 'table'), Buffer.alloc(300 * 1024, 1));
    mkdirSync(path.join(dir, 'git'));
    writeFileSync(path.join(dir, 'git', 'pack'), Buffer.alloc(2 * MB, 1));
    const link = path.join(tempDir('status-link'), 'data');
    symlinkSync(dir, link);
    const size = await measureFolder(dir);
    const { out, io: streams } = io();
    expect(await status(link, streams)).toBe(0);
    const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
    expect(out.stdout).toBe(
      [
        `data folder ${dir}: ${mb(size.bytes)} on disk (as du counts it; no docsnav process holds it; measured now)`,
        `  db         ${mb(size.parts.db).padStart(10)}`,
        `  git        ${mb(size.parts.git).padStart(10)}`,
        `  other      ${mb(size.parts.other).padStart(10)}`,
        '',
      ].join('\n'),
    );
    expect(mb(size.parts.git)).toBe('2.0 MB');
    expect(out.stderr).toBe('');
  });

  it('no folder there: a store error naming it (exit 2 through the command)', async () => {
    const missing = path.join(tempDir('status-missing'), 'none');
    await expect(status(missing, io().io)).rejects.toThrow(new StoreError(`no data folder at ${missing} (--data names it)`));
    const { out, io: streams } = io();
    expect(await runServerCommand('status', ['--data', missing], streams)).toBe(2);
    expect(out).toEqual({ stdout: '', stderr: `docsnav: no data folder at ${missing} (--data names it)\n` });
  });

  it('a process holds it: its answer, the parts with bytes aligned, the disk and its warning', async () => {
    const answer: ServerStatus = {
      data: '/srv/docsnav',
      size: sizeOf({ db: 1.25, pg_wal: 16, worktrees: 0.04, other: 1234.5 }),
      disk: { state: 'low', freeBytes: 100 * MB, warning: 'the disk is low' },
      database: 'pglite',
      pid: 4242,
    };
    const dir = await held(() => answer);
    const { out, io: streams } = io();
    expect(await status(dir, streams)).toBe(0);
    expect(out.stdout).toBe(
      [
        'data folder /srv/docsnav: 1251.8 MB on disk (as du counts it; held by docsnav process 4242 (pglite))',
        '  db             1.3 MB',
        '  pg_wal        16.0 MB',
        '  worktrees      0.0 MB',
        '  other       1234.5 MB',
        'disk: 100.0 MB free (low): the disk is low',
        '',
      ].join('\n'),
    );
    expect(out.stderr).toBe('');
  });

  it('a disk without a warning; a reading of 1 s ago is not remarked on, one of 5 s is', async () => {
    const dir = await held(() => ({
      data: '/d',
      size: sizeOf({}, Date.now() - 1000),
      disk: { state: 'ok', freeBytes: 0.5 * MB },
      database: 'postgres',
      pid: 7,
    }));
    const { out, io: streams } = io();
    await status(dir, streams);
    expect(out).toEqual({
      stdout: 'data folder /d: 0.0 MB on disk (as du counts it; held by docsnav process 7 (postgres))\ndisk: 0.5 MB free (ok)\n',
      stderr: '',
    });
    const old = await held(() => ({ data: '/d', size: sizeOf({ git: 1 }, Date.now() - 5000), database: 'postgres', pid: 7 }));
    const second = io();
    await status(old, second.io);
    expect(second.out).toEqual({
      stdout: 'data folder /d: 1.0 MB on disk (as du counts it; held by docsnav process 7 (postgres))\n  git            1.0 MB\n',
      stderr: '(measured 5 s ago; measured again at most every 30 s)\n',
    });
  });

  it('the holding process refuses: its error as a store error', async () => {
    const dir = await held(() => 'a worker answers only "status"', false);
    await expect(status(dir, io().io)).rejects.toThrow(new StoreError('a worker answers only "status"'));
  });
});
