/**
 * `docsnav status`: what a running `serve` (or `worker`) says of its data folder, asked over the
 * folder's management socket (op `status`): its size as `du` counts it, by part (the embedded
 * database and its write-ahead log, git caches, kept checkouts, worktrees, scans), the disk's free
 * space and state, the database. With no process holding the folder, the folder is measured here.
 */
import { sendControl, type ControlResponse } from '../host/data-folder.js';
import type { DiskSpace } from '../host/disk.js';
import { DataFolderSize, FOLDER_PARTS, measureFolder, type FolderSize } from '../host/folder-size.js';
import { StoreError } from '../store/store.js';
import type { CommandIo } from './options.js';

export interface ServerStatus {
  /** The data folder (its real path). */
  data: string;
  /** Its size, as `du` counts it, and by part. */
  size: FolderSize;
  /** The disk's free bytes and state (ok, low, full), as /healthz reads them; undefined when measured by the CLI. */
  disk?: { state: string; freeBytes: number; warning?: string };
  /** `pglite` or `postgres`; undefined when no process holds the folder. */
  database?: string;
  pid?: number;
}

/** Answers `status` on the management socket of a running process (the size at most 30 s old). */
export async function statusResponse(dir: string, size: DataFolderSize, disk: DiskSpace | undefined, database: string): Promise<ControlResponse> {
  const reading = disk?.check();
  const status: ServerStatus = {
    data: dir,
    size: await size.read(),
    disk: reading && disk && { state: reading.state, freeBytes: reading.free, ...(reading.state !== 'ok' ? { warning: disk.describe(reading) } : {}) },
    database,
    pid: process.pid,
  };
  return { ok: true, result: status };
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

/** `docsnav status [--data <dir>]`: asks the process holding the folder, or measures it here. */
export async function status(data: string, io: CommandIo): Promise<number> {
  const response = await sendControl(data, { op: 'status' });
  let status: ServerStatus;
  if (response) {
    if (!response.ok) throw new StoreError(response.error);
    status = response.result as ServerStatus;
  } else {
    const { realpathSync } = await import('node:fs');
    let dir: string;
    try {
      dir = realpathSync(data);
    } catch {
      throw new StoreError(`no data folder at ${data} (--data names it)`);
    }
    status = { data: dir, size: await measureFolder(dir) };
  }
  const held = status.database ? `held by docsnav process ${status.pid} (${status.database})` : 'no docsnav process holds it; measured now';
  io.stdout(`data folder ${status.data}: ${mb(status.size.bytes)} on disk (as du counts it; ${held})\n`);
  for (const part of FOLDER_PARTS) if (status.size.parts[part] > 0) io.stdout(`  ${part.padEnd(10)} ${mb(status.size.parts[part]).padStart(10)}\n`);
  if (status.disk) io.stdout(`disk: ${mb(status.disk.freeBytes)} free (${status.disk.state})${status.disk.warning ? `: ${status.disk.warning}` : ''}\n`);
  const age = Math.round((Date.now() - status.size.measuredAt) / 1000);
  if (age > 1) io.stderr(`(measured ${age} s ago; measured again at most every 30 s)\n`);
  return 0;
}
