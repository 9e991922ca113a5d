/**
 * `npm run docs` (scripts/generate-docs.mjs) in process: what it generates is what the registries
 * generate (scripts/generated-docs.ts, as test/docs/generated.test.ts reads it), and what it writes
 * or, with `--check`, names, on a folder of the test's own.
 */
import { existsSync, lstatSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedDocs, writeGeneratedDocs } from '../scripts/generate-docs.mjs';
import { generatedFiles } from '../scripts/generated-docs.js';
import { tempTrees } from './config/temp-tree.js';
import { hangGuard } from './time-scale.mjs';

const project = path.join(import.meta.dirname, '..');
const files = [
  { file: 'a.md', text: 'A\n' },
  { file: 'deep/er/b.md', text: 'B\n' },
  { file: 'c.md', text: 'C\n' },
];

const folder = tempTrees('docsnav-generate-docs-');

function write(root: string, check: boolean) {
  const said: string[] = [];
  const code = writeGeneratedDocs(files, root, { check, say: (line) => said.push(line) });
  return { code, said };
}

describe('scripts/generate-docs.mjs', () => {
  it(
    'generates what the registries generate, and leaves no bundle behind in node_modules/.cache, no cache at the project’s top',
    async () => {
      const cache = path.join(project, 'node_modules', '.cache');
      const before = existsSync(cache) ? readdirSync(cache).filter((name) => name.startsWith('docsnav-docs-')) : [];
      const topCache = existsSync(path.join(project, '.cache'));
      expect(await generatedDocs(project)).toEqual(generatedFiles(project));
      expect(readdirSync(cache).filter((name) => name.startsWith('docsnav-docs-'))).toEqual(before);
      // No cache folder made at the project's top either: its cache is node_modules/.cache, which git ignores.
      expect(existsSync(path.join(project, '.cache'))).toBe(topCache);
    },
    hangGuard(60_000),
  );

  it('--check: names each stale or missing file, writes nothing, exit 1; exit 0 and no line when none is', () => {
    const root = folder({ 'a.md': 'A\n', 'c.md': 'old C\n' });
    expect(write(root, true)).toEqual({ code: 1, said: ['deep/er/b.md is stale: run npm run docs', 'c.md is stale: run npm run docs'] });
    expect(readFileSync(path.join(root, 'c.md'), 'utf8')).toBe('old C\n');
    expect(existsSync(path.join(root, 'deep'))).toBe(false);
    const fresh = folder({ 'a.md': 'A\n', 'deep/er/b.md': 'B\n', 'c.md': 'C\n' });
    expect(write(fresh, true)).toEqual({ code: 0, said: [] });
  });

  it('writes each stale or missing file whole (its folders made, a link replaced, not written through), then is up to date', () => {
    const root = folder({ 'a.md': 'A\n', 'target.md': 'kept\n' });
    symlinkSync(path.join(root, 'target.md'), path.join(root, 'c.md'));
    expect(write(root, false)).toEqual({ code: 0, said: ['docs: wrote deep/er/b.md, c.md'] });
    expect(readFileSync(path.join(root, 'deep', 'er', 'b.md'), 'utf8')).toBe('B\n');
    expect(lstatSync(path.join(root, 'c.md')).isSymbolicLink()).toBe(false);
    expect(readFileSync(path.join(root, 'c.md'), 'utf8')).toBe('C\n');
    expect(readFileSync(path.join(root, 'target.md'), 'utf8')).toBe('kept\n');
    expect(readdirSync(root).sort()).toEqual(['a.md', 'c.md', 'deep', 'target.md']);
    expect(write(root, false)).toEqual({ code: 0, said: ['docs: up to date'] });
  });

  it('a copy it cannot read (a folder in its place) is an error, not a file to overwrite', () => {
    const root = folder({ 'a.md/inside.md': 'x\n' });
    expect(() => write(root, false)).toThrow(/^EISDIR: illegal operation on a directory, read$/);
    expect(readFileSync(path.join(root, 'a.md', 'inside.md'), 'utf8')).toBe('x\n');
  });
});
