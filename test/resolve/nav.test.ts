import { existsSync, mkdtempSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { formatTreeJson } from '../../src/report/tree.js';
import { resolveFile, resolveText } from '../../src/resolve.js';
import type { NavNode, NavPageRef, PageTree } from '../../src/resolve/types.js';

const schema = JSON.parse(readFileSync('schema/page-tree.schema.json', 'utf8')) as object;
const validateTree = new Ajv({ allErrors: true, strict: true }).compile(schema);

const FIXTURES = path.join('fixtures', 'resolve');
const SITES = [
  ...readdirSync(FIXTURES)
    .filter((name) => existsSync(path.join(FIXTURES, name, 'docs.json')))
    .map((name) => path.join(FIXTURES, name, 'docs.json')),
  'fixtures/example/docs.json',
  'fixtures/broken/docs.json',
  'fixtures/refs/docs.json',
  'fixtures/yaml/docs.yaml',
];

/** Every node of `nav`, depth first. */
function nodes(root: NavNode): NavNode[] {
  const out: NavNode[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    out.push(node);
    for (let i = node.children.length - 1; i >= 0; i--) {
      const child = node.children[i];
      if (child.kind !== 'page') stack.push(child);
    }
  }
  return out;
}

/** Every page id `nav` refers to: children, and a group's `rootPage` unless it is one of its children too. */
function refs(root: NavNode): string[] {
  return nodes(root).flatMap((node) => {
    const children = node.children.filter((c): c is NavPageRef => c.kind === 'page').map((c) => c.page);
    return node.rootPage !== undefined && !children.includes(node.rootPage) ? [node.rootPage, ...children] : children;
  });
}

/** `tab:API > group:Users` per node, with its page paths: the shape of `nav` in readable lines. */
function outline(tree: PageTree): string[] {
  const byId = new Map(tree.pages.map((p) => [p.id, p]));
  const lines: string[] = [];
  const walk = (node: NavNode, depth: number) => {
    const flags = [
      node.hidden && 'hidden',
      node.default && 'default',
      node.href && `href=${node.href}`,
      node.icon && `icon=${JSON.stringify(node.icon)}`,
      node.display,
      node.tag && `tag=${node.tag}`,
    ]
      .filter(Boolean)
      .join(' ');
    lines.push(`${'  '.repeat(depth)}${node.kind}:${node.label}${flags ? ` [${flags}]` : ''}`);
    for (const child of node.children) {
      if (child.kind === 'page') lines.push(`${'  '.repeat(depth + 1)}${byId.get(child.page)?.path}`);
      else walk(child, depth + 1);
    }
  };
  walk(tree.nav, 0);
  return lines;
}

describe('page tree: schema/page-tree.schema.json', () => {
  it.each(SITES)('%s resolves to a tree the schema accepts, every page referenced once from nav', async (file) => {
    const { tree } = await resolveFile(file);
    const valid = validateTree(JSON.parse(formatTreeJson(tree)));
    expect(validateTree.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    expect(tree.version).toBe(1);
    const ids = tree.pages.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...refs(tree.nav)].sort()).toEqual([...ids].sort());
    const nodeIds = nodes(tree.nav).map((n) => n.id);
    expect(new Set(nodeIds).size).toBe(nodeIds.length);
    // every group is a node, with the same id
    const groupIds = new Set(
      nodes(tree.nav)
        .filter((n) => n.kind === 'group')
        .map((n) => n.id),
    );
    expect(tree.groups.filter((g) => !groupIds.has(g.id))).toEqual([]);
  });

  it('rejects what is not a page tree (the schema can fail)', () => {
    expect(validateTree({ version: 1, pages: [], groups: [], global: [] })).toBe(false);
    expect(
      validateTree({ version: 2, pages: [], groups: [], nav: { id: '/navigation', kind: 'navigation', label: '', hidden: false, children: [] }, global: [] }),
    ).toBe(false);
    expect(
      validateTree({
        version: 1,
        pages: [],
        groups: [],
        nav: { id: '/navigation', kind: 'navigation', label: '', hidden: false, children: [{ kind: 'page' }] },
        global: [],
      }),
    ).toBe(false);
  });
});

describe('nav: the nested navigation', () => {
  const docs = {
    navigation: {
      global: {
        anchors: [
          { anchor: 'Status', href: 'https://status.example', icon: 'signal' },
          { anchor: 'Blog', href: '/blog', hidden: true },
        ],
      },
      languages: [
        {
          language: 'en',
          versions: [
            {
              version: 'v1',
              tag: 'legacy',
              tabs: [
                {
                  tab: 'Guides',
                  icon: { name: 'book', style: 'solid' },
                  groups: [{ group: 'Start', pages: ['index', { group: 'More', expanded: true, pages: ['more'] }, 'last'] }],
                },
                { tab: 'Blog', href: 'https://blog.example' },
              ],
            },
            {
              version: 'v2',
              default: true,
              global: { anchors: [{ anchor: 'Changelog', href: 'https://example.com/changes' }] },
              groups: [
                { group: 'Start', hidden: true, pages: ['index'] },
                { group: 'Start', pages: ['other'] },
              ],
            },
          ],
        },
        { language: 'fr', hidden: true, pages: ['fr/index'] },
      ],
    },
  };

  it('holds every division and group with its fields, pages by reference, in navigation order', async () => {
    const { tree } = await resolveText(JSON.stringify(docs), { file: 'docs.json' });
    expect(outline(tree)).toEqual([
      'navigation:',
      '  language:en [default]',
      '    version:v1 [tag=legacy]',
      '      tab:Guides [icon={"name":"book","style":"solid"}]',
      '        group:Start [expanded]',
      '          index',
      '          group:More [expanded]',
      '            more',
      '          last',
      '      tab:Blog [href=https://blog.example]',
      '    version:v2 [default]',
      '      group:Start [hidden expanded]',
      '        index',
      '      group:Start [expanded]',
      '        other',
      '  language:fr [hidden]',
      '    fr/index',
    ]);
    // two sibling groups with one label stay two nodes, with their own ids
    const v2 = tree.nav.children[0] as NavNode;
    const [, second] = v2.children as NavNode[];
    expect(second.children.map((c) => (c as NavNode).id)).toEqual([
      '/navigation/languages/0/versions/1/groups/0',
      '/navigation/languages/0/versions/1/groups/1',
    ]);
    expect(tree.nav.id).toBe('/navigation');
    expect(tree.pages.find((p) => p.path === 'more')?.id).toBe('/navigation/languages/0/versions/0/tabs/0/groups/0/pages/1/pages/0');
  });

  it('lists the global anchors: the site’s in `global`, a version’s on its node', async () => {
    const { tree } = await resolveText(JSON.stringify(docs), { file: 'docs.json' });
    expect(tree.global).toEqual([
      { id: '/navigation/global/anchors/0', kind: 'anchor', label: 'Status', href: 'https://status.example', icon: 'signal', hidden: false },
      { id: '/navigation/global/anchors/1', kind: 'anchor', label: 'Blog', href: '/blog', hidden: true },
    ]);
    const v2 = (tree.nav.children[0] as NavNode).children[1] as NavNode;
    expect(v2.global).toEqual([
      { id: '/navigation/languages/0/versions/1/global/anchors/0', kind: 'anchor', label: 'Changelog', href: 'https://example.com/changes', hidden: false },
    ]);
  });

  it('makes the first version or language the default when none says so, and only one when several do', async () => {
    const text = JSON.stringify({
      navigation: {
        versions: [
          { version: 'a', pages: ['x'] },
          { version: 'b', default: true, pages: ['y'] },
          { version: 'c', default: true, pages: ['z'] },
        ],
      },
    });
    const { tree } = await resolveText(text, { file: 'docs.json' });
    expect((tree.nav.children as NavNode[]).map((v) => `${v.label}:${v.default}`)).toEqual(['a:false', 'b:true', 'c:false']);
    const none = await resolveText(
      JSON.stringify({
        navigation: {
          languages: [
            { language: 'en', pages: ['x'] },
            { language: 'fr', pages: ['y'] },
          ],
        },
      }),
      { file: 'docs.json' },
    );
    expect((none.tree.nav.children as NavNode[]).map((v) => `${v.label}:${v.default}`)).toEqual(['en:true', 'fr:false']);
  });

  it('puts generated groups after the element’s own children, two tags with one x-group as one node (the platform’s findNavGroup, by label)', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'docsnav-nav-'));
    mkdirSync(path.join(root, 'api'));
    const spec = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      tags: [
        { name: 'a', 'x-group': 'Same' },
        { name: 'b', 'x-group': 'Same' },
      ],
      paths: {
        '/a1': { get: { tags: ['a'], summary: 'A one' } },
        '/b1': { get: { tags: ['b'], summary: 'B one' } },
        '/a2': { get: { tags: ['a'], summary: 'A two' } },
        '/free': { get: { summary: 'Free' } },
      },
    };
    writeFileSync(path.join(root, 'api', 'spec.json'), JSON.stringify(spec));
    const text = JSON.stringify({ navigation: { tabs: [{ tab: 'API', openapi: 'api/spec.json', groups: [{ group: 'Intro', pages: ['intro'] }] }] } });
    writeFileSync(path.join(root, 'docs.json'), text);
    const { tree } = await resolveFile(path.join(root, 'docs.json'));
    // `intro` is a page entry, not an endpoint entry: the tab's spec is bulk-generated
    expect(outline(tree)).toEqual([
      'navigation:',
      '  tab:API',
      '    group:Intro [expanded]',
      '      intro',
      '    group:Same [expanded]',
      '      api-reference/a/a-one',
      '      api-reference/b/b-one',
      '      api-reference/a/a-two',
      '    group:API Reference [expanded]',
      '      api-reference/free',
    ]);
    const generated = nodes(tree.nav).filter((n) => n.generated);
    expect(generated.map((n) => n.id)).toEqual(['/navigation/tabs/0/openapi#group:Same', '/navigation/tabs/0/openapi#group:API Reference']);
    expect(tree.pages.filter((p) => p.kind === 'endpoint').map((p) => p.id)).toEqual([
      '/navigation/tabs/0/openapi#GET /a1',
      '/navigation/tabs/0/openapi#GET /b1',
      '/navigation/tabs/0/openapi#GET /a2',
      '/navigation/tabs/0/openapi#GET /free',
    ]);
    expect(validateTree(JSON.parse(formatTreeJson(tree)))).toBe(true);
  });

  it('leaves out what the tree leaves out past 100 levels, without recursion', async () => {
    let group: Record<string, unknown> = { group: 'g150', pages: ['deep'] };
    for (let i = 149; i >= 0; i--) group = { group: `g${i}`, pages: [group] };
    const { tree, problems } = await resolveText(JSON.stringify({ navigation: { groups: [group] } }), { file: 'docs.json' });
    expect(problems.map((p) => p.code)).toContain('too-deep');
    expect(nodes(tree.nav)).toHaveLength(101);
    expect(tree.pages).toHaveLength(0);
    expect(validateTree(JSON.parse(formatTreeJson(tree)))).toBe(true);
  });

  it('is an empty root for a document with no navigation', async () => {
    const { tree } = await resolveText('{"name": "x"}', { file: 'docs.json' });
    expect(tree.nav).toEqual({ id: '/navigation', kind: 'navigation', label: '', hidden: false, children: [] });
    expect(tree.global).toEqual([]);
    expect(formatTreeJson(tree)).toBe(`${JSON.stringify(tree, null, 2)}\n`);
  });
});
