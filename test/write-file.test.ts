/**
 * src/write-file.ts, what `upgrade` writes docs.json with: a new file only where nothing is (a
 * dangling symbolic link included, even one made after a check), a replacement that puts the new
 * text in place of a link rather than through it, and on a full disk the old state, whole.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createNewFile, replaceFile } from '../src/write-file.js';
import { tempDir } from './hostile/helpers.js';

const temp = tempDir();
afterAll(() => temp.remove());
const folder = temp.folder;

describe('createNewFile', () => {
  it('writes a new file whole, and nothing beside it', () => {
    const dir = folder();
    createNewFile(path.join(dir, 'docs.json'), '{}\n');
    expect(readFileSync(path.join(dir, 'docs.json'), 'utf8')).toBe('{}\n');
    expect(readdirSync(dir)).toEqual(['docs.json']);
  });

  it('refuses a dangling symbolic link (EEXIST): what it points at is not made', () => {
    const dir = folder();
    const target = path.join(dir, 'elsewhere.json');
    symlinkSync(target, path.join(dir, 'docs.json'));
    expect(() => createNewFile(path.join(dir, 'docs.json'), '{}\n')).toThrow(expect.objectContaining({ code: 'EEXIST' }));
    expect(existsSync(target)).toBe(false);
    expect(readdirSync(dir)).toEqual(['docs.json']);
  });

  it('refuses an existing file (EEXIST) and leaves it as it was', () => {
    const dir = folder();
    writeFileSync(path.join(dir, 'docs.json'), 'mine\n');
    expect(() => createNewFile(path.join(dir, 'docs.json'), '{}\n')).toThrow(expect.objectContaining({ code: 'EEXIST' }));
    expect(readFileSync(path.join(dir, 'docs.json'), 'utf8')).toBe('mine\n');
  });
});

describe('replaceFile', () => {
  it('puts the text in place of a symbolic link; the file it led to is unchanged', () => {
    const dir = folder();
    const outside = path.join(folder(), 'outside.txt');
    writeFileSync(outside, 'not yours\n');
    symlinkSync(outside, path.join(dir, 'docs.json'));
    replaceFile(path.join(dir, 'docs.json'), '{}\n');
    expect(readFileSync(outside, 'utf8')).toBe('not yours\n');
    expect(lstatSync(path.join(dir, 'docs.json')).isFile()).toBe(true);
    expect(readFileSync(path.join(dir, 'docs.json'), 'utf8')).toBe('{}\n');
    expect(readdirSync(dir)).toEqual(['docs.json']);
  });
});

// A real full file system: a 64 KB tmpfs (mounting one takes root).
describe.runIf(process.getuid?.() === 0)('on a full disk', () => {
  it('upgrade --force: exit 2 saying the disk is full, the old docs.json whole, no temporary file left', () => {
    const mount = folder();
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', mount]);
    try {
      const pages = Array.from({ length: 4000 }, (_, i) => `page-${i}`);
      writeFileSync(
        path.join(mount, 'mint.json'),
        JSON.stringify({ name: 'x', favicon: '/f.svg', colors: { primary: '#000000' }, navigation: [{ group: 'a', pages }] }),
      );
      writeFileSync(path.join(mount, 'docs.json'), 'the old docs.json\n');
      const run = spawnSync(process.execPath, ['dist/cli/main.js', 'upgrade', mount, '--force'], { encoding: 'utf8' });
      expect(run.status).toBe(2);
      expect(run.stderr).toBe(`docsnav: cannot write ${path.join(mount, 'docs.json')}: the disk is full; free some space, or write somewhere else (ENOSPC)\n`);
      expect(readFileSync(path.join(mount, 'docs.json'), 'utf8')).toBe('the old docs.json\n');
      expect(readdirSync(mount).sort()).toEqual(['docs.json', 'mint.json']);
    } finally {
      execFileSync('umount', [mount]);
    }
  });
});
