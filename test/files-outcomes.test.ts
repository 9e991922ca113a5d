/**
 * src/files.ts's every answer, on real files: what diskReader and readRegularFile say of each
 * kind of thing at a path (no file, a file used as a folder, a loop of links, a name too long, a
 * folder, a FIFO, a socket, a character and a block device, a link out of the root, too big, a
 * read the disk fails), the stamp of a whole read and none where the size lied (/proc and /sys
 * files), readBounded on a descriptor of a file that grew or shrank since its size was taken, a
 * caller's readFile as a reader (each thing it may return or throw), and the small words around
 * them (describeKind, openFailure, textOf, failureText, errorCode, realRoot).
 */
import { execFileSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
  constants,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  describeKind,
  diskReader,
  errorCode,
  failureText,
  openFailure,
  readBounded,
  readerOf,
  ReadFailure,
  readRegularFile,
  realRoot,
  textOf,
  type ReadFailureReason,
  type ReadFileHook,
  type ReadOutcome,
} from '../src/files.js';
import { descriptorsOn, listeningSocket, thrown } from './daemon/sockets.js';

const MB = 1024 * 1024;
const AS_ROOT = process.getuid?.() === 0;
const LINUX = process.platform === 'linux';

let base: string;
let root: string;
let socket: Awaited<ReturnType<typeof listeningSocket>>;
const at = (name: string) => path.join(root, name);

/** Bytes that differ from their neighbours, so a misplaced byte shows. */
function pattern(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 7 + 3) % 251;
  return bytes;
}

beforeAll(async () => {
  base = mkdtempSync(path.join(tmpdir(), 'docsnav-outcomes-'));
  root = path.join(base, 'docs');
  mkdirSync(path.join(root, 'folder'), { recursive: true });
  mkdirSync(path.join(base, 'outside'));
  writeFileSync(at('page.mdx'), '# Page\n');
  writeFileSync(at('empty.mdx'), '');
  writeFileSync(at('big.bin'), pattern(3 * MB));
  writeFileSync(path.join(base, 'outside', 'secret.mdx'), 'secret\n');
  symlinkSync(path.join(base, 'outside', 'secret.mdx'), at('out.mdx'));
  symlinkSync(at('loop-b'), at('loop-a'));
  symlinkSync(at('loop-a'), at('loop-b'));
  execFileSync('mkfifo', [at('fifo')]);
  if (AS_ROOT) {
    execFileSync('mknod', [at('chr'), 'c', '1', '3']);
    execFileSync('mknod', [at('blk'), 'b', '7', '0']);
  }
  socket = await listeningSocket(at('sock'));
});

afterAll(async () => {
  await socket.close();
  rmSync(base, { recursive: true, force: true });
});

/** The devices, made with mknod (root only). */
const devices: Array<[string, string]> = AS_ROOT
  ? [
      ['chr', 'a device'],
      ['blk', 'a device'],
    ]
  : [];

describe('diskReader: what it says of each thing at a path', () => {
  const failures: Array<[string, string, ReadFailureReason, string]> = [
    ['no file', 'missing.mdx', 'missing', 'no file'],
    ['a file used as a folder (ENOTDIR)', 'page.mdx/inner.mdx', 'missing', 'no file'],
    ['a loop of links', 'loop-a', 'unreadable', 'ELOOP'],
    ['a name longer than the file system allows', 'a'.repeat(300), 'unreadable', 'ENAMETOOLONG'],
    ['a folder', 'folder', 'not-regular', 'a folder'],
    ['a FIFO (no hang)', 'fifo', 'not-regular', 'a FIFO'],
    ['a socket (open says ENXIO)', 'sock', 'not-regular', 'a socket'],
    ...devices.map(([name, kind]): [string, string, ReadFailureReason, string] => [`a ${name} device`, name, 'not-regular', kind]),
    ['a link to a file outside the root', 'out.mdx', 'outside-root', 'outside the docs root'],
    ['bigger than the cap (its size in MB)', 'big.bin', 'too-big', '3 MB'],
  ];
  it.each(failures)('%s', (_, name, reason, detail) => {
    expect(diskReader(root, 2 * MB)(at(name))).toEqual({ ok: false, reason, detail });
  });

  it('a whole read carries the stamp of the file it read (times to the nanosecond, inode)', () => {
    const outcome = diskReader(root)(at('page.mdx'));
    const stats = lstatSync(at('page.mdx'), { bigint: true });
    expect(outcome).toEqual({
      ok: true,
      bytes: Buffer.from('# Page\n'),
      stamp: { size: 7, mtimeNs: stats.mtimeNs, ctimeNs: stats.ctimeNs, ino: stats.ino },
    });
  });

  it('a cap of 0 reads an empty file and refuses one byte more; no cap at all (Infinity) reads a file whole', () => {
    expect(diskReader(root, 0)(at('empty.mdx'))).toMatchObject({ ok: true, bytes: Buffer.alloc(0), stamp: { size: 0 } });
    expect(diskReader(root, 0)(at('page.mdx'))).toEqual({ ok: false, reason: 'too-big', detail: '0 MB' });
    expect(diskReader(root, Number.POSITIVE_INFINITY)(at('page.mdx'))).toMatchObject({ ok: true, bytes: Buffer.from('# Page\n'), stamp: { size: 7 } });
  });
});

describe.runIf(LINUX)('diskReader: files whose size is not what they hold', () => {
  it('a /proc file (size 0, text behind it) is read whole, with no stamp: the size did not describe it', () => {
    const outcome = diskReader('/proc/self')('/proc/self/status');
    expect(outcome.ok).toBe(true);
    expect(outcome.ok && textOf(outcome.bytes)).toMatch(/^Name:/);
    expect(outcome.ok && outcome.stamp).toBeUndefined();
  });

  it('a /proc file that grows past the cap while read is too big, with no stamp', () => {
    expect(diskReader('/proc/self', 10)('/proc/self/status')).toEqual({ ok: false, reason: 'too-big', detail: 'more than 0 MB' });
  });

  it.runIf(existsSync('/sys/devices/system/cpu/online'))('a /sys file (size 4096, a few bytes behind it) is read, with no stamp', () => {
    const outcome = diskReader('/sys/devices/system/cpu')('/sys/devices/system/cpu/online');
    expect(outcome.ok && textOf(outcome.bytes)).toBe(readFileSync('/sys/devices/system/cpu/online', 'utf8'));
    expect(outcome.ok && outcome.stamp).toBeUndefined();
    expect(statSync('/sys/devices/system/cpu/online').size).toBe(4096);
  });

  it('a read the disk fails (/proc/self/mem at address 0: EIO) is unreadable, with its code', () => {
    expect(diskReader('/proc/self')('/proc/self/mem')).toEqual({ ok: false, reason: 'unreadable', detail: 'EIO' });
    expect(readRegularFile('/proc/self/mem', MB)).toEqual({ ok: false, reason: 'unreadable', detail: 'EIO' });
  });
});

describe('readRegularFile: a socket and a device', () => {
  it.each([['sock', 'a socket'], ...devices])('%s: %s', (name, kind) => {
    expect(readRegularFile(at(name), MB)).toEqual({ ok: false, reason: 'not-regular', detail: kind });
  });
});

describe('readRegularFile up to its cap', () => {
  it('a file of exactly the cap is read, one byte more is too big', () => {
    expect(readRegularFile(at('page.mdx'), 7)).toEqual({ ok: true, bytes: Buffer.from('# Page\n') });
    expect(readRegularFile(at('page.mdx'), 6)).toEqual({ ok: false, reason: 'too-big', detail: '0 MB' });
  });
});

describe('no descriptor is left open, read or refused', () => {
  it.each([
    ['a file read', 'page.mdx'],
    ['a folder refused', 'folder'],
    ['a file too big', 'big.bin'],
  ])('%s', (_, name) => {
    const file = realpathSync(at(name));
    diskReader(root, 2 * MB)(file);
    readRegularFile(file, 2 * MB);
    expect(descriptorsOn(file)).toEqual([]);
  });
});

describe('readBounded: an open file read to its end, never past the cap', () => {
  const withFile = <T>(bytes: Buffer, use: (fd: number) => T): T => {
    const file = path.join(base, `bounded-${bytes.length}.bin`);
    writeFileSync(file, bytes);
    const fd = openSync(file, 'r');
    try {
      return use(fd);
    } finally {
      closeSync(fd);
    }
  };

  it('a file that grew (by more than the 64 KB growth buffer) since its size was taken: read whole', () => {
    const bytes = pattern(200_000);
    const outcome = withFile(bytes, (fd) => readBounded(fd, 10, MB));
    // Buffer.equals: a deep comparison of 200,000 bytes one by one takes a second.
    expect(outcome.ok && outcome.bytes.equals(bytes)).toBe(true);
  });

  it('a file that shrank since its size was taken: what is there', () => {
    const bytes = pattern(10);
    expect(withFile(bytes, (fd) => readBounded(fd, 100, 1000))).toEqual({ ok: true, bytes });
  });

  it('a file of its size exactly: read whole', () => {
    const bytes = pattern(4096);
    expect(withFile(bytes, (fd) => readBounded(fd, 4096, 4096))).toEqual({ ok: true, bytes });
  });

  it('an empty file under a cap of 0: read (nothing)', () => {
    expect(withFile(Buffer.alloc(0), (fd) => readBounded(fd, 0, 0))).toEqual({ ok: true, bytes: Buffer.alloc(0) });
  });

  it('a file that grew past the cap: too big, and no more than the cap and one byte is read of it', () => {
    const bytes = pattern(100);
    const [outcome, rest] = withFile(bytes, (fd) => [readBounded(fd, 10, 50), readSync(fd, Buffer.alloc(1000), 0, 1000, null)]);
    expect(outcome).toEqual({ ok: false, reason: 'too-big', detail: 'more than 0 MB' });
    expect(rest).toBe(100 - 51);
  });

  it('the cap in MB: more than 1 MB', () => {
    expect(withFile(pattern(MB + 10), (fd) => readBounded(fd, 10, MB))).toEqual({ ok: false, reason: 'too-big', detail: 'more than 1 MB' });
  });
});

describe('describeKind: each kind of file as real stats say it', () => {
  it.each([
    ['folder', 'a folder'],
    ['fifo', 'a FIFO'],
    ['sock', 'a socket'],
    ...devices,
    // What none of the others is (lstat of a link): said as no regular file.
    ['out.mdx', 'not a regular file'],
  ])('%s: %s', (name, kind) => {
    expect(describeKind(lstatSync(at(name)))).toBe(kind);
  });
});

describe("openFailure: an open of a resolved path that fails (a race, but for a socket's ENXIO)", () => {
  const failedOpen = (file: string, flags: number | string = constants.O_RDONLY | constants.O_NOFOLLOW) => thrown(() => openSync(file, flags));
  it.each([
    ['a socket (ENXIO)', () => [failedOpen(at('sock')), at('sock')], { reason: 'not-regular', detail: 'a socket' }],
    ['a socket gone since (ENXIO)', () => [failedOpen(at('sock')), at('gone.sock')], { reason: 'not-regular', detail: 'not a regular file' }],
    ['a folder put there (EISDIR)', () => [failedOpen(at('folder'), 'w'), at('folder')], { reason: 'not-regular', detail: 'a folder' }],
    ['the file gone (ENOENT)', () => [failedOpen(at('gone.mdx')), at('gone.mdx')], { reason: 'missing', detail: 'no file' }],
    ['a symbolic link put there (ELOOP)', () => [failedOpen(at('out.mdx')), at('out.mdx')], { reason: 'outside-root', detail: 'a symlink' }],
    ['a folder on the way made a file (ENOTDIR)', () => [failedOpen(at('page.mdx/x')), at('page.mdx/x')], { reason: 'unreadable', detail: 'ENOTDIR' }],
    ['an error with no code', () => [new Error('no code'), at('page.mdx')], { reason: 'unreadable', detail: 'error' }],
  ])('%s', (_, made, expected) => {
    const [error, target] = made() as [unknown, string];
    expect(openFailure(error, target)).toEqual({ ok: false, ...expected });
  });
});

describe("readerOf: a caller's readFile as a reader", () => {
  const read = (readFile: ReadFileHook, name = 'page.mdx'): ReadOutcome => readerOf({ readFile })(at(name));
  const fromDisk: ReadFileHook = (file) => readFileSync(file, 'utf8');

  it.each<[string, string, ReadOutcome]>([
    ['a file', 'page.mdx', { ok: true, bytes: Buffer.from('# Page\n') }],
    ['no file (ENOENT)', 'missing.mdx', { ok: false, reason: 'missing', detail: 'no file' }],
    ['a file used as a folder (ENOTDIR)', 'page.mdx/inner.mdx', { ok: false, reason: 'missing', detail: 'no file' }],
    ['a folder (EISDIR)', 'folder', { ok: false, reason: 'not-regular', detail: 'a folder' }],
    ['a loop of links (any other code)', 'loop-a', { ok: false, reason: 'unreadable', detail: 'ELOOP' }],
  ])('readFileSync throwing or not: %s', (_, name, expected) => {
    expect(read(fromDisk, name)).toEqual(expected);
  });

  it.each<[string, ReadFileHook, ReadOutcome]>([
    ['undefined: missing', () => undefined, { ok: false, reason: 'missing', detail: 'no file' }],
    [
      'text with a byte order mark and characters of 2, 3 and 4 bytes: its UTF-8',
      () => '\ufeffé—日😀',
      { ok: true, bytes: Buffer.from('\ufeffé—日😀', 'utf8') },
    ],
    [
      'a Buffer (readFileSync without an encoding): not text',
      (file) => readFileSync(file) as unknown as string,
      { ok: false, reason: 'unreadable', detail: 'readFile did not return text' },
    ],
    [
      'a failed read passed on (ReadFailure): as it was',
      () => {
        throw new ReadFailure({ ok: false, reason: 'too-big', detail: '3 MB' });
      },
      { ok: false, reason: 'too-big', detail: '3 MB' },
    ],
    [
      'an Error of many lines: its first line, trimmed',
      () => {
        throw new Error('  the editor lost the file  \n    at save (editor.js:1:1)');
      },
      { ok: false, reason: 'unreadable', detail: 'the editor lost the file' },
    ],
    [
      'an Error whose code is no string (an HTTP status): its message',
      () => {
        throw Object.assign(new Error('Not Found'), { code: 404 });
      },
      { ok: false, reason: 'unreadable', detail: 'Not Found' },
    ],
    [
      'a thrown string: its first line',
      () => {
        // eslint-disable-next-line @typescript-eslint/only-throw-error -- the case under test: a hook may throw what is no Error
        throw 'no access\nsecond line';
      },
      { ok: false, reason: 'unreadable', detail: 'no access' },
    ],
  ])('%s', (_, readFile, expected) => {
    expect(read(readFile)).toEqual(expected);
  });

  it('the hook wins over a root; a root alone reads the disk; neither reads nothing', () => {
    expect(readerOf({ root, readFile: () => 'from the hook' })(at('page.mdx'))).toEqual({ ok: true, bytes: Buffer.from('from the hook') });
    expect(readerOf({ root })(at('page.mdx'))).toMatchObject({ ok: true, bytes: Buffer.from('# Page\n'), stamp: { size: 7 } });
    expect(readerOf({})(at('page.mdx'))).toEqual({ ok: false, reason: 'no-access', detail: 'no docs root was given' });
  });
});

describe('textOf', () => {
  it.each([
    ['a byte order mark at the start: dropped', '\ufeff{"a": 1}', '{"a": 1}'],
    ['one elsewhere: kept', '{"a": "\ufeff"}', '{"a": "\ufeff"}'],
    ['two at the start: one dropped', '\ufeff\ufeffx', '\ufeffx'],
    ['none', 'é—日😀\r\n', 'é—日😀\r\n'],
    ['nothing', '', ''],
  ])('%s', (_, text, expected) => {
    const bytes = Buffer.from(text, 'utf8');
    expect(textOf(bytes)).toBe(expected);
    expect(textOf(bytes)).toBe(expected);
  });
});

describe('failureText: the sentence end for each reason', () => {
  it.each<[ReadFailureReason, string, string]>([
    ['missing', 'no file', 'does not exist'],
    ['outside-root', 'outside the docs root', 'leads outside the docs root (through a symlink), so it is not read'],
    ['symlink', 'a symbolic link', 'is a symbolic link, which docsnav does not follow here'],
    ['not-regular', 'a FIFO', 'is a FIFO, not a regular file'],
    ['too-big', '300 MB', 'is too big to read (300 MB)'],
    ['unreadable', 'EACCES', 'cannot be read: EACCES'],
    ['no-access', 'no docs root was given', 'was not read: no docs root was given (pass `root` or `readFile`)'],
  ])('%s', (reason, detail, text) => {
    expect(failureText({ reason, detail })).toBe(text);
  });
});

describe('errorCode: only an Error with a string code has one', () => {
  it.each<[string, unknown, string | undefined]>([
    ["a file system's error", thrown(() => readFileSync(path.join(tmpdir(), 'docsnav-no-such-file'))), 'ENOENT'],
    ['an Error with no code', new Error('x'), undefined],
    ['an Error with a number for a code', Object.assign(new Error('x'), { code: 404 }), undefined],
    ['an object with a code, no Error', { code: 'ENOENT' }, undefined],
    ['a string', 'ENOENT', undefined],
    ['undefined', undefined, undefined],
  ])('%s', (_, error, code) => {
    expect(errorCode(error)).toBe(code);
  });
});

describe('realRoot', () => {
  it('a root through a link: the real path; a missing one: itself, absolute', () => {
    symlinkSync(root, path.join(base, 'docs-link'));
    expect(realRoot(path.join(base, 'docs-link'))).toBe(realRoot(root));
    const missing = path.join(base, 'no-such-root');
    expect(realRoot(missing)).toBe(missing);
    expect(realRoot(path.relative(process.cwd(), missing))).toBe(missing);
  });
});
