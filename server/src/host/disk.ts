/**
 * The free space of the disk that holds a process's data folder (git caches, worktrees and,
 * without --database, the embedded database), read with statfs.
 *
 * The embedded database cannot survive a full disk: a write of its WAL that fails with ENOSPC
 * leaves PGlite spinning in the flush for good (the whole process: 85–99% CPU, no request
 * answered, not even after space is freed; measured on a 72 MB tmpfs). So docsnav keeps it
 * from ever getting there:
 *
 * - below `--min-free-disk` the disk is *low*: a deployment does not start, and one running
 *   fails at its next batch of writes with a clear summary (its failure is still written);
 * - below half of it (the *floor*), when the embedded database is on it, it is read-only: every statement that
 *   writes is refused before PGlite sees it (`DiskFull`), reads go on. The half between the two
 *   is room for what a deployment still writes to end, and for a new WAL segment (16 MB).
 *
 * The state is read again at each check (a deployment's batch, a write) and every few seconds,
 * so it comes back by itself when space does; each change is logged once and /healthz says it.
 */
import { statfsSync } from 'node:fs';

function formatBytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/** A write refused because the data folder's disk is (nearly) full; the message is for the user. */
export class DiskFull extends Error {
  override name = 'DiskFull';
}

export type DiskState = 'ok' | 'low' | 'full';

export interface DiskReading {
  state: DiskState;
  /** Bytes an unprivileged process may still write there. */
  free: number;
}

export class DiskSpace {
  private last: DiskReading = { state: 'ok', free: Number.POSITIVE_INFINITY };
  private timer: NodeJS.Timeout | undefined;
  /** The embedded database is on this disk (openPglite says so): below the floor it is read-only. */
  holdsDatabase = false;
  /** Told when the state changes (the log). */
  onChange?: (reading: DiskReading, was: DiskState) => void;

  constructor(
    /** A folder on the disk to watch (the data folder). */
    readonly dir: string,
    /** Below this, deployments are refused (`--min-free-disk`). */
    readonly minFree: number,
  ) {}

  /** Below this, the embedded database takes no writes. */
  get floor(): number {
    return Math.floor(this.minFree / 2);
  }

  /** The disk as it is now (a statfs; a few microseconds). A folder that cannot be read counts as ok: the error comes from whatever uses it. */
  check(): DiskReading {
    let free: number;
    try {
      const stats = statfsSync(this.dir);
      free = stats.bavail * stats.bsize;
    } catch {
      free = Number.POSITIVE_INFINITY;
    }
    const state: DiskState = this.holdsDatabase && free < this.floor ? 'full' : free < this.minFree ? 'low' : 'ok';
    const was = this.last.state;
    this.last = { state, free };
    if (state !== was) this.onChange?.(this.last, was);
    return this.last;
  }

  /** The last reading (no statfs). */
  get reading(): DiskReading {
    return this.last;
  }

  /** What the state means, in a sentence (the log, /healthz, a failed deployment). */
  describe(reading: DiskReading = this.last): string {
    const free = `the disk of the data folder has ${formatBytes(reading.free)} free`;
    if (reading.state === 'full')
      return `${free}, under half of --min-free-disk (${formatBytes(this.minFree)}): the database is read-only and deployments are refused until space is freed`;
    if (reading.state === 'low') return `${free}, under --min-free-disk (${formatBytes(this.minFree)}): deployments are refused until space is freed`;
    return `${free}`;
  }

  /** Throws `DiskFull` when a deployment may not start or go on (below --min-free-disk). */
  refuseDeployment(): void {
    const reading = this.check();
    if (reading.state !== 'ok') throw new DiskFull(this.describe(reading));
  }

  /** Throws `DiskFull` when the database may not be written (below the floor). */
  refuseWrite(): void {
    const reading = this.check();
    if (reading.state === 'full') throw new DiskFull(this.describe(reading));
  }

  /** Reads the disk every `everyMs` (the state comes back by itself, and the log says so). */
  watch(everyMs = 2_000): void {
    this.check();
    this.timer ??= setInterval(() => this.check(), everyMs).unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}

/**
 * Whether a statement may write (and so may need disk): anything but a plain SELECT. Row locks
 * (`FOR UPDATE`, `FOR NO KEY UPDATE`: the word UPDATE; `FOR [KEY] SHARE`), `pg_notify` and sequences write too.
 */
export function writes(sql: string): boolean {
  if (!/^\s*(SELECT|WITH|SHOW|EXPLAIN)\b/i.test(sql)) return true;
  return /\b(INSERT|UPDATE|DELETE|FOR\s+(KEY\s+)?SHARE|pg_notify|nextval|setval)\b/i.test(sql);
}
