/**
 * Seeded generator of whole docs sites for the differential run (bench/differential.mjs), driven by
 * the platform's own schema: the navigation is drawn from the model bench/differential/schema.mjs
 * reads out of @mintlify/validation's zod schemas (every element, every field it admits, every child
 * kind each element admits, a menu item's included), so a field the platform adds is generated
 * without a change here, and one this file never writes shows up as a coverage gap. Around it: the
 * files a site holds: pages (`.md`, `.mdx`, both, reserved names such as `changelog.md` and
 * `readme.md`, paths with spaces, capitals, unicode and `%20`), specs of every kind the platform
 * reads or refuses (OpenAPI 3.0 and 3.1, Swagger 2.0, AsyncAPI 2 and 3, JSON and YAML, at paths
 * with spaces, capitals and unicode), `$ref`s at element and key level and nested, redirects, and
 * sites with only a mint.json. Most sites are what an author would ship; the rest carry mistakes
 * at a rate of their own, so that a difference is usually caused by one thing and shrinks to it.
 *
 *   makeGenerator(model) -> (seed) => { seed, files: { [path]: text }, written: Set<coverage target> }
 *
 * Written from the schema, the spec and ../shared/reference/platform-facts.md, never from docsnav's
 * element model. The same seed and model give the same site on every machine.
 */
import { mulberry32 } from '../../scripts/mulberry32.mjs';

/** A small, fast, seeded PRNG (mulberry32) and the draws made of it. */
export function random(seed) {
  const next = mulberry32(seed);
  const int = (n) => Math.floor(next() * n);
  return { next, int, chance: (p) => next() < p, pick: (items) => items[int(items.length)] };
}

const FOLDERS = ['', '', 'guides/', 'api/', 'Guides/', 'nested/deep/', 'with space/', 'ünï/', 'a%20b/', 'Mixed Case/'];
const NAMES = ['p1', 'p2', 'p3', 'p4', 'p5', 'intro', 'Setup', 'index', 'quick start', 'ünïcode'];
/** Names the platform treats apart as `.md` files (its ignores and excluded names). */
const RESERVED = ['changelog', 'CHANGELOG', 'readme', 'README', 'license', 'LICENSE', 'contributing', 'Contribute', 'Changelog'];
const SPEC_PATHS = {
  openapi: [
    'openapi.yaml',
    'openapi.json',
    'api/spec.yaml',
    'v2/openapi.yaml',
    'api ref/o.yaml',
    'Specs/OpenAPI.json',
    'spéc/ünï.yaml',
    'a%20b/o.yaml',
    'API.YAML',
  ],
  asyncapi: ['asyncapi.yaml', 'events/asyncapi.json', 'Events Ref/a.yaml', 'évents/a.yml'],
};
const HREFS = ['https://example.com', 'http://example.com', '/guides/p1', '#top', 'mailto:a@example.com'];
/** GraphQL schemas a tab's `graphql` names: what the platform reads with graphql-js, or refuses. */
const GRAPHQL_SCHEMAS = {
  plain: 'type Query {\n  users: [User]\n  user(id: ID!): User\n}\n\ntype User {\n  id: ID!\n  name: String\n}\n',
  // Roots named in `schema`, a mutation, names of mixed case, every kind of type and a scalar (no page).
  kinds: [
    'schema {\n  query: Root\n  mutation: Change\n}',
    'type Root {\n  cherry: Int\n  "A fruit."\n  Banana: Role\n  apple(input: UserInput): SearchResult\n}',
    'type Change {\n  addUser(input: UserInput!): User @deprecated(reason: "gone")\n}',
    'scalar Date',
    'interface Node {\n  id: ID!\n}',
    'type User implements Node {\n  id: ID!\n  born: Date\n}',
    'input UserInput {\n  name: String\n}',
    'enum Role {\n  ADMIN\n}',
    'union SearchResult = User',
  ].join('\n\n'),
  unknownType: 'type Query {\n  user: Account\n}\n',
  noQuery: 'type User {\n  id: ID!\n}\n',
  syntax: 'type Query {\n  user: User\n',
  caseTwins: 'type Query {\n  a: User\n  b: user\n}\n\ntype User {\n  id: ID\n}\n\ntype user {\n  id: ID\n}\n',
};
/** The files those schemas are written to; `missing.graphql` is never written. */
const GRAPHQL_FILES = {
  'api/kinds.graphql': GRAPHQL_SCHEMAS.kinds,
  'api/unknown-type.graphql': GRAPHQL_SCHEMAS.unknownType,
  'no-query.graphql': GRAPHQL_SCHEMAS.noQuery,
  'syntax.graphql': GRAPHQL_SCHEMAS.syntax,
  'Case.graphql': GRAPHQL_SCHEMAS.caseTwins,
  'missing.graphql': undefined,
};
const ODD_HREFS = ['guides/p1', 'example.com', 'javascript:alert(1)', '', 'https://example.com/a b', 'ftp://example.com'];
const ICONS = ['book', 'rocket', 'code', 'house'];
/** Fields the platform strips (platform-facts §1a) and made-up ones: an author's unknown keys. */
const STRIPPED = {
  group: ['collapsed', 'anchor', 'sidebarTitle', 'drilldown', 'expandable', 'deprecated', 'version'],
  tab: ['url', 'badge', 'description'],
  item: ['root'],
  navigation: ['default', 'home', 'openapi', 'hidden'],
  'global-anchor': ['type'],
};
const OPERATIONS = [
  ['get', '/users'],
  ['post', '/users'],
  ['get', '/users/{id}'],
  ['delete', '/users/{id}'],
  ['get', '/health'],
  ['get', '/health/{x}'],
  ['put', '/items/{itemId}/tags'],
  ['patch', '/Orders'],
];
const SUMMARIES = [
  'List Users via API',
  'Create user',
  'Get a user',
  'Health',
  'Tag items (v2)',
  'get users',
  'Delete',
  "User's orders",
  'Ünïcode summary',
  'user',
];
const CHANNELS = ['chat', 'user/signedup', 'Orders', 'live-prices', 'ünï'];

/** A plain YAML writer (JSON is valid YAML, but specs are mostly YAML). */
function toYaml(value, indent = '') {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const entries = Array.isArray(value) ? value.map((v) => [null, v]) : Object.entries(value).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return Array.isArray(value) ? '[]' : '{}';
  return entries
    .map(([key, v]) => {
      const head = key === null ? `${indent}-` : `${indent}${JSON.stringify(key)}:`;
      return v !== null && typeof v === 'object' && Object.keys(v).length > 0 ? `${head}\n${toYaml(v, `${indent}  `)}` : `${head} ${toYaml(v)}`;
    })
    .join('\n');
}

/** The generator for a model (bench/differential/schema.mjs's `platformModel`). */
export function makeGenerator(model) {
  const { elements } = model;
  return function generateCase(seed) {
    const r = random(seed);
    const mistakes = r.chance(0.45) ? 0 : r.pick([0.02, 0.05, 0.15]);
    const oops = () => r.chance(mistakes);
    const files = {};
    const written = new Set();
    const note = (target) => written.add(target);

    // --- specs ---------------------------------------------------------------------------------
    const specs = { openapi: [], asyncapi: [] }; // { path, ops | channels }
    const specPath = (kind) => {
      const free = SPEC_PATHS[kind].filter((p) => files[p] === undefined);
      return free.length > 0 ? r.pick(free) : undefined;
    };
    const openapiSpec = () => {
      const file = specPath('openapi');
      if (!file) return r.pick(specs.openapi)?.path;
      const ops = [];
      const paths = {};
      for (const [method, route] of OPERATIONS) {
        if (!r.chance(0.45)) continue;
        const op = { responses: { 200: { description: 'OK' } } };
        if (r.chance(0.7)) op.summary = r.pick(SUMMARIES);
        // `Queries` and `types`: with a directory a GraphQL schema's pages are in too, an operation at one of their routes.
        if (r.chance(0.3)) op.tags = [r.pick(['Users', 'Admin', 'users', 'User Admin', 'Queries', 'types'])];
        if (r.chance(0.07)) op['x-hidden'] = true;
        if (r.chance(0.07)) op['x-excluded'] = true;
        if (r.chance(0.04)) op['x-mint'] = { href: `/custom/${method}-${ops.length}` };
        if (r.chance(0.1)) op.description = 'Does the thing.';
        (paths[route] ??= {})[method] = op;
        ops.push(`${method.toUpperCase()} ${route}`);
      }
      const version = r.pick(['3.0.3', '3.1.0', '3.1.0', '2.0']);
      let spec;
      if (version === '2.0') spec = { swagger: '2.0', info: { title: `Swagger ${file}`, version: '1' }, paths };
      else {
        spec = { openapi: version, info: { title: `API ${file}`, version: '1.0.0' }, paths };
        if (version === '3.1.0' && r.chance(0.3)) {
          spec.webhooks = { newUser: { post: { ...(r.chance(0.5) ? { summary: 'New user' } : {}), responses: { 200: { description: 'OK' } } } } };
          ops.push('webhook newUser');
        }
        if (r.chance(0.1)) spec.tags = [{ name: 'Users', 'x-group': 'User Management' }];
      }
      if (oops()) spec.paths = { '/users': { get: { $ref: 'other.yaml#/op' } } }; // an external $ref
      let text = file.toLowerCase().endsWith('.json') ? JSON.stringify(spec, null, 2) : toYaml(spec);
      if (oops()) text = 'openapi: [unclosed\n';
      files[file] = text;
      specs.openapi.push({ path: file, ops, swagger: version === '2.0' });
      return file;
    };
    const asyncapiSpec = () => {
      const file = specPath('asyncapi');
      if (!file) return r.pick(specs.asyncapi)?.path;
      const version = r.pick(['3.0.0', '3.0.0', '2.6.0']);
      const channels = {};
      for (const channel of CHANNELS) {
        if (!r.chance(0.5)) continue;
        channels[channel] = {
          ...(version.startsWith('3') && r.chance(0.6) ? { address: `/${channel}` } : {}),
          ...(r.chance(0.5) ? { title: `The ${channel}` } : {}),
          ...(r.chance(0.5) ? { description: `About ${channel}.` } : {}),
        };
      }
      const spec = { asyncapi: version, info: { title: `Events ${file}`, version: '1.0.0' }, channels };
      let text = file.endsWith('.json') ? JSON.stringify(spec, null, 2) : toYaml(spec);
      if (oops()) text = 'asyncapi: [unclosed\n';
      files[file] = text;
      specs.asyncapi.push({ path: file, channels: Object.keys(channels) });
      return file;
    };
    for (let i = r.int(3); i > 0; i--) openapiSpec();
    if (r.chance(0.3)) asyncapiSpec();

    // --- pages -----------------------------------------------------------------------------------
    const pages = []; // page paths (no extension)
    const pageFiles = new Map(); // page -> 'mdx' | 'md' | 'both' | 'none'
    const newPage = () => {
      const reserved = r.chance(0.06);
      const name = reserved ? r.pick(RESERVED) : r.pick(NAMES);
      const page = `${r.pick(FOLDERS)}${name}`;
      if (!pageFiles.has(page)) {
        const roll = r.next();
        pageFiles.set(page, oops() ? 'none' : reserved ? (roll < 0.7 ? 'md' : 'mdx') : roll < 0.75 ? 'mdx' : roll < 0.9 ? 'md' : 'both');
        pages.push(page);
      }
      return page;
    };
    const pageCount = 2 + r.int(7);
    for (let i = 0; i < pageCount; i++) newPage();
    const anyPage = () => (r.chance(0.15) ? newPage() : r.pick(pages));

    /** An endpoint entry: `METHOD /path`, `spec METHOD /path`, `webhook name`, one of the spec in scope or not. */
    const endpointEntry = () => {
      const spec = r.pick(specs.openapi);
      const op = spec && spec.ops.length > 0 && !oops() ? r.pick(spec.ops) : r.pick(['GET /nope', 'GET /users', 'webhook newUser', 'post /users']);
      if (!spec || r.chance(0.5)) return op;
      return `${r.chance(0.2) ? '/' : ''}${spec.path} ${op}`;
    };

    /** A page entry string: mostly a page, sometimes an endpoint, sometimes a form authors get wrong. */
    const pageString = () => {
      if (specs.openapi.length > 0 && r.chance(0.15)) return endpointEntry();
      if (!oops()) return anyPage();
      return r.pick([
        () => `/${anyPage()}`,
        () => `${anyPage()}.mdx`,
        () => `${anyPage()}/`,
        () => ` ${anyPage()}`,
        () => './' + anyPage(),
        () => 'missing/page',
        () => anyPage().replaceAll(' ', '%20'),
        () => anyPage().toUpperCase(),
      ])();
    };

    // --- values for fields, by name where the platform's meaning is known, else from the descriptor
    const specValue = (kind) => {
      const make = kind === 'openapi' ? openapiSpec : asyncapiSpec;
      const pool = specs[kind];
      const path = () =>
        oops() ? r.pick(['missing.yaml', '', '  ', 'https://example.com/spec.yaml']) : pool.length > 0 && r.chance(0.6) ? r.pick(pool).path : make();
      const roll = r.int(10);
      if (roll < 5) return (r.chance(0.2) ? '/' : '') + path();
      if (roll < 7) return [path(), ...(r.chance(0.3) ? [path()] : [])];
      if (roll < 8 && kind === 'openapi') return [{ source: path(), directory: r.pick(['api-reference', 'Reference/V2', 'ref dir']) }];
      const object = { source: path() };
      if (r.chance(0.6)) object.directory = r.pick(['api-reference', 'API/Ref', 'reference/', 'websockets docs', '', 'graphql-reference', 'GraphQL']);
      if (kind === 'openapi' && r.chance(0.1)) {
        files['overlay.yaml'] = toYaml({
          overlay: '1.0.0',
          info: { title: 'Overlay', version: '1' },
          actions: [{ target: '$.info', update: { title: 'Overlaid' } }],
        });
        object.overlays = ['overlay.yaml'];
      }
      if (oops()) object.bogus = true;
      return object;
    };
    const graphqlValue = () => {
      // Mostly the plain schema; else one of every kind of type, one graphql-js refuses, or a file that is not there.
      const [file, text] = r.chance(0.6) ? ['schema.graphql', GRAPHQL_SCHEMAS.plain] : r.pick(Object.entries(GRAPHQL_FILES));
      if (text !== undefined) files[file] ??= text;
      const written = oops() ? r.pick([' ', 'http://example.com/schema.graphql', `../${file}`, `/${file}`]) : file;
      if (r.chance(0.5)) return written;
      return { source: written, ...(r.chance(0.5) ? { directory: oops() ? r.pick([' ', '/GraphQL/Ref/']) : r.pick(['graphql-ref', 'GraphQL']) } : {}) };
    };
    const byName = {
      hidden: () => (oops() ? 'yes' : r.chance(0.8)),
      default: () => (oops() ? 'true' : true),
      expanded: () => (oops() ? 'true' : r.chance(0.5)),
      public: () => r.chance(0.5),
      searchable: () => r.chance(0.5),
      boost: () => (oops() ? 'high' : r.pick([2, 0.5, 3])),
      icon: () => (oops() ? r.pick(['fa-book', 7]) : r.chance(0.8) ? r.pick(ICONS) : { name: r.pick(ICONS), ...(r.chance(0.5) ? { style: 'solid' } : {}) }),
      color: () => (oops() ? { light: 'red' } : { light: '#112233', ...(r.chance(0.5) ? { dark: '#445566' } : {}) }),
      href: () => (oops() ? r.pick(ODD_HREFS) : r.pick(HREFS)),
      root: () => (oops() ? r.pick(['', 'missing/root']) : anyPage()),
      tag: () => r.pick(['NEW', 'Beta']),
      description: () => 'About it.',
      name: () => 'Display name',
      openapi: () => specValue('openapi'),
      asyncapi: () => specValue('asyncapi'),
      graphql: graphqlValue,
    };
    /** A value a descriptor admits (the generic path, for fields without a known meaning). */
    const fromDescriptor = (d, depth = 0) => {
      switch (d.type) {
        case 'string':
          return d.min > 0 || r.chance(0.9) ? 'text' : '';
        case 'number':
          return 1;
        case 'boolean':
          return r.chance(0.5);
        case 'enum':
          return oops() ? 'bogus' : r.pick(d.values);
        case 'literal':
          return d.value;
        case 'array':
          return depth > 3 ? [] : Array.from({ length: Math.max(d.min, 1) }, () => fromDescriptor(d.items, depth + 1));
        case 'record':
          return { key: depth > 3 ? 'x' : fromDescriptor(d.values, depth + 1) };
        case 'object': {
          const object = {};
          for (const [key, value] of Object.entries(d.shape))
            if (!value.optional || r.chance(0.5)) object[key] = depth > 3 ? 'x' : fromDescriptor(value, depth + 1);
          return object;
        }
        case 'union':
          return fromDescriptor(r.pick(d.options.filter((o) => o.type !== 'never')) ?? { type: 'string', min: 1 }, depth + 1);
        default:
          return 'x';
      }
    };
    const fieldValue = (kind, field, descriptor) => {
      if (field === 'sdk') {
        files['sdk/typedoc.json'] ??= JSON.stringify({ id: 0, name: 'sdk', kind: 1, children: [] });
        return { format: 'typedoc', source: 'sdk/typedoc.json', ...(r.chance(0.5) ? { directory: 'sdk-ref' } : {}) };
      }
      if (field === 'global') return globalElement();
      const known = byName[field];
      if (known) return known();
      return fromDescriptor(descriptor);
    };

    // --- navigation, from the model ------------------------------------------------------------
    const NAME_VALUES = {
      group: ['Get started', 'API', 'Guides', 'Get started'],
      tab: ['Docs', 'API', 'Docs'],
      anchor: ['Home', 'Blog'],
      item: ['Menu A', 'Menu B'],
    };
    const nameFor = (kind, element) => {
      if (element.nameValues) return oops() ? r.pick(['xx', 'EN', 'english']) : r.pick(element.nameValues.slice(0, 12));
      if (oops()) return r.pick(['', 7]);
      const base = kind.replace(/^global-/, '');
      return r.pick(NAME_VALUES[base] ?? [`${base} A`, `${base} B`, 'v1', 'v2']);
    };

    /** Writes some of an element's fields (each with its own chance), recording what was written. */
    const addFields = (kind, element, object, skip = new Set()) => {
      for (const [field, descriptor] of Object.entries(element.fields)) {
        if (skip.has(field)) continue;
        const refused = descriptor.forms.every((form) => form.type === 'never');
        // A field the element refuses (graphql on a group): written only as a mistake.
        if (refused ? !oops() : !r.chance(field === 'openapi' || field === 'asyncapi' ? 0.1 : 0.07)) continue;
        object[field] = fieldValue(kind, field, descriptor);
        note(`${kind}.${field}`);
      }
      if (oops()) {
        const unknown = r.pick([...(STRIPPED[kind] ?? []), 'bogus']);
        object[unknown] = unknown === 'openapi' ? specValue('openapi') : true;
      }
    };

    const globalElement = () => {
      const element = elements.global;
      const object = {};
      for (const [key, kinds] of Object.entries(element.children)) {
        if (!r.chance(0.4)) continue;
        const kind = kinds[0];
        note(`global>${key}:${kind}`);
        object[key] = Array.from({ length: 1 + r.int(2) }, () => {
          const child = elements[kind];
          const item = { [child.name]: nameFor(kind, child), href: byName.href() };
          addFields(kind, child, item, new Set(['href']));
          note(`${kind}.href`);
          return item;
        });
      }
      return object;
    };

    /** An element of `kind` at `depth`: its name, some fields, one child array (sometimes none, or two as a mistake). */
    const element = (kind, depth) => {
      const spec = elements[kind];
      const object = {};
      if (spec.name) object[spec.name] = nameFor(kind, spec);
      if (spec.name && oops() && r.chance(0.3)) delete object[spec.name];
      addFields(kind, spec, object);
      const keys = Object.keys(spec.children);
      // A division that links out (href) mostly holds nothing else; a generator field may stand alone.
      const linked = typeof object.href === 'string' && r.chance(0.6);
      const generated = (object.openapi || object.asyncapi || object.graphql || object.sdk) && r.chance(0.4);
      if (keys.length > 0 && !linked && !generated) {
        addChildren(kind, object, depth, r.pick(weighted(keys, depth)));
        if (oops() && keys.length > 1) addChildren(kind, object, depth, r.pick(keys.filter((k) => !(k in object))));
      }
      return object;
    };

    /** Child keys to draw from: groups and pages more often, deeper divisions less often. */
    const weighted = (keys, depth) =>
      keys
        .flatMap((key) => (key === 'groups' || key === 'pages' ? [key, key, key] : depth >= 2 ? (r.chance(0.3) ? [key] : []) : [key]))
        .concat(keys.includes('pages') ? ['pages'] : keys);

    const addChildren = (kind, object, depth, key) => {
      const kinds = elements[kind].children[key];
      const count = key === 'pages' ? (oops() ? r.int(4) : 1 + r.int(4)) : oops() ? r.int(3) : 1 + r.int(2);
      const items = [];
      for (let i = 0; i < count; i++) {
        let childKind = r.pick(kinds);
        if (childKind === 'group' && key === 'pages' && (depth >= 3 || r.chance(0.8))) childKind = 'page';
        if (depth >= 4 && childKind !== 'page') childKind = kinds.includes('page') ? 'page' : kinds[0];
        note(`${kind}>${key}:${childKind}`);
        if (childKind === 'page') items.push(pageString());
        else if (depth >= 4) items.push(leaf(childKind));
        else items.push(element(childKind, depth + 1));
      }
      if (key === 'pages' && oops())
        items.push(r.pick([42, null, '', ['nested'], { title: 'no group' }, { sourceRef: r.pick(['acme/docs', 'docs', 'a/b/c', '', 5]) }, items[0] ?? 'p1']));
      object[key] = items;
    };
    /** An element with the least children: a group of one page, or a linking division. */
    const leaf = (kind) => {
      const spec = elements[kind];
      const object = spec.name ? { [spec.name]: nameFor(kind, spec) } : {};
      if ('pages' in spec.children) object.pages = [anyPage()];
      else if ('groups' in spec.children) object.groups = [{ group: 'Leaf', pages: [anyPage()] }];
      else object.href = 'https://example.com';
      return object;
    };

    // --- mint.json-only sites ------------------------------------------------------------------
    if (r.chance(0.06)) {
      const mint = { name: 'Generated', colors: { primary: '#0D9373' } };
      const group = (depth) => {
        const g = { group: oops() ? '' : r.pick(['Get started', 'API', 'Guides']) };
        if (r.chance(0.2)) g.version = r.pick(['v1', 'v2']);
        g.pages = Array.from({ length: 1 + r.int(3) }, () => (depth < 2 && r.chance(0.15) ? group(depth + 1) : pageString()));
        return g;
      };
      mint.navigation = Array.from({ length: 1 + r.int(3) }, () => group(0));
      if (r.chance(0.3)) mint.tabs = [{ name: 'Guides', url: 'guides' }];
      if (r.chance(0.3)) mint.anchors = [{ name: 'Blog', url: 'https://example.com', icon: 'book' }];
      if (r.chance(0.2)) mint.versions = ['v1', 'v2'];
      if (r.chance(0.3)) mint.openapi = specs.openapi.length > 0 ? r.pick(specs.openapi).path : openapiSpec();
      writePages();
      files['mint.json'] = JSON.stringify(mint, null, 2);
      return { seed, files, written };
    }

    const navigation = element('navigation', 0);
    const docs = { $schema: 'https://mintlify.com/docs.json', theme: 'mint', name: 'Generated', colors: { primary: '#0D9373' }, navigation };

    // --- $ref: at key level, at element level, nested, with keys beside it ------------------------
    if (r.chance(0.12)) splitWithRefs(docs);

    // --- redirects -----------------------------------------------------------------------------
    if (r.chance(0.1)) {
      docs.redirects = Array.from({ length: 1 + r.int(3) }, () => {
        const source = oops() ? r.pick(['/old/:slug*', '/a', '']) : `/old/${r.int(5)}`;
        const destination = r.chance(0.7) ? `/${anyPage()}` : r.pick(['/missing', 'https://example.com', '/old/:slug*', '/old/1']);
        return { source, destination, ...(r.chance(0.3) ? { permanent: r.chance(0.5) } : {}) };
      });
      note('docs.redirects');
    }
    if (r.chance(0.05)) files['.mintignore'] = `# drafts\n${r.pick(['drafts/', 'guides/', 'nested/'])}\n`;
    writePages();
    files['docs.json'] = JSON.stringify(docs, null, 2);
    return { seed, files, written };

    /** Page files (and unlisted ones, sometimes with front matter the build cannot read). */
    function writePages() {
      for (const [page, plan] of pageFiles) {
        if (plan === 'none') continue;
        if (plan === 'md' || plan === 'both') files[`${page}.md`] = pageText(page, 'md');
        if (plan === 'mdx' || plan === 'both') files[`${page}.mdx`] = pageText(page, 'mdx');
      }
      if (r.chance(0.05)) files[`drafts/${r.pick(NAMES)}.mdx`] = oops() ? '---\ntitle: [unclosed\n---\n' : '---\ntitle: Draft\n---\n';
      if (r.chance(0.04)) files['snippets/part.mdx'] = 'A snippet.\n';
    }

    /** A page's text: front matter in the forms authors write. */
    function pageText(page, ext) {
      const title = `${ext} ${page.split('/').pop()}`;
      const roll = oops() ? 9 : r.int(9);
      switch (roll) {
        case 0:
          return `# ${title}\n\nNo front matter.\n`;
        case 1:
          return `---\ntitle: ""\n---\n\nEmpty title.\n`;
        case 2:
          return `---\nsidebarTitle: Short\n---\n\nNo title, a sidebar title.\n`;
        case 3: {
          const spec = r.pick(specs.openapi);
          if (spec && spec.ops.length > 0) return `---\nopenapi: ${r.chance(0.5) ? `${spec.path} ` : ''}${r.pick(spec.ops)}\n---\n`;
          const events = r.pick(specs.asyncapi);
          if (events && events.channels.length > 0) return `---\nasyncapi: ${events.path} ${r.pick(events.channels)}\n---\n`;
          return `---\ntitle: ${title}\n---\n`;
        }
        case 4:
          return `---\ntitle: '${title}'\nhidden: true\n---\n\nHidden.\n`;
        case 9:
          return r.pick([`---\ntitle: [unclosed\n---\n\nBroken YAML.\n`, `---\nopenapi: 5\n---\n`, `---\ntitle:\n---\n`]);
        default:
          return `---\ntitle: ${title}\ndescription: About ${page}\n---\n\nSee [the first page](/${pages[0]}).\n`;
      }
    }

    /** Moves parts of docs.json into files of their own, included by `$ref` (key level, element level, nested). */
    function splitWithRefs(root) {
      const nav = root.navigation;
      const key = Object.keys(nav).find((k) => Array.isArray(nav[k]));
      if (!key) return;
      const mode = r.int(4);
      if (mode === 0 || mode === 3) {
        // key level: the whole array in a file; nested: that file's first element in another file
        const items = nav[key];
        if (mode === 3 && items.length > 0 && typeof items[0] === 'object' && items[0] !== null) {
          files['nav/first.json'] = JSON.stringify(items[0], null, 2);
          items[0] = { $ref: './first.json' };
          note('$ref.nested');
        }
        files['nav/items.json'] = JSON.stringify(items, null, 2);
        nav[key] = { $ref: oops() ? './nav/missing.json' : './nav/items.json' };
        note('$ref.key');
      } else {
        // element level: one element in a file, with keys beside the $ref merged on top
        const items = nav[key];
        const at = items.findIndex((item) => typeof item === 'object' && item !== null && !Array.isArray(item));
        if (at < 0) return;
        files[`parts/element ${at}.json`] = JSON.stringify(items[at], null, 2);
        items[at] = { $ref: `./parts/element ${at}.json`, ...(mode === 2 ? { hidden: true } : {}) };
        note(mode === 2 ? '$ref.element+keys' : '$ref.element');
      }
    }
  };
}

/** What the generator writes beside the model's fields: its own coverage targets. */
export const EXTRA_TARGETS = ['$ref.key', '$ref.nested', '$ref.element', '$ref.element+keys', 'docs.redirects'];
