import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

  it("a folder dropped drops every read under it, its own path and no other folder's", () => {
    const site = mkdtempSync(path.join(tmpdir(), 'docsnav-cache-folder-'));
    const docs = path.join(site, 'docs.json');
    const docsText = JSON.stringify({ navigation: { groups: [{ group: 'G', pages: ['guides/a', 'guidesplus/b'] }] } });
    const page = (file: string, front: string) => {
      mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
      writeFileSync(path.join(site, file), `---\n${front}\n---\n`);
    };
    const check = (cache: ValidationCache) =>
      validateText(docsText, { file: docs, root: site, cache })
        .problems.map((p) => `${p.code} ${path.relative(site, p.file)}`)
        .sort();
    try {
      page('guides/a.mdx', 'title: A');
      page('guidesplus/b.mdx', 'title: B');
      const cache = new ValidationCache();
      expect(check(cache)).toEqual([]);
      page('guides/a.mdx', 'title: [open');
      page('guidesplus/b.mdx', 'title: [open');
      // `guides` is not a prefix of `guidesplus`: only the folder's own files are read again.
      cache.changed(path.join(site, 'guides'));
      expect(check(cache)).toEqual(['front-matter-invalid guides/a.mdx']);
      cache.changed(path.join(site, 'guidesplus'), 'changed');
      expect(check(cache)).toEqual(['front-matter-invalid guides/a.mdx', 'front-matter-invalid guidesplus/b.mdx']);
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
  });

  it('a file created or deleted makes the listing stale (a page appears or goes); a change of contents does not', () => {
    const site = mkdtempSync(path.join(tmpdir(), 'docsnav-cache-listing-'));
    const docs = path.join(site, 'docs.json');
    const docsText = JSON.stringify({ navigation: { pages: ['index', 'later'] } });
    const check = (cache: ValidationCache) => validateText(docsText, { file: docs, root: site, cache }).problems.map((p) => p.code);
    try {
      writeFileSync(path.join(site, 'index.mdx'), '# Home\n');
      const cache = new ValidationCache();
      expect(check(cache)).toEqual(['page-not-found']);
      writeFileSync(path.join(site, 'later.mdx'), '# Later\n');
      // Told only that contents changed, the listing (which files exist) is kept.
      cache.changed(path.join(site, 'later.mdx'), 'changed');
      expect(check(cache)).toEqual(['page-not-found']);
      cache.changed(path.join(site, 'later.mdx'), 'created');
      expect(check(cache)).toEqual([]);
      rmSync(path.join(site, 'later.mdx'));
      cache.changed(path.join(site, 'later.mdx'), 'deleted');
      expect(check(cache)).toEqual(['page-not-found']);
      // The root itself created again (a folder event for it): its listing goes too.
      writeFileSync(path.join(site, 'later.mdx'), '# Later\n');
      cache.changed(site, 'created');
      expect(check(cache)).toEqual([]);
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
  });
});
