/**
 * src/write-file.ts's new files and syncs, on real files: writeNewFile's bytes (text of 1 to 4
 * byte characters, a Buffer, more than one write's worth) and mode (given, default, another
 * file's, with its owner as root); replaceFile keeping the mode and owner of the file it replaces
 * (not of a link, nothing where nothing was), and failing with the caller's path; a full disk
 * (nothing left behind, ENOSPC); syncFile and syncFolder: what they refuse, what they let be, and
 * no file left open.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, lstatSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { replaceFile, syncFile, syncFolder, writeNewFile } from '../src/write-file.js';
import { descriptorsOn, thrown } from './daemon/sockets.js';
import { tempDir } from './hostile/helpers.js';

const AS_ROOT = process.getuid?.() === 0;
const temp = tempDir();
afterAll(() => temp.remove());
const folder = temp.folder;
const modeOf = (file: string) => statSync(file).mode & 0o7777;
/** The mode a new file gets when none is asked for: 0o666 less the umask. */
const defaultMode = () => 0o666 & ~process.umask();

describe('writeNewFile: the bytes', () => {
  it.each<[string, string | Buffer]>([
    ['text of 1, 2, 3 and 4 byte characters', 'a é — 日 😀\r\n\tend'],
    ['text of more than one write (300 KB of 3 byte characters)', '日'.repeat(100_000)],
    ['a Buffer', Buffer.from([0, 1, 0xff, 0xfe, 10])],
    ['nothing', ''],
  ])('%s', (_, bytes) => {
    const file = path.join(folder(), 'docs.json');
    writeNewFile(file, bytes);
    expect(readFileSync(file).equals(Buffer.from(bytes))).toBe(true);
  });
});

describe('writeNewFile: the mode', () => {
  it('the mode asked for, the umask applied', () => {
    const file = path.join(folder(), 'journal.json');
    writeNewFile(file, '{}', { mode: 0o600 });
    expect(modeOf(file)).toBe(0o600 & ~process.umask());
  });

  it('none asked for: 0o666 less the umask', () => {
    const file = path.join(folder(), 'docs.json');
    writeNewFile(file, '{}');
    expect(modeOf(file)).toBe(defaultMode());
  });

  it("another file's mode (no umask taken off)", () => {
    const dir = folder();
    writeFileSync(path.join(dir, 'old.json'), '');
    chmodSync(path.join(dir, 'old.json'), 0o777);
    writeNewFile(path.join(dir, 'new.json'), '{}', { like: lstatSync(path.join(dir, 'old.json')) });
    expect(modeOf(path.join(dir, 'new.json'))).toBe(0o777);
  });
});

describe('replaceFile: what it keeps of the file it replaces', () => {
  it('its mode, and as root its owner', () => {
    const file = path.join(folder(), 'docs.json');
    writeFileSync(file, 'old\n');
    chmodSync(file, 0o666);
    if (AS_ROOT) chownSync(file, 1234, 5678);
    replaceFile(file, 'new\n');
    expect(readFileSync(file, 'utf8')).toBe('new\n');
    expect(modeOf(file)).toBe(0o666);
    if (AS_ROOT) expect(statSync(file)).toMatchObject({ uid: 1234, gid: 5678 });
  });

  it("not a link's: the file put in its place has the default mode", () => {
    const dir = folder();
    writeFileSync(path.join(dir, 'target.json'), 'old\n');
    chmodSync(path.join(dir, 'target.json'), 0o600);
    symlinkSync('target.json', path.join(dir, 'docs.json'));
    replaceFile(path.join(dir, 'docs.json'), 'new\n');
    expect(lstatSync(path.join(dir, 'docs.json')).isFile()).toBe(true);
    expect(modeOf(path.join(dir, 'docs.json'))).toBe(defaultMode());
  });

  it('nothing there: a new file of the default mode', () => {
    const dir = folder();
    replaceFile(path.join(dir, 'docs.json'), 'new\n');
    expect(readFileSync(path.join(dir, 'docs.json'), 'utf8')).toBe('new\n');
    expect(modeOf(path.join(dir, 'docs.json'))).toBe(defaultMode());
    expect(readdirSync(dir)).toEqual(['docs.json']);
  });

  it('a path through a file (ENOTDIR): the error names the path asked for, not a temporary file', () => {
    const dir = folder();
    writeFileSync(path.join(dir, 'file'), '');
    const file = path.join(dir, 'file', 'docs.json');
    expect(thrown(() => replaceFile(file, 'new\n'))).toMatchObject({ code: 'ENOTDIR', path: file });
  });
});

// A real full file system: a 64 KB tmpfs (mounting one takes root).
describe.runIf(AS_ROOT)('writeNewFile on a full disk', () => {
  // The write that fills the disk is partial (the bytes that fit), the next one fails. Text of 3 byte
  // characters has fewer characters than the bytes that fit: bytes, not characters, are counted.
  it.each([
    ['200,000 bytes of 1 byte characters', 'x'.repeat(200_000)],
    ['90,000 bytes of 3 byte characters (30,000 characters)', '日'.repeat(30_000)],
  ])('%s: throws ENOSPC and leaves nothing behind', (_, text) => {
    const mount = folder();
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', mount]);
    try {
      const file = path.join(mount, 'docs.json');
      expect(thrown(() => writeNewFile(file, text))).toMatchObject({ code: 'ENOSPC' });
      expect(existsSync(file)).toBe(false);
      expect(readdirSync(mount)).toEqual([]);
    } finally {
      execFileSync('umount', [mount]);
    }
  });
});

describe('syncFile and syncFolder', () => {
  it('syncFile: a file is synced and let go; no file (ENOENT), no link followed (ELOOP)', () => {
    const dir = folder();
    const file = path.join(dir, 'docs.json');
    writeFileSync(file, '{}');
    symlinkSync('docs.json', path.join(dir, 'link.json'));
    syncFile(file);
    expect(descriptorsOn(file)).toEqual([]);
    expect(thrown(() => syncFile(path.join(dir, 'missing.json')))).toMatchObject({ code: 'ENOENT' });
    expect(thrown(() => syncFile(path.join(dir, 'link.json')))).toMatchObject({ code: 'ELOOP' });
  });

  it('syncFolder: a folder is synced and let go; one gone is nothing to sync; a file is no folder (ENOTDIR)', () => {
    const dir = folder();
    writeFileSync(path.join(dir, 'file'), '');
    syncFolder(dir);
    expect(descriptorsOn(dir)).toEqual([]);
    expect(() => syncFolder(path.join(dir, 'gone'))).not.toThrow();
    expect(thrown(() => syncFolder(path.join(dir, 'file')))).toMatchObject({ code: 'ENOTDIR' });
  });
});
