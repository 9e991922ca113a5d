/**
 * `docsnav validate -` and the page scan cache, in process: a docs.json from standard input is
 * checked against its pages only where it has a root (`--root`, else the folder of
 * `--stdin-filename`), and the cache is kept for that root only when there is one and caching is
 * on. CI's mutation step found both conditions untested (src/cli/validate-command.ts).
 */
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { run, type CliIo } from '../../src/cli/run.js';
import { siteWith } from '../move/harness.js';

async function docsnav(argv: string[], stdin: string) {
  let out = '';
  let err = '';
  const io: CliIo = {
    stdout: (text) => (out += text),
    stderr: (text) => (err += text),
    isTTY: false,
    env: { NO_COLOR: '1' },
    readStdin: () => Promise.resolve(stdin),
  };
  const code = await run(argv, io);
  return { code, stdout: out, stderr: err };
}

const DOCS =
  '{\r\n\t"name": "Café Docs",\r\n\t"theme": "mint",\r\n\t"colors": { "primary": "#0D9373" },\r\n\t"navigation": { "pages": ["index", "guides/ünïcode"] }\r\n}\r\n';
const SITE = { 'docs.json': DOCS, 'index.mdx': '# Home\n\n[Guide](/guides/ünïcode)\n', 'guides/ünïcode.mdx': '# Guide\n' };

type Reported = Array<{ file: string; problems: Array<{ code: string }> }>;
const codes = (stdout: string) => (JSON.parse(stdout) as Reported).map((result) => result.problems.map((problem) => problem.code));

describe('validate - (standard input) and the page scan cache', () => {
  it('with --stdin-filename and --no-cache: the pages are found under its folder, and nothing is kept', async () => {
    const root = siteWith(SITE);
    const result = await docsnav(['validate', '-', '--stdin-filename', path.join(root, 'docs.json'), '--no-cache', '-f', 'json'], DOCS);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(codes(result.stdout)).toEqual([[]]);
    // Under the folder, a missing page is one.
    const missing = await docsnav(
      ['validate', '-', '--stdin-filename', path.join(root, 'docs.json'), '--no-cache', '-f', 'json'],
      DOCS.replace('guides/ünïcode', 'guides/gone'),
    );
    expect(missing.code).toBe(1);
    expect(codes(missing.stdout)).toEqual([['page-not-found']]);
  });

  it('with --root and a cache location: the cache is kept for that root', async () => {
    const root = siteWith(SITE);
    const cache = path.join(mkdtempSync(path.join(tmpdir(), 'docsnav-stdin-cache-')), 'cache') + path.sep;
    const result = await docsnav(['validate', '-', '--root', root, '--cache-location', cache, '-f', 'json'], DOCS);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(codes(result.stdout)).toEqual([[]]);
    expect(readdirSync(cache)).toContain('page-scans.json');
  });

  it('with no root: no page is looked up, and no cache is kept (there is no root to key it by)', async () => {
    const cache = path.join(mkdtempSync(path.join(tmpdir(), 'docsnav-stdin-cache-')), 'cache') + path.sep;
    const result = await docsnav(['validate', '-', '--cache-location', cache, '-f', 'json'], DOCS.replace('guides/ünïcode', 'guides/gone'));
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(codes(result.stdout)).toEqual([[]]);
    expect(existsSync(path.join(cache, 'page-scans.json'))).toBe(false);
  });
});
