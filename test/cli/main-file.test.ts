/**
 * The docs file a command names (issue 57, item 7) is opened as the cache's files are
 * (src/files.ts `readRegularFile`): no symbolic link followed to it, only a regular file (a FIFO
 * refused at once, without blocking), at most MAX_FILE_BYTES; and `upgrade` writes docs.json as a
 * new file or a replacement put in place in one step, never through a link.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempDir, type CliRun } from '../hostile/helpers.js';
import { REQUIRED_SETTINGS } from '../required-settings.js';

const temp = tempDir();
afterAll(() => temp.remove());

const MINT = '{"name":"x","favicon":"/f.svg","colors":{"primary":"#000000"},"navigation":[{"group":"a","pages":["index"]}]}\n';
let made = 0;

/** A site folder holding index.mdx and the given files. */
function site(files: Record<string, string> = {}): string {
  const dir = path.join(temp.dir, `site-${made++}`);
  mkdirSync(dir);
  writeFileSync(path.join(dir, 'index.mdx'), '# Home\n');
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

/** The run ended by itself (the guard kills a hang: the test then fails on `killed`, never on a time), exit 2, one line on stderr. */
function expectOneLine(run: CliRun, line: string): void {
  expect(run.killed).toBe(false);
  expect({ code: run.code, stdout: run.stdout, stderr: run.stderr }).toEqual({ code: 2, stdout: '', stderr: `docsnav: ${line}\n` });
}

describe('validate: the docs file', () => {
  it.each(['docs.json', 'mint.json'])('%s a symbolic link to /proc/self/environ: not read, not printed', async (name) => {
    const dir = site();
    symlinkSync('/proc/self/environ', path.join(dir, name));
    const run = await runCli(['validate', dir]);
    expectOneLine(
      run,
      `cannot read ${path.join(dir, name)}: it is a symbolic link (to /proc/self/environ), and docsnav follows none to the file it checks (one a clone carries may lead anywhere); name the file it leads to`,
    );
    expect(run.stdout + run.stderr).not.toContain('PATH=');
  });

  it('a symbolic link to a good docs.json elsewhere: refused too, and naming that file works', async () => {
    const real = site({ 'docs.json': `${JSON.stringify({ ...REQUIRED_SETTINGS, navigation: { pages: ['index'] } })}\n` });
    const dir = site();
    symlinkSync(path.join(real, 'docs.json'), path.join(dir, 'docs.json'));
    expect((await runCli(['validate', path.join(dir, 'docs.json')])).code).toBe(2);
    expect(await runCli(['validate', path.join(real, 'docs.json')])).toMatchObject({ code: 0, killed: false });
  });

  it.each(['docs.json', 'mint.json'])('%s a FIFO that no one writes to: refused at once', async (name) => {
    const dir = site();
    execFileSync('mkfifo', [path.join(dir, name)]);
    expectOneLine(
      await runCli(['validate', path.join(dir, name)]),
      `cannot read ${path.join(dir, name)}: it is a FIFO, not a regular file; name the docs file`,
    );
  });

  it('a docs.json bigger than the cap (a sparse file): refused without reading it', async () => {
    const dir = site({ 'docs.json': '' });
    truncateSync(path.join(dir, 'docs.json'), 300 * 1024 * 1024);
    expectOneLine(
      await runCli(['validate', dir]),
      `cannot read ${path.join(dir, 'docs.json')}: it is too big for a docs file (300 MB; at most 256 MB are read)`,
    );
  });

  it('resolve reads it the same way', async () => {
    const dir = site();
    symlinkSync('/proc/self/environ', path.join(dir, 'docs.json'));
    const run = await runCli(['resolve', dir]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/it is a symbolic link \(to \/proc\/self\/environ\)/);
  });
});

describe('upgrade: docs.json', () => {
  it('--force replaces a docs.json that is a symbolic link; the file it led to is unchanged', async () => {
    const dir = site({ 'mint.json': MINT });
    const outside = path.join(temp.dir, `outside-${made++}.txt`);
    writeFileSync(outside, 'not yours\n');
    symlinkSync(outside, path.join(dir, 'docs.json'));
    const run = await runCli(['upgrade', dir, '--force']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`(it replaced the symbolic link ${path.join(dir, 'docs.json')}; the file the link led to is unchanged)`);
    expect(readFileSync(outside, 'utf8')).toBe('not yours\n');
    expect(lstatSync(path.join(dir, 'docs.json')).isFile()).toBe(true);
    expect(JSON.parse(readFileSync(path.join(dir, 'docs.json'), 'utf8')).navigation).toBeDefined();
    // No temporary file left beside it.
    expect(readdirSync(dir).sort()).toEqual(['docs.json', 'index.mdx', 'mint.json']);
  });

  it('without --force, a dangling symbolic link is "already there": its target is not made', async () => {
    const dir = site({ 'mint.json': MINT });
    const target = path.join(temp.dir, `made-by-upgrade-${made++}.json`);
    symlinkSync(target, path.join(dir, 'docs.json'));
    expectOneLine(
      await runCli(['upgrade', dir]),
      `${path.join(dir, 'docs.json')} already exists (a symbolic link): --force overwrites it, --stdout prints the upgrade instead`,
    );
    expect(existsSync(target)).toBe(false);
    // --force replaces the link itself, and still makes nothing where it pointed.
    expect((await runCli(['upgrade', dir, '--force'])).code).toBe(0);
    expect(existsSync(target)).toBe(false);
    expect(lstatSync(path.join(dir, 'docs.json')).isFile()).toBe(true);
  });

  it('a new docs.json: written whole, no temporary file left', async () => {
    const dir = site({ 'mint.json': MINT });
    expect((await runCli(['upgrade', dir])).code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['docs.json', 'index.mdx', 'mint.json']);
    expect(JSON.parse(readFileSync(path.join(dir, 'docs.json'), 'utf8')).name).toBe('x');
  });

  it.each(['docs.json', 'docs.yaml'])('upgrade %s: says it is a docs file already, reads nothing as a mint.json', async (name) => {
    const dir = site({ [name]: name === 'docs.json' ? '{ "navigation": { "pages": ["index"] } }\n' : 'navigation:\n  pages: [index]\n' });
    const file = path.join(dir, name);
    const run = await runCli(['upgrade', file]);
    expectOneLine(
      run,
      `${file} is already a docs file (the kind upgrade writes), not a legacy mint.json: name the mint.json to upgrade (docsnav upgrade path/to/mint.json), or check it with docsnav validate ${file}`,
    );
  });

  it('a mint.json that is a symbolic link is not read', async () => {
    const dir = site();
    symlinkSync('/proc/self/environ', path.join(dir, 'mint.json'));
    const run = await runCli(['upgrade', dir]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/it is a symbolic link \(to \/proc\/self\/environ\)/);
    expect(existsSync(path.join(dir, 'docs.json'))).toBe(false);
  });
});
