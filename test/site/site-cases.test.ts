/**
 * The site a page tree and a docs root make (src/site/site.ts's buildSite), on its own: which page
 * wins a path, which file a page has among several, what is a folder, what a folder of generated
 * pages leads to; and the smaller parts beside it: the pages moved since a git ref
 * (src/site/base.ts) and the bodies handed to the rules (src/site/pages.ts).
 */
import { describe, expect, it } from 'vitest';
import type { PageTree } from '../../src/resolve/types.js';
import { buildSite, type SitePage } from '../../src/site/site.js';
import { movedPages, type SiteBase } from '../../src/site/base.js';
import { pageBodies, type PageBody } from '../../src/site/pages.js';

/** A page of the tree: a page with its file, or a page generated from a spec (`endpoint`). */
type TreePage = { path: string; kind: 'page' | 'endpoint'; file?: string };

const treeOf = (pages: TreePage[]): PageTree => ({ pages }) as unknown as PageTree;

/** A docs root's listing, as DocsFiles answers it. */
const filesOf = (list: string[]) => ({ hasFile: (file: string) => list.includes(file), list: () => list });

const TREE: TreePage[] = [
  { path: 'index', kind: 'page', file: 'index.mdx' },
  // The same path again (a page listed twice): the first one is the site's.
  { path: 'index', kind: 'endpoint' },
  { path: 'api/users/get', kind: 'endpoint' },
  { path: 'api/users/post', kind: 'endpoint' },
  { path: 'mixed/get', kind: 'endpoint' },
  { path: 'guides/setup', kind: 'page', file: 'guides/setup.mdx' },
  // Listed without a file in the tree: the listing gives it one.
  { path: 'intro', kind: 'page' },
];

const LISTING = [
  'index.mdx',
  'guides/setup.mdx',
  'intro.md',
  'intro.mdx',
  'hidden.MDX',
  'hidden.Mdx',
  'mixed/page.mdx',
  // The file of a generated page's path: served, but the page stays the generated one.
  'mixed/get.mdx',
  'snippets/part.mdx',
  'notes.mdx.bak',
  'images/logo.png',
  'drafts/wip.mdx',
  'drafts/diagram.png',
];

const ignored = (file: string) => file.startsWith('drafts/');

describe('buildSite', () => {
  // Made in each test, not once for the block: Stryker activates a mutant only while a test runs.
  const site = () => buildSite(treeOf(TREE), filesOf(LISTING), ignored, ['faq', 'guides/setup']);

  it('the pages: the tree first (a path once, its file when it has one), then the listed paths it lacks, then the files served unlisted', () => {
    const pages: SitePage[] = [
      { path: 'index', listed: true, endpoint: false, file: 'index.mdx' },
      { path: 'api/users/get', listed: true, endpoint: true },
      { path: 'api/users/post', listed: true, endpoint: true },
      { path: 'mixed/get', listed: true, endpoint: true },
      { path: 'guides/setup', listed: true, endpoint: false, file: 'guides/setup.mdx' },
      // `.mdx` wins over `.md`, whichever comes first.
      { path: 'intro', listed: true, endpoint: false, file: 'intro.mdx' },
      { path: 'faq', listed: true, endpoint: false },
      // Two files of the same rank (neither `hidden.mdx` nor `hidden.md`): the first listed.
      { path: 'hidden', file: 'hidden.MDX', listed: false, endpoint: false },
      { path: 'mixed/page', file: 'mixed/page.mdx', listed: false, endpoint: false },
    ];
    expect([...site().pages.values()]).toStrictEqual(pages);
    expect([...site().pages.keys()]).toStrictEqual(pages.map((page) => page.path));
  });

  it('the content files: every page and snippet file not ignored, sorted; nothing that only has `.mdx` inside its name', () => {
    expect(site().contentFiles).toStrictEqual([
      'guides/setup.mdx',
      'hidden.MDX',
      'hidden.Mdx',
      'index.mdx',
      'intro.md',
      'intro.mdx',
      'mixed/get.mdx',
      'mixed/page.mdx',
      'snippets/part.mdx',
    ]);
  });

  it.each([
    ['guides', true],
    ['mixed', true],
    ['guides/setup', false],
    ['intro', false],
    ['api', false],
    ['api/users', false],
    ['snippets', false],
    ['drafts', false],
    ['', false],
  ])('folder %j: %s', (urlPath, folder) => {
    expect(site().isFolder(urlPath)).toBe(folder);
  });

  it.each([
    ['images/logo.png', true],
    ['images/missing.png', false],
    ['drafts/diagram.png', false],
  ])('file %j served: %s', (urlPath, served) => {
    expect(site().hasFile(urlPath)).toBe(served);
  });

  it.each([
    ['api/users', 'api/users/get'],
    ['api', 'api/users/get'],
    ['api/users/get', undefined],
    ['api/use', undefined],
    ['ap', undefined],
    ['mixed', undefined],
    ['guides', undefined],
  ])('the first generated page under %j: %s', (urlPath, first) => {
    expect(site().firstGeneratedUnder(urlPath)).toBe(first);
  });

  it.each([
    ['guides/setup.mdx', 'guides/setup'],
    ['hidden', 'hidden'],
    ['', 'index'],
    ['nowhere', undefined],
  ])('the page at %j: %s', (urlPath, page) => {
    expect(site().pageAt(urlPath)?.path).toBe(page);
  });

  it('without a listing: the tree only, no content file, no file served, the folders of its pages', () => {
    const bare = buildSite(treeOf(TREE), undefined, () => false);
    expect([...bare.pages.values()]).toStrictEqual([
      { path: 'index', listed: true, endpoint: false, file: 'index.mdx' },
      { path: 'api/users/get', listed: true, endpoint: true },
      { path: 'api/users/post', listed: true, endpoint: true },
      { path: 'mixed/get', listed: true, endpoint: true },
      { path: 'guides/setup', listed: true, endpoint: false, file: 'guides/setup.mdx' },
      { path: 'intro', listed: true, endpoint: false },
    ]);
    expect(bare.contentFiles).toStrictEqual([]);
    expect(bare.hasFile('images/logo.png')).toBe(false);
    expect(bare.isFolder('guides')).toBe(true);
    expect(bare.isFolder('mixed')).toBe(false);
    expect(bare.firstGeneratedUnder('mixed')).toBe('mixed/get');
  });

  it('a listed path the tree also has keeps the tree page; a path written from the root makes no folder of the root', () => {
    const tree = treeOf([
      { path: 'a/b', kind: 'endpoint' },
      { path: '/c', kind: 'endpoint' },
    ]);
    const other = buildSite(tree, filesOf([]), () => false, ['a/b', '/lead']);
    expect([...other.pages.values()]).toStrictEqual([
      { path: 'a/b', listed: true, endpoint: true },
      { path: '/c', listed: true, endpoint: true },
      { path: '/lead', listed: true, endpoint: false },
    ]);
    expect(other.isFolder('')).toBe(false);
    expect(other.firstGeneratedUnder('a')).toBe('a/b');
    expect(other.firstGeneratedUnder('')).toBeUndefined();
  });

  it('the listed page nearest by spelling, for "did you mean"', () => {
    expect(site().closest('guides/stup')).toBe('guides/setup');
    expect(site().closest('INTRO')).toBe('intro');
  });
});

describe('movedPages', () => {
  const base = (pages: Array<[string, string | undefined]>, renames: Array<[string, string]>): SiteBase => ({
    ref: 'origin/main',
    commit: 'c0ffee',
    pages: new Map(pages),
    renames: new Map(renames),
  });
  const now = (pages: Array<[string, string | undefined]>) => new Map(pages.map(([path, file]) => [path, file === undefined ? { path } : { path, file }]));

  it('a URL no longer served whose file moved to a file served at a new URL: moved there', () => {
    const moves = movedPages(base([['old', 'old.mdx']], [['old.mdx', 'new.mdx']]), now([['new', 'new.mdx']]));
    expect([...moves]).toStrictEqual([['old', 'new']]);
  });

  it('two pages of one file now: the first one is where it moved', () => {
    const moves = movedPages(
      base([['old', 'old.mdx']], [['old.mdx', 'new.mdx']]),
      now([
        ['endpoint', undefined],
        ['first', 'new.mdx'],
        ['second', 'new.mdx'],
      ]),
    );
    expect([...moves]).toStrictEqual([['old', 'first']]);
  });

  it.each([
    [
      'the URL is still served',
      base([['old', 'old.mdx']], [['old.mdx', 'new.mdx']]),
      now([
        ['old', 'other.mdx'],
        ['new', 'new.mdx'],
      ]),
    ],
    ['its page had no file', base([['old', undefined]], [['old.mdx', 'new.mdx']]), now([['new', 'new.mdx']])],
    ['its file did not move', base([['old', 'old.mdx']], []), now([['new', 'new.mdx']])],
    ['its file moved to a file no page has', base([['old', 'old.mdx']], [['old.mdx', 'new.mdx']]), now([['new', 'other.mdx']])],
    [
      'the new URL was served at the ref',
      base(
        [
          ['old', 'old.mdx'],
          ['new', 'was.mdx'],
        ],
        [['old.mdx', 'new.mdx']],
      ),
      now([['new', 'new.mdx']]),
    ],
  ])('not moved when %s', (_what, at, pages) => {
    expect([...movedPages(at, pages)]).toStrictEqual([]);
  });

  it('a new URL is the target of one move: the first', () => {
    const moves = movedPages(
      base(
        [
          ['a', 'a.mdx'],
          ['b', 'b.mdx'],
        ],
        [
          ['a.mdx', 'new.mdx'],
          ['b.mdx', 'new.mdx'],
        ],
      ),
      now([['new', 'new.mdx']]),
    );
    expect([...moves]).toStrictEqual([['a', 'new']]);
  });
});

describe('pageBodies', () => {
  it('the files as given, and each body (undefined: not read)', () => {
    const body: PageBody = { file: 'a.mdx', text: '# A\n', scan: { links: [], anchors: new Set(['a']) } };
    const bodies = pageBodies(['a.mdx', 'b.mdx'], new Map([['a.mdx', body]]));
    expect(bodies.files).toStrictEqual(['a.mdx', 'b.mdx']);
    expect(bodies.get('a.mdx')).toBe(body);
    expect(bodies.get('b.mdx')).toBeUndefined();
  });
});
