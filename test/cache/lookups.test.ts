/**
 * The operation each page's front matter `openapi` names, kept between runs (issue 59: a one-page
 * edit read, parsed and searched every OpenAPI file of the docs root again): the lookups are kept
 * in the store's `….lookups.json` with the stamp each JSON or YAML file of the root was read with,
 * and found again by the page's folder and reference while every such file has that stamp on
 * disk, none added and none removed. Each input of that key has a test where it alone changes and
 * the warm run must give what a run without the cache gives; and a spec saved while a run uses
 * kept lookups keeps nothing of that run.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runClock } from '../../src/cache/stamp.js';
import { stampOf } from '../../src/files.js';
import { OpenedStore } from '../../src/cache/opened-store.js';
import { partFileOf } from '../../src/cache/parts.js';
import { storeStats } from '../../src/cache/stats.js';
import { PageScanStore, storeBehind } from '../../src/cache/store.js';
import { resolveFile } from '../../src/resolve.js';
import { validateFile } from '../../src/validate.js';
import { readPart, writePart } from './parts.js';
import { REQUIRED_SETTINGS } from '../required-settings.js';

const SPEC = (paths: string[]) =>
  JSON.stringify({
    openapi: '3.0.0',
    info: { title: 'API', version: '1' },
    paths: Object.fromEntries(paths.map((p) => [p, { get: { summary: `Get ${p}`, responses: { 200: { description: 'ok' } } } }])),
  });
const front = (reference: string) => `---\nopenapi: ${reference}\n---\n\nA page.\n`;

interface Site {
  root: string;
  docs: string;
  cache: string;
  write(file: string, text: string): void;
}

const made: string[] = [];

function makeSite(): Site {
  const root = mkdtempSync(path.join(tmpdir(), 'docsnav-lookups-'));
  const cache = path.join(mkdtempSync(path.join(tmpdir(), 'docsnav-lookups-cache-')), 'page-scans.json');
  made.push(root, path.dirname(cache));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  write('a/spec.json', SPEC(['/users', '/items']));
  write('b/spec.json', SPEC(['/other']));
  // A JSON file that is no spec: a lookup reads it (to know), but it changes no lookup while it stays none.
  write('notes.json', '{"notes": []}');
  // One folder, two references (one found, one not): a lookup is kept by its reference.
  write('a/users.mdx', front('GET /users'));
  write('a/missing.mdx', front('GET /missing'));
  // One reference, two folders: where it was looked for, nearest first, differs (the warning says so).
  write('b/missing.mdx', front('GET /missing'));
  const docs = path.join(root, 'docs.json');
  writeFileSync(docs, JSON.stringify({ ...REQUIRED_SETTINGS, navigation: { pages: ['a/users', 'a/missing', 'b/missing'] } }));
  return { root, docs, cache, write };
}

let label = 0;
/**
 * A warm run as the CLI makes it (a new store on the site's cache, saved after) and a run without
 * the cache. `again`: docs.json gets another label first, so that the run is made, not given again whole.
 */
function runs(site: Site, { again = true, store = new PageScanStore(site.cache) } = {}) {
  if (again) writeFileSync(site.docs, JSON.stringify({ ...(JSON.parse(readFileSync(site.docs, 'utf8')) as object), name: `Run ${++label}` }));
  const used = storeStats.lookupsKept;
  const warm = validateFile(site.docs, { pageScans: store, concurrency: 1 });
  if (store.dirty) store.save();
  const cold = validateFile(site.docs, { concurrency: 1 });
  return { warm, cold, keptUsed: storeStats.lookupsKept - used };
}

/** The warnings of the pages' lookups, by page: what changes when a lookup does. */
const lookupWarnings = (result: Pick<ReturnType<typeof validateFile>, 'problems'>) =>
  result.problems.filter((problem) => problem.code === 'endpoint-not-found').map((problem) => `${problem.file}: ${problem.message}`);

const real = runClock.now;
beforeEach(() => {
  // The files were written long before the runs (src/cache/stamp.ts: else their stamps are racily clean).
  runClock.now = () => real() + 3000;
});
afterEach(() => {
  runClock.now = real;
  for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe("the pages' operation lookups, kept", () => {
  it('a run after the first uses the kept lookups (docs.json and a JSON file that stays no spec edited), and gives what a run without the cache gives', () => {
    const site = makeSite();
    const first = runs(site);
    expect(first.warm.problems).toEqual(first.cold.problems);
    expect(lookupWarnings(first.cold)).toHaveLength(2);
    site.write('notes.json', '{"notes": ["one"]}');
    const second = runs(site);
    expect(second.keptUsed).toBe(1);
    expect(second.warm.problems).toEqual(second.cold.problems);
  });

  it.each([
    ['a spec edited so that an operation disappears', (site: Site) => site.write('a/spec.json', SPEC(['/items']))],
    ['a spec that becomes no spec (its JSON broken)', (site: Site) => site.write('a/spec.json', '{"openapi": "3.0.0",')],
    ['a JSON file that was no spec becoming one that defines the missing operation', (site: Site) => site.write('notes.json', SPEC(['/missing']))],
    ['a spec file removed', (site: Site) => rmSync(path.join(site.root, 'b', 'spec.json'))],
    [
      'a spec file renamed',
      (site: Site) => {
        rmSync(path.join(site.root, 'b', 'spec.json'));
        site.write('b/api.json', SPEC(['/other']));
      },
    ],
    ['a spec file added that defines the missing operation', (site: Site) => site.write('c.json', SPEC(['/missing']))],
    ["a page's reference changed", (site: Site) => site.write('a/users.mdx', front('GET /gone'))],
    [
      'a page moved to another folder',
      (site: Site) => {
        rmSync(path.join(site.root, 'b', 'missing.mdx'));
        site.write('c/missing.mdx', front('GET /missing'));
        writeFileSync(site.docs, JSON.stringify({ ...REQUIRED_SETTINGS, navigation: { pages: ['a/users', 'a/missing', 'c/missing'] } }));
      },
    ],
  ])('%s: the warm run sees it, as a run without the cache does', (_, edit) => {
    const site = makeSite();
    const before = runs(site);
    runs(site);
    edit(site);
    const after = runs(site);
    expect(after.warm.problems).toEqual(after.cold.problems);
    expect(lookupWarnings(after.cold)).not.toEqual(lookupWarnings(before.cold));
  });

  it('spec files read within the last 2 s (their stamps cannot tell a later edit) keep no lookups', () => {
    runClock.now = real;
    const site = makeSite();
    runs(site);
    expect(() => readFileSync(partFileOf(site.cache, 'lookups'))).toThrow(/ENOENT/);
    const second = runs(site);
    expect(second.keptUsed).toBe(0);
    expect(second.warm.problems).toEqual(second.cold.problems);
  });

  it('a spec saved while a run uses kept lookups (found unchanged, then read as other bytes): no later run gives the old answers', () => {
    const site = makeSite();
    runs(site);
    // A page's reference changed, so that the run looks one up (and reads the specs) after using the kept ones.
    site.write('a/missing.mdx', front('GET /other'));
    // The store behind the run's door, its keptLookups wrapped: the spec saved when the run takes the kept lookups.
    const store = new PageScanStore(site.cache);
    const behind = storeBehind(store);
    const keptLookups = behind.keptLookups.bind(behind);
    behind.keptLookups = (files: readonly string[]) => {
      const kept = keptLookups(files);
      if (kept) site.write('a/spec.json', SPEC(['/items']));
      return kept;
    };
    const racing = runs(site, { store });
    expect(racing.keptUsed).toBe(1);
    // Nothing changed since: the next run may be given again whole, and is the truth.
    const next = runs(site, { again: false });
    expect(next.warm.problems).toEqual(next.cold.problems);
    expect(lookupWarnings(next.cold).some((warning) => warning.includes('GET /users'))).toBe(true);
    // And a run made anew (docs.json edited) finds no lookup kept from the old bytes under the new stamp.
    const later = runs(site);
    expect(later.warm.problems).toEqual(later.cold.problems);
  });

  it('a run that used kept lookups and made one keeps them all, with the one made', () => {
    const site = makeSite();
    runs(site);
    site.write('a/missing.mdx', front('GET /other'));
    expect(runs(site).keptUsed).toBe(1);
    const part = readPart<{ value: { lookups: Record<string, unknown> } }>(partFileOf(site.cache, 'lookups'));
    expect(Object.keys(part.value.lookups).sort()).toEqual(['\0specs', 'a\0GET /other', 'a\0GET /users', 'b\0GET /missing']);
  });

  it('kept lookups of another shape (a whole file, its checksum holding) are looked up again', () => {
    const site = makeSite();
    runs(site);
    const file = partFileOf(site.cache, 'lookups');
    const part = readPart<{ build: string; value: { stamps: object; lookups: Record<string, unknown> } }>(file);
    // Every page's lookup 'found', its operation missing what one has (the list of spec files beside them left as it is).
    for (const key of Object.keys(part.value.lookups))
      if (!key.startsWith('\0')) part.value.lookups[key] = { kind: 'found', file: 'a/spec.json', operation: { method: 'get' } };
    writePart(file, part);
    const second = runs(site);
    expect(second.keptUsed).toBe(1);
    expect(second.warm.problems).toEqual(second.cold.problems);
    expect(lookupWarnings(second.warm)).toHaveLength(2);
  });
});

/**
 * The store's half (src/cache/store.ts `keepLookups` and `keptLookups`), which the runs above go
 * through: lookups are written only when kept from files none of whose stamps is racy, found again
 * only for exactly the files they were made from, with the files whose stamp on disk differs now
 * (and only those), and each file's stamp then told apart from any other.
 */
describe('PageScanStore: kept lookups', () => {
  const stampAt = (file: string) => stampOf(statSync(file, { bigint: true }));
  function specs() {
    const folder = mkdtempSync(path.join(tmpdir(), 'docsnav-kept-lookups-'));
    made.push(folder);
    const [a, b, c] = ['a.json', 'b.json', 'c.json'].map((name) => path.join(folder, name));
    for (const file of [a, b, c]) writeFileSync(file, SPEC([`/${path.basename(file)}`]));
    return { cache: path.join(folder, 'cache', 'page-scans.json'), a, b, c };
  }
  const LOOKUPS = new Map<string, unknown>([['a\0GET /users', { kind: 'operation-not-found', searched: ['a.json'] }]]);
  function kept(cache: string, a: string, b: string) {
    mkdirSync(path.dirname(cache), { recursive: true });
    const store = new OpenedStore(cache);
    store.keepLookups({ stamps: new Map([a, b].map((file) => [file, stampAt(file)])), lookups: LOOKUPS });
    expect(store.dirty).toBe(true);
    store.save();
  }

  it('found again for the same files: their lookups, nothing changed, and each file told by the stamp it was read with', () => {
    const { cache, a, b, c } = specs();
    kept(cache, a, b);
    const found = new OpenedStore(cache).keptLookups([b, a]);
    expect(found && { lookups: found.lookups, changed: found.changed }).toEqual({ lookups: LOOKUPS, changed: [] });
    expect([found!.readAs(a, stampAt(a)), found!.readAs(b, stampAt(b)), found!.readAs(a, stampAt(b)), found!.readAs(c, stampAt(c))]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('only for the files they were made from: one more, one fewer, or another in place of one finds none', () => {
    const { cache, a, b, c } = specs();
    kept(cache, a, b);
    const store = new OpenedStore(cache);
    expect([store.keptLookups([a, b, c]), store.keptLookups([a]), store.keptLookups([a, c])]).toEqual([undefined, undefined, undefined]);
  });

  it('a file saved or removed since is named changed, and only it', () => {
    const { cache, a, b } = specs();
    kept(cache, a, b);
    writeFileSync(b, SPEC(['/saved', '/since']));
    expect(new OpenedStore(cache).keptLookups([a, b])?.changed).toEqual([b]);
    rmSync(a);
    expect(new OpenedStore(cache).keptLookups([a, b])?.changed).toEqual([a, b]);
  });

  it('lookups made from a file stamped within the run’s racy window, beside files that are not, are not kept', () => {
    const { cache, a, b } = specs();
    mkdirSync(path.dirname(cache), { recursive: true });
    const store = new OpenedStore(cache);
    const racy = { ...stampAt(b), mtimeNs: BigInt(runClock.now()) * 1_000_000n };
    store.keepLookups({
      stamps: new Map([
        [a, stampAt(a)],
        [b, racy],
      ]),
      lookups: LOOKUPS,
    });
    expect(store.dirty).toBe(false);
  });

  it('the content strategy (stamps not trusted) neither keeps lookups nor finds kept ones', () => {
    const { cache, a, b } = specs();
    mkdirSync(path.dirname(cache), { recursive: true });
    const content = new OpenedStore(cache, 'content');
    content.keepLookups({ stamps: new Map([a, b].map((file) => [file, stampAt(file)])), lookups: LOOKUPS });
    expect(content.dirty).toBe(false);
    kept(cache, a, b);
    expect(new OpenedStore(cache, 'content').keptLookups([a, b])).toBeUndefined();
  });

  it('a kept part whose stamps are not all stamp texts (its checksum holding) finds none', () => {
    const { cache, a, b } = specs();
    kept(cache, a, b);
    const file = partFileOf(cache, 'lookups');
    const part = readPart<{ value: { stamps: Record<string, unknown> } }>(file);
    part.value.stamps[b] = 5;
    writePart(file, part);
    expect(new OpenedStore(cache).keptLookups([a, b])).toBeUndefined();
  });
});

/**
 * Kept lookups are read back from a file (src/resolve/page-operations.ts `isLookup`): one of the
 * right shape is taken as it is (the store's checksum vouches for the file), and one of any other
 * shape is looked up again, each condition of that shape alone unmet, the warm run then giving
 * what a run without the cache gives (tree and problems), never a crash.
 */
describe('kept lookups read back, by their shape', () => {
  const USERS = 'a\0GET /users';
  const MISSING = 'a\0GET /missing';
  const NAMED = 'c\0nospec GET /x';
  type Lookups = Record<string, Record<string, unknown>>;

  /** makeSite, with a page naming a file that is no OpenAPI file (its lookup `spec-not-found`). */
  function shapeSite(): Site {
    const site = makeSite();
    site.write('c/named.mdx', front('nospec GET /x'));
    writeFileSync(site.docs, JSON.stringify({ ...REQUIRED_SETTINGS, navigation: { pages: ['a/users', 'a/missing', 'b/missing', 'c/named'] } }));
    return site;
  }

  /** Edits the kept lookups as a whole file (its checksum holding). */
  function rewriteLookups(site: Site, edit: (lookups: Lookups) => void): void {
    const file = partFileOf(site.cache, 'lookups');
    const part = readPart<{ build: string; value: { stamps: object; lookups: Lookups } }>(file);
    edit(part.value.lookups);
    writePart(file, part);
  }

  /** A warm resolve (a new store on the site's cache; docs.json relabeled first) and one without the cache. */
  async function resolved(site: Site) {
    writeFileSync(site.docs, JSON.stringify({ ...(JSON.parse(readFileSync(site.docs, 'utf8')) as object), name: `Run ${++label}` }));
    const used = storeStats.lookupsKept;
    const store = new PageScanStore(site.cache);
    const warm = await resolveFile(site.docs, { pageScans: store, concurrency: 1 });
    if (store.dirty) store.save();
    const cold = await resolveFile(site.docs, { concurrency: 1 });
    return { warm: { tree: warm.tree, problems: warm.problems }, cold: { tree: cold.tree, problems: cold.problems }, keptUsed: storeStats.lookupsKept - used };
  }

  const found = (lookups: Lookups) => lookups[USERS] as { kind: 'found'; file: string; operation: Record<string, unknown> };
  /** The found lookup with its operation's `key` set to `value` (undefined: without it). */
  const operationWith = (key: string, value: unknown) => (lookups: Lookups) => {
    lookups[USERS] = { ...found(lookups), operation: { ...found(lookups).operation, [key]: value } };
  };

  it('of the right shape: taken as kept, whatever it says, while every spec file has its stamp (docs.json edited)', async () => {
    const site = shapeSite();
    runs(site);
    rewriteLookups(site, (lookups) => {
      lookups[USERS] = { ...found(lookups), file: 'b/spec.json', operation: { ...found(lookups).operation, method: 'post', path: '/kept', summary: 'Kept' } };
      lookups[MISSING] = { kind: 'operation-not-found', searched: ['k1.json', 'k2.json', 'k3.json', 'k4.json'] };
      lookups[NAMED] = { kind: 'spec-not-found', spec: 'kept' };
    });
    const { warm, keptUsed } = await resolved(site);
    expect(keptUsed).toBe(1);
    const users = warm.tree.pages.find((page) => page.path === 'a/users');
    expect([users?.title, users?.openapi]).toEqual(['Kept', { file: 'b/spec.json', method: 'POST', path: '/kept' }]);
    const said = warm.problems.map((problem) => problem.message).join('\n');
    expect(said).toContain('looked in k1.json, k2.json, k3.json, and 1 more');
    expect(said).toContain('names "kept", which matches no OpenAPI file');
  });

  it.each<[string, (lookups: Lookups) => void]>([
    ['a found lookup whose file is not a string', (lookups) => void (lookups[USERS] = { ...found(lookups), file: 5 })],
    ['a found lookup without an operation', (lookups) => void (lookups[USERS] = { ...found(lookups), operation: undefined })],
    ['a found lookup whose operation is null', (lookups) => void (lookups[USERS] = { ...found(lookups), operation: null })],
    ['a found lookup whose operation is a string', (lookups) => void (lookups[USERS] = { ...found(lookups), operation: 'GET /users' })],
    ['an operation without a method', operationWith('method', undefined)],
    ['an operation whose method is not a string', operationWith('method', 5)],
    ['an operation without a path', operationWith('path', undefined)],
    ['an operation whose path is not a string', operationWith('path', ['/users'])],
    ['an operation without tags', operationWith('tags', undefined)],
    ['an operation whose tags are not a list', operationWith('tags', 'users')],
    ['an operation without deprecated', operationWith('deprecated', undefined)],
    ['an operation whose deprecated is not a boolean', operationWith('deprecated', 'no')],
    ['an operation without hidden', operationWith('hidden', undefined)],
    ['an operation whose hidden is not a boolean', operationWith('hidden', 0)],
    ['an operation without excluded', operationWith('excluded', undefined)],
    ['an operation whose excluded is not a boolean', operationWith('excluded', null)],
    ['a spec-not-found without a spec', (lookups) => void (lookups[NAMED] = { kind: 'spec-not-found' })],
    ['a spec-not-found whose spec is not a string', (lookups) => void (lookups[NAMED] = { kind: 'spec-not-found', spec: 5 })],
    ['an operation-not-found whose searched is not a list', (lookups) => void (lookups[MISSING] = { kind: 'operation-not-found', searched: 'a/spec.json' })],
    [
      'an operation-not-found whose searched holds a non-string',
      (lookups) => void (lookups[MISSING] = { kind: 'operation-not-found', searched: ['a/spec.json', 5] }),
    ],
    ['a lookup of the kind malformed (never kept: the page says so without looking)', (lookups) => void (lookups[USERS] = { kind: 'malformed' })],
    ['a lookup of the kind unknown', (lookups) => void (lookups[USERS] = { kind: 'unknown' })],
    ['a lookup that is null', (lookups) => void ((lookups as Record<string, unknown>)[USERS] = null)],
    [
      'a list of spec files that is not a list (the lookups beside it of the right shape)',
      (lookups) => {
        (lookups as Record<string, unknown>)['\0specs'] = 'a/spec.json';
        lookups[MISSING] = { kind: 'operation-not-found', searched: ['k1.json'] };
      },
    ],
  ])('%s: looked up again, as a run without the cache does', async (_, edit) => {
    const site = shapeSite();
    runs(site);
    rewriteLookups(site, edit);
    const { warm, cold, keptUsed } = await resolved(site);
    expect(keptUsed).toBe(1);
    expect(warm).toEqual(cold);
    expect(lookupWarnings(cold)).toHaveLength(2);
  });
});
