import { pathOutsideRoot } from '../../src/rules/path-outside-root.js';
import { JUNK, nestedGroups, testRule, type RuleCase } from './harness.js';

const pages = (...list: unknown[]) => ({ pages: list });
const at = (i: number) => ({ pointer: `/navigation/pages/${i}` });
const five = (leaf: Record<string, unknown>) => ({
  products: [
    {
      product: 'P',
      dropdowns: [
        {
          dropdown: 'D',
          anchors: [{ anchor: 'A', versions: [{ version: 'v1', languages: [{ language: 'en', tabs: [{ tab: 'T', menu: [{ item: 'I', ...leaf }] }] }] }] }],
        },
      ],
    },
  ],
});
const FIVE = '/navigation/products/0/dropdowns/0/anchors/0/versions/0/languages/0/tabs/0/menu/0';
const deep = nestedGroups(5000, { openapi: '../spec.json', pages: ['ok', 'a/../../x'] });

const cases: RuleCase[] = [
  // Valid.
  { name: 'paths inside the root', navigation: pages('intro', '/intro', './intro', 'a/../intro', 'a/b/../../c', '..intro', 'a..b/c'), expected: [] },
  {
    name: '`openapi` inside the root',
    navigation: { openapi: ['api.json', '/api/a.json', 'a/../b.json'], tabs: [{ tab: 'T', openapi: { source: './x/../y.yaml' } }] },
    expected: [],
  },
  { name: 'spec files inside the root', navigation: pages('api.json GET /a', 'a/../api.json webhook x'), expected: [] },
  {
    name: 'URLs are not paths',
    navigation: { openapi: 'https://x.example/../../a.json', pages: ['https://x.example/../../p', 'https://x.example/../s.json GET /a'] },
    expected: [],
  },
  { name: 'an endpoint’s path is not a file', navigation: pages('GET /../../x', 'webhook ../x'), expected: [] },
  {
    name: '`openapi` on `global` entries is not checked',
    navigation: { pages: [], global: { anchors: [{ anchor: 'A', href: 'https://x.example', openapi: '../a.json' }] } },
    expected: [],
  },
  { name: 'junk', navigation: { openapi: [null, 3, ['../x']], pages: [...JUNK] }, expected: [] },

  // Invalid: pages.
  { name: 'page ../x', navigation: pages('../x'), expected: [at(0)] },
  { name: 'page ../../x and a/../../x', navigation: pages('ok', '../../x', 'a/../../x'), expected: [at(1), at(2)] },
  { name: 'untidy spellings that climb out', navigation: pages('./../x', '/../x.mdx', '..\\x', ' ../x ', '..', '../'), expected: [0, 1, 2, 3, 4, 5].map(at) },
  // Invalid: `openapi` in its three forms.
  { name: '`openapi` string', navigation: { tabs: [{ tab: 'T', openapi: '../spec.json' }] }, expected: [{ pointer: '/navigation/tabs/0/openapi' }] },
  {
    name: '`openapi` array items',
    navigation: { tabs: [{ tab: 'T', openapi: ['ok.json', 'a/../../s.json', '/../t.yaml'] }] },
    expected: [{ pointer: '/navigation/tabs/0/openapi/1' }, { pointer: '/navigation/tabs/0/openapi/2' }],
  },
  {
    name: '`openapi` object',
    navigation: { anchors: [{ anchor: 'A', openapi: { source: '..\\..\\s.yaml', directory: 'api' } }] },
    expected: [{ pointer: '/navigation/anchors/0/openapi/source' }],
  },
  // Invalid: spec files in entries.
  { name: 'spec file in an entry', navigation: pages('../spec.json GET /a', 'x/../../s.yaml webhook created'), expected: [at(0), at(1)] },
  {
    name: 'six levels down: the element’s `openapi`, then its pages',
    navigation: five({ openapi: '../s.json', pages: ['ok', '../../p', '../s.json POST /a'] }),
    expected: [{ pointer: `${FIVE}/openapi` }, { pointer: `${FIVE}/pages/1` }, { pointer: `${FIVE}/pages/2` }],
  },
  { name: 'after junk', navigation: pages(...JUNK, '../x'), expected: [at(JUNK.length)] },
  { name: '5,000 levels down', navigation: deep.navigation, expected: [{ pointer: `${deep.pointer}/openapi` }, { pointer: `${deep.pointer}/pages/1` }] },
];

testRule(pathOutsideRoot, cases, /^(OpenAPI|Page|Spec) path "[^"]+" climbs out of the docs root/);
