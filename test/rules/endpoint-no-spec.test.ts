import { endpointNoSpec } from '../../src/rules/endpoint-no-spec.js';
import { JUNK, nestedGroups, testRule, type RuleCase } from './harness.js';

const five = (top: Record<string, unknown>, leaf: Record<string, unknown>) => ({
  products: [
    {
      product: 'P',
      ...top,
      dropdowns: [
        { dropdown: 'D', anchors: [{ anchor: 'A', versions: [{ version: 'v1', languages: [{ language: 'en', groups: [{ group: 'G', ...leaf }] }] }] }] },
      ],
    },
  ],
});
const FIVE = '/navigation/products/0/dropdowns/0/anchors/0/versions/0/languages/0/groups/0/pages';
const deepCovered = (() => {
  const built = nestedGroups(5000, { pages: ['GET /a'] });
  (built.navigation as { groups: Array<Record<string, unknown>> }).groups[0].openapi = 'api.json';
  return built;
})();
const deepBare = nestedGroups(5000, { pages: ['intro', 'GET /a'] });

const cases: RuleCase[] = [
  // An `openapi` naming no spec (`[]`, `{}`, an object without its source) starts no scope: the one above, if any, holds (the schema reports the value itself).
  {
    name: 'an empty `openapi` array starts no scope: nothing is in scope',
    navigation: { groups: [{ group: 'G', openapi: [], pages: ['GET /a'] }] },
    expected: [{ pointer: '/navigation/groups/0/pages/0', message: /but no `openapi` is set on this element or any above it,/ }],
  },
  {
    name: 'an empty `openapi` object starts no scope: the one above holds',
    navigation: { tabs: [{ tab: 'T', openapi: 'api.json', groups: [{ group: 'G', openapi: {}, pages: ['GET /a'] }] }] },
    expected: [],
  },
  {
    name: 'an empty `openapi` array under a scope of the docs root: that scope is said',
    navigation: { tabs: [{ tab: 'T', openapi: '/', groups: [{ group: 'G', openapi: [], pages: ['GET /a'] }] }] },
    expected: [{ pointer: '/navigation/tabs/0/groups/0/pages/0', message: /the `openapi` in scope \("\/"\) names the docs root/ }],
  },
  // Valid.
  { name: 'ordinary pages need no spec', navigation: { pages: ['intro', 'get-started', 'GET', '/users', 'GET users'] }, expected: [] },
  {
    name: '`openapi` on the element itself',
    navigation: { groups: [{ group: 'API', openapi: 'api.json', pages: ['GET /a', 'webhook created'] }] },
    expected: [],
  },
  {
    name: '`openapi` on the root is stripped by the platform: no spec in scope',
    navigation: { openapi: 'api.json', tabs: [{ tab: 'T', groups: [{ group: 'G', pages: ['POST /a'] }] }] },
    expected: [{ pointer: '/navigation/tabs/0/groups/0/pages/0' }],
  },
  {
    name: 'inherited, array form',
    navigation: { tabs: [{ tab: 'T', openapi: ['a.json', 'b.yaml'], pages: [{ group: 'G', pages: ['GET /a'] }] }] },
    expected: [],
  },
  {
    name: 'inherited, object form',
    navigation: { anchors: [{ anchor: 'A', openapi: { source: 'a.json', directory: 'api' }, groups: [{ group: 'G', pages: ['DELETE /a'] }] }] },
    expected: [],
  },
  { name: 'inherited, URL', navigation: { versions: [{ version: 'v1', openapi: 'https://x.example/openapi.json', pages: ['GET /a'] }] }, expected: [] },
  { name: 'spec file named in the entry', navigation: { pages: ['spec.json GET /x', '/api/spec.yaml webhook created'] }, expected: [] },
  { name: 'inherited five levels down', navigation: five({ openapi: 'api.json' }, { pages: ['GET /a'] }), expected: [] },
  { name: 'junk', navigation: { pages: [...JUNK] }, expected: [] },
  { name: 'inherited through 5,000 nested groups', navigation: deepCovered.navigation, expected: [] },

  // Invalid.
  {
    name: 'endpoint with no `openapi` anywhere',
    navigation: { pages: ['intro', 'GET /users'] },
    expected: [
      {
        pointer: '/navigation/pages/1',
        message:
          /^"GET \/users" is an endpoint entry, but no `openapi` is set on this element or any above it, so the platform would leave it as a broken page\. Set `openapi` on an enclosing element, or name the spec in the entry \("openapi\.json GET \/users"\)\.$/,
      },
    ],
  },
  {
    name: 'an `openapi` of `/` names the docs root: no spec in scope (each form of it)',
    navigation: {
      tabs: [
        { tab: 'T', openapi: '/', pages: ['GET /a'] },
        { tab: 'U', openapi: ['./'], groups: [{ group: 'G', pages: ['webhook created'] }] },
        { tab: 'V', openapi: { source: '.' }, pages: ['POST /b'] },
      ],
    },
    expected: [
      {
        pointer: '/navigation/tabs/0/pages/0',
        message:
          /^"GET \/a" is an endpoint entry, but the `openapi` in scope \("\/"\) names the docs root, from which the platform reads no spec, so the platform would leave it as a broken page\. Name the spec file in that `openapi`, or name the spec in the entry \("openapi\.json GET \/a"\)\.$/,
      },
      { pointer: '/navigation/tabs/1/groups/0/pages/0' },
      { pointer: '/navigation/tabs/2/pages/0' },
    ],
  },
  {
    name: 'the docs root beside a spec, a URL, or a blank value: a spec may be in scope, nothing said',
    navigation: {
      tabs: [
        { tab: 'T', openapi: ['/', 'api.json'], pages: ['GET /a'] },
        { tab: 'U', openapi: ['./', 'https://x.example/openapi.json'], pages: ['GET /a'] },
        { tab: 'V', openapi: ['/', ' '], pages: ['GET /a'] },
      ],
    },
    expected: [],
  },
  {
    name: 'webhook with no `openapi`',
    navigation: { groups: [{ group: 'G', pages: ['webhook created'] }] },
    expected: [{ pointer: '/navigation/groups/0/pages/0', message: /\("openapi\.json webhook created"\)\.$/ }],
  },
  {
    name: 'lower-case method and every method',
    navigation: { pages: ['post /a', 'PUT /a', 'patch /a', 'delete /a', 'options /a', 'head /a', 'trace /a'] },
    expected: [
      { pointer: '/navigation/pages/0', message: /\("openapi\.json POST \/a"\)\.$/ },
      ...[1, 2, 3, 4, 5, 6].map((i) => ({ pointer: `/navigation/pages/${i}` })),
    ],
  },
  {
    name: 'a sibling’s `openapi` does not apply',
    navigation: {
      tabs: [
        { tab: 'A', openapi: 'api.json', pages: ['GET /a'] },
        { tab: 'B', pages: ['GET /a'] },
      ],
    },
    expected: [{ pointer: '/navigation/tabs/1/pages/0' }],
  },
  {
    name: 'a child’s `openapi` does not apply to its parent',
    navigation: { groups: [{ group: 'G', pages: ['GET /a', { group: 'H', openapi: 'api.json', pages: ['GET /b'] }, 'GET /c'] }] },
    expected: [{ pointer: '/navigation/groups/0/pages/0' }, { pointer: '/navigation/groups/0/pages/2' }],
  },
  {
    name: '`openapi` on `global` or a global entry is not in scope',
    navigation: { pages: ['GET /a'], global: { openapi: 'api.json', anchors: [{ anchor: 'A', href: 'https://x.example', openapi: 'api.json' }] } },
    expected: [{ pointer: '/navigation/pages/0' }],
  },
  { name: 'five levels down, no `openapi` above', navigation: five({}, { pages: ['intro', 'GET /a'] }), expected: [{ pointer: `${FIVE}/1` }] },
  { name: 'after junk', navigation: { pages: [...JUNK, 'webhook x'] }, expected: [{ pointer: `/navigation/pages/${JUNK.length}` }] },
  { name: '5,000 levels down, no `openapi`', navigation: deepBare.navigation, expected: [{ pointer: `${deepBare.pointer}/pages/1` }] },
];

testRule(
  endpointNoSpec,
  cases,
  /^"[^"]+" is an endpoint entry, but (no `openapi` is set on this element or any above it|the `openapi` in scope \(.*\) names the docs root, from which the platform reads no spec)/,
);
