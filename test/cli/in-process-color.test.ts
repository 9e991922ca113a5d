/**
 * Colours, in process, where picocolors finds a terminal that supports them (FORCE_COLOR, set
 * before it loads; the other test files run where it finds none): each command colours what it
 * writes for a terminal (`isTTY`), never a report that shares nothing with one (resolve's problems
 * beside a tree on stdout go to stderr plain, unless --color), and --color / --no-color win.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';

const saved = vi.hoisted(() => {
  const before = { NO_COLOR: process.env.NO_COLOR, FORCE_COLOR: process.env.FORCE_COLOR };
  delete process.env.NO_COLOR;
  process.env.FORCE_COLOR = '1';
  return before;
});

import pc from 'picocolors';
import path from 'node:path';
import { run, type CliIo } from '../../src/cli/run.js';
import { siteWith } from '../move/harness.js';

afterAll(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

async function docsnav(argv: string[], isTTY: boolean) {
  let out = '';
  let err = '';
  const io: CliIo = { stdout: (text) => (out += text), stderr: (text) => (err += text), isTTY, env: {} };
  const code = await run(argv, io);
  return { code, stdout: out, stderr: err };
}

const ESC = '\u001b[';
const plain = (text: string) => text.replace(/\u001b\[\d+m/g, '');

const DOCS_JSON = [
  '{',
  '\t"name": "Ünïcødé Docs",',
  '\t"theme": "mint",',
  '\t"colors": { "primary": "#0D9373" },',
  '\t"navigation": { "groups": [ { "group": "Start", "pages": ["index", "gone"] } ] }',
  '}',
  '',
].join('\r\n');

/** A site with one error (a page not there). */
const site = (more: Record<string, string> = {}) => siteWith({ 'docs.json': DOCS_JSON, 'index.mdx': '# Home\n', ...more });

it('picocolors finds colours supported here', () => {
  expect(pc.isColorSupported).toBe(true);
});

describe('validate', () => {
  it('on a terminal, the report in colour; piped, plain; --color and --no-color win', async () => {
    const root = site();
    const piped = await docsnav(['validate', root, '--no-cache'], false);
    expect(piped.code).toBe(1);
    expect(piped.stdout).not.toContain(ESC);
    const terminal = await docsnav(['validate', root, '--no-cache'], true);
    expect(terminal.stdout).toContain(ESC);
    expect(plain(terminal.stdout)).toBe(piped.stdout);
    expect((await docsnav(['validate', root, '--no-cache', '--no-color'], true)).stdout).toBe(piped.stdout);
    expect((await docsnav(['validate', root, '--no-cache', '--color'], false)).stdout).toBe(terminal.stdout);
  });
});

describe('resolve', () => {
  it('the pretty tree in colour on a terminal only', async () => {
    const root = site({ 'gone.mdx': '# Gone\n' });
    const piped = await docsnav(['resolve', root, '--no-cache', '--tree-format', 'pretty'], false);
    expect(piped).toMatchObject({ code: 0, stderr: '' });
    expect(piped.stdout).not.toContain(ESC);
    const terminal = await docsnav(['resolve', root, '--no-cache', '--tree-format', 'pretty'], true);
    expect(terminal.stdout).toContain(ESC);
    expect(plain(terminal.stdout)).toBe(piped.stdout);
  });

  it('the problems on stderr plain unless --color; on stdout (the tree in --out) in colour on a terminal', async () => {
    const root = site();
    const beside = await docsnav(['resolve', root, '--no-cache'], true);
    expect(beside.code).toBe(1);
    expect(beside.stderr).toContain('page-not-found');
    expect(beside.stderr).not.toContain(ESC);
    expect((await docsnav(['resolve', root, '--no-cache', '--color'], false)).stderr).toContain(ESC);
    const out = path.join(root, 'tree.json');
    const toOut = await docsnav(['resolve', root, '--no-cache', '--out', out], true);
    expect(toOut.code).toBe(1);
    expect(toOut.stdout).toContain(ESC);
    expect(plain(toOut.stdout)).toBe(beside.stderr);
    expect((await docsnav(['resolve', root, '--no-cache', '--out', out], false)).stdout).toBe(beside.stderr);
  });

  it('a bad config alike: plain beside the tree, in colour on stdout with --out on a terminal', async () => {
    const root = site({ 'docsnav.config.json': '{ "extends": "platfrom" }\n' });
    const beside = await docsnav(['resolve', root, '--no-cache'], true);
    expect(beside.code).toBe(2);
    expect(beside.stderr).toContain('config-invalid');
    expect(beside.stderr).not.toContain(ESC);
    expect((await docsnav(['resolve', root, '--no-cache', '--color'], false)).stderr).toContain(ESC);
    const toOut = await docsnav(['resolve', root, '--no-cache', '--out', path.join(root, 'tree.json')], true);
    expect(toOut.code).toBe(2);
    expect(toOut.stdout).toContain(ESC);
    expect(plain(toOut.stdout)).toBe(beside.stderr);
  });
});

describe('upgrade', () => {
  it('a mint.json the legacy check rejects: its problems in colour on a terminal', async () => {
    const root = siteWith({ 'mint.json': '{\r\n\t"name": "Ünïcødé",\r\n\t"navigation": []\r\n}\r\n' });
    const piped = await docsnav(['upgrade', root], false);
    expect(piped.code).toBe(1);
    expect(piped.stderr).toContain('mint-json-invalid');
    expect(piped.stderr).not.toContain(ESC);
    const terminal = await docsnav(['upgrade', root], true);
    expect(terminal.stderr).toContain(ESC);
    expect(plain(terminal.stderr)).toBe(piped.stderr);
  });
});
