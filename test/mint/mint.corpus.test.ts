/**
 * docsnav on the 30 real mint.json sites of ../shared/corpus/mint-sites (README.md there), against
 * the platform's own answers stored beside each: `upgraded.docs.json` (its upgrade), and
 * `platform-urls.tsv` (its build's page URLs and titles). Also the legacy mint.json files of
 * ../shared/corpus/docs (manifest.tsv's format v1). Then, where @mintlify/validation installs
 * (bench/platform-validator.mjs; never a dependency), docsnav's upgrade beside the live one: on
 * every site, on every case of cases.ts, and on generated mint.json files.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ensurePlatformValidator } from '../../bench/platform-validator.mjs';
import { PROFILES } from '../../src/config/profiles.js';
import { upgradeMintText } from '../../src/mint/file.js';
import { upgradeMintConfig } from '../../src/mint/upgrade.js';
import type { Problem } from '../../src/problem.js';
import { resolveFile } from '../../src/resolve.js';
import { validateFile, validateText } from '../../src/validate.js';
import { corpus, docs } from '../corpus-files.js';
import { mintOf, SETTINGS_CASES, SETTINGS_NAVIGATION, UPGRADE_CASES } from './cases.js';

const SITES = path.join(corpus, 'mint-sites');
const sites = readdirSync(SITES)
  .filter((name) => statSync(path.join(SITES, name)).isDirectory())
  .sort();

/** The legacy mint.json files among the corpus's docs files (manifest.tsv: format v1). */
const legacyFiles = readFileSync(path.join(corpus, 'manifest.tsv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => line.split('\t'))
  .filter((columns) => columns[5] === 'v1')
  .map((columns) => columns[0]);

/**
 * Where docsnav's `upgrade` (as the platform's `mint upgrade`: the checked mint.json, the theme
 * upgraded) differs from upgraded.docs.json (the build's upgrade of the file as written, no theme)
 * outside the navigation, and why. The navigation is the same on every site.
 */
const OUTSIDE_NAVIGATION: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  '0pass__repacket-docs': { '/theme': '`layout: "sidenav"` is the maple theme to `mint upgrade`; the build gives every mint.json site mint' },
  '2lambda123__lotus': {
    '/api/openapi': 'the legacy check writes the spec path root-relative ("/openapi.yaml" is "openapi.yaml"), and the platform upgrades its output',
  },
  Arqqin__docs: { '/api/openapi': 'the same: "./openapi.json" is "openapi.json"' },
  'baptisteArno__typebot.io': { '/api/openapi/0': 'the same: "/openapi/builder.json"', '/api/openapi/1': 'the same: "/openapi/viewer.json"' },
};

/** The pointers at which two JSON values differ (object keys in any order). */
function differences(a: unknown, b: unknown, at = ''): string[] {
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null && Array.isArray(a) === Array.isArray(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].flatMap((key) => differences((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${at}/${key}`));
  }
  return JSON.stringify(a) === JSON.stringify(b) ? [] : [at];
}

function expectInsideFile(problem: Problem, sources: Record<string, string>) {
  const text = sources[problem.file];
  expect(text, `source of ${problem.file}`).toBeDefined();
  const lines = text.split('\n');
  expect(problem.line).toBeGreaterThanOrEqual(1);
  expect(problem.endLine).toBeLessThanOrEqual(lines.length);
  expect(problem.column).toBeGreaterThanOrEqual(1);
  expect(problem.column).toBeLessThanOrEqual(lines[problem.line - 1].length + 1);
}

/** platform-urls.tsv: one row per navigation entry, in order (`\t`, `\n`, `\\` escaped in titles). */
function platformRows(site: string): Array<{ path: string; title: string; openapi: string; flags: string }> {
  const unescape = (text: string) => text.replace(/\\(t|n|\\)/g, (_all, c: string) => (c === 't' ? '\t' : c === 'n' ? '\n' : '\\'));
  // Only the final newline goes: a row's empty last columns are tabs at its end.
  return readFileSync(path.join(SITES, site, 'platform-urls.tsv'), 'utf8')
    .replace(/\n+$/, '')
    .split('\n')
    .slice(1)
    .map((line) => {
      const [url, title, openapi, flags] = line.split('\t');
      return { path: url, title: unescape(title), openapi, flags };
    });
}

describe('the mint.json sites', () => {
  it('are there: 30 sites, 29 the platform upgrades', () => {
    expect(sites).toHaveLength(30);
    expect(sites.filter((site) => existsSync(path.join(SITES, site, 'upgraded.docs.json')))).toHaveLength(29);
  });

  it.each(sites)("%s: docsnav upgrade is the platform's upgraded file (the navigation exactly)", (site) => {
    const file = path.join(SITES, site, 'mint.json');
    const upgraded = upgradeMintText(readFileSync(file, 'utf8'), { file, theme: true });
    const reference = path.join(SITES, site, 'upgraded.docs.json');
    if (!existsSync(reference)) {
      // The invalid-JSON site: the platform upgrades nothing and neither does docsnav; no throw.
      expect(upgraded.text).toBeUndefined();
      expect(upgraded.problems.map((p) => p.code)).toEqual(['parse-error']);
      return;
    }
    const expected = JSON.parse(readFileSync(reference, 'utf8')) as Record<string, unknown>;
    const docs = JSON.parse(upgraded.text!) as Record<string, unknown>;
    expect(JSON.stringify(docs.navigation)).toBe(JSON.stringify(expected.navigation));
    expect(Object.keys(docs)).toEqual(Object.keys(expected));
    expect(differences(docs, expected)).toEqual(Object.keys(OUTSIDE_NAVIGATION[site] ?? {}));
  });

  it.each(sites.filter((site) => existsSync(path.join(SITES, site, 'platform-urls.tsv'))))(
    "%s: resolve of the mint.json gives the platform's page URLs, titles and operations, in order",
    async (site) => {
      const { tree, problems } = await resolveFile(path.join(SITES, site, 'mint.json'), { profile: 'platform' });
      const rows = platformRows(site).filter((row) => row.flags !== 'hidden');
      const ours = tree.pages.filter((page) => !/^[a-z][a-z0-9+.-]*:/i.test(page.path) && !page.hidden);
      expect(ours.map((page) => [page.path, page.title])).toEqual(rows.map((row) => [row.path, row.title]));
      // The operation each page documents: the same; or, where its spec has none, the platform keeps the
      // page's `openapi` text and docsnav reports it (endpoint-not-found, openapi-not-found).
      const unfound = new Set(problems.filter((p) => p.code === 'endpoint-not-found' || p.code === 'openapi-not-found').map((p) => path.resolve(p.file)));
      ours.forEach((page, index) => {
        if (page.openapi) expect(`${page.openapi.method} ${page.openapi.path}`.toLowerCase(), page.path).toBe(rows[index].openapi);
        else if (rows[index].openapi !== '') expect(unfound.has(path.join(SITES, site, page.file ?? '')), page.path).toBe(true);
      });
    },
  );

  it.each(sites)('%s: validate never throws, every problem inside its file; the errors are those the build lets through', (site) => {
    const result = validateFile(path.join(SITES, site, 'mint.json'), { profile: 'platform' });
    for (const problem of result.problems) expectInsideFile(problem, result.sources);
    const errors = result.problems.filter((p) => p.severity === 'error').map((p) => p.code);
    if (site === '0xwracked__docs') expect(errors).toEqual(['parse-error']);
    else expect(errors.filter((code) => !PROFILES.platform.deploysDespite.has(code))).toEqual([]);
  });

  it.each(legacyFiles)('docs/%s, a legacy mint.json: validated as one, nothing thrown, every problem inside it', (name) => {
    const text = readFileSync(path.join(docs, name), 'utf8');
    const result = validateText(text, { file: 'mint.json' });
    expect(result.file).toBe('mint.json');
    for (const problem of result.problems) expectInsideFile(problem, result.sources);
    expect(() => upgradeMintText(text)).not.toThrow();
  });
});

interface PlatformValidation {
  validateMintConfig(value: unknown): { success: boolean; data?: unknown; warnings?: unknown[] };
  upgradeToDocsConfig(value: unknown, options?: { shouldUpgradeTheme?: boolean }): unknown;
}

const installed = ensurePlatformValidator({ quiet: true });
const platform: PlatformValidation | undefined = 'url' in installed ? ((await import(installed.url)) as PlatformValidation) : undefined;
if ('reason' in installed) console.warn(`mint.json upgrade beside the platform's: skipped, ${installed.reason}`);

/** The platform's upgrade as the build makes it (of the legacy check's output), or as `mint upgrade` does (the theme too). */
function platformUpgrade(mint: unknown, theme: boolean): { valid: boolean; docs: unknown } {
  const checked = platform!.validateMintConfig(structuredClone(mint));
  const docs = platform!.upgradeToDocsConfig(checked.success ? checked.data : structuredClone(mint), theme ? { shouldUpgradeTheme: true } : undefined);
  return { valid: checked.success, docs: JSON.parse(JSON.stringify(docs)) as unknown };
}

/** Every leaf pointer of a JSON value. */
function leavesOf(value: unknown, at = ''): string[] {
  if (typeof value !== 'object' || value === null) return at === '' ? [] : [at];
  return Object.entries(value).flatMap(([key, child]) => leavesOf(child, `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`));
}

/** The value with the leaf at `pointer` taken out (an array entry removed), or given another value of its type. */
function edited(value: unknown, pointer: string, how: 'remove' | 'alter'): unknown {
  const copy = structuredClone(value);
  const segments = pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  let holder = copy as Record<string, unknown>;
  for (const segment of segments.slice(0, -1)) holder = holder[segment] as Record<string, unknown>;
  const last = segments[segments.length - 1];
  if (how === 'alter') {
    const leaf = holder[last];
    holder[last] = typeof leaf === 'string' ? `${leaf}~x` : typeof leaf === 'boolean' ? !leaf : typeof leaf === 'number' ? leaf + 1 : 'x';
  } else if (Array.isArray(holder)) holder.splice(Number(last), 1);
  else delete holder[last];
  return copy;
}

/** The parts of mint.json that make up the navigation: what the split reads decides the sidebar, carried over or not. */
const NAVIGATION_KEYS = new Set(['navigation', 'tabs', 'anchors', 'versions', 'primaryTab', 'topAnchor']);

/**
 * The platform's own answer to "does the upgrade use this value?": take it out, or give it another
 * value, and upgrade again. Taking out a setting listed as dropped must change nothing (it had no
 * effect); a setting not listed at all (nor inside a listed part) must change something when taken
 * out or changed (it is read; else it was dropped without a word). In the navigation a value read to split it can change
 * nothing by coincidence (a tab named "Documentation" is the primary tab's twin), so only the
 * first holds there. Edits the legacy check rejects are left out (the build would not get that
 * far), and so are values listed as changed.
 */
function listingErrors(mint: unknown): string[] {
  const upgrade = (value: unknown) => {
    try {
      return JSON.stringify(platformUpgrade(value, true).docs);
    } catch {
      return 'the platform throws';
    }
  };
  if (!platform!.validateMintConfig(structuredClone(mint)).success) return [];
  const before = upgrade(mint);
  const changes = upgradeMintConfig(mint, { theme: true }).changes;
  const inside = (pointer: string, kinds: readonly string[]) =>
    changes.some((change) => kinds.includes(change.kind) && (pointer === change.pointer || pointer.startsWith(`${change.pointer}/`)));
  const used = (leaf: string, ways: ReadonlyArray<'remove' | 'alter'>): boolean | undefined => {
    const outcomes = ways
      .map((how) => edited(mint, leaf, how))
      .filter((other) => platform!.validateMintConfig(structuredClone(other)).success)
      .map((other) => upgrade(other) !== before);
    return outcomes.length === 0 ? undefined : outcomes.some(Boolean);
  };
  const errors: string[] = [];
  // A tab or page left out of the navigation may still shape it (a primary tab is added beside it): only settings have no effect when dropped.
  for (const change of changes) {
    if ((change.kind === 'setting' || change.kind === 'unknown-key') && used(change.pointer, ['remove']) === true)
      errors.push(`${change.pointer}: listed as dropped, but the platform uses it`);
  }
  for (const leaf of leavesOf(mint)) {
    if (inside(leaf, ['navigation', 'setting', 'unknown-key', 'changed']) || NAVIGATION_KEYS.has(leaf.split('/')[1])) continue;
    if (used(leaf, ['remove', 'alter']) === false) errors.push(`${leaf}: the platform drops it, and it is not listed`);
  }
  return errors;
}

/** docsnav's upgrade as the platform's (written JSON: key order counts). */
const docsnavUpgrade = (mint: unknown, theme: boolean) => JSON.parse(JSON.stringify(upgradeMintConfig(mint, { theme }).docs)) as unknown;

describe.skipIf(platform === undefined)(
  `docsnav's upgrade beside the platform's (@mintlify/validation ${'version' in installed ? installed.version : ''})`,
  () => {
    const parsedSites = sites
      .map((site) => {
        try {
          return { site, mint: JSON.parse(readFileSync(path.join(SITES, site, 'mint.json'), 'utf8')) as unknown };
        } catch {
          return undefined;
        }
      })
      .filter((entry) => entry !== undefined);

    it.each(parsedSites.map((entry) => [entry.site, entry.mint] as const))(
      '%s: the same docs.json, as the build makes it and as mint upgrade does',
      (_site, mint) => {
        for (const theme of [false, true]) expect(JSON.stringify(docsnavUpgrade(mint, theme))).toBe(JSON.stringify(platformUpgrade(mint, theme).docs));
      },
    );

    it.each(parsedSites.map((entry) => [entry.site, entry.mint] as const))(
      '%s: the legacy check passes where docsnav reports no mint-json-invalid, warns as often',
      (site, mint) => {
        const verdict = platform!.validateMintConfig(structuredClone(mint));
        const problems = validateFile(path.join(SITES, site, 'mint.json')).problems;
        expect(problems.some((p) => p.code === 'mint-json-invalid')).toBe(!verdict.success);
        const dropped = new Set(problems.filter((p) => p.code === 'mint-json-dropped').map((p) => p.pointer));
        // A warned anchor the upgrade drops is said once, as dropped.
        const warned =
          problems.filter((p) => p.code === 'mint-json-warning').length + [...dropped].filter((pointer) => /^\/anchors\/\d+$/.test(pointer)).length;
        expect(warned).toBe(verdict.warnings?.length ?? 0);
      },
    );

    it.each(parsedSites.map((entry) => [entry.site, entry.mint] as const))(
      '%s: every value the platform drops is listed as dropped, and none it uses',
      (_site, mint) => {
        expect(listingErrors(mint)).toEqual([]);
      },
    );

    it('generated mint.json files: every value the platform drops is listed as dropped, and none it uses', () => {
      fc.assert(
        fc.property(mintArb, (mint) => {
          expect(listingErrors(mint)).toEqual([]);
        }),
        // Each file is upgraded once per value in it: a sixth of the runs of the comparison above.
        { numRuns: Math.ceil(Number(process.env.DOCSNAV_FC_RUNS ?? 400) / 6), seed: Number(process.env.DOCSNAV_FC_SEED ?? 20_260_528) },
      );
    });

    it('every case of cases.ts is what the platform makes', () => {
      for (const testCase of UPGRADE_CASES) {
        const { valid, docs } = platformUpgrade(mintOf(testCase.mint), false);
        expect(valid, testCase.name).toBe(true);
        expect(JSON.stringify((docs as { navigation: unknown }).navigation), testCase.name).toBe(JSON.stringify(testCase.navigation));
      }
      for (const testCase of SETTINGS_CASES) {
        const { valid, docs } = platformUpgrade(mintOf({ navigation: SETTINGS_NAVIGATION, ...testCase.mint }), testCase.theme === true);
        expect(valid, testCase.name).toBe(true);
        const { navigation, ...settings } = docs as Record<string, unknown>;
        void navigation;
        expect(JSON.stringify(settings), testCase.name).toBe(JSON.stringify(testCase.docs));
        expect(listingErrors(mintOf({ navigation: SETTINGS_NAVIGATION, ...testCase.mint })), testCase.name).toEqual([]);
      }
    });

    it('generated mint.json files the legacy check accepts: the same docs.json', () => {
      let compared = 0;
      fc.assert(
        fc.property(mintArb, (mint) => {
          for (const theme of [false, true]) {
            const theirs = platformUpgrade(mint, theme);
            if (!theirs.valid) return;
            expect(JSON.stringify(docsnavUpgrade(mint, theme))).toBe(JSON.stringify(theirs.docs));
          }
          compared++;
        }),
        { numRuns: Number(process.env.DOCSNAV_FC_RUNS ?? 400), seed: Number(process.env.DOCSNAV_FC_SEED ?? 20_260_526) },
      );
      console.log(`mint.json upgrade beside the platform's: ${compared} generated mint.json files the legacy check accepts, the same docs.json`);
      expect(compared).toBeGreaterThan(100);
    });
  },
);

// ---- generated mint.json files: few names, so that prefixes, versions and nesting meet ----

const segment = fc.constantFrom('api', 'guides', 'v1', 'v2', 'sdk', 'docs');
const pagePath = fc
  .tuple(fc.array(segment, { minLength: 0, maxLength: 2 }), fc.constantFrom('intro', 'users', 'teams', 'setup'), fc.constantFrom('', './', '/'))
  .map(([folders, name, lead]) => `${lead}${[...folders, name].join('/')}`);
const version = fc.constantFrom('v1', 'v2');
const icon = fc.constantFrom('book', 'code', 'rocket');
const iconType = fc.constantFrom('solid', 'regular', 'duotone');

const groupArb: fc.Memo<Record<string, unknown>> = fc.memo((depth: number) =>
  fc.record(
    {
      group: fc.constantFrom('Start', 'API', 'Guides', ''),
      pages: fc.array(depth > 1 ? fc.oneof({ weight: 3, arbitrary: pagePath }, { weight: 1, arbitrary: groupArb(depth - 1) }) : pagePath, {
        minLength: 1,
        maxLength: 4,
      }),
      icon,
      iconType,
      version,
    },
    { requiredKeys: ['group', 'pages'] },
  ),
);

const urlArb = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.tuple(fc.array(segment, { minLength: 1, maxLength: 2 }), fc.constantFrom('', '/')).map(([parts, lead]) => `${lead}${parts.join('/')}`),
  },
  { weight: 1, arbitrary: fc.constantFrom('https://example.com', 'http://blog.example.com', 'mailto:help@example.com') },
);

const divisionArb = (anchor: boolean) =>
  fc.record(
    {
      name: fc.constantFrom('One', 'Two', 'Three'),
      url: urlArb,
      version,
      isDefaultHidden: fc.boolean(),
      openapi: fc.constantFrom('/openapi.json', 'https://example.com/openapi.json'),
      ...(anchor ? { icon, iconType, color: fc.oneof(fc.constant('#112233'), fc.constant({ from: '#112233', to: '#445566' })) } : {}),
    },
    { requiredKeys: ['name', 'url'] },
  );

const versionsArb = fc.oneof(
  fc.constant(['v1', 'v2']),
  fc.constant([{ name: 'v1', default: true }, 'v2']),
  fc.constant([
    { name: 'v1', url: 'https://v1.example.com' },
    { name: 'v2', url: 'https://v2.example.com' },
  ]),
  fc.constant([
    { name: 'v1', locale: 'en', default: true },
    { name: 'v2', locale: 'fr' },
  ]),
);

const mintArb = fc
  .record(
    {
      navigation: fc.array(groupArb(3), { minLength: 1, maxLength: 4 }),
      tabs: fc.array(divisionArb(false), { maxLength: 3 }),
      anchors: fc.array(divisionArb(true), { maxLength: 3 }),
      versions: versionsArb,
      primaryTab: fc.record({ name: fc.constant('Home'), isDefaultHidden: fc.boolean() }, { requiredKeys: ['name'] }),
      topAnchor: fc.record({ name: fc.constant('Home'), icon }, { requiredKeys: ['name'] }),
      layout: fc.constantFrom('topnav', 'sidenav', 'solidSidenav'),
      theme: fc.constantFrom('venus', 'quill', 'prism'),
    },
    { requiredKeys: ['navigation'] },
  )
  .map((keys) => mintOf(keys));
