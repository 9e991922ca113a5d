import { mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateText, ValidationCache, type ReadOutcome } from '../../src/index.js';
import { validatePage } from '../../src/validate-page.js';
import { REQUIRED_SETTINGS } from '../required-settings.js';

const root = mkdtempSync(path.join(tmpdir(), 'docsnav-cache-'));
const temps: string[] = [root];
afterAll(() => {
  for (const folder of temps) rmSync(folder, { recursive: true, force: true });
});

const file = path.join(root, 'docs.json');
const text = JSON.stringify({ ...REQUIRED_SETTINGS, navigation: { pages: ['index'] } });
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
    const docsText = JSON.stringify({ ...REQUIRED_SETTINGS, navigation: { groups: [{ group: 'G', pages: ['guides/a', 'guidesplus/b'] }] } });
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
    const docsText = JSON.stringify({ ...REQUIRED_SETTINGS, navigation: { pages: ['index', 'later'] } });
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

/** A folder in the run's temporary folder with these files (paths relative to it), removed after the tests. */
function folderOf(files: Record<string, string>): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'docsnav-cache-site-'));
  temps.push(folder);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
    writeFileSync(path.join(folder, name), text);
  }
  return folder;
}

/** The text of what a reader answered, or why it read nothing. */
const textOf = (outcome: ReadOutcome) => (outcome.ok ? outcome.bytes.toString('utf8') : outcome.reason);

/** The codes `validateText` reports for the docs.json of `site` (a folder of a parent holding other roots). */
const siteCodes = (site: string, cache: ValidationCache) =>
  validateText(JSON.stringify({ ...REQUIRED_SETTINGS, navigation: { pages: ['index', 'later'] } }), {
    file: path.join(site, 'docs.json'),
    root: site,
    cache,
  }).problems.map((p) => p.code);

describe('ValidationCache, as validateText and validatePage use it', () => {
  it("drops a root's listing for a file created under it, the root itself or a folder above it; not another root's, nor for a change of contents", () => {
    const parent = folderOf({ 'a/index.mdx': '# A\n', 'b/index.mdx': '# B\n' });
    const [a, b] = [path.join(parent, 'a'), path.join(parent, 'b')];
    const cache = new ValidationCache();
    expect([siteCodes(a, cache), siteCodes(b, cache)]).toEqual([['page-not-found'], ['page-not-found']]);
    writeFileSync(path.join(a, 'later.mdx'), '# Later\n');
    writeFileSync(path.join(b, 'later.mdx'), '# Later\n');
    // No kind: a change of contents, which keeps the listing.
    cache.changed(path.join(a, 'later.mdx'));
    expect([siteCodes(a, cache), siteCodes(b, cache)]).toEqual([['page-not-found'], ['page-not-found']]);
    cache.changed(path.join(a, 'later.mdx'), 'created');
    expect([siteCodes(a, cache), siteCodes(b, cache)]).toEqual([[], ['page-not-found']]);
    // A folder above both roots (a checkout, a folder moved in): every listing under it goes.
    cache.changed(parent, 'created');
    expect(siteCodes(b, cache)).toEqual([]);
  });

  it('keeps the last check of a root for validatePage until a file is created or deleted under it, the root itself or a folder above it', () => {
    const files = { 'index.mdx': 'See [nothing](/nowhere).\n', 'later.mdx': '# Later\n' };
    const parent = folderOf(
      Object.fromEntries(
        Object.entries(files).flatMap(([name, text]) => [
          [`a/${name}`, text],
          [`b/${name}`, text],
        ]),
      ),
    );
    const [a, b] = [path.join(parent, 'a'), path.join(parent, 'b')];
    const cache = new ValidationCache();
    const pageCodes = (site: string) => validatePage(path.join(site, 'index.mdx'), { cache, root: site })?.problems.map((p) => p.code);
    const checkBoth = () => expect([siteCodes(a, cache), siteCodes(b, cache)]).toEqual([['link-not-found'], ['link-not-found']]);
    checkBoth();
    expect([pageCodes(a), pageCodes(b)]).toEqual([['link-not-found'], ['link-not-found']]);
    cache.changed(path.join(a, 'later.mdx'), 'changed');
    expect(pageCodes(a)).toEqual(['link-not-found']);
    // A page created: the pages the last check knew are not the site's; another root's check stays.
    cache.changed(path.join(a, 'new.mdx'), 'created');
    expect([pageCodes(a), pageCodes(b)]).toEqual([undefined, ['link-not-found']]);
    checkBoth();
    cache.changed(a, 'deleted');
    expect([pageCodes(a), pageCodes(b)]).toEqual([undefined, ['link-not-found']]);
    checkBoth();
    cache.changed(parent, 'created');
    expect([pageCodes(a), pageCodes(b)]).toEqual([undefined, undefined]);
  });

  it("checks an editor's text of a page read before: its front matter, and the links of a page outside the navigation", () => {
    const site = folderOf({ 'index.mdx': '---\ntitle: Home\n---\n', 'later.mdx': '# Later\n', 'notes.mdx': 'See [later](/later).\n' });
    const cache = new ValidationCache();
    expect(siteCodes(site, cache)).toEqual([]);
    cache.setText(path.join(site, 'index.mdx'), '---\ntitle: [open\n---\n');
    cache.setText(path.join(site, 'notes.mdx'), 'See [nothing](/nowhere).\n');
    expect(siteCodes(site, cache).sort()).toEqual(['front-matter-invalid', 'link-not-found']);
    cache.setText(path.join(site, 'index.mdx'), undefined);
    cache.setText(path.join(site, 'notes.mdx'), undefined);
    expect(siteCodes(site, cache)).toEqual([]);
  });
});

describe("ValidationCache's reader", () => {
  it("answers any spelling of a path with what the normalized one read, and an editor's text", () => {
    const site = folderOf({ 'sub/page.mdx': 'one' });
    const cache = new ValidationCache();
    const read = cache.readerFor(site);
    const page = path.join(site, 'sub', 'page.mdx');
    const spelled = `${site}${path.sep}sub${path.sep}..${path.sep}sub${path.sep}page.mdx`;
    expect(textOf(read(page))).toBe('one');
    writeFileSync(page, 'two');
    expect(textOf(read(spelled))).toBe('one');
    cache.setText(page, 'three');
    expect(textOf(read(spelled))).toBe('three');
    cache.setText(page, undefined);
    cache.changed(page);
    expect(textOf(read(spelled))).toBe('two');
    // One reader per root, however it is spelled: a check reuses the last one's bodies only through the same reader.
    expect(cache.readerFor(`${site}${path.sep}`)).toBe(read);
  });

  it("never makes readable with an editor's text a file the disk reader refuses", () => {
    const outside = folderOf({ 'secret.mdx': 'secret' });
    const site = folderOf({ 'index.mdx': '# Home\n' });
    symlinkSync(path.join(outside, 'secret.mdx'), path.join(site, 'linked.mdx'));
    const cache = new ValidationCache();
    const read = cache.readerFor(site);
    for (const file of ['missing.mdx', 'linked.mdx']) cache.setText(path.join(site, file), "an editor's text");
    cache.setText(path.join(outside, 'secret.mdx'), "an editor's text");
    expect([read(path.join(site, 'missing.mdx')), read(path.join(site, 'linked.mdx')), read(path.join(outside, 'secret.mdx'))].map(textOf)).toEqual([
      'missing',
      'outside-root',
      'outside-root',
    ]);
  });

  it('reads a file that was missing once told it changed', () => {
    const site = folderOf({});
    const cache = new ValidationCache();
    const read = cache.readerFor(site);
    const page = path.join(site, 'page.mdx');
    expect(textOf(read(page))).toBe('missing');
    writeFileSync(page, 'here');
    expect(textOf(read(page))).toBe('missing');
    cache.changed(page);
    expect(textOf(read(page))).toBe('here');
  });

  it('keeps 256 MiB of contents at most: past that a file is read again each time, until a change frees room', () => {
    const budget = 256 * 1024 * 1024;
    const site = folderOf({ 'big.json': '', 'page.mdx': 'one' });
    // A sparse file: no disk written, the reader still reads (and the cache keeps) all its bytes.
    truncateSync(path.join(site, 'big.json'), budget);
    const cache = new ValidationCache();
    const read = cache.readerFor(site);
    const page = path.join(site, 'page.mdx');
    const big = read(path.join(site, 'big.json'));
    expect(big.ok && big.bytes.length).toBe(budget);
    expect(textOf(read(page))).toBe('one');
    writeFileSync(page, 'two');
    expect(textOf(read(page))).toBe('two');
    // The big file read again from disk frees what it held: the page is kept from its next read on.
    cache.changed(path.join(site, 'big.json'));
    writeFileSync(page, 'three');
    expect(textOf(read(page))).toBe('three');
    writeFileSync(page, 'four');
    expect(textOf(read(page))).toBe('three');
  });
});

describe("ValidationCache's keeping", () => {
  it('counts the changes it is told of (its generation)', () => {
    const cache = new ValidationCache();
    expect(cache.generation).toBe(0);
    cache.changed();
    cache.setText(path.join(root, 'index.mdx'), 'text');
    cache.changed(path.join(root, 'index.mdx'), 'deleted');
    expect(cache.generation).toBe(3);
  });

  it('makes what untilChange keeps once, again after any change', () => {
    const cache = new ValidationCache();
    let made = 0;
    const make = () => ({ made: ++made });
    expect(cache.untilChange('key', make)).toBe(cache.untilChange('key', make));
    cache.setText(path.join(root, 'index.mdx'), undefined);
    expect(cache.untilChange('key', make)).toEqual({ made: 2 });
  });

  it('keeps the last check of a root by its resolved path, and forgets it when told', () => {
    const cache = new ValidationCache();
    const check = { pages: 1 };
    cache.keepCheck(root, check);
    expect(cache.lastCheck(`${root}${path.sep}.`)).toBe(check);
    cache.keepCheck(root, undefined);
    expect(cache.lastCheck(root)).toBeUndefined();
  });

  it("lists a root under the caller's label", () => {
    const cache = new ValidationCache();
    expect(cache.filesFor(root, 'docs').root).toBe('docs');
    expect(cache.filesFor(root).root).toBe(root);
  });

  it("parses a file's bytes once per key while they are the bytes it was given; a change of the file, or of a folder above it, forgets it", () => {
    const cache = new ValidationCache();
    const [page, sibling, nested] = ['guides/a.mdx', 'guidesplus/b.mdx', 'guides/deep/c.mdx'].map((file) => path.join(root, file));
    const bytes = Buffer.from('text');
    let parses = 0;
    const parse = () => ({ parses: ++parses });
    const first = cache.parse(page, bytes, 'key', parse);
    expect(cache.parse(page, bytes, 'key', parse)).toBe(first);
    expect(cache.kept(page, bytes, 'key')).toBe(first);
    expect(cache.parse(page, bytes, 'other', parse)).toEqual({ parses: 2 });
    // The same text in other bytes (an editor's, a read after a change) is parsed again.
    expect(cache.kept(page, Buffer.from('text'), 'key')).toBeUndefined();
    for (const file of [page, sibling, nested]) cache.parse(file, bytes, 'key', parse);
    cache.changed(page);
    expect([page, sibling, nested].map((file) => cache.kept(file, bytes, 'key') !== undefined)).toEqual([false, true, true]);
    cache.parse(page, bytes, 'key', parse);
    cache.changed(path.join(root, 'guides'));
    expect([page, sibling, nested].map((file) => cache.kept(file, bytes, 'key') !== undefined)).toEqual([false, true, false]);
  });
});
