/**
 * The docs root's listing (src/docs-root.ts `docsRootFiles`) on real trees: what it lists and what
 * it leaves out (node_modules and .git, not other dot folders), what a symlink is (inside: followed
 * once; outside: `outside-root`; to nothing or a loop: nothing), what is not a regular file (FIFO,
 * socket, device), page files (`.mdx` over `.md`, case kept), one walk on the first lookup, and the
 * fingerprint of the listing. Then `docsFileIn` and `sitesBelow`, the CLI's search for a site.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { docsFileIn, docsRootFiles, sitesBelow, type DocsFiles } from '../src/docs-root.js';
import { tempTrees } from './config/temp-tree.js';
import { listeningSocket } from './daemon/sockets.js';

const tree = tempTrees('docsnav-docs-root-');
const fifo = (file: string) => execFileSync('mkfifo', [file]);
const sockets: Array<Awaited<ReturnType<typeof listeningSocket>>> = [];
afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.close()));
});

/** A unix socket listening at `file`, closed after the file's tests. */
async function socketAt(file: string): Promise<void> {
  sockets.push(await listeningSocket(file));
}

/** Both halves of a root's answer about a path: a file it lists, and its kind. */
const seen = (files: DocsFiles, relativePath: string) => [files.hasFile(relativePath), files.kindOf!(relativePath)];

describe('what a root lists', () => {
  it('files in nested folders, dot folders other than .git, names with spaces and multi-byte characters, byte for byte', () => {
    const root = tree({
      'index.mdx': '',
      'guides/intro.md': '',
      'guides/deep/er/page.mdx': '',
      'my guides/café ☕.mdx': '',
      'guides/𝒳 astral.md': '',
      '.github/workflows/ci.yml': '',
      '.hidden/page.mdx': '',
    });
    const files = docsRootFiles(root);
    expect([...files.list!()].sort()).toEqual(
      [
        '.github/workflows/ci.yml',
        '.hidden/page.mdx',
        'guides/deep/er/page.mdx',
        'guides/intro.md',
        'guides/𝒳 astral.md',
        'index.mdx',
        'my guides/café ☕.mdx',
      ].sort(),
    );
    expect(files.filesIn('').slice().sort()).toEqual(['index.mdx']);
    expect(files.filesIn('guides').slice().sort()).toEqual(['intro.md', '𝒳 astral.md']);
    expect(files.filesIn('my guides')).toEqual(['café ☕.mdx']);
    expect(files.filesIn('guides/deep')).toEqual([]);
    expect(files.pageFileOf!('my guides/café ☕')).toBe('my guides/café ☕.mdx');
    expect(files.pageFileOf!('guides/𝒳 astral')).toBe('guides/𝒳 astral.md');
    // The same characters decomposed (NFD) are another name: nothing normalizes them.
    expect(files.hasFile('my guides/café ☕.mdx'.normalize('NFD'))).toBe(false);
  });

  it('a folder it does not hold lists no names', () => {
    const files = docsRootFiles(tree({ 'a/page.mdx': '' }));
    expect(files.filesIn('missing')).toEqual([]);
    expect(files.filesIn('a/page.mdx')).toEqual([]);
  });

  it.each(['node_modules', '.git', 'guides/node_modules', 'guides/.git'])('%s is not walked (nor shown as a folder)', (skipped) => {
    const root = tree({ 'guides/page.mdx': '', [`${skipped}/pkg/readme.md`]: '', [`${skipped}/page.mdx`]: '' });
    const files = docsRootFiles(root);
    expect([...files.list!()].sort()).toEqual(['guides/page.mdx']);
    expect(files.filesIn(skipped)).toEqual([]);
    expect(files.pageFileOf!(`${skipped}/page`)).toBeUndefined();
    expect(seen(files, `${skipped}/page.mdx`)).toEqual([false, undefined]);
  });

  it('upper and lower case twins are two files and two pages; an upper-case extension is a file, not a page', () => {
    const files = docsRootFiles(tree({ 'Guide.mdx': '', 'guide.mdx': '', 'API.md': '', 'notes.MDX': '', 's.mdx': '' }));
    expect(files.pageFileOf!('Guide')).toBe('Guide.mdx');
    expect(files.pageFileOf!('guide')).toBe('guide.mdx');
    expect(files.pageFileOf!('GUIDE')).toBeUndefined();
    expect(files.pageFileOf!('API')).toBe('API.md');
    expect(files.pageFileOf!('api')).toBeUndefined();
    expect(files.pageFileOf!('s')).toBe('s.mdx');
    expect(files.pageFileOf!('S')).toBeUndefined();
    expect(files.hasFile('notes.MDX')).toBe(true);
    expect(files.pageFileOf!('notes')).toBeUndefined();
  });

  it('a file the platform does not read as a page is a file, not a page: snippets, readme and license .md, its own ignores, .mintignore', () => {
    const root = tree({
      'snippets/note.mdx': '',
      'guides/README.md': '',
      'guides/license.md': '',
      'guides/readme.mdx': '',
      'CHANGELOG.md': '',
      'drafts/wip.mdx': '',
      'kept.md': '',
      '.mintignore': 'drafts/\n',
    });
    const files = docsRootFiles(root);
    for (const [page, file] of [
      ['snippets/note', 'snippets/note.mdx'],
      ['guides/README', 'guides/README.md'],
      ['guides/license', 'guides/license.md'],
      ['CHANGELOG', 'CHANGELOG.md'],
      ['drafts/wip', 'drafts/wip.mdx'],
    ]) {
      expect(files.hasFile(file), file).toBe(true);
      expect(files.pageFileOf!(page), page).toBeUndefined();
    }
    expect(files.pageFileOf!('guides/readme')).toBe('guides/readme.mdx');
    expect(files.pageFileOf!('kept')).toBe('kept.md');
  });

  it('a page with both files is its .mdx, whichever the walk meets first', () => {
    // Half written .md first, half .mdx first: the order of creation is not the order asked for (Node reads a folder sorted, `.md` first).
    const root = tree({});
    const pages = Array.from({ length: 12 }, (_, i) => `p${i}`);
    for (const [i, page] of pages.entries()) {
      for (const extension of i % 2 === 0 ? ['.md', '.mdx'] : ['.mdx', '.md']) writeFileSync(path.join(root, `${page}${extension}`), '');
    }
    const files = docsRootFiles(root);
    expect(pages.map((page) => files.pageFileOf!(page))).toEqual(pages.map((page) => `${page}.mdx`));
  });
});

describe('what is not a regular file', () => {
  it('a FIFO, a socket and a device are kinds, not files nor names; folders are folders', async () => {
    const root = tree({ 'page.mdx': '', 'sub/page.mdx': '' });
    fifo(path.join(root, 'pipe.mdx'));
    await socketAt(path.join(root, 'sock.md'));
    execFileSync('mknod', [path.join(root, 'dev.md'), 'c', '1', '3']);
    const files = docsRootFiles(root);
    expect(seen(files, 'pipe.mdx')).toEqual([false, 'a FIFO']);
    expect(seen(files, 'sock.md')).toEqual([false, 'a socket']);
    expect(seen(files, 'dev.md')).toEqual([false, 'a device']);
    expect(seen(files, 'page.mdx')).toEqual([true, 'file']);
    expect(seen(files, 'sub')).toEqual([false, 'folder']);
    expect(seen(files, '')).toEqual([false, 'folder']);
    expect(files.filesIn('').slice().sort()).toEqual(['page.mdx']);
    expect(files.pageFileOf!('pipe')).toBeUndefined();
    expect(files.hasLinksOutside!()).toBe(false);
  });

  it('below a FIFO is nothing, nor below a missing folder or a file', () => {
    const root = tree({ 'page.mdx': '', 'sub/page.mdx': '' });
    fifo(path.join(root, 'pipe'));
    const files = docsRootFiles(root);
    for (const below of ['pipe/page.mdx', 'nowhere/page.mdx', 'nowhere/deeper/page.mdx', 'page.mdx/x', 'sub/nowhere/page.mdx', 'sub/page.mdx/x', 'x']) {
      expect(seen(files, below), below).toEqual([false, undefined]);
    }
  });

  it('a path that is not root-relative (a leading /) is nothing, and the lookup ends', () => {
    const root = tree({ 'page.mdx': '' });
    fifo(path.join(root, 'pipe'));
    const files = docsRootFiles(root);
    for (const odd of ['/page.mdx', '/nowhere/page.mdx', '//pipe', '/']) expect(seen(files, odd), odd).toEqual([false, undefined]);
  });
});

describe('symlinks', () => {
  it('one to a file or a folder inside the root is followed: listed where the link is, and where its target is', () => {
    const root = tree({ 'real/page.mdx': '', 'real/deep/leaf.md': '', 'target.mdx': '' });
    symlinkSync('real', path.join(root, 'alias'));
    symlinkSync('target.mdx', path.join(root, 'linked.mdx'));
    symlinkSync('../target.mdx', path.join(root, 'real', 'up.md'));
    const files = docsRootFiles(root);
    expect([...files.list!()].sort()).toEqual(
      ['alias/deep/leaf.md', 'alias/page.mdx', 'alias/up.md', 'linked.mdx', 'real/deep/leaf.md', 'real/page.mdx', 'real/up.md', 'target.mdx'].sort(),
    );
    expect(seen(files, 'alias')).toEqual([false, 'folder']);
    expect(seen(files, 'linked.mdx')).toEqual([true, 'file']);
    expect(files.pageFileOf!('alias/page')).toBe('alias/page.mdx');
    expect(files.pageFileOf!('linked')).toBe('linked.mdx');
    expect(files.hasLinksOutside!()).toBe(false);
  });

  it('one to a FIFO inside the root is that FIFO', () => {
    const root = tree({ 'page.mdx': '' });
    fifo(path.join(root, 'pipe'));
    symlinkSync('pipe', path.join(root, 'to-pipe.mdx'));
    expect(seen(docsRootFiles(root), 'to-pipe.mdx')).toEqual([false, 'a FIFO']);
  });

  it('one out of the root is outside-root, as is every path below it; nothing behind it is listed', () => {
    const outside = tree({ 'page.mdx': '', 'folder/page.mdx': '' });
    const root = tree({ 'index.mdx': '', 'sub/page.mdx': '' });
    symlinkSync(path.join(outside, 'folder'), path.join(root, 'out'));
    symlinkSync(path.join(outside, 'page.mdx'), path.join(root, 'sub', 'out.mdx'));
    symlinkSync('/dev/null', path.join(root, 'null.md'));
    const files = docsRootFiles(root);
    expect([...files.list!()].sort()).toEqual(['index.mdx', 'sub/page.mdx']);
    expect(seen(files, 'out')).toEqual([false, 'outside-root']);
    expect(seen(files, 'out/page.mdx')).toEqual([false, 'outside-root']);
    expect(seen(files, 'out/a/b/page.mdx')).toEqual([false, 'outside-root']);
    expect(seen(files, 'sub/out.mdx')).toEqual([false, 'outside-root']);
    expect(seen(files, 'null.md')).toEqual([false, 'outside-root']);
    expect(files.filesIn('out')).toEqual([]);
    expect(files.pageFileOf!('out/page')).toBeUndefined();
    expect(files.hasLinksOutside!()).toBe(true);
  });

  it('one to nothing, a loop of links, and a link back up to the root or a folder above it are as if not there', () => {
    const root = tree({ 'index.mdx': '', 'sub/page.mdx': '' });
    symlinkSync('missing.mdx', path.join(root, 'dangling.mdx'));
    symlinkSync('b', path.join(root, 'a'));
    symlinkSync('a', path.join(root, 'b'));
    symlinkSync('.', path.join(root, 'self'));
    symlinkSync('..', path.join(root, 'sub', 'up'));
    const files = docsRootFiles(root);
    expect([...files.list!()].sort()).toEqual(['index.mdx', 'sub/page.mdx']);
    expect(files.filesIn('').slice().sort()).toEqual(['index.mdx']);
    for (const gone of ['dangling.mdx', 'a', 'b', 'self', 'self/index.mdx', 'sub/up', 'sub/up/index.mdx']) {
      expect(seen(files, gone), gone).toEqual([false, undefined]);
    }
    expect(files.hasLinksOutside!()).toBe(false);
  });

  it('a folder reached through more than 40 links (a path the system refuses: ELOOP) is listed empty, and the walk goes on', () => {
    // node_modules/d1 … d42, each with `next` leading to the one after; `start` leads to d1. node_modules is not walked, so the
    // chain is met only through `start`: start/next/…/next with 40 `next` passes 41 links.
    const root = tree({ 'index.mdx': '' });
    for (let i = 1; i <= 42; i++) {
      mkdirSync(path.join(root, 'node_modules', `d${i}`), { recursive: true });
      writeFileSync(path.join(root, 'node_modules', `d${i}`, 'page.mdx'), '');
      symlinkSync(`../d${i + 1}`, path.join(root, 'node_modules', `d${i}`, 'next'));
    }
    symlinkSync('node_modules/d1', path.join(root, 'start'));
    const files = docsRootFiles(root);
    const through = (links: number) => ['start', ...Array<string>(links - 1).fill('next')].join('/');
    expect(seen(files, `${through(40)}/page.mdx`)).toEqual([true, 'file']);
    expect(seen(files, through(41))).toEqual([false, 'folder']);
    expect(files.filesIn(through(41))).toEqual([]);
    expect(seen(files, `${through(41)}/page.mdx`)).toEqual([false, undefined]);
    expect(files.hasFile('index.mdx')).toBe(true);
  });

  it('a root that is itself a link is walked as the folder it leads to', () => {
    const real = tree({ 'index.mdx': '', 'sub/page.mdx': '' });
    const link = `${real}-link`;
    symlinkSync(real, link);
    symlinkSync('../sub', path.join(real, 'sub', 'again'));
    const files = docsRootFiles(link);
    // A link to a folder the walk meets as a folder too is followed once (each real folder is entered once through links).
    expect([...files.list!()].sort()).toEqual(['index.mdx', 'sub/again/page.mdx', 'sub/page.mdx']);
    expect(files.root).toBe(link);
    expect(docsRootFiles(link, 'docs').root).toBe('docs');
  });
});

describe('one walk, on the first lookup', () => {
  /** Each lookup, as a listing's first call, with what it answers of a root holding `page.mdx` and a FIFO (then of one that also holds a link out). */
  const lookups: Array<[string, (files: DocsFiles) => unknown, unknown]> = [
    ['hasFile', (files) => files.hasFile('page.mdx'), true],
    ['pageFileOf', (files) => files.pageFileOf!('page'), 'page.mdx'],
    ['filesIn', (files) => files.filesIn(''), ['page.mdx']],
    ['list', (files) => files.list!(), ['page.mdx']],
    ['kindOf', (files) => [files.kindOf!('page.mdx'), files.kindOf!('pipe')], ['file', 'a FIFO']],
    ['hasLinksOutside', (files) => files.hasLinksOutside!(), false],
  ];

  it.each(lookups)('%s walks the root when first asked, not when the listing is made, and not again', (_name, ask, answer) => {
    const root = tree({});
    const files = docsRootFiles(root);
    writeFileSync(path.join(root, 'page.mdx'), '');
    fifo(path.join(root, 'pipe'));
    expect(ask(files)).toEqual(answer);
    // Changed on disk after the walk: the listing still answers as it did.
    const outside = tree({ 'x.mdx': '' });
    symlinkSync(outside, path.join(root, 'out'));
    renameSync(path.join(root, 'page.mdx'), path.join(root, 'moved.mdx'));
    expect(ask(files)).toEqual(answer);
    expect(files.hasFile('moved.mdx')).toBe(false);
    // A new listing sees the change.
    expect(ask(docsRootFiles(root))).not.toEqual(answer);
  });

  it('fingerprint walks the root when first asked, and not again', () => {
    const root = tree({});
    const files = docsRootFiles(root);
    writeFileSync(path.join(root, 'page.mdx'), '');
    const first = files.fingerprint!();
    expect(first).toBe(docsRootFiles(root).fingerprint!());
    writeFileSync(path.join(root, 'other.mdx'), '');
    expect(files.fingerprint!()).toBe(first);
    expect(docsRootFiles(root).fingerprint!()).not.toBe(first);
  });
});

describe('fingerprint', () => {
  const fingerprintOf = (root: string) => docsRootFiles(root).fingerprint!();

  it('is a SHA-256 digest in base64url, the same for the same listing (not the same contents)', () => {
    const a = tree({ 'index.mdx': 'one', 'guides/page.md': '' });
    const b = tree({ 'index.mdx': 'two', 'guides/page.md': 'changed' });
    expect(fingerprintOf(a)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fingerprintOf(a)).toBe(fingerprintOf(b));
  });

  it.each<[string, (root: string) => void]>([
    ['a file added', (root) => writeFileSync(path.join(root, 'new.mdx'), '')],
    ['a file moved to another folder', (root) => renameSync(path.join(root, 'guides', 'page.md'), path.join(root, 'page.md'))],
    ['an empty folder added', (root) => mkdirSync(path.join(root, 'empty'))],
    ['a FIFO added', (root) => fifo(path.join(root, 'pipe'))],
    ['a link out added', (root) => symlinkSync('/dev/null', path.join(root, 'null.md'))],
    ['a dangling link turned into a link out', (root) => (rmSync(path.join(root, 'dangling')), symlinkSync('/dev/null', path.join(root, 'dangling')))],
    ['.mintignore changed', (root) => writeFileSync(path.join(root, '.mintignore'), 'guides/\n')],
  ])('changes with %s', (_change, change) => {
    const root = tree({ 'index.mdx': '', 'guides/page.md': '', '.mintignore': 'drafts/\n' });
    symlinkSync('missing', path.join(root, 'dangling'));
    const before = fingerprintOf(root);
    change(root);
    expect(fingerprintOf(root)).not.toBe(before);
  });

  it('tells a folder of two names from a folder of one name that is the two run together', () => {
    const two = tree({ a: '', b: '' });
    const joined = docsRootFiles(two).filesIn('').join('');
    expect(fingerprintOf(tree({ [joined]: '' }))).not.toBe(fingerprintOf(two));
  });
});

describe('docsFileIn', () => {
  it.each<[string, Record<string, string>, string | undefined]>([
    ['docs.json', { 'docs.json': '{}', 'docs.yaml': '', 'mint.json': '{}' }, 'docs.json'],
    ['docs.yaml before docs.yml and mint.json', { 'docs.yml': '', 'docs.yaml': '', 'mint.json': '{}' }, 'docs.yaml'],
    ['docs.yml before mint.json', { 'docs.yml': '', 'mint.json': '{}' }, 'docs.yml'],
    ['mint.json when it is the only one', { 'mint.json': '{}' }, 'mint.json'],
    ['a folder named docs.json is passed over', { 'docs.json/x': '', 'mint.json': '{}' }, 'mint.json'],
    ['none', { 'index.mdx': '', 'Docs.json': '{}' }, undefined],
  ])('%s', (_name, files, found) => {
    expect(docsFileIn(tree(files))).toBe(found);
  });

  it('a link to a docs file is one; a FIFO, a link to nothing and a missing folder are none', () => {
    const root = tree({ 'real.json': '{}' });
    symlinkSync('real.json', path.join(root, 'docs.json'));
    expect(docsFileIn(root)).toBe('docs.json');
    const odd = tree({});
    fifo(path.join(odd, 'docs.json'));
    symlinkSync('missing', path.join(odd, 'docs.yaml'));
    expect(docsFileIn(odd)).toBeUndefined();
    expect(docsFileIn(path.join(odd, 'missing'))).toBeUndefined();
  });
});

describe('sitesBelow', () => {
  it('the docs file of each folder one below, sorted by folder; not hidden folders, node_modules, links, files, deeper sites or its own', () => {
    const root = tree({
      'docs.json': '{}',
      'zeta/docs.json': '{}',
      'alpha/docs.yml': '',
      'Beta/mint.json': '{}',
      'beta/docs.json': '{}',
      'beta/docs.yaml': '',
      'with space/docs.json': '{}',
      'empty/index.mdx': '',
      'deep/er/docs.json': '{}',
      '.hidden/docs.json': '{}',
      'node_modules/docs.json': '{}',
      'docs.yaml': '',
      'site.json/docs.json': '{}',
    });
    // A link to a folder with a docs file, inside and outside: only real folders are named.
    symlinkSync('zeta', path.join(root, 'linked'));
    symlinkSync(tree({ 'docs.json': '{}' }), path.join(root, 'linked-out'));
    expect(sitesBelow(root)).toEqual(['Beta/mint.json', 'alpha/docs.yml', 'beta/docs.json', 'site.json/docs.json', 'with space/docs.json', 'zeta/docs.json']);
  });

  it('sorted as JavaScript sorts names (UTF-16 units: an astral name before U+FF5A), not as the folder is read (UTF-8 bytes)', () => {
    const root = tree({ 'ｚ/docs.json': '{}', '𝒳/docs.json': '{}', 'é/docs.json': '{}', 'z/docs.json': '{}' });
    expect(sitesBelow(root)).toEqual(['z/docs.json', 'é/docs.json', '𝒳/docs.json', 'ｚ/docs.json']);
  });

  it('none below a missing folder, a file or an empty folder', () => {
    const root = tree({ 'file.json': '{}', 'empty/.keep': '' });
    expect(sitesBelow(path.join(root, 'missing'))).toEqual([]);
    expect(sitesBelow(path.join(root, 'file.json'))).toEqual([]);
    expect(sitesBelow(path.join(root, 'empty'))).toEqual([]);
  });
});
