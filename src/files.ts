/**
 * The one way docsnav reads files: page files, `$ref` targets, specs and front matter all
 * come through here. A read is allowed only for a regular file whose real path (symlinks
 * followed) is under the real docs root, and only up to a size cap; everything else is an
 * answer with a reason, never a throw, a hang or an unbounded read.
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, realpathSync, type BigIntStats, type Stats } from 'node:fs';
import path from 'node:path';
import { isUnwalkablePath } from './io-error.js';

/** Why a file was not read. */
export type ReadFailureReason =
  /** No file there (or a symlink to nothing). */
  | 'missing'
  /** The path, or a symlink on the way, leads outside the docs root. */
  | 'outside-root'
  /** A symbolic link where none is followed: the docs file itself, a cache file (`readRegularFile`). */
  | 'symlink'
  /** A folder, FIFO, socket or device: only regular files are read. */
  | 'not-regular'
  /** Bigger than the cap. */
  | 'too-big'
  /** It exists but reading failed (`detail` is the error code, e.g. EACCES). */
  | 'unreadable'
  /** No docs root and no `readFile`: nothing is read from disk. */
  | 'no-access';

export type ReadOutcome = { ok: true; bytes: Buffer; stamp?: FileStamp } | { ok: false; reason: ReadFailureReason; detail: string };

/**
 * What the disk said of a file it was read from, just before the read (fstat of the open file),
 * when the bytes are the whole of that file: its size, modification and change times to the
 * nanosecond, and its inode. The page scan cache (src/cache/stamp.ts) knows an unchanged file by
 * them without reading it. Readers that do not read the disk (an editor's text, a hook) give none.
 */
export interface FileStamp {
  size: number;
  mtimeNs: bigint;
  ctimeNs: bigint;
  ino: bigint;
}

/** The stamp of a file the disk describes (`fstat`/`lstat` with `bigint: true`). */
export function stampOf(stats: BigIntStats): FileStamp {
  return { size: Number(stats.size), mtimeNs: stats.mtimeNs, ctimeNs: stats.ctimeNs, ino: stats.ino };
}

/** Reads a file by absolute path. Injected once and used by every layer. */
export type FileReader = (absolutePath: string) => ReadOutcome;

/** What a caller may inject: text by absolute path, undefined when missing (it may throw, e.g. EACCES). */
export type ReadFileHook = (absolutePath: string) => string | undefined;

/** Files bigger than this are refused rather than read (a docs.json part, a spec, a page). */
export const MAX_FILE_BYTES = 256 * 1024 * 1024;

/** The real path of a root (symlinks followed); the path itself when it cannot be resolved. */
export function realRoot(root: string): string {
  const absolute = path.resolve(root);
  try {
    return realpathSync(absolute);
  } catch {
    return absolute;
  }
}

/** True when `absolute` is `root` or inside it (both absolute, normalised). */
export function isInside(root: string, absolute: string): boolean {
  if (absolute === root) return true;
  const prefix = root.endsWith(path.sep) ? root : root + path.sep;
  return absolute.startsWith(prefix);
}

/** What kind of non-regular file this is, for messages: "a folder", "a FIFO", … */
export function describeKind(stats: Pick<Stats, 'isDirectory' | 'isFIFO' | 'isSocket' | 'isCharacterDevice' | 'isBlockDevice'>): string {
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

/**
 * Reads files from disk under a root: the path is resolved with realpath and must be under
 * the root's realpath; the file is opened without blocking (a FIFO cannot hang the open),
 * checked with fstat to be a regular file, and read up to `maxBytes`.
 */
export function diskReader(root: string, maxBytes: number = MAX_FILE_BYTES): FileReader {
  const real = realRoot(root);
  return (absolutePath) => {
    let target: string;
    try {
      // realpath(3), one call: Node's JS realpathSync lstat()s every part of the path, and on a
      // 100,000-page deployment (page paths 9 parts deep) those lstat calls were 10.9 s of the
      // analysis thread's 47 s.
      target = realpathSync.native(absolutePath);
    } catch (error) {
      const code = errorCode(error);
      if (code === 'ENOENT' || code === 'ENOTDIR') return { ok: false, reason: 'missing', detail: 'no file' };
      return { ok: false, reason: 'unreadable', detail: code ?? 'error' };
    }
    if (!isInside(real, target)) return { ok: false, reason: 'outside-root', detail: 'outside the docs root' };
    let fd: number;
    try {
      fd = openSync(target, constants.O_RDONLY | constants.O_NONBLOCK | (constants.O_NOFOLLOW ?? 0));
    } catch (error) {
      return openFailure(error, target);
    }
    try {
      // Times to the nanosecond (a stamp's): as cheap as the default's milliseconds.
      const stats = fstatSync(fd, { bigint: true });
      if (!stats.isFile()) return { ok: false, reason: 'not-regular', detail: describeKind(stats) };
      const size = Number(stats.size);
      if (size > maxBytes) return { ok: false, reason: 'too-big', detail: `${megabytes(size)}` };
      const read = readBounded(fd, size, maxBytes);
      // A file that grew or shrank while it was read is not the file the stamp describes.
      return read.ok && read.bytes.length === size ? { ...read, stamp: stampOf(stats) } : read;
    } catch (error) {
      return { ok: false, reason: 'unreadable', detail: errorCode(error) ?? 'error' };
    } finally {
      closeSync(fd);
    }
  };
}

/**
 * What diskReader's open of a path realpath has just resolved says when it fails. A socket (or a
 * device with nothing behind it) is refused by open itself (ENXIO); every other failure is a
 * change of the path since realpath (a race): a folder, a file gone, a symbolic link put there
 * (O_NOFOLLOW: ELOOP), not followed.
 */
export function openFailure(error: unknown, target: string): Extract<ReadOutcome, { ok: false }> {
  const code = errorCode(error);
  if (code === 'ENXIO') return { ok: false, reason: 'not-regular', detail: kindAt(target) };
  if (code === 'EISDIR') return { ok: false, reason: 'not-regular', detail: 'a folder' };
  if (code === 'ENOENT') return { ok: false, reason: 'missing', detail: 'no file' };
  if (code === 'ELOOP') return { ok: false, reason: 'outside-root', detail: 'a symlink' };
  return { ok: false, reason: 'unreadable', detail: code ?? 'error' };
}

/** What a file open(2) refused with ENXIO is ("a socket", "a device"), as lstat says; "not a regular file" when it is gone since or its way can no longer be walked. */
function kindAt(file: string): string {
  try {
    const stats = lstatSync(file, { throwIfNoEntry: false });
    return stats ? describeKind(stats) : 'not a regular file';
  } catch (error) {
    if (isUnwalkablePath(error)) return 'not a regular file';
    throw error;
  }
}

/**
 * Reads a file that no link may stand in for (the docs file a command names, a cache file): opened
 * without following a symbolic link at its end (`O_NOFOLLOW`) and without blocking (`O_NONBLOCK`:
 * a FIFO opens at once), then read only when `fstat` of what was opened says a regular file of at
 * most `maxBytes`. A missing or unreadable file's `detail` is the error code (ENOENT, EACCES).
 */
export function readRegularFile(file: string, maxBytes: number): ReadOutcome {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK | (constants.O_NOFOLLOW ?? 0));
  } catch (error) {
    const code = errorCode(error) ?? 'error';
    // ELOOP is also a loop of links on the way to it: only a link at its end is "a symbolic link".
    // Stryker disable next-line ConditionalExpression: equivalent as true: open with O_NOFOLLOW fails on a link at the path's end with ELOOP and no other code, so the link test alone says the same (false is seen by test/files.test.ts).
    if (code === 'ELOOP' && isLinkAtEnd(file)) return { ok: false, reason: 'symlink', detail: 'a symbolic link' };
    if (code === 'ENXIO') return { ok: false, reason: 'not-regular', detail: kindAt(file) };
    if (code === 'ENOENT' || code === 'ENOTDIR') return { ok: false, reason: 'missing', detail: code };
    return { ok: false, reason: 'unreadable', detail: code };
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return { ok: false, reason: 'not-regular', detail: describeKind(stats) };
    if (stats.size > maxBytes) return { ok: false, reason: 'too-big', detail: megabytes(stats.size) };
    return readBounded(fd, stats.size, maxBytes);
  } catch (error) {
    return { ok: false, reason: 'unreadable', detail: errorCode(error) ?? 'error' };
  } finally {
    closeSync(fd);
  }
}

/** Whether the path's last part is a symbolic link; false when the way to it cannot be walked (a loop of links, a file for a folder, no permission). */
function isLinkAtEnd(file: string): boolean {
  try {
    return lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink() === true;
  } catch (error) {
    if (isUnwalkablePath(error)) return false;
    throw error;
  }
}

/**
 * What an open file grew by past its size is read through this one buffer and copied out: a
 * fresh 64 KB buffer per read only to see the end of a 300-byte page, 100,000 times over a
 * large site, was 6 GB of short-lived memory outside the heap (hundreds of MB of RSS).
 */
const GROWTH_BUFFER = Buffer.allocUnsafeSlow(64 * 1024);

/**
 * Reads an open file to its end, but never more than `maxBytes` (a file can grow while it is
 * read): its size (`expected`) into a buffer of exactly that size, then what it grew by.
 */
export function readBounded(fd: number, expected: number, maxBytes: number): ReadOutcome {
  const first = Buffer.allocUnsafe(Math.min(expected, maxBytes + 1));
  let total = 0;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent: this loop only fills the buffer of the expected size first; skipped (false, >=) the loop below reads the same bytes to the same end and the same cap, and run once more (<=) it reads 0 bytes and stops.
  while (total < first.length) {
    const n = readSync(fd, first, total, first.length - total, null);
    if (n === 0) break;
    total += n;
  }
  const chunks: Buffer[] = [first.subarray(0, total)];
  for (;;) {
    if (total > maxBytes) return { ok: false, reason: 'too-big', detail: `more than ${megabytes(maxBytes)}` };
    const n = readSync(fd, GROWTH_BUFFER, 0, Math.min(GROWTH_BUFFER.length, maxBytes + 1 - total), null);
    if (n === 0) break;
    total += n;
    chunks.push(Buffer.from(GROWTH_BUFFER.subarray(0, n)));
  }
  // Stryker disable next-line ConditionalExpression: equivalent as false (Buffer.concat of one chunk is a copy of the same bytes); true, the first chunk alone, is seen by a file that grew (test/files-outcomes.test.ts).
  return { ok: true, bytes: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, total) };
}

/** Thrown by a `readFile` that wraps a FileReader (fixText's overlay of fixed texts): the failed read, passed on as it was. */
export class ReadFailure extends Error {
  constructor(readonly outcome: Extract<ReadOutcome, { ok: false }>) {
    super(outcome.detail);
  }
}

/** A caller's `readFile` as a FileReader: undefined is "missing", a thrown error is "cannot be read". */
function hookReader(readFile: ReadFileHook): FileReader {
  return (absolutePath) => {
    let text: string | undefined;
    try {
      text = readFile(absolutePath);
    } catch (error) {
      if (error instanceof ReadFailure) return error.outcome;
      const code = errorCode(error);
      if (code === 'ENOENT' || code === 'ENOTDIR') return { ok: false, reason: 'missing', detail: 'no file' };
      if (code === 'EISDIR') return { ok: false, reason: 'not-regular', detail: 'a folder' };
      return { ok: false, reason: 'unreadable', detail: code ?? firstLine(error) };
    }
    if (text === undefined) return { ok: false, reason: 'missing', detail: 'no file' };
    if (typeof text !== 'string') return { ok: false, reason: 'unreadable', detail: 'readFile did not return text' };
    // Stryker disable next-line StringLiteral: equivalent: Buffer.from(text, '') is UTF-8 too (Node takes an empty encoding for its default).
    return { ok: true, bytes: Buffer.from(text, 'utf8') };
  };
}

/** Reads nothing: the library with no root and no `readFile`. */
const noReader: FileReader = () => ({ ok: false, reason: 'no-access', detail: 'no docs root was given' });

/**
 * The reader the options ask for: the caller's `readFile` when given; else the disk under
 * `root` when a root is given; else nothing at all.
 */
export function readerOf(options: { root?: string; readFile?: ReadFileHook }): FileReader {
  if (options.readFile) return hookReader(options.readFile);
  if (options.root !== undefined) return diskReader(options.root);
  return noReader;
}

/** The text of each buffer decoded (`textOf`): a read's bytes are never written to, and a run that asks twice (a page placed, then its source kept) decodes once. */
const decoded = new WeakMap<Buffer, string>();

/** Text of a read (UTF-8, without a byte order mark). */
export function textOf(bytes: Buffer): string {
  let text = decoded.get(bytes);
  // Stryker disable next-line ConditionalExpression: equivalent as true: decoding the same bytes again gives the same text (only the time differs); false is seen by every test that reads text.
  if (text === undefined) {
    const whole = bytes.toString('utf8');
    text = whole.charCodeAt(0) === 0xfeff ? whole.slice(1) : whole;
    decoded.set(bytes, text);
  }
  return text;
}

/** The sentence end for a failed read: "does not exist", "is a FIFO, not a regular file", "cannot be read: EACCES". */
export function failureText(outcome: { reason: ReadFailureReason; detail: string }): string {
  switch (outcome.reason) {
    case 'missing':
      return 'does not exist';
    case 'outside-root':
      return 'leads outside the docs root (through a symlink), so it is not read';
    case 'symlink':
      return 'is a symbolic link, which docsnav does not follow here';
    case 'not-regular':
      return `is ${outcome.detail}, not a regular file`;
    case 'too-big':
      return `is too big to read (${outcome.detail})`;
    case 'unreadable':
      return `cannot be read: ${outcome.detail}`;
    case 'no-access':
      return 'was not read: no docs root was given (pass `root` or `readFile`)';
  }
}

function megabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

export function errorCode(error: unknown): string | undefined {
  const code = error instanceof Error ? (error as NodeJS.ErrnoException).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n', 1)[0].trim();
}
