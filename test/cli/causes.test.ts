/**
 * Usage and I/O errors name their real cause, in one line on stderr, exit 2 (issue 71 item 6): a
 * docs.json that is a folder; a docs file that is not UTF-8 (the first bad byte, its offset and
 * line); an option given a value that starts with a dash (`--max-warnings -1`), which Node's
 * parser calls "ambiguous"; and each command's hint names that command, never `docsnav validate`
 * for `resolve`.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const CLI = path.resolve('dist/cli/main.js');
const VALID = '{"$schema":"https://mintlify.com/docs.json","theme":"mint","name":"x","colors":{"primary":"#000000"},"navigation":{"pages":["index"]}}';

function docsnav(cwd: string, ...args: string[]) {
  const run = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** Exit 2, nothing on stdout, one line on stderr that matches `line`, and no stack trace. */
function expectOneLine(run: ReturnType<typeof docsnav>, line: string | RegExp) {
  expect(run.stdout).toBe('');
  expect(run.stderr.endsWith('\n')).toBe(true);
  expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
  if (typeof line === 'string') expect(run.stderr.trimEnd()).toBe(line);
  else expect(run.stderr.trimEnd()).toMatch(line);
  expect(run.stderr).not.toMatch(/\n\s+at |ambiguous|U\+FFFD|\uFFFD/);
  expect(run.code).toBe(2);
}

function site(files: Record<string, string | Buffer>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'docsnav-causes-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  return root;
}

describe('a docs file that is a folder', () => {
  it.each(['docs.json', 'docs.yaml', 'mint.json'])('%s as a folder, named or inside the folder named, for each command', (name) => {
    const root = site({ [`site/${name}/index.mdx`]: '# Hi\n', 'site/index.mdx': '# Hi\n' });
    const line = `docsnav: site/${name} is a folder, not a file: a docs file is a JSON or YAML file; name the site's file or folder`;
    for (const args of [
      ['validate', 'site'],
      ['validate', `site/${name}`],
      ['resolve', 'site'],
      ['resolve', `site/${name}`],
      ['mv', 'a', 'b', 'site'],
      ['diff', 'HEAD', 'site'],
    ])
      expectOneLine(docsnav(root, ...args), line);
  });
});

describe('a docs path through a loop of symbolic links', () => {
  it('is one line naming the loop, for validate and resolve, and for the site folder itself (before: internal errors from the unfinished-move check and from mv)', () => {
    const root = site({ 'index.mdx': '# Hi\n' });
    symlinkSync('loop-b', path.join(root, 'loop-a'));
    symlinkSync('loop-a', path.join(root, 'loop-b'));
    const through = 'docsnav: cannot read loop-a/docs.json: too many symbolic links in the path (a loop?); check the path (ELOOP)';
    expectOneLine(docsnav(root, 'validate', 'loop-a/docs.json'), through);
    expectOneLine(docsnav(root, 'resolve', 'loop-a/docs.json'), through);
    expectOneLine(docsnav(root, 'validate', 'loop-a'), /^docsnav: cannot read loop-a: it is a symbolic link \(to loop-b\), and docsnav follows none/);
    // mv took its lock, wrote and removed its note and sealed its journal under the root: each an internal error on the loop before.
    const loop = /: cannot read \S*loop-a: too many symbolic links in the path \(a loop\?\); check the path \(ELOOP\)$/;
    expectOneLine(docsnav(root, 'mv', 'x', 'y', 'loop-a/docs'), new RegExp(`^docsnav: cannot move x${loop.source}`));
    expectOneLine(docsnav(root, 'mv', '--continue', 'loop-a/docs'), new RegExp(`^docsnav: cannot continue the move${loop.source}`));
  });
});

describe('a docs file that is not UTF-8', () => {
  const bytes = (...parts: Array<string | number[]>) => Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : Buffer.from(part))));
  it.each([
    ['a Latin-1 byte', bytes('{"name": "caf', [0xe9], '"}'), 'byte 0xE9 at offset 13 (line 1)'],
    ['a lone continuation byte on line 3, after multi-byte text', bytes('{\n"name": "é—日本",\n"x": "', [0x80], '"}'), 'byte 0x80 at offset 31 (line 3)'],
    ['an overlong encoding', bytes('{"name": "', [0xc0, 0xaf], '"}'), 'byte 0xC0 at offset 10 (line 1)'],
    ['a surrogate', bytes('{"name": "', [0xed, 0xa0, 0x80], '"}'), 'byte 0xED at offset 10 (line 1)'],
    ['a sequence cut at the end', bytes('{"name": "x"}', [0xe6, 0x97]), 'byte 0xE6 at offset 13 (line 1)'],
    ['CRLF lines', bytes('{\r\n"a": 1,\r\n"b": "', [0xff], '"}'), 'byte 0xFF at offset 18 (line 3)'],
    ['lone CR lines (as problems count lines)', bytes('{\r"a": 1,\r"b": "', [0xff], '"}'), 'byte 0xFF at offset 16 (line 3)'],
  ])('%s: the byte, its offset and line', (_name, text, where) => {
    const root = site({ 'docs.json': text });
    for (const command of ['validate', 'resolve'])
      expectOneLine(docsnav(root, command, 'docs.json'), `docsnav: cannot read docs.json: it is not UTF-8: ${where}; save it as UTF-8`);
  });

  it('a UTF-16 file is said to look like one; a YAML docs file is held to UTF-8 too', () => {
    const root = site({ 'docs.json': Buffer.from(`\ufeff${VALID}`, 'utf16le'), 'y/docs.yaml': bytes('name: caf', [0xe9], '\n') });
    expectOneLine(
      docsnav(root, 'validate', 'docs.json'),
      'docsnav: cannot read docs.json: it is not UTF-8 (it starts as UTF-16 does): byte 0xFF at offset 0 (line 1); save it as UTF-8',
    );
    expectOneLine(docsnav(root, 'validate', 'y'), 'docsnav: cannot read y/docs.yaml: it is not UTF-8: byte 0xE9 at offset 9 (line 1); save it as UTF-8');
  });

  it('UTF-8 with a byte order mark and text of every length of sequence is read', () => {
    const root = site({ 'docs.json': `\ufeff${VALID.replace('"x"', '"é—日本😀"')}`, 'index.mdx': '# Hi\n' });
    const run = docsnav(root, 'validate', 'docs.json', '--format', 'json');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });
});

describe('an option given a value that starts with a dash', () => {
  it.each([
    [['validate', '--max-warnings', '-1'], 'docsnav: --max-warnings takes no negative number (got "-1"); without --max-warnings there is no limit'],
    [['mv', 'a', 'b', '--max-warnings', '-5'], 'docsnav: --max-warnings takes no negative number (got "-5"); without --max-warnings there is no limit'],
    [
      ['validate', '--output-file', '-report.txt'],
      'docsnav: --output-file needs a value, and "-report.txt" reads as an option (to give a value that starts with a dash, write --output-file=-report.txt)',
    ],
    [['validate', '--max-warnings=-1'], 'docsnav: --max-warnings takes a whole number ≥ 0 (got "-1")'],
  ])('%j', (args, line) => {
    const root = site({ 'docs.json': VALID, 'index.mdx': '# Hi\n' });
    expectOneLine(docsnav(root, ...args), line);
  });
});

describe("each command's hint names that command", () => {
  it.each([
    [['validate', 'empty'], 'docsnav validate path/to/docs.json'],
    [['resolve', 'empty'], 'docsnav resolve path/to/docs.json'],
    [['mv', 'a', 'b', 'empty'], 'docsnav mv <from> <to> path/to/docs.json'],
    [['diff', 'HEAD', 'empty'], 'docsnav diff <git-ref> path/to/docs.json'],
  ])('%j', (args, hint) => {
    const root = site({ 'empty/.keep': '' });
    expectOneLine(docsnav(root, ...args), `docsnav: no docs.json, docs.yaml, docs.yml or mint.json in empty; name the site's file or folder (${hint})`);
  });

  it('resolve, with a site one level down, is told to resolve it', () => {
    const root = site({ 'repo/docs/docs.json': VALID });
    expectOneLine(
      docsnav(root, 'resolve', 'repo'),
      'docsnav: no docs.json, docs.yaml, docs.yml or mint.json in repo; repo/docs/docs.json is one level down: docsnav resolve repo/docs',
    );
  });
});
