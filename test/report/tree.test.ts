/**
 * The page tree's two formats (src/report/tree.ts) on trees built by hand in the shapes resolve
 * makes: the pretty tree (`docsnav resolve --format pretty`: trails as indentation, each trail item
 * once, what each page is, its flags, counts, colour on or off, text from the input made safe to
 * print) and the JSON one written in chunks (an empty array, many items, a page bigger than a chunk).
 */
import { describe, expect, it } from 'vitest';
import { formatTreeJson, formatTreePretty, treeJsonChunks } from '../../src/report/tree.js';
import type { PageTree, ResolvedPage } from '../../src/resolve/types.js';

const page = (path: string, extra: Partial<ResolvedPage> = {}): ResolvedPage => ({
  id: `/navigation/pages/${path}`,
  path,
  kind: 'page',
  title: path.toUpperCase(),
  trail: [],
  hidden: false,
  source: `/navigation/pages/${path}`,
  ...extra,
});

const tab = { kind: 'tab', label: 'Guides' } as const;
const group = (label: string) => ({ kind: 'group', label }) as const;

function tree(pages: ResolvedPage[], groups = 0): PageTree {
  return {
    version: 1,
    pages,
    groups: Array.from({ length: groups }, (_, i) => ({ id: `/g/${i}`, label: `G${i}`, trail: [] })) as unknown as PageTree['groups'],
    nav: { kind: 'root', children: [] } as unknown as PageTree['nav'],
    global: [],
  };
}

describe('the pretty tree', () => {
  it('writes each trail item once, indented by depth, then each page under it with what it is', () => {
    const pages = [
      page('intro', { trail: [tab, group('Start')], file: 'intro.mdx' }),
      page('setup', { trail: [tab, group('Start')], title: null }),
      page('api/get-user', {
        kind: 'endpoint',
        trail: [tab, group('API'), group('Users')],
        openapi: { file: 'openapi.json', method: 'GET', path: '/users/{id}' },
        hidden: true,
      }),
      page('events/orders', {
        kind: 'endpoint',
        trail: [tab, group('API'), group('Events')],
        asyncapi: { file: 'asyncapi.yaml', channel: 'orders' },
        deprecated: true,
      }),
      page('old', { trail: [tab, group('API'), group('Events')], file: 'old.mdx', hidden: true, deprecated: true }),
      page('top', { file: 'top.md' }),
    ];
    expect(formatTreePretty(tree(pages, 4), { color: false })).toBe(
      [
        'tab Guides',
        '  group Start',
        '    intro  · INTRO  intro.mdx',
        '    setup  · (no title)  (no file)',
        '  group API',
        '    group Users',
        '      api/get-user  · API/GET-USER  GET /users/{id} [hidden]',
        '    group Events',
        '      events/orders  · EVENTS/ORDERS  channel orders [deprecated]',
        '      old  · OLD  old.mdx [hidden] [deprecated]',
        'top  · TOP  top.md',
        '',
        '6 pages, 4 groups',
        '',
      ].join('\n'),
    );
  });

  it('tells trail items apart by kind as well as label, and names an unnamed one', () => {
    const pages = [
      page('a', { trail: [{ kind: 'tab', label: 'X' }], file: 'a.mdx' }),
      page('b', { trail: [{ kind: 'anchor', label: 'X' }], file: 'b.mdx' }),
      page('c', { trail: [{ kind: 'anchor', label: '' }], file: 'c.mdx' }),
    ];
    expect(formatTreePretty(tree(pages), { color: false }).split('\n').slice(0, 6)).toEqual([
      'tab X',
      '  a  · A  a.mdx',
      'anchor X',
      '  b  · B  b.mdx',
      'anchor (unnamed)',
      '  c  · C  c.mdx',
    ]);
  });

  it('counts one page and one group in the singular, none in the plural', () => {
    expect(formatTreePretty(tree([page('a', { file: 'a.mdx' })], 1), { color: false }).endsWith('\n1 page, 1 group\n')).toBe(true);
    expect(formatTreePretty(tree([]), { color: false })).toBe('\n0 pages, 0 groups\n');
  });

  it('makes control characters of labels, paths, titles, files and operations visible, never printed raw', () => {
    const pages = [
      page('p\u001b[2J', {
        title: 'T\u0007',
        trail: [group('G\u001b]0;x\u0007')],
        openapi: { file: 's', method: 'GET', path: '/a\u001b[31m' },
      }),
      page('q', { trail: [group('G\u001b]0;x\u0007')], asyncapi: { file: 's', channel: 'c\u0008' } }),
      page('r', { trail: [group('G\u001b]0;x\u0007')], file: 'f\u000d.mdx' }),
    ];
    const text = formatTreePretty(tree(pages), { color: false });
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f]/);
    expect(text).toContain('group G␛]0;x␇');
    expect(text).toContain('p␛[2J  · T␇  GET /a␛[31m');
    expect(text).toContain('q  · Q  channel c␈');
    expect(text).toContain('r  · R  f␍.mdx');
  });

  it('colours each part when asked, and none otherwise', () => {
    const pages = [page('a', { trail: [tab], file: 'a.mdx', hidden: true }), page('b', { trail: [tab] })];
    const coloured = formatTreePretty(tree(pages), { color: true });
    expect(coloured).toContain('\u001b[2mtab\u001b[22m \u001b[1mGuides\u001b[22m');
    expect(coloured).toContain('\u001b[2ma.mdx\u001b[22m \u001b[2m[hidden]\u001b[22m');
    expect(coloured).toContain('\u001b[33m(no file)\u001b[39m');
    expect(formatTreePretty(tree(pages), { color: false })).not.toContain('\u001b');
  });
});

describe('the JSON tree', () => {
  it('is JSON.stringify of the tree with two spaces, empty arrays included', () => {
    const pages = [page('a', { trail: [tab], file: 'a.mdx' }), page('b', { title: null, hidden: true })];
    const whole = tree(pages, 2);
    (whole.nav as unknown as { children: unknown[] }).children = [
      { kind: 'page', id: pages[0].id },
      { kind: 'page', id: pages[1].id },
    ];
    expect(formatTreeJson(whole)).toBe(`${JSON.stringify(whole, null, 2)}\n`);
    const empty = tree([]);
    expect(formatTreeJson(empty)).toBe(`${JSON.stringify(empty, null, 2)}\n`);
  });

  it('is written in pieces of about 256 KB: many pages in a few chunks, a page bigger than a chunk in one of its own', () => {
    const many = tree(Array.from({ length: 3000 }, (_, i) => page(`section/page-${i}`, { file: `section/page-${i}.mdx`, trail: [tab, group('All')] })));
    const chunks = [...treeJsonChunks(many)];
    expect(chunks.join('')).toBe(`${JSON.stringify(many, null, 2)}\n`);
    const pageChunks = chunks.filter((chunk) => chunk.length > 1000);
    expect(pageChunks.length).toBeGreaterThan(1);
    for (const chunk of pageChunks.slice(0, -1)) expect(chunk.length).toBeGreaterThanOrEqual(256 * 1024);
    for (const chunk of pageChunks) expect(chunk.length).toBeLessThan(256 * 1024 + 1000);
    const big = tree([page('a'), page('huge', { title: 'x'.repeat(300 * 1024) }), page('c')]);
    const bigChunks = [...treeJsonChunks(big)];
    expect(bigChunks.join('')).toBe(`${JSON.stringify(big, null, 2)}\n`);
    expect(bigChunks.some((chunk) => chunk.length > 300 * 1024 && !chunk.includes('"path": "c"'))).toBe(true);
  });
});
