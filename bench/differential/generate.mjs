/**
 * Seeded generator of whole docs sites for the differential run (bench/differential.mjs): a
 * docs.json whose navigation draws on every element and field the platform reads, with the page,
 * OpenAPI and AsyncAPI files it needs, and with the mistakes authors make (malformed and empty
 * entries, duplicates, missing files, settings in the wrong place). Written from the spec and
 * ../shared/reference/platform-facts.md, not from docsnav's element model, so a field the model
 * lacks is still generated.
 *
 *   generateCase(seed) -> { seed, files: { [path]: text } }      the same seed, the same site
 */

/** A small, fast, seeded PRNG (mulberry32): the same seed gives the same site on every machine. */
export function random(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n) => Math.floor(next() * n);
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (items) => items[int(items.length)],
  };
}

/** Language codes: the spec's, ones only the platform accepts, and made-up ones. */
const LANGUAGES = ['en', 'fr', 'de', 'es', 'ja', 'pt-BR', 'zh-Hans', 'pt', 'zh', 'vi', 'ko', 'it', 'nl', 'xx', 'EN', 'en-us'];
const ICONS = ['book', 'rocket', 'code', 'house'];
const HREFS = ['https://example.com', 'http://example.com', '/guides/p1', 'guides/p1', 'mailto:a@example.com', '#top'];
const ODD_HREFS = ['https://example.com/a b', 'example.com', 'javascript:alert(1)', ''];
const DIRECTORIES = ['none', 'accordion', 'card', 'bogus'];
const FOLDERS = ['', 'guides/', 'api/', 'Guides/', 'nested/deep/'];
const ROOT_SETTINGS = ['interaction', 'styling', 'appearance', 'search', 'seo'];

const OPERATIONS = [
  ['get', '/users'],
  ['post', '/users'],
  ['get', '/users/{id}'],
  ['delete', '/users/{id}'],
  ['get', '/health'],
  ['put', '/items/{itemId}/tags'],
];

/** The OpenAPI document at `name`: 3.0 or 3.1, summaries or not, hidden and excluded operations, webhooks. */
function openapiSpec(r, name, oops, ops) {
  const paths = {};
  for (const [method, route] of OPERATIONS) {
    if (!r.chance(0.7)) continue;
    const operation = { responses: { 200: { description: 'OK' } } };
    if (r.chance(0.7)) operation.summary = r.pick(['List users', 'Create user', 'Get a user', 'Health', 'Tag items', 'get users', 'Delete']);
    if (r.chance(0.5)) operation.operationId = `${method}${route.replace(/[^a-z]/gi, '')}`;
    if (r.chance(0.3)) operation.tags = [r.pick(['Users', 'Admin', 'users'])];
    if (r.chance(0.08)) operation['x-hidden'] = true;
    if (r.chance(0.08)) operation['x-excluded'] = true;
    if (r.chance(0.1)) operation.description = 'Does the thing.';
    (paths[route] ??= {})[method] = operation;
    if (!operation['x-excluded']) ops.push(`${method.toUpperCase()} ${route}`);
  }
  const version = r.pick(['3.0.3', '3.1.0']);
  const spec = { openapi: version, info: { title: `API ${name}`, version: '1.0.0' }, paths };
  if (version === '3.1.0' && r.chance(0.3))
    spec.webhooks = { newUser: { post: { summary: r.chance(0.5) ? 'New user' : undefined, responses: { 200: { description: 'OK' } } } } };
  if (oops()) return 'openapi: [unclosed\n';
  if (oops()) delete spec.openapi;
  return name.endsWith('.json') ? JSON.stringify(spec, null, 2) : toYaml(spec);
}

/** The AsyncAPI document at `name`: 2.6 or 3.0, channels with descriptions and messages. */
function asyncapiSpec(r, name, oops) {
  const channels = {};
  for (const channel of ['chat', 'user/signedup', 'Orders', 'live-prices']) {
    if (!r.chance(0.6)) continue;
    channels[channel] = { description: `The ${channel} channel.`, ...(r.chance(0.5) ? { address: `/${channel}` } : {}) };
  }
  if (oops()) return 'asyncapi: [unclosed\n';
  const spec = { asyncapi: r.pick(['2.6.0', '3.0.0']), info: { title: `Events ${name}`, version: '1.0.0' }, channels };
  return name.endsWith('.json') ? JSON.stringify(spec, null, 2) : toYaml(spec);
}

/** A plain YAML writer for the specs (JSON is valid YAML, but specs are mostly written as YAML). */
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

/** A page's text: front matter in the forms authors write (title, empty title, none, sidebarTitle, openapi, broken YAML). */
function pageText(r, page, endpoints, oops) {
  const roll = r.int(10);
  const form = oops() ? 5 : roll === 5 ? 0 : roll;
  const title = `Title of ${page.split('/').pop()}`;
  switch (form) {
    case 0:
      return `# ${title}\n\nNo front matter.\n`;
    case 1:
      return `---\ntitle: ""\n---\n\nEmpty title.\n`;
    case 2:
      return `---\ntitle:\n---\n\nTitle left empty.\n`;
    case 3:
      return `---\nsidebarTitle: Short\n---\n\nNo title, a sidebar title.\n`;
    case 4:
      return endpoints.length > 0 ? `---\nopenapi: ${r.pick(endpoints)}\n---\n` : `---\ntitle: ${title}\n---\n`;
    case 5:
      return `---\ntitle: [unclosed\n---\n\nBroken YAML.\n`;
    case 6:
      return `---\ntitle: '${title}'\nhidden: true\n---\n\nHidden.\n`;
    default:
      return `---\ntitle: ${title}\ndescription: About ${page}\n---\n\nSee [the first page](/guides/p1).\n`;
  }
}

/**
 * One site. `files` maps a path under the docs root to its text; docs.json is among them.
 */
export function generateCase(seed) {
  const r = random(seed);
  // Most sites are what an author would ship; the rest carry mistakes at a rate of their own, so a
  // difference is usually caused by one thing and shrinks to it.
  const mistakes = r.chance(0.5) ? 0 : r.pick([0.02, 0.05, 0.15]);
  const oops = () => r.chance(mistakes);
  const files = {};
  const pages = [];
  const pageCount = 2 + r.int(8);
  for (let i = 1; i <= pageCount; i++) pages.push(`${r.pick(FOLDERS)}p${i}`);
  if (!pages.includes('guides/p1')) pages.push('guides/p1');
  const specs = [];
  const asyncSpecs = [];
  for (let i = 0; i < r.int(3); i++) specs.push(r.pick(['openapi.yaml', 'openapi.json', 'api/spec.yaml', 'v2/openapi.yaml']));
  for (let i = 0; i < (r.chance(0.3) ? 1 + r.int(2) : 0); i++) asyncSpecs.push(r.pick(['asyncapi.yaml', 'events/asyncapi.json']));
  const endpoints = [];
  const specOps = new Map(); // spec -> the operations it has (not excluded)
  for (const spec of new Set(specs)) {
    const ops = [];
    files[spec] = openapiSpec(r, spec, oops, ops);
    if (ops.length > 0) specOps.set(spec, ops);
  }
  for (const spec of new Set(asyncSpecs)) files[spec] = asyncapiSpec(r, spec, oops);
  for (const [method, route] of OPERATIONS) endpoints.push(`${method.toUpperCase()} ${route}`);

  /** A page entry: mostly a real page, sometimes in a form authors get wrong. */
  const pageEntry = (depth) => {
    const roll = r.next();
    if (!oops()) {
      if (roll < 0.12 && depth < 3) return group(depth + 1);
      if (roll < 0.24 && specOps.size > 0) {
        const spec = r.pick([...specOps.keys()]);
        return `${spec} ${r.pick(specOps.get(spec))}`;
      }
      return r.pick(pages);
    }
    if (roll < 0.2) {
      const endpoint = r.chance(0.1) ? 'GET /nope' : r.chance(0.1) ? 'webhook newUser' : r.pick(endpoints);
      return specs.length > 0 && r.chance(0.3) ? `${r.pick(specs)} ${endpoint}` : endpoint;
    }
    const odd = [
      () => `/${r.pick(pages)}`,
      () => `${r.pick(pages)}.mdx`,
      () => `${r.pick(pages)}/`,
      () => ` ${r.pick(pages)}`,
      () => '',
      () => 'missing/page',
      () => 42,
      () => null,
      () => ({ title: 'no group' }),
      () => ({ group: 'No pages' }),
      () => ['nested'],
      () => `./${r.pick(pages)}`,
    ];
    return r.pick(odd)();
  };

  /** The fields every element below the root may carry. */
  const common = (element) => {
    if (r.chance(0.08)) element.hidden = oops() ? 'yes' : true;
    if (r.chance(0.12)) element.openapi = openapiValue();
    if (r.chance(0.06)) element.asyncapi = asyncapiValue();
    if (r.chance(0.05)) element.directory = oops() ? 'bogus' : r.pick(DIRECTORIES.slice(0, 3));
    if (r.chance(0.15)) element.icon = r.pick(ICONS);
    return element;
  };
  const openapiValue = () => {
    const source = specs.length > 0 && !oops() ? r.pick(specs) : r.pick(['missing.yaml', 'openapi.yaml']);
    const roll = r.int(6);
    if (roll === 0) return `/${source}`;
    if (roll === 1) return { source, directory: r.pick(['api-reference', 'API/Ref', 'reference/']) };
    if (roll === 2 && oops()) return [source];
    return source;
  };
  const asyncapiValue = () => {
    const source = asyncSpecs.length > 0 && !oops() ? r.pick(asyncSpecs) : 'missing-async.yaml';
    return r.chance(0.3) ? { source, directory: r.pick(['websockets-docs', 'Events']) } : source;
  };

  /** A group: a name, pages (or none, with a spec), root, expanded, tag. */
  function group(depth) {
    const element = { group: oops() ? r.pick(['', 7]) : r.pick(['Get started', 'API', 'Guides', 'Get started']) };
    common(element);
    if (r.chance(0.1)) element.root = r.pick(pages);
    if (r.chance(0.1)) element.expanded = oops() ? 'true' : r.chance(0.5);
    if (r.chance(0.05)) element.tag = 'NEW';
    if (!(element.openapi || element.asyncapi) || r.chance(0.5)) {
      element.pages = [];
      const count = r.int(5) + (oops() ? 0 : 1);
      for (let i = 0; i < count; i++) element.pages.push(pageEntry(depth));
      if (oops() && element.pages.length > 0) element.pages.push(element.pages[0]);
    }
    return element;
  }

  /** The children of a division: groups, pages, or a nested division of another kind. */
  const divisionChildren = (element, kind, depth) => {
    const roll = r.next();
    if (roll < 0.55 || depth >= 2) {
      element.groups = Array.from({ length: 1 + r.int(3) }, () => group(depth + 1));
    } else if (roll < 0.7) {
      element.pages = Array.from({ length: 1 + r.int(3) }, () => pageEntry(depth + 1));
    } else {
      const nested = r.pick(['tabs', 'anchors', 'dropdowns', 'products', 'versions', 'languages'].filter((k) => k !== `${kind}s`));
      element[nested] = divisions(nested, depth + 1);
    }
    if (oops()) element.pages = [r.pick(pages)]; // a second kind of child beside the first
  };

  /** An array of divisions of one kind. */
  function divisions(key, depth) {
    const kind = key.slice(0, -1);
    const count = 1 + r.int(3);
    const items = [];
    for (let i = 0; i < count; i++) {
      const element = {};
      switch (kind) {
        case 'language':
          element.language = oops() ? r.pick(['xx', 'EN', 'en-us', 'english']) : r.pick(LANGUAGES);
          if (r.chance(0.3)) element.default = oops() ? 'true' : true;
          break;
        case 'version':
          element.version = r.pick(['v1', 'v2', 'latest', 'v1']);
          if (r.chance(0.3)) element.default = true;
          if (r.chance(0.1)) element.tag = 'Beta';
          break;
        case 'dropdown':
        case 'product':
          element[kind] = r.pick([`${kind} A`, `${kind} B`]);
          if (r.chance(0.2)) element.description = 'About it.';
          break;
        default:
          element[kind] = r.pick([`${kind} One`, `${kind} Two`, `${kind} One`]);
      }
      common(element);
      if (['tab', 'anchor', 'dropdown', 'product'].includes(kind) && r.chance(0.15)) {
        element.href = oops() ? r.pick(ODD_HREFS) : r.pick(HREFS);
        if (r.chance(0.5)) {
          items.push(element);
          continue;
        }
      }
      if ((kind === 'tab' || kind === 'product') && r.chance(0.1)) {
        element.menu = Array.from({ length: 1 + r.int(2) }, () => {
          const item = common({ item: r.pick(['Menu A', 'Menu B']) });
          if (r.chance(0.5)) item.groups = [group(depth + 1)];
          else item.pages = [pageEntry(depth + 1)];
          return item;
        });
      } else {
        divisionChildren(element, kind, depth);
      }
      items.push(element);
    }
    return items;
  }

  const navigation = {};
  const primary = r.pick(['pages', 'groups', 'groups', 'tabs', 'tabs', 'anchors', 'dropdowns', 'products', 'versions', 'languages']);
  if (primary === 'pages') navigation.pages = Array.from({ length: 1 + r.int(4) }, () => pageEntry(0));
  else if (primary === 'groups') navigation.groups = Array.from({ length: 1 + r.int(3) }, () => group(0));
  else navigation[primary] = divisions(primary, 0);
  if (oops()) navigation.pages = [r.pick(pages)]; // two primary patterns
  if (r.chance(0.1)) navigation.asyncapi = asyncapiValue();
  if (r.chance(0.05)) navigation.openapi = openapiValue();
  if (r.chance(0.1)) {
    navigation.global = {};
    const href = () => (oops() ? r.pick(ODD_HREFS) : r.pick(HREFS));
    if (r.chance(0.7)) navigation.global.anchors = [{ anchor: 'Blog', href: href(), ...(r.chance(0.5) ? { icon: 'book' } : {}) }];
    if (r.chance(0.3)) navigation.global.tabs = [{ tab: 'Site', href: href() }];
  }
  if (oops()) navigation[r.pick(ROOT_SETTINGS)] = { drilldown: true };

  const docs = { $schema: 'https://mintlify.com/docs.json', theme: 'mint', name: 'Generated', colors: { primary: '#0D9373' }, navigation };
  if (r.chance(0.05)) {
    // navigation's groups kept in a file of their own, included by $ref
    const key = Object.keys(navigation).find((k) => Array.isArray(navigation[k]));
    if (key) {
      files['nav.json'] = JSON.stringify(navigation[key], null, 2);
      navigation[key] = { $ref: oops() ? './missing.json' : './nav.json' };
    }
  }
  for (const page of new Set(pages)) if (!oops()) files[`${page}.mdx`] = pageText(r, page, endpoints, oops);
  files['docs.json'] = JSON.stringify(docs, null, 2);
  return { seed, files };
}
