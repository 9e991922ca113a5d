/**
 * The data folder's size as an operator measures it (issue 52 item 4): what `du` counts, the
 * blocks each file and folder holds (not its apparent size: a sparse WAL segment holds only what
 * was written), each inode once (hard links), symbolic links not followed. Told by part: the
 * embedded database (`db`, and its write-ahead log `db/pg_wal` apart), the git caches, the kept
 * checkouts, the worktrees, the page scans, and the rest. `/metrics` (`docsnav_data_folder_bytes`)
 * and `docsnav status` (the management socket) report it.
 *
 * The walk is asynchronous (each `lstat` on libuv's threads, a turn of the event loop between
 * folders) and at most one runs at a time; a reading is reused for `MAX_AGE_MS`, so a scraper
 * asking every few seconds walks a folder of 100,000 files at most every half minute.
 */
import { lstat, opendir } from 'node:fs/promises';
import path from 'node:path';

/** How long a reading is reused before the folder is walked again. */
const MAX_AGE_MS = 30_000;

/** The parts of a data folder, by their folder (the top-level names docsnav makes); `db/pg_wal` is counted apart from `db`. */
export const FOLDER_PARTS = ['db', 'pg_wal', 'git', 'checkouts', 'worktrees', 'scans', 'other'] as const;
type FolderPart = (typeof FOLDER_PARTS)[number];

export interface FolderSize {
  /** Bytes the whole folder holds on disk (`du -s`, in bytes). */
  bytes: number;
  /** The same by part (they add up to `bytes`). */
  parts: Record<FolderPart, number>;
  /** When it was measured (ms since the epoch). */
  measuredAt: number;
  /** How long the walk took (ms). */
  ms: number;
}

/** Which part a path inside the folder (relative, `/`-separated) counts in. */
function partOf(relative: string): FolderPart {
  const [top, second] = relative.split(path.sep);
  if (top === 'db') return second === 'pg_wal' ? 'pg_wal' : 'db';
  return (FOLDER_PARTS as readonly string[]).includes(top) && top !== 'pg_wal' ? (top as FolderPart) : 'other';
}

/** Walks `dir` as `du` does; a file that vanishes meanwhile (a worktree removed) counts nothing. */
export async function measureFolder(dir: string): Promise<FolderSize> {
  const started = performance.now();
  const parts = Object.fromEntries(FOLDER_PARTS.map((part) => [part, 0])) as Record<FolderPart, number>;
  const seen = new Set<string>();
  /** Counts the entry at `relative` (the folder itself: ''); true when it is a folder to walk. */
  const count = async (relative: string): Promise<boolean> => {
    let stats;
    try {
      stats = await lstat(path.join(dir, relative));
    } catch {
      return false;
    }
    // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: only a saving: an inode of one link (or a folder) is met once in a walk that follows no links, so remembering it too changes no count
    if (stats.nlink > 1 && !stats.isDirectory()) {
      const inode = `${stats.dev}:${stats.ino}`;
      // Stryker disable next-line BooleanLiteral: a hard link is never a folder: true would only have the walk try to open it as one (ENOTDIR, skipped)
      if (seen.has(inode)) return false;
      seen.add(inode);
    }
    parts[partOf(relative)] += stats.blocks * 512;
    return stats.isDirectory();
  };
  // The folder itself counts in "other"; one that is not a folder (a symbolic link to one: not followed, as du) has nothing to walk.
  // Stryker disable next-line ArrayDeclaration: a folder under what is no folder cannot be opened (the walk skips it)
  const folders = (await count('')) ? [''] : [];
  while (folders.length > 0) {
    const relative = folders.pop()!;
    try {
      for await (const entry of await opendir(path.join(dir, relative))) {
        const child = path.join(relative, entry.name);
        if (await count(child)) folders.push(child);
      }
    } catch {
      // the folder went away: before it was opened, or while it was read
    }
  }
  const bytes = Object.values(parts).reduce((total, value) => total + value, 0);
  return { bytes, parts, measuredAt: Date.now(), ms: Math.round(performance.now() - started) };
}

/** A process's data folder size, measured when asked and reused for `MAX_AGE_MS`. */
export class DataFolderSize {
  private last: FolderSize | undefined;
  private running: Promise<FolderSize> | undefined;

  constructor(readonly dir: string) {}

  /** The size, walked again when the last reading is older than `maxAgeMs` (one walk at a time). */
  async read(maxAgeMs = MAX_AGE_MS): Promise<FolderSize> {
    if (this.last && Date.now() - this.last.measuredAt < maxAgeMs) return this.last;
    this.running ??= measureFolder(this.dir).finally(() => (this.running = undefined));
    return (this.last = await this.running);
  }

  /** The last reading at once (undefined before the first), a new walk started in the background when it is old. */
  latest(): FolderSize | undefined {
    void this.read().catch(() => {}); // reuses the last reading while it is fresh: no walk then
    return this.last;
  }
}
