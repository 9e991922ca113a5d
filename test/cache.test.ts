import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateText, ValidationCache } from '../src/index.js';

const root = mkdtempSync(path.join(tmpdir(), 'docsnav-cache-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const file = path.join(root, 'docs.json');
const text = JSON.stringify({ navigation: { pages: ['index'] } });
const codes = (cache: ValidationCache) => validateText(text, { file, root, cache }).problems.map((p) => p.code);
const write = (front: string) => writeFileSync(path.join(root, 'index.mdx'), `---\n${front}\n---\n`);

describe('ValidationCache', () => {
  it('keeps a page it read until told it changed: by its path, or everything at once', () => {
    write('title: Home');
    const cache = new ValidationCache();
    expect(codes(cache)).toEqual([]);
    write('title: [open');
    expect(codes(cache)).toEqual([]);
    cache.changed(path.join(root, 'index.mdx'));
    expect(codes(cache)).toEqual(['front-matter-invalid']);
    write('title: Home');
    expect(codes(cache)).toEqual(['front-matter-invalid']);
    // No path: every root's reads go, including those of readers already handed out.
    cache.changed();
    expect(codes(cache)).toEqual([]);
  });

  it("reads an editor's text instead of the disk's while it is set", () => {
    write('title: Home');
    const cache = new ValidationCache();
    cache.setText(path.join(root, 'index.mdx'), '---\ntitle: [open\n---\n');
    expect(codes(cache)).toEqual(['front-matter-invalid']);
    cache.setText(path.join(root, 'index.mdx'), undefined);
    expect(codes(cache)).toEqual([]);
  });
});
