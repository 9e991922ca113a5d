/**
 * src/read.ts and src/io-error.ts: the line `validateFile` (and the CLI, and a config file that
 * cannot be read) says of a docs file it cannot read, for each thing that can be at its path (no
 * file, a file used as a folder, a link, a loop of links at the end and on the way, a folder, a
 * FIFO, a socket, a device, too big, not UTF-8, a read the disk fails); the same for an error
 * thrown (a code with a hint, one without, none at all); ioErrorText's hints for reading and for
 * writing; and which reader a run's options make (`readerFor`).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ValidationCache } from '../src/cache/memory.js';
import { ioErrorText, isUnwalkablePath } from '../src/io-error.js';
import { FileReadError, filesOf, readerFor, readText } from '../src/read.js';
import { listeningSocket, thrown } from './daemon/sockets.js';

const AS_ROOT = process.getuid?.() === 0;

let base: string;
let socket: Awaited<ReturnType<typeof listeningSocket>>;
const at = (name: string) => path.join(base, name);

beforeAll(async () => {
  base = mkdtempSync(path.join(tmpdir(), 'docsnav-read-text-'));
  writeFileSync(at('docs.json'), '\ufeff{"name": "é—日😀"}\n');
  writeFileSync(at('latin1.json'), Buffer.concat([Buffer.from('{\n"name": "'), Buffer.from([0xe9]), Buffer.from('"}\n')]));
  writeFileSync(at('huge.json'), '');
  // Sparse: 300 MB by its size, nothing on disk.
  truncateSync(at('huge.json'), 300 * 1024 * 1024);
  mkdirSync(at('folder'));
  symlinkSync('docs.json', at('link.json'));
  symlinkSync('loop-b', at('loop-a'));
  symlinkSync('loop-a', at('loop-b'));
  execFileSync('mkfifo', [at('fifo')]);
  if (AS_ROOT) execFileSync('mknod', [at('null'), 'c', '1', '3']);
  socket = await listeningSocket(at('sock'));
});

afterAll(async () => {
  await socket.close();
  rmSync(base, { recursive: true, force: true });
});

describe('readText: the text, or the one line saying why not', () => {
  it('a UTF-8 file: its text as it is', () => {
    expect(readText(at('docs.json'))).toBe('\ufeff{"name": "é—日😀"}\n');
  });

  const refusals: Array<[string, string, string]> = [
    ['no file', 'missing.json', 'no such file or folder; check the path (ENOENT)'],
    ['a file used as a folder', 'docs.json/docs.json', 'a part of the path is a file, not a folder; check the path (ENOTDIR)'],
    [
      'a symbolic link',
      'link.json',
      'it is a symbolic link (to docs.json), and docsnav follows none to the file it checks (one a clone carries may lead anywhere); name the file it leads to',
    ],
    [
      'a loop of links at the end (a link)',
      'loop-a',
      'it is a symbolic link (to loop-b), and docsnav follows none to the file it checks (one a clone carries may lead anywhere); name the file it leads to',
    ],
    ['a loop of links on the way', 'loop-a/docs.json', 'too many symbolic links in the path (a loop?); check the path (ELOOP)'],
    ['a folder', 'folder', 'it is a folder, not a regular file; name the docs file'],
    ['a FIFO', 'fifo', 'it is a FIFO, not a regular file; name the docs file'],
    ['a socket', 'sock', 'it is a socket, not a regular file; name the docs file'],
    ...(AS_ROOT ? [['a device', 'null', 'it is a device, not a regular file; name the docs file'] as [string, string, string]] : []),
    ['bigger than 256 MB', 'huge.json', 'it is too big for a docs file (300 MB; at most 256 MB are read)'],
    ['not UTF-8 (Latin-1)', 'latin1.json', 'it is not UTF-8: byte 0xE9 at offset 11 (line 2); save it as UTF-8'],
  ];
  it.each(refusals)('%s', (_, name, why) => {
    const error = thrown(() => readText(at(name)));
    expect(error).toBeInstanceOf(FileReadError);
    expect(error).toMatchObject({ name: 'FileReadError', file: at(name), message: `cannot read ${at(name)}: ${why}` });
  });

  it.runIf(process.platform === 'linux')('a read the disk fails (/proc/self/mem at address 0): its code', () => {
    expect(thrown(() => readText('/proc/self/mem'))).toMatchObject({ message: 'cannot read /proc/self/mem: EIO' });
  });
});

describe('FileReadError of an error thrown (a config file read with readFileSync)', () => {
  it.each<[string, () => unknown, string]>([
    ['a code with a hint', () => thrown(() => readFileSync(at('missing.json'))), 'no such file or folder; check the path (ENOENT)'],
    ['a code without one', () => Object.assign(new Error('EIO: i/o error'), { code: 'EIO' }), 'EIO'],
    ['no code: its message', () => new Error('the disk went away'), 'the disk went away'],
    ['a thrown string: itself', () => 'the disk went away', 'the disk went away'],
    ['undefined (throw undefined)', () => undefined, 'undefined'],
    ['null', () => null, 'null'],
    [
      'a link gone by the time it is said: no target named',
      () => ({ ok: false, reason: 'symlink', detail: 'a symbolic link' }),
      'it is a symbolic link, and docsnav follows none to the file it checks (one a clone carries may lead anywhere); name the file it leads to',
    ],
  ])('%s', (_, cause, why) => {
    const file = at('gone.json');
    expect(new FileReadError(file, cause()).message).toBe(`cannot read ${file}: ${why}`);
  });
});

describe('ioErrorText: what happened, what to do, the code', () => {
  it.each<[string, unknown, 'read' | 'write', string]>([
    ['ENOENT read', { code: 'ENOENT' }, 'read', 'no such file or folder; check the path (ENOENT)'],
    ['ENOENT written', { code: 'ENOENT' }, 'write', 'its folder does not exist; create it, or write somewhere else (ENOENT)'],
    ['EACCES read', { code: 'EACCES' }, 'read', 'permission denied; run as a user who may read it, or change its permissions (EACCES)'],
    ['EACCES written', { code: 'EACCES' }, 'write', 'permission denied; run as a user who may write there, or write somewhere else (EACCES)'],
    ['EISDIR written (a hint of reading kept)', { code: 'EISDIR' }, 'write', 'that is a folder, and a file is wanted; name the file (EISDIR)'],
    ['EROFS written', { code: 'EROFS' }, 'write', 'the file system is read-only; write somewhere else (EROFS)'],
    ['EROFS read: no hint', { code: 'EROFS' }, 'read', 'EROFS'],
    ['an unknown code', { code: 'EIO' }, 'read', 'EIO'],
    ['an Error with no code', new Error('boom'), 'write', 'boom'],
    ['an Error with a number for a code', Object.assign(new Error('Not Found'), { code: 404 }), 'read', 'Not Found'],
    ['a string', 'boom', 'read', 'boom'],
    ['undefined', undefined, 'read', 'undefined'],
    ['null', null, 'write', 'null'],
  ])('%s', (_, error, mode, text) => {
    expect(ioErrorText(error, mode)).toBe(text);
  });
});

describe('isUnwalkablePath', () => {
  it.each<[unknown, boolean]>([
    [{ code: 'ENOTDIR' }, true],
    [{ code: 'ELOOP' }, true],
    [{ code: 'EACCES' }, true],
    [{ code: 'ENOENT' }, false],
    [new Error('x'), false],
    [undefined, false],
  ])('%o: %s', (error, unwalkable) => {
    expect(isUnwalkablePath(error)).toBe(unwalkable);
  });
});

describe("readerFor: the reader a run's options make", () => {
  it("a caller's readFile wins over a cache and a root", () => {
    const reader = readerFor({ readFile: () => 'from the hook', cache: new ValidationCache(), root: base });
    expect(reader(at('docs.json'))).toEqual({ ok: true, bytes: Buffer.from('from the hook') });
  });

  it("a cache and a root: the cache's reader of the disk, which keeps its answers", () => {
    const cache = new ValidationCache();
    const reader = readerFor({ cache, root: base });
    expect(reader).toBe(cache.readerFor(base));
    expect(reader(at('docs.json'))).toMatchObject({ ok: true, bytes: readFileSync(at('docs.json')) });
  });

  it('a cache with no root reads nothing', () => {
    expect(readerFor({ cache: new ValidationCache() })(at('docs.json'))).toEqual({ ok: false, reason: 'no-access', detail: 'no docs root was given' });
  });
});

describe("filesOf: the docs root's listing a run's options make", () => {
  it("the files given win; no root, none; a root, its listing (through a cache, the cache's)", () => {
    const files = filesOf({ root: base })!;
    expect([files.hasFile('docs.json'), files.hasFile('missing.json')]).toEqual([true, false]);
    expect(filesOf({ files, root: base, cache: new ValidationCache() })).toBe(files);
    expect(filesOf({})).toBeUndefined();
    expect(filesOf({ cache: new ValidationCache() })).toBeUndefined();
    const cache = new ValidationCache();
    expect(filesOf({ root: base, cache })).toBe(cache.filesFor(base));
  });
});
