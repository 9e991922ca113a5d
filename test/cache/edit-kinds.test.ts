/**
 * A warm run is always the truth (issue 51): after every kind of edit a docs repository sees, a
 * run with the cache (a new store on the same file, as each CLI run makes it, saved after it)
 * gives what a run without it gives, problem for problem. The edits: a page's body, its front
 * matter, a snippet, docs.json, a `$ref` target, an OpenAPI spec, a second spec file written or
 * removed, a JSON file that is no spec, a page deleted, added and
 * renamed, a file touched with no change, and a same-length edit whose modification time is put
 * back (`touch -r`: only the change time tells). Random sequences of them with a fixed seed, each
 * run with the clock where the cache trusts stamps (the files written long before the run) or
 * where it hashes the files written in the last 2 s (src/cache/stamp.ts): both paths are checked.
 * Seeded and bounded (DOCSNAV_FC_SEED and DOCSNAV_FC_RUNS explore further).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { runClock } from '../../src/cache/stamp.js';
import { PageScanStore, storeBehind } from '../../src/cache/store.js';
import { validateFile } from '../../src/validate.js';

const SEED = Number(process.env.DOCSNAV_FC_SEED ?? 20_261_126);
const RUNS = Number(process.env.DOCSNAV_FC_RUNS ?? 30);

const PAGES: Record<string, string> = {
  'index.mdx': '---\ntitle: Home\n---\n# Home\n\nSee [the setup](/guide#setup), [the old page](/old) and [users](/api/get-users).\n',
  'guide.mdx': '# Guide\n\n## Setup\n\nBack [home](/index). <Snippet />\n',
  'about.mdx': '---\ntitle: About\n---\n# About\n\nRead [the guide](/guide#install) and [nothing](/nothing).\n',
  'users.mdx': '---\nopenapi: GET /users\n---\n\nThe users.\n',
};
const SNIPPET = 'A note: [the guide](/guide#setup).\n';
const SPEC = (paths: string[]) => ({
  openapi: '3.0.0',
  info: { title: 'API', version: '1' },
  paths: Object.fromEntries(paths.map((p) => [p, { get: { summary: `Get ${p.slice(1)}`, responses: { 200: { description: 'ok' } } } }])),
});
const DOCS = (pages: string[], redirects: boolean) => ({
  name: 'Edits',
  theme: 'mint',
  colors: { primary: '#0D9373' },
  navigation: {
    groups: [
      { $ref: './nav/start.json' },
      { group: 'More', pages },
      { group: 'API', openapi: 'api/openapi.json', pages: ['GET /users', 'GET /items', 'users'] },
    ],
  },
  ...(redirects && { redirects: [{ source: '/old', destination: '/guide' }] }),
});
const REF = (pages: string[]) => ({ group: 'Start', pages });

/** A site's files as they are now (what the edits change), written under `root`. */
interface Site {
  root: string;
  docs: string;
  cache: string;
}

function makeSite(): Site {
  const root = mkdtempSync(path.join(tmpdir(), 'docsnav-edits-'));
  mkdirSync(path.join(root, 'snippets'));
  mkdirSync(path.join(root, 'nav'));
  mkdirSync(path.join(root, 'api'));
  for (const [name, text] of Object.entries(PAGES)) writeFileSync(path.join(root, name), text);
  writeFileSync(path.join(root, 'snippets', 'note.mdx'), SNIPPET);
  writeFileSync(path.join(root, 'api', 'openapi.json'), JSON.stringify(SPEC(['/users', '/items'])));
  writeFileSync(path.join(root, 'nav', 'start.json'), JSON.stringify(REF(['index', 'guide'])));
  const docs = path.join(root, 'docs.json');
  writeFileSync(docs, JSON.stringify(DOCS(['about'], true)));
  const cache = path.join(mkdtempSync(path.join(tmpdir(), 'docsnav-edits-cache-')), 'page-scans.json');
  return { root, docs, cache };
}

const pageNames = ['index', 'guide', 'about', 'users', 'extra'];
const pick = fc.constantFrom(...pageNames);

/** One edit, as data (shown by fast-check when a case fails). */
const editArb = fc.oneof(
  fc.record({
    kind: fc.constant('page' as const),
    page: pick,
    link: fc.constantFrom('/guide#setup', '/guide#nope', '/gone', '/about', '/old', '#here'),
    heading: fc.constantFrom('Setup', 'Install', 'Here'),
  }),
  fc.record({
    kind: fc.constant('front-matter' as const),
    page: pick,
    front: fc.constantFrom('title: Changed', 'openapi: GET /items', 'openapi: GET /missing', 'openapi: other GET /users', 'title: [broken'),
  }),
  fc.record({ kind: fc.constant('snippet' as const), link: fc.constantFrom('/guide#setup', '/guide#install', '/nowhere', '/about') }),
  fc.record({ kind: fc.constant('docs-json' as const), pages: fc.subarray(['about', 'extra', 'missing']), redirects: fc.boolean() }),
  fc.record({ kind: fc.constant('ref' as const), pages: fc.subarray(['index', 'guide', 'gone', 'extra']) }),
  fc.record({ kind: fc.constant('spec' as const), paths: fc.subarray(['/users', '/items', '/other']) }),
  // A second spec file written or removed (what a page's `openapi` may find), and a JSON file that is no spec edited.
  fc.record({ kind: fc.constant('spec-file' as const), paths: fc.option(fc.subarray(['/missing', '/users']), { nil: undefined }) }),
  fc.record({ kind: fc.constant('json' as const), notes: fc.nat(3) }),
  fc.record({ kind: fc.constant('delete' as const), page: pick }),
  fc.record({ kind: fc.constant('add' as const), page: pick, link: fc.constantFrom('/guide#setup', '/gone') }),
  fc.record({ kind: fc.constant('rename' as const), page: pick, to: fc.constantFrom('.md', '-moved.mdx') }),
  fc.record({ kind: fc.constant('touch' as const), page: pick }),
  fc.record({ kind: fc.constant('same-stamp' as const), page: pick }),
);
type Edit = typeof editArb extends fc.Arbitrary<infer T> ? T : never;

/** The page's file as it is now (`.mdx`, else `.md`), or undefined when it has none. */
function fileOf(site: Site, page: string): string | undefined {
  return ['.mdx', '.md'].map((ext) => path.join(site.root, page + ext)).find((file) => existsSync(file));
}

/** Same-length swaps that change what a page's links arrive at or its ids are. */
const SWAPS: Array<[string, string]> = [
  ['/guide', '/gxide'],
  ['Setup', 'Setuq'],
  ['/index', '/indey'],
  ['/old', '/olf'],
  ['Home', 'Homf'],
];

function apply(site: Site, edit: Edit): void {
  const at = (...parts: string[]) => path.join(site.root, ...parts);
  const file = 'page' in edit ? fileOf(site, edit.page) : undefined;
  switch (edit.kind) {
    case 'page':
      if (file) writeFileSync(file, `${readFileSync(file, 'utf8').replace(/\n# [^\n]*\n/, '\n')}\n## ${edit.heading}\n\n[a link](${edit.link})\n`);
      return;
    case 'front-matter': {
      if (!file) return;
      const text = readFileSync(file, 'utf8');
      const body = text.startsWith('---\n') ? text.slice(text.indexOf('\n---\n', 3) + 5) : text;
      writeFileSync(file, `---\n${edit.front}\n---\n${body}`);
      return;
    }
    case 'snippet':
      writeFileSync(at('snippets', 'note.mdx'), `A note: [the link](${edit.link}).\n`);
      return;
    case 'docs-json':
      writeFileSync(site.docs, JSON.stringify(DOCS(edit.pages, edit.redirects)));
      return;
    case 'ref':
      writeFileSync(at('nav', 'start.json'), JSON.stringify(REF(edit.pages)));
      return;
    case 'spec':
      writeFileSync(at('api', 'openapi.json'), JSON.stringify(SPEC(edit.paths)));
      return;
    case 'spec-file':
      if (edit.paths) {
        mkdirSync(at('more'), { recursive: true });
        writeFileSync(at('more', 'other.json'), JSON.stringify(SPEC(edit.paths)));
      } else rmSync(at('more', 'other.json'), { force: true });
      return;
    case 'json':
      writeFileSync(at('notes.json'), JSON.stringify({ notes: edit.notes }));
      return;
    case 'delete':
      if (file) rmSync(file);
      return;
    case 'add':
      if (!file) writeFileSync(at(`${edit.page}.mdx`), `# ${edit.page}\n\n## Setup\n\n[a link](${edit.link})\n`);
      return;
    case 'rename':
      if (file) renameSync(file, at(`${edit.page}${edit.to}`));
      return;
    case 'touch':
      if (file) utimesSync(file, new Date(), new Date());
      return;
    case 'same-stamp': {
      if (!file) return;
      const text = readFileSync(file, 'utf8');
      const swap = SWAPS.map(([a, b]) => (text.includes(a) ? [a, b] : [b, a])).find(([a]) => text.includes(a));
      if (!swap) return;
      // The file's times kept as `touch -r` keeps them (to the nanosecond), through a file beside it.
      const times = `${file}.times`;
      touch('-r', file, times);
      writeFileSync(file, text.replace(swap[0], swap[1]));
      touch('-r', times, file);
      rmSync(times);
      return;
    }
  }
}

function touch(...args: string[]): void {
  const done = spawnSync('touch', args, { encoding: 'utf8' });
  if (done.status !== 0) throw new Error(`touch ${args.join(' ')}: ${done.stderr}`);
}

/**
 * A store that, when it finds `page`'s file unchanged by its stamp, lets `save` run right then: the
 * author saving the page between the moment the run finds it unchanged and the moment it reads it.
 */
class SavedWhileRead {
  /** The store's door, given to the run; the store behind it has its keptBody wrapped. */
  readonly door: PageScanStore;

  constructor(
    file: string,
    private readonly page: string | undefined,
    private save_: (() => void) | undefined,
  ) {
    this.door = new PageScanStore(file);
    const store = storeBehind(this.door);
    const keptBody = store.keptBody.bind(store);
    store.keptBody = (...args) => {
      const kept = keptBody(...args);
      if (kept && this.save_ && args[0] === this.page) {
        this.save_();
        this.save_ = undefined;
      }
      return kept;
    };
  }

  /** Whether the save was made during the run (else the caller makes it after). */
  get saved(): boolean {
    return this.save_ === undefined;
  }
}

/**
 * A warm run (a new store on the site's cache file, saved after) and a run without the cache.
 * `during`: an edit made while the warm run reads the site, when it finds the edit's page unchanged
 * (or after the run, when it does not): that warm run raced the edit and is not compared; the
 * runs after it are (`warm` then is a second warm run, made after the edit).
 */
function runs(site: Site, trustStamps: boolean, during?: Edit) {
  const real = runClock.now;
  // Trusting stamps: the run as if 3 s after every file was written (else those within 2 s are hashed).
  if (trustStamps) runClock.now = () => real() + 3000;
  try {
    if (during) {
      const page = 'page' in during ? fileOf(site, during.page) : undefined;
      // Another page touched first, so that the run is made (a run given again whole reads no page).
      const other = fileOf(site, page?.endsWith(`${path.sep}index.mdx`) ? 'guide' : 'index');
      if (other) utimesSync(other, new Date(), new Date());
      const racing = new SavedWhileRead(site.cache, page, () => apply(site, during));
      validateFile(site.docs, { pageScans: racing.door, concurrency: 1 });
      if (racing.door.dirty) racing.door.save();
      if (!racing.saved) apply(site, during);
    }
    const pageScans = new PageScanStore(site.cache);
    const warm = validateFile(site.docs, { pageScans, concurrency: 1 });
    if (pageScans.dirty) pageScans.save();
    const cold = validateFile(site.docs, { concurrency: 1 });
    return { warm, cold };
  } finally {
    runClock.now = real;
  }
}

const made: string[] = [];
afterEach(() => {
  for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('a warm run after any edit equals a cold run', () => {
  it('the example site finds problems of every kind the edits move', () => {
    const site = makeSite();
    made.push(site.root, path.dirname(site.cache));
    const { warm, cold } = runs(site, true);
    expect(warm).toEqual(cold);
    // What the edits then add and take away: a broken link, a missing anchor, a redirect followed, an endpoint.
    expect(new Set(cold.problems.map((problem) => problem.code))).toEqual(new Set(['link-not-found', 'anchor-not-found']));
  });

  it.each([
    ['a same-length edit, its times put back', { kind: 'same-stamp', page: 'index' }],
    ['a snippet', { kind: 'snippet', link: '/nowhere' }],
    ['an OpenAPI spec', { kind: 'spec', paths: ['/items'] }],
    ['a $ref target', { kind: 'ref', pages: ['index', 'gone'] }],
  ] as Array<[string, Edit]>)('%s: changes the report, and the warm run sees it', (_, edit) => {
    const site = makeSite();
    made.push(site.root, path.dirname(site.cache));
    const before = runs(site, true);
    apply(site, edit);
    const after = runs(site, true);
    expect(after.warm).toEqual(after.cold);
    expect(after.cold.problems).not.toEqual(before.cold.problems);
  });

  it("a page saved while a warm run reads it (after its stamp said unchanged): no later run gives the old text's result", () => {
    const site = makeSite();
    made.push(site.root, path.dirname(site.cache));
    const before = runs(site, true);
    // Another page touched, so that the run is made, not given again whole. The about page has problems (its text is read
    // for the report): a new broken link saved as the run finds it unchanged.
    apply(site, { kind: 'touch', page: 'index' });
    const after = runs(site, true, { kind: 'page', page: 'about', link: '/gone', heading: 'Here' });
    expect(after.warm).toEqual(after.cold);
    expect(after.cold.problems.length).toBeGreaterThan(before.cold.problems.length);
    // Its heading renamed as the run reads the guide (Setup → Setuq, the length kept), then back: each later run the truth.
    const rename = { kind: 'same-stamp', page: 'guide' } as Edit;
    apply(site, { kind: 'touch', page: 'index' });
    const renamed = runs(site, true, rename);
    expect(renamed.warm).toEqual(renamed.cold);
    apply(site, { kind: 'touch', page: 'index' });
    const back = runs(site, true, rename);
    expect(back.warm).toEqual(back.cold);
    expect(back.cold).toEqual(after.cold);
  });

  it('random sequences of edits, each run warm and cold (some edits made while a warm run reads the site)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(editArb, fc.boolean(), fc.boolean()), { minLength: 1, maxLength: 6 }), fc.boolean(), (edits, firstTrust) => {
        const site = makeSite();
        made.push(site.root, path.dirname(site.cache));
        const first = runs(site, firstTrust);
        expect(first.warm).toEqual(first.cold);
        for (const [edit, trustStamps, during] of edits) {
          if (!during) apply(site, edit);
          const { warm, cold } = runs(site, trustStamps, during ? edit : undefined);
          expect(warm).toEqual(cold);
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
