/**
 * What a run reads, as its options say: the docs file a command names (`readText`, or a
 * `FileReadError` that says why not), the reader of every other file (`readerFor`) and the docs
 * root's listing (`filesOf`). The readers themselves are src/files.ts's.
 */
import { readlinkSync } from 'node:fs';
import type { ValidationCache } from './cache/memory.js';
import { docsRootFiles } from './docs-root.js';
import { MAX_FILE_BYTES, readerOf, readRegularFile, type FileReader, type ReadFileHook, type ReadOutcome } from './files.js';
import { ioErrorText } from './io-error.js';
import { describeInvalidUtf8, invalidUtf8At } from './utf8.js';
import type { DocsFiles } from './docs-root.js';

/** The options that say how a run reads (as `ValidateOptions` names them: src/pipeline/options.ts). */
interface ReadOptions {
  root?: string;
  readFile?: ReadFileHook;
  files?: DocsFiles;
  cache?: ValidationCache;
}

/** Thrown by `validateFile` when the file cannot be read: an I/O error, not a problem of the file. */
export class FileReadError extends Error {
  constructor(
    readonly file: string,
    /** The error thrown, or the failed read (`readRegularFile`'s answer). */
    cause: unknown,
  ) {
    super(`cannot read ${file}: ${whyNotRead(file, cause)}`);
    this.name = 'FileReadError';
  }
}

/** A docs file whose bytes are not UTF-8: `detail` names the first bad byte. */
interface NotUtf8 {
  reason: 'not-utf8';
  detail: string;
}

/** The end of "cannot read <file>: …": what is wrong and what to do. */
function whyNotRead(file: string, cause: unknown): string {
  const failed = cause as Partial<Extract<ReadOutcome, { ok: false }>> | NotUtf8 | undefined;
  switch (failed?.reason) {
    case 'not-utf8':
      return failed.detail;
    case 'symlink':
      return `it is a symbolic link${linkTarget(file)}, and docsnav follows none to the file it checks (one a clone carries may lead anywhere); name the file it leads to`;
    case 'not-regular':
      return `it is ${failed.detail}, not a regular file; name the docs file`;
    case 'too-big':
      return `it is too big for a docs file (${failed.detail}; at most ${MAX_FILE_BYTES / (1024 * 1024)} MB are read)`;
    case 'missing':
    case 'unreadable':
      return ioErrorText({ code: failed.detail }, 'read');
    default:
      return ioErrorText(cause, 'read');
  }
}

/** ` (to <target>)`, what a symbolic link says it leads to (read from the link, nothing behind it). */
function linkTarget(file: string): string {
  try {
    return ` (to ${readlinkSync(file)})`;
  } catch {
    return '';
  }
}

/**
 * The text of the docs file a command names, read as the cache's files are (`readRegularFile`): no
 * symbolic link followed to it, only a regular file (a FIFO is refused without blocking, a device
 * is not read), at most MAX_FILE_BYTES, and UTF-8 (JSON's encoding: a bad byte is named, not
 * read as U+FFFD). Throws `FileReadError` saying which and what to do.
 */
export function readText(file: string): string {
  const read = readRegularFile(file, MAX_FILE_BYTES);
  if (!read.ok) throw new FileReadError(file, read);
  const bad = invalidUtf8At(read.bytes);
  if (bad !== undefined) throw new FileReadError(file, { reason: 'not-utf8', detail: describeInvalidUtf8(read.bytes, bad) } satisfies NotUtf8);
  return read.bytes.toString('utf8');
}

/** The docs root's files, as the options give them (kept in `cache` when there is one). */
export function filesOf(options: Pick<ReadOptions, 'files' | 'root' | 'cache'>): DocsFiles | undefined {
  if (options.files) return options.files;
  if (options.root === undefined) return undefined;
  return options.cache ? options.cache.filesFor(options.root) : docsRootFiles(options.root);
}

/** How the options say files are read: `readFile`, else the disk under `root` (through `cache` when there is one), else nothing. */
export function readerFor(options: Pick<ReadOptions, 'readFile' | 'root' | 'cache'>): FileReader {
  if (!options.readFile && options.cache && options.root !== undefined) return options.cache.readerFor(options.root);
  return readerOf(options);
}
