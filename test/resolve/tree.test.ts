import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveFile } from '../../src/resolve.js';
import { SpecLoader, type SpecResult } from '../../src/resolve/specs.js';
import type { ResolvedGroup, ResolvedPage, ResolveResult } from '../../src/resolve/types.js';

/**
 * Resolver fixture sites (fixtures/resolve/<case>/): each is resolved and compared with the
 * stored expected.json beside it (a missing one fails; UPDATE_EXPECTED=1 writes it). The stored file only proves
 * stability, so every case also asserts its key facts here, worked out from
 * platform-facts §2–§3 and the spec's navigation rules, not copied from the output.
 */

const FIXTURES = path.join('fixtures', 'resolve');
const CASES = readdirSync(FIXTURES)
  .filter((name) => existsSync(path.join(FIXTURES, name, 'docs.json')))
  .sort();

const runs = new Map<string, Promise<ResolveResult>>();

/** The fixture resolved once per test file (the determinism test resolves again on its own). */
/**
 * Fixtures about every spec of an `openapi` array generating pages: the spec profile's behaviour
 * (the platform's build, the default profile, generates from the first spec only; issue 56 (f),
 * test/resolve/openapi-array.test.ts).
 */
const SPEC_PROFILE_FIXTURES: ReadonlySet<string> = new Set(['spec-array', 'problems']);

function resolved(name: string): Promise<ResolveResult> {
  let run = runs.get(name);
  const options = SPEC_PROFILE_FIXTURES.has(name) ? { profile: 'spec' as const } : {};
  if (!run) runs.set(name, (run = resolveFile(path.join(FIXTURES, name, 'docs.json'), options)));
  return run;
}

/** What expected.json holds: the tree, and each problem without its wording (files relative to the fixture). */
function stored(name: string, result: ResolveResult) {
  const folder = path.join(FIXTURES, name);
  return {
    tree: result.tree,
    problems: result.problems.map(({ code, severity, file, pointer, line, column }) => ({
      code,
      severity,
      file: path.relative(folder, file).split(path.sep).join('/'),
      pointer,
      line,
      column,
    })),
  };
}

/** `tab:API > group:Users`: a trail in one readable string. */
function trail(item: { trail: ResolvedPage['trail'] }): string {
  return item.trail.map((t) => `${t.kind}:${t.label}`).join(' > ');
}

function paths(pages: readonly ResolvedPage[]): string[] {
  return pages.map((p) => p.path);
}

/** The pages whose trail starts with the given labels (a tab, a version, …). */
function under(result: ResolveResult, ...labels: string[]): ResolvedPage[] {
  return result.tree.pages.filter((p) => labels.every((label, i) => p.trail[i]?.label === label));
}

function pageAt(pages: readonly ResolvedPage[], pagePath: string): ResolvedPage {
  const found = pages.filter((p) => p.path === pagePath);
  expect(found, `exactly one page ${pagePath}`).toHaveLength(1);
  return found[0];
}

/** The groups with this label whose trail is exactly `trailText`. */
function groupAt(result: ResolveResult, label: string, trailText: string): ResolvedGroup {
  const found = result.tree.groups.filter((g) => g.label === label && trail(g) === trailText);
  expect(found, `exactly one group ${label} under ${trailText}`).toHaveLength(1);
  return found[0];
}

/** `code pointer` per problem, in report order. */
function codes(result: ResolveResult): string[] {
  return result.problems.map((p) => `${p.code} ${p.pointer}`);
}

function problemAt(result: ResolveResult, code: string, pointer: string) {
  const found = result.problems.filter((p) => p.code === code && p.pointer === pointer);
  expect(found, `one ${code} at ${pointer}`).toHaveLength(1);
  return found[0];
}

describe('resolver fixtures: stored expected.json', () => {
  it('finds the fixture folders', () => {
    expect(CASES).toEqual([
      'asyncapi',
      'breadcrumbs-and-groups',
      'bulk-tab-and-group',
      'hidden-excluded',
      'inheritance',
      'mixed-entries',
      'platform-table',
      'problems',
      'shared-spec',
      'slug-clashes',
      'source-directory',
      'spec-array',
      'specfile-entries',
      'tags',
      'unsafe-slugs',
      'webhooks',
      'yaml-spec',
    ]);
  });

  it.each(CASES)('%s matches expected.json', async (name) => {
    const actual = `${JSON.stringify(stored(name, await resolved(name)), null, 2)}\n`;
    const file = path.join(FIXTURES, name, 'expected.json');
    if (process.env.UPDATE_EXPECTED === '1') writeFileSync(file, actual);
    expect(existsSync(file), `${file} is missing: run UPDATE_EXPECTED=1 npx vitest run test/resolve/tree, read it, commit it`).toBe(true);
    expect(actual).toBe(readFileSync(file, 'utf8'));
  });

  it.each(CASES)('%s resolves to byte-identical JSON twice', async (name) => {
    const file = path.join(FIXTURES, name, 'docs.json');
    const [a, b] = await Promise.all([resolveFile(file), resolveFile(file)]);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });
});

describe('platform-table: the platform-facts §3 examples, row by row', () => {
  // [method, path key, page path, generated group]: the table, typed out from platform-facts §3.
  const TABLE: Array<[string, string, string, string]> = [
    ['GET', '/users', 'api-reference/users/list-users', 'User Management'],
    ['POST', '/users', 'api-reference/users/create-a-user-v2', 'User Management'],
    ['GET', '/users/{userId}', 'api-reference/users/get-users', 'User Management'],
    ['PUT', '/pets/{petId}/photos/{photoId}', 'api-reference/put-pets-photos', 'API Reference'],
    ['GET', '/health', 'api-reference/get-health', 'API Reference'],
    ['GET', '/health/{x}', 'api-reference/get-health-1', 'API Reference'],
    ['WEBHOOK', 'petDeleted', 'api-reference/petdeleted', 'API Reference'],
  ];

  it.each(TABLE)('%s %s -> %s in group %s', async (method, key, pagePath, group) => {
    const pages = under(await resolved('platform-table'), 'API').filter((p) => p.openapi?.method === method && p.openapi.path === key);
    expect(pages).toHaveLength(1);
    expect(pages[0].path).toBe(pagePath);
    expect(pages[0].kind).toBe('endpoint');
    expect(trail(pages[0])).toBe(`tab:API > group:${group}`);
  });

  it('the same spec with directory "reference/v2": GET /users -> reference/v2/users/list-users in User Management', async () => {
    const [page] = under(await resolved('platform-table'), 'API v2').filter((p) => p.openapi?.method === 'GET' && p.openapi.path === '/users');
    expect(page.path).toBe('reference/v2/users/list-users');
    expect(trail(page)).toBe('tab:API v2 > group:User Management');
  });

  it('page order: paths in document order, methods get before post, webhooks last; groups by first tag', async () => {
    const result = await resolved('platform-table');
    expect(paths(under(result, 'API'))).toEqual(TABLE.map((row) => row[2]));
    expect(paths(under(result, 'API v2'))).toEqual(TABLE.map((row) => row[2].replace('api-reference/', 'reference/v2/')));
    expect(result.tree.groups.map((g) => `${trail(g)} | ${g.label}`)).toEqual([
      'tab:API | User Management',
      'tab:API | API Reference',
      'tab:API v2 | User Management',
      'tab:API v2 | API Reference',
    ]);
    expect(result.tree.groups.every((g) => g.generated && g.topLevel && g.display === 'expanded')).toBe(true);
  });

  it('titles: the summary, else the last slug segment made readable', async () => {
    const pages = under(await resolved('platform-table'), 'API');
    expect(pages.map((p) => p.title)).toEqual(['List Users', 'Create a user (v2)', 'Get users', 'Put pets photos', 'Get health', 'Get health 1', 'Petdeleted']);
  });

  it('the clash suffix matches the platform; docsnav says so at each openapi value', async () => {
    expect(codes(await resolved('platform-table'))).toEqual(['slug-collision /navigation/tabs/0/openapi', 'slug-collision /navigation/tabs/1/openapi/source']);
  });
});

describe('bulk-tab-and-group', () => {
  it('a group with openapi and no pages: its generated groups nest inside it, collapsed', async () => {
    const result = await resolved('bulk-tab-and-group');
    const billing = under(result, 'Guides', 'Billing API');
    expect(billing.map((p) => `${p.path} | ${trail(p)}`)).toEqual([
      'api-reference/invoices/list-invoices | tab:Guides > group:Billing API > group:Invoices',
      'api-reference/invoices/get-an-invoice | tab:Guides > group:Billing API > group:Invoices',
      'api-reference/create-refund | tab:Guides > group:Billing API > group:API Reference',
    ]);
    expect(billing.every((p) => p.kind === 'endpoint' && p.openapi?.file === 'billing.json' && p.source === '/navigation/tabs/0/groups/1/openapi')).toBe(true);
    expect(pageAt(billing, 'api-reference/invoices/get-an-invoice').deprecated).toBe(true);
    expect(pageAt(billing, 'api-reference/create-refund').description).toBe('Refunds an invoice.');
    const invoices = groupAt(result, 'Invoices', 'tab:Guides > group:Billing API');
    expect(invoices).toMatchObject({ generated: true, topLevel: false, display: 'collapsed', firstPage: 'api-reference/invoices/list-invoices' });
    // The owner group leads to its first generated page.
    expect(groupAt(result, 'Billing API', 'tab:Guides')).toMatchObject({ generated: false, topLevel: true, firstPage: 'api-reference/invoices/list-invoices' });
  });

  it('a tab with openapi: every operation, after its own groups, in top-level groups per first tag', async () => {
    const result = await resolved('bulk-tab-and-group');
    const store = under(result, 'Store API');
    expect(store.map((p) => `${p.path} | ${p.trail.at(-1)?.label}`)).toEqual([
      'store/overview | Overview',
      // Tag Orders (x-group "Order Management"): /orders get before post, then /orders/{orderId}.
      'api-reference/orders/list-orders | Order Management',
      'api-reference/orders/place-an-order | Order Management',
      'api-reference/orders/get-orders | Order Management',
      // Tag Products has no x-group: the tag name.
      'api-reference/products/list-products | Products',
      'api-reference/get-ping | API Reference',
    ]);
    expect(pageAt(store, 'store/overview')).toMatchObject({ kind: 'page', title: 'About the store API', file: 'store/overview.mdx' });
    expect(pageAt(store, 'api-reference/orders/get-orders').title).toBe('Get orders');
    for (const label of ['Order Management', 'Products', 'API Reference']) {
      expect(groupAt(result, label, 'tab:Store API')).toMatchObject({
        generated: true,
        topLevel: true,
        display: 'expanded',
        source: '/navigation/tabs/1/openapi',
      });
    }
  });

  it('groups in navigation order, generated ones where their pages are', async () => {
    const result = await resolved('bulk-tab-and-group');
    expect(result.tree.groups.map((g) => g.label)).toEqual([
      'Start',
      'Billing API',
      'Invoices',
      'API Reference',
      'Overview',
      'Order Management',
      'Products',
      'API Reference',
    ]);
    expect(result.problems).toEqual([]);
  });
});

describe('inheritance: tab sets A, group inherits, nested group overrides with B, its group inherits B', () => {
  it('each entry resolves against the nearest openapi above it', async () => {
    const result = await resolved('inheritance');
    expect(result.tree.pages.map((p) => `${p.path} | ${p.openapi?.file} ${p.openapi?.method} ${p.openapi?.path} | ${trail(p)}`)).toEqual([
      'api-reference/accounts/list-accounts | specs/accounts.json GET /accounts | tab:API',
      'api-reference/accounts/create-account | specs/accounts.json POST /accounts | tab:API > group:Accounts',
      'api-reference/list-payments | specs/payments.yaml GET /payments | tab:API > group:Accounts > group:Payments',
      'api-reference/create-refund | specs/payments.yaml POST /refunds | tab:API > group:Accounts > group:Payments > group:Refunds',
      'api-reference/get-payment | specs/payments.yaml GET /payments/{id} | tab:API > group:Accounts > group:Payments > group:Refunds',
      // Back in the Accounts group, after the override: spec A again.
      'api-reference/accounts/get-account | specs/accounts.json GET /accounts/{id} | tab:API > group:Accounts',
    ]);
  });

  it('under the override, an operation of A is not found (B is searched, not A)', async () => {
    const result = await resolved('inheritance');
    expect(codes(result)).toEqual(['endpoint-not-found /navigation/tabs/0/pages/1/pages/1/pages/1/pages/2']);
    expect(result.problems[0].message).toContain('"specs/payments.yaml" has no path /accounts/{id}/');
  });

  it('specs used by entries do not also bulk-generate', async () => {
    const result = await resolved('inheritance');
    expect(result.tree.groups.map((g) => `${g.label} ${g.generated}`)).toEqual(['Accounts false', 'Payments false', 'Refunds false']);
  });
});

describe('spec-array', () => {
  it('bulk: every spec of the array contributes its pages, in array order', async () => {
    const result = await resolved('spec-array');
    expect(under(result, 'Everything').map((p) => `${p.path} | ${p.openapi?.file} | ${p.trail.at(-1)?.label}`)).toEqual([
      'api-reference/users/list-users | specs/users.json | Users',
      'api-reference/users/create-user | specs/users.json | Users',
      'api-reference/orders/list-orders | specs/orders.json | Orders',
      'api-reference/orders/get-order | specs/orders.json | Orders',
      'api-reference/orders/cancel-order | specs/orders.json | Orders',
    ]);
    expect(groupAt(result, 'Users', 'tab:Everything').source).toBe('/navigation/tabs/0/openapi/0');
    expect(groupAt(result, 'Orders', 'tab:Everything').source).toBe('/navigation/tabs/0/openapi/1');
  });

  it('entries are found in whichever spec of the array has them (here the 2nd), in entry order', async () => {
    const result = await resolved('spec-array');
    expect(under(result, 'Picked').map((p) => `${p.path} | ${p.openapi?.file} ${p.openapi?.method} ${p.openapi?.path}`)).toEqual([
      'api-reference/orders/get-order | specs/orders.json GET /orders/{id}',
      'api-reference/users/create-user | specs/users.json POST /users',
      'api-reference/orders/cancel-order | specs/orders.json DELETE /orders/{id}',
    ]);
    expect(result.tree.groups.filter((g) => g.trail[0]?.label === 'Picked').map((g) => g.label)).toEqual(['Picked endpoints']);
    expect(result.problems).toEqual([]);
  });
});

describe('source-directory: openapi as {source, directory}', () => {
  it('generated pages go under the directory', async () => {
    const result = await resolved('source-directory');
    expect(paths(under(result, 'Generated'))).toEqual(['reference/v2/users/list-users', 'reference/v2/users/create-user', 'reference/v2/get-status']);
    expect(groupAt(result, 'Users', 'tab:Generated')).toMatchObject({ generated: true, source: '/navigation/tabs/0/openapi/source' });
  });

  it('explicit entries use the directory, also when they name the same spec file', async () => {
    const result = await resolved('source-directory');
    expect(under(result, 'Picked').map((p) => `${p.path} | ${p.openapi?.method} ${p.openapi?.path}`)).toEqual([
      'picked/users/list-users | GET /users',
      'picked/users/create-user | POST /users',
      'picked/get-status | GET /status',
    ]);
    expect(result.problems).toEqual([]);
  });
});

describe('mixed-entries: endpoint entries beside ordinary pages in one group', () => {
  it('keeps the order of the pages array', async () => {
    const result = await resolved('mixed-entries');
    expect(result.tree.pages.map((p) => [p.path, p.kind, p.title])).toEqual([
      ['users/overview', 'page', 'Users overview'],
      ['api-reference/list-users', 'endpoint', 'List users'],
      ['users/concepts', 'page', 'Concepts'],
      ['api-reference/create-user', 'endpoint', 'Create user'],
      ['api-reference/user-created', 'endpoint', 'User created'],
      ['users/common-questions', 'page', 'Common questions'],
      ['api-reference/delete-user', 'endpoint', 'Delete user'],
    ]);
    expect(result.tree.pages.every((p) => trail(p) === 'tab:Users > group:Users' && !p.hidden && p.breadcrumbs === undefined)).toBe(true);
  });

  it('page files (with and without a front-matter title), methods case-insensitive, one trailing / ignored', async () => {
    const result = await resolved('mixed-entries');
    const pages = result.tree.pages;
    expect(pages.filter((p) => p.kind === 'page').map((p) => p.file)).toEqual(['users/overview.mdx', 'users/concepts.mdx', 'users/common-questions.md']);
    expect(pageAt(pages, 'api-reference/create-user').openapi).toEqual({ file: 'api.json', method: 'POST', path: '/users' });
    expect(pageAt(pages, 'api-reference/delete-user').openapi).toEqual({ file: 'api.json', method: 'DELETE', path: '/users/{id}' });
    expect(pageAt(pages, 'api-reference/user-created').openapi).toEqual({ file: 'api.json', method: 'WEBHOOK', path: 'userCreated' });
    expect(pageAt(pages, 'api-reference/list-users').source).toBe('/navigation/tabs/0/groups/0/pages/1');
    // The tab's spec is used by the entries: no bulk generation.
    expect(result.tree.groups.map((g) => g.label)).toEqual(['Users']);
    expect(result.problems).toEqual([]);
  });
});

describe('specfile-entries: specfile METHOD /path', () => {
  it('names a spec not otherwise in scope, with or without a leading /', async () => {
    const result = await resolved('specfile-entries');
    expect(result.tree.pages.map((p) => `${p.path} | ${p.openapi?.file} ${p.openapi?.method} ${p.openapi?.path} | ${trail(p)}`)).toEqual([
      'api-reference/list-things | main.json GET /things | tab:Main > group:Mixed specs',
      'api-reference/widgets/list-widgets | extra/other.json GET /widgets | tab:Main > group:Mixed specs',
      'api-reference/widgets/create-widget | extra/other.json POST /widgets | tab:Main > group:Mixed specs',
      // No openapi in scope at all: the named file is enough (no endpoint-no-spec).
      'api-reference/list-gadgets | extra/other.json GET /gadgets | tab:No spec in scope > group:Gadgets',
      // The named file is the one in scope: its directory applies, and (named, not inherited) it
      // still generates every page in bulk, as prebuild does (checked against its build: node
      // bench/prebuild-diff.mjs fixtures/resolve/specfile-entries, and test/resolve/build-cases.ts).
      'named/get-thing | main.json GET /things/{id} | tab:Named spec in scope > group:Things',
      'named/list-things | main.json GET /things | tab:Named spec in scope > group:API Reference',
      'named/get-thing | main.json GET /things/{id} | tab:Named spec in scope > group:API Reference',
    ]);
    expect(result.tree.groups.filter((g) => g.generated).map((g) => g.label)).toEqual(['API Reference']);
    expect(result.problems).toEqual([]);
  });
});

describe('webhooks: OpenAPI 3.1 webhooks', () => {
  it('bulk: paths first, then webhooks; a webhook title is slug(summary) or slug(name), no method prefix', async () => {
    const result = await resolved('webhooks');
    expect(under(result, 'Generated').map((p) => `${p.path} | ${p.title} | ${p.openapi?.method} ${p.openapi?.path} | ${p.trail.at(-1)?.label}`)).toEqual([
      'api-reference/list-subscriptions | List subscriptions | GET /subscriptions | API Reference',
      'api-reference/petdeleted | Petdeleted | WEBHOOK petDeleted | API Reference',
      'api-reference/orders/order-shipped | Order shipped | WEBHOOK orderShipped | Orders',
    ]);
  });

  it('webhook name entries (keyword case-insensitive); an unknown name is endpoint-not-found', async () => {
    const result = await resolved('webhooks');
    expect(paths(under(result, 'Picked'))).toEqual(['api-reference/petdeleted', 'api-reference/orders/order-shipped']);
    expect(codes(result)).toEqual(['endpoint-not-found /navigation/versions/1/groups/0/pages/2']);
    expect(result.problems[0].message).toContain('has no webhook "petAdded"');
  });
});

describe('tags: x-group and untagged operations', () => {
  it('one group per first tag in first-seen order: x-group label, else the tag name; untagged in API Reference', async () => {
    const result = await resolved('tags');
    expect(result.tree.pages.map((p) => `${p.path} | ${p.trail.at(-1)?.label}`)).toEqual([
      'api-reference/beta/get-zeta | Beta',
      'api-reference/misc | API Reference',
      'api-reference/get-more-misc | API Reference',
      'api-reference/alpha/get-alpha | Alpha Things',
      'api-reference/alpha/make-alpha | Alpha Things',
      'api-reference/user-accounts/list-accounts | Accounts',
      'api-reference/gamma-undeclared/get-gamma | Gamma (undeclared)',
    ]);
    expect(result.tree.groups.map((g) => g.label)).toEqual(['Beta', 'API Reference', 'Alpha Things', 'Accounts', 'Gamma (undeclared)']);
    expect(result.problems).toEqual([]);
  });
});

describe('hidden-excluded: x-hidden and x-excluded', () => {
  it('bulk: an x-hidden operation has a hidden page, an x-excluded one no page', async () => {
    const result = await resolved('hidden-excluded');
    expect(under(result, 'Generated').map((p) => `${p.path} hidden=${p.hidden}`)).toEqual([
      'api-reference/secret-op hidden=true',
      'api-reference/public-op hidden=false',
    ]);
    expect(result.tree.pages.some((p) => p.openapi?.path === '/internal')).toBe(false);
    // The first page of the generated group skips the hidden one.
    expect(groupAt(result, 'API Reference', 'tab:Generated').firstPage).toBe('api-reference/public-op');
  });

  it('entries: an x-hidden entry is a hidden page; an x-excluded one is endpoint-excluded at the entry', async () => {
    const result = await resolved('hidden-excluded');
    expect(under(result, 'Picked').map((p) => `${p.path} hidden=${p.hidden}`)).toEqual([
      'api-reference/secret-op hidden=true',
      'api-reference/public-op hidden=false',
    ]);
    expect(groupAt(result, 'Listed', 'tab:Picked').firstPage).toBe('api-reference/public-op');
    expect(codes(result)).toEqual(['endpoint-excluded /navigation/tabs/1/groups/0/pages/1']);
    expect(result.problems[0].severity).toBe('error');
  });
});

describe('slug-clashes', () => {
  it('GET /health and GET /health/{x} without summaries in one generated group: -1 on the second', async () => {
    const result = await resolved('slug-clashes');
    for (const version of ['v1', 'v2']) {
      expect(paths(under(result, 'en', version, 'Health'))).toEqual(['api-reference/get-health', 'api-reference/get-health-1']);
    }
    problemAt(result, 'slug-collision', '/navigation/languages/0/versions/0/groups/0/openapi');
  });

  it("a page listed beside two generated pages on its path: every entry keeps the URL and shows the author's file (the platform writes it over them)", async () => {
    const result = await resolved('slug-clashes');
    expect(under(result, 'en', 'v1', 'Users').map((p) => `${p.path} | ${p.kind} ${p.file} ${p.openapi?.file ?? ''}`)).toEqual([
      'intro | page intro.mdx ',
      'api-reference/list-users | page api-reference/list-users.mdx ',
      'api-reference/list-users | endpoint api-reference/list-users.mdx users.json',
      'api-reference/list-users | endpoint api-reference/list-users.mdx legacy.json',
    ]);
    const first = problemAt(result, 'slug-collision', '/navigation/languages/0/versions/0/groups/1/pages/2');
    const second = problemAt(result, 'slug-collision', '/navigation/languages/0/versions/0/groups/1/pages/3');
    expect([first.severity, second.severity]).toEqual(['info', 'info']);
    expect(first.message).toContain('its file replaces the page generated for GET /users (of users.json)');
    expect(second.message).toContain('legacy.json');
    expect(result.problems.every((p) => p.suggest === undefined)).toBe(true);
  });

  it('the same paths in another version or language do not clash', async () => {
    const result = await resolved('slug-clashes');
    expect(paths(under(result, 'en', 'v2', 'Users'))).toEqual(['intro', 'api-reference/list-users']);
    expect(paths(under(result, 'fr'))).toEqual(['intro', 'api-reference/list-users']);
    expect(codes(result)).toEqual([
      'slug-collision /navigation/languages/0/versions/0/groups/0/openapi',
      'slug-collision /navigation/languages/0/versions/0/groups/1/pages/2',
      'slug-collision /navigation/languages/0/versions/0/groups/1/pages/3',
      'slug-collision /navigation/languages/0/versions/1/groups/0/openapi',
      // Under the default (platform) profile every path is the site's, as the platform's one map of pages:
      // a page listed in another version or language is the author's file there too (info).
      'slug-collision /navigation/languages/0/versions/1/groups/1/pages/1',
      // The same page in two languages is undefined on the platform (platform-facts §1a).
      'duplicate-page /navigation/languages/1/groups/0/pages/0',
      'duplicate-page /navigation/languages/1/groups/0/pages/1',
      'slug-collision /navigation/languages/1/groups/0/pages/1',
    ]);
  });
});

describe('yaml-spec', () => {
  it('reads a YAML spec (comments, quoted keys, folded summary)', async () => {
    const result = await resolved('yaml-spec');
    expect(result.tree.pages.map((p) => `${p.path} | ${p.title} | ${p.openapi?.file} | deprecated=${p.deprecated}`)).toEqual([
      'api-reference/notes/list-notes | List notes | api/openapi.yml | deprecated=false',
      'api-reference/notes/create-a-note | Create a note | api/openapi.yml | deprecated=false',
      'api-reference/notes/patch-notes | Patch notes | api/openapi.yml | deprecated=true',
      'notes-api/notes/patch-notes | Patch notes | api/openapi.yml | deprecated=true',
    ]);
    expect(result.tree.groups.map((g) => `${trail(g)} | ${g.label}`)).toEqual(['tab:Generated | Note Taking']);
    expect(result.problems).toEqual([]);
  });
});

describe('problems', () => {
  it('reports each at the right place, in file order', async () => {
    expect(codes(await resolved('problems'))).toEqual([
      'openapi-not-found /navigation/tabs/0/openapi',
      'endpoint-not-found /navigation/tabs/1/pages/0',
      'endpoint-not-found /navigation/tabs/1/pages/1',
      'endpoint-not-found /navigation/tabs/1/pages/2',
      'openapi-not-found /navigation/tabs/1/pages/4',
      'openapi-invalid /navigation/tabs/2/openapi',
      'openapi-invalid /navigation/tabs/3/openapi/1',
      'openapi-warning /navigation/tabs/4/openapi',
    ]);
  });

  it('a missing spec: openapi-not-found at the openapi value, and no endpoint-not-found for its entries', async () => {
    const result = await resolved('problems');
    expect(problemAt(result, 'openapi-not-found', '/navigation/tabs/0/openapi').severity).toBe('error');
    expect(under(result, 'Missing spec')).toEqual([]);
  });

  it('an unknown path lists the closest paths; a missing method lists the methods the path has', async () => {
    const result = await resolved('problems');
    const unknown = problemAt(result, 'endpoint-not-found', '/navigation/tabs/1/pages/0');
    expect(unknown.message).toContain('has no path /userz; closest: /users');
    expect(unknown.suggest).toBe('GET /users');
    const method = problemAt(result, 'endpoint-not-found', '/navigation/tabs/1/pages/1');
    expect(method.message).toContain('has no DELETE /users; that path has GET, POST');
    expect(method.suggest).toBeUndefined();
    expect(problemAt(result, 'endpoint-not-found', '/navigation/tabs/1/pages/2').suggest).toBe('GET /orders');
    expect(paths(under(result, 'Lookups'))).toEqual(['api-reference/list-users']);
  });

  it('an invalid spec is openapi-invalid; the valid spec beside it in an array still generates', async () => {
    const result = await resolved('problems');
    expect(problemAt(result, 'openapi-invalid', '/navigation/tabs/2/openapi').message).toContain('is not valid JSON');
    expect(under(result, 'Invalid JSON')).toEqual([]);
    expect(problemAt(result, 'openapi-invalid', '/navigation/tabs/3/openapi/1').message).toContain('neither `openapi` nor `swagger`');
    expect(under(result, 'Not OpenAPI').every((p) => p.openapi?.file === 'specs/api.json')).toBe(true);
    expect(under(result, 'Not OpenAPI')).toHaveLength(4);
  });

  it('a Swagger 2.0 spec: an openapi-warning warning, and its pages', async () => {
    const result = await resolved('problems');
    const warning = problemAt(result, 'openapi-warning', '/navigation/tabs/4/openapi');
    expect(warning.severity).toBe('warning');
    expect(warning.message).toContain('Swagger 2.0');
    expect(paths(under(result, 'Swagger'))).toEqual(['api-reference/legacy-list']);
  });
});

describe('unsafe-slugs', () => {
  it("keeps the platform's page paths and warns at each entry whose path has ? # : or &", async () => {
    const result = await resolved('unsafe-slugs');
    expect(paths(under(result, 'Picked'))).toEqual([
      'api-reference/whats-new?',
      'api-reference/item-#1',
      'api-reference/time:-now',
      'api-reference/search-&-filter',
      'api-reference/a-safe-one-really',
    ]);
    const entries = '/navigation/versions/0/groups/0/pages';
    expect(problemAt(result, 'unsafe-slug', `${entries}/0`).message).toContain('"?"');
    expect(problemAt(result, 'unsafe-slug', `${entries}/1`).message).toContain('"#"');
    expect(problemAt(result, 'unsafe-slug', `${entries}/2`).message).toContain('":"');
    expect(problemAt(result, 'unsafe-slug', `${entries}/3`).message).toContain('"&"');
    expect(result.problems.filter((p) => p.pointer === `${entries}/4`)).toEqual([]);
  });

  it('bulk generation: one warning at the openapi value that names every unsafe page', async () => {
    const result = await resolved('unsafe-slugs');
    const bulk = problemAt(result, 'unsafe-slug', '/navigation/versions/1/groups/0/openapi');
    for (const page of ['whats-new?', 'item-#1', 'time:-now', 'search-&-filter']) expect(bulk.message).toContain(`"api-reference/${page}"`);
    expect(bulk.message).not.toContain('a-safe-one-really');
    expect(result.problems.map((p) => p.code)).toEqual(Array(5).fill('unsafe-slug'));
  });
});

describe('breadcrumbs-and-groups', () => {
  it('styling.eyebrows "breadcrumbs": every page gets its trail labels', async () => {
    const result = await resolved('breadcrumbs-and-groups');
    for (const page of result.tree.pages) expect(page.breadcrumbs).toEqual(page.trail.map((t) => t.label));
    expect(pageAt(result.tree.pages, 'start/deep').breadcrumbs).toEqual(['Docs', 'Start', 'Advanced', 'Deep']);
    expect(pageAt(result.tree.pages, 'api-reference/things/list-things').breadcrumbs).toEqual(['Docs', 'API', 'Things']);
    const python = pageAt(result.tree.pages, 'sdks/python');
    expect(python.breadcrumbs).toEqual(['Reference', 'SDKs', 'Python']);
    expect(trail(python)).toBe('tab:Reference > menu:SDKs > group:Python');
  });

  it('group states: top-level always expanded, nested expanded only with expanded: true', async () => {
    const result = await resolved('breadcrumbs-and-groups');
    expect(result.tree.groups.map((g) => `${g.label} top=${g.topLevel} ${g.display}`)).toEqual([
      'Start top=true expanded',
      'Hidden bits top=false collapsed',
      'Advanced top=false expanded',
      'Deep top=false collapsed',
      // expanded: false on a top-level group changes nothing (and is reported).
      'More top=true expanded',
      'Inner top=false collapsed',
      'API top=true expanded',
      'Things top=false collapsed',
      'Python top=true expanded',
    ]);
    // `root: "/start/welcome"` is checked like any page path: the leading `/` is a hint.
    expect(codes(result)).toEqual(['page-path /navigation/tabs/0/groups/0/root', 'expanded-top-level /navigation/tabs/0/groups/1/expanded']);
  });

  it('root, and firstPage: the first visible page depth first', async () => {
    const result = await resolved('breadcrumbs-and-groups');
    const first = Object.fromEntries(result.tree.groups.map((g) => [g.label, g.firstPage]));
    expect(first).toEqual({
      Start: 'start/welcome', // skips the hidden group's page
      'Hidden bits': undefined,
      Advanced: 'start/advanced',
      Deep: 'start/deep',
      More: 'more/inner', // depth first: the nested group's page comes before more/after
      Inner: 'more/inner',
      API: 'api-reference/things/list-things', // skips the x-hidden operation
      Things: 'api-reference/things/list-things',
      Python: 'sdks/python',
    });
    expect(groupAt(result, 'Start', 'tab:Docs').root).toBe('start/welcome');
    expect(groupAt(result, 'Hidden bits', 'tab:Docs > group:Start').hidden).toBe(true);
    expect(pageAt(result.tree.pages, 'start/secret').hidden).toBe(true);
    expect(pageAt(result.tree.pages, 'api-reference/things/hidden-first').hidden).toBe(true);
  });
});

describe('shared-spec: one spec named by three elements', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('has the pages three times, and reads and parses the file once', async () => {
    const load = vi.spyOn(SpecLoader.prototype, 'loadSync');
    const result = await resolveFile(path.join(FIXTURES, 'shared-spec', 'docs.json'));
    expect(result.tree.pages.map((p) => `${p.trail[0].label} ${p.path} ${p.openapi?.file}`)).toEqual([
      'One api-reference/ping shared.json',
      'One api-reference/pong shared.json',
      'Two api-reference/ping shared.json',
      'Two api-reference/pong shared.json',
      'Three api-reference/pong shared.json',
      'Three api-reference/ping shared.json',
    ]);
    // Three spellings of one file, asked of one loader...
    expect([...new Set(load.mock.calls.map(([source]) => source))].sort()).toEqual(['./shared.json', '/shared.json', 'shared.json']);
    const loaders = new Set(load.mock.contexts);
    expect(loaders.size).toBe(1);
    // ...answered with one result, from one read and one parse.
    const answers = load.mock.results.map((r) => r.value as SpecResult);
    expect(new Set(answers).size).toBe(1);
    expect((load.mock.contexts[0] as SpecLoader).stats()).toEqual({ reads: 1, parses: 1 });
    expect(result.problems).toEqual([]);
  });
});
