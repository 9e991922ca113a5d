/**
 * The pipeline's sink (src/pipeline/sink.ts) and start (src/pipeline/start.ts) seen through
 * `validateText` on real docs roots: `ignore`'s pointers reach the findings made while reading
 * docs.json (a duplicate key), a problem carries `fix` only when it has one, a docs.json that does
 * not parse has no page checked, and page problems are named under the docs root given (not the
 * docs file's folder).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateText } from '../src/index.js';
import { write } from './history/repo.js';

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A docs root holding these files. */
function rootWith(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'docsnav-sink-'));
  temps.push(dir);
  write(dir, files);
  return dir;
}

const PAGES = { 'index.mdx': '# Home\n\n[gone](/gone)\n', 'loose.mdx': '---\ntitle: [\n---\n\n# Loose\n' };
const DUPLICATE = '{\n  "name": "A",\n  "name": "B",\n  "navigation": { "pages": ["index"] }\n}\n';
const codesAt = (problems: ReadonlyArray<{ code: string; pointer: string }>) => problems.map((problem) => `${problem.code} ${problem.pointer}`);

describe('ignore: pointers of docs.json, whatever finds them', () => {
  it('a duplicate key at an ignored pointer is not reported; one at another pointer is', () => {
    const root = rootWith(PAGES);
    const all = codesAt(validateText(DUPLICATE, { root }).problems);
    expect(all).toContain('duplicate-key /name');
    const ignored = codesAt(validateText(DUPLICATE, { root, ignore: ['/name'] }).problems);
    expect(ignored).not.toContain('duplicate-key /name');
    expect(ignored).toEqual(all.filter((line) => line !== 'duplicate-key /name'));
    expect(codesAt(validateText(DUPLICATE, { root, ignore: ['/navigation/**'] }).problems)).toContain('duplicate-key /name');
  });
});

describe('a problem holds `fix` only when it has one', () => {
  it('no problem has a `fix` key that is undefined', () => {
    const root = rootWith(PAGES);
    const { problems } = validateText(DUPLICATE, { root });
    expect(problems.length).toBeGreaterThan(1);
    for (const problem of problems) expect('fix' in problem ? problem.fix : 'none', problem.code).toBeDefined();
  });
});

describe('a docs.json that does not parse', () => {
  it.each([
    { name: 'JSON cut short', text: '{ "navigation": { "pages": ["index"] ' },
    { name: 'not JSON at all', text: 'navigation: [' },
  ])('has no page of the root checked: $name', ({ text }) => {
    const root = rootWith(PAGES);
    const { problems } = validateText(text, { root, file: path.join(root, 'docs.json') });
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((problem) => problem.file === path.join(root, 'docs.json'))).toBe(true);
  });
});

describe('page problems are named under the docs root', () => {
  it('given apart from the docs file (a relative docs.json)', () => {
    const root = rootWith(PAGES);
    const { problems } = validateText('{ "navigation": { "pages": ["index"] } }', { root, file: 'docs.json' });
    expect(problems.filter((problem) => problem.code === 'link-not-found').map((problem) => problem.file)).toEqual([path.join(root, 'index.mdx')]);
    expect(problems.filter((problem) => problem.code === 'front-matter-invalid').map((problem) => problem.file)).toEqual([path.join(root, 'loose.mdx')]);
  });
});
