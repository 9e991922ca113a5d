/**
 * A mint.json validated as the platform builds it (src/mint/document.ts, through validateText):
 * the legacy check's failures, warnings and drops as problems with codes; every problem of the
 * upgraded navigation at its place in the author's file (a `$ref`'d part: in that file); what is
 * not the author's (the docs.json schema on the upgraded file, a page the upgrade itself lists
 * twice) not said; and a cached run of a mint.json never given for a docs.json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PageScanStore } from '../../src/cache/store.js';
import type { Problem } from '../../src/problem.js';
import { resolveText } from '../../src/resolve.js';
import { validateText } from '../../src/validate.js';
import type { ValidateOptions } from '../../src/pipeline/options.js';
import { mintOf } from './cases.js';

const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

/** A docs root with these files (pages get a title). */
function root(files: Record<string, string> = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'docsnav-mint-doc-'));
  temps.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

const page = (title: string) => `---\ntitle: ${title}\n---\n`;

/** A problem as `file line:column code pointer`. */
const shown = (p: Problem) => `${path.basename(p.file)} ${p.line}:${p.column} ${p.code} ${p.pointer}`;

/** The problems of a mint.json text: its problems, with pages under `dir` when given. */
function check(mint: unknown, options: Omit<ValidateOptions, 'file'> & { dir?: string } = {}): Problem[] {
  const text = typeof mint === 'string' ? mint : JSON.stringify(mint, null, 2);
  const { dir, ...rest } = options;
  return validateText(text, { file: dir === undefined ? 'mint.json' : path.join(dir, 'mint.json'), root: dir, ...rest }).problems;
}

/** The line (1-based) of the first line holding `needle`. */
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((line) => line.includes(needle)) + 1;

describe('what the platform says of the mint.json', () => {
  it('mint-json-invalid: what the legacy check rejects, under every profile, at the value', () => {
    const mint = { name: 'Acme', colors: { primary: '0D9373' }, navigation: [{ group: 'Start', pages: ['intro'] }] };
    for (const profile of ['spec', 'platform'] as const) {
      const problems = check(mint, { profile });
      expect(problems.map(shown)).toEqual(['mint.json 1:1 mint-json-invalid ', 'mint.json 4:16 mint-json-invalid /colors/primary']);
      expect(
        problems.every((p) => p.severity === 'error' && p.message.endsWith("The platform's legacy check rejects it: the build of this mint.json site fails.")),
      ).toBe(true);
    }
  });

  it("mint-json-warning: an anchor whose url starts no page (the legacy check's warning), at its url", () => {
    const mint = mintOf({ navigation: [{ group: 'Guides', pages: ['guides/intro'] }], anchors: [{ name: 'Guides', url: '/guides', icon: 'book' }] });
    const problems = check(mint);
    expect(problems.map(shown)).toEqual([`mint.json ${lineOf(JSON.stringify(mint, null, 2), '"url": "/guides"')}:14 mint-json-warning /anchors/0/url`]);
    expect(problems[0].message).toContain('No pages in the navigation match anchor /guides');
    expect(check({ ...mint, anchors: [{ name: 'Guides', url: 'guides', icon: 'book' }] })).toEqual([]);
  });

  it('mint-json-dropped: a tab the upgrade leaves out (warning), a key the legacy check drops (info, with a suggestion)', () => {
    const mint = mintOf({
      navigation: [{ group: 'Start', pages: ['intro'] }],
      tabs: [{ name: 'Changelog', url: 'changelog' }],
      feedbak: { thumbsRating: true },
    });
    const problems = check(mint);
    expect(problems.map((p) => [p.code, p.pointer, p.severity, p.suggest])).toEqual([
      ['mint-json-dropped', '/tabs/0', 'warning', undefined],
      ['mint-json-dropped', '/feedbak', 'info', 'feedback'],
    ]);
  });

  it('what the legacy check rejects is not said again as dropped', () => {
    const mint = mintOf({
      navigation: [
        { group: 'Start', pages: ['intro'] },
        { group: 'Empty', pages: [] },
      ],
    });
    expect(check(mint).map((p) => [p.code, p.pointer])).toEqual([['mint-json-invalid', '/navigation/1/pages']]);
  });

  it('a mint.json that is not JSON: one parse error, nothing thrown', () => {
    expect(check('{ "name": "Acme", "navigation": [ }').map((p) => p.code)).toEqual(['parse-error']);
  });
});

describe('the upgraded navigation, checked where the author wrote it', () => {
  const mint = mintOf({
    navigation: [
      { group: 'Start', pages: ['intro', 'missing'] },
      { group: 'API', pages: ['api/users', { group: 'Teams', pages: ['api/teams/list', 'api/gone'] }] },
    ],
    tabs: [{ name: 'API', url: 'api' }],
  });
  const text = JSON.stringify(mint, null, 2);
  const dir = root({ 'mint.json': text, 'intro.mdx': page('Intro'), 'api/users.mdx': page('Users'), 'api/teams/list.mdx': page('Teams') });

  it('page-not-found at the page string in mint.json, line and column', () => {
    const problems = check(text, { dir });
    const at = (needle: string) => `${lineOf(text, needle)}:${text.split('\n')[lineOf(text, needle) - 1].indexOf(needle) + 1}`;
    expect(problems.map(shown)).toEqual([
      `mint.json ${at('"missing"')} page-not-found /navigation/0/pages/1`,
      `mint.json ${at('"api/gone"')} page-not-found /navigation/1/pages/1/pages/1`,
    ]);
  });

  it('resolve gives the tree the platform builds: the primary tab first, then the tab by url', async () => {
    const { tree } = await resolveText(text, { file: path.join(dir, 'mint.json'), root: dir });
    expect(tree.pages.map((p) => `${p.path} ${p.title} ${p.trail.map((t) => t.label).join('/')}`)).toEqual([
      'intro Intro Documentation/Start',
      'missing Missing Documentation/Start',
      'api/users Users API/API',
      'api/teams/list Teams API/API/Teams',
      'api/gone Gone API/API/Teams',
    ]);
  });

  it('a part of the navigation in a `$ref` file: its problem in that file', () => {
    const refRoot = root({
      'intro.mdx': page('Intro'),
      'nav/api.json': JSON.stringify({ group: 'API', pages: ['api/users', 'api/none'] }, null, 2),
      'api/users.mdx': page('Users'),
    });
    const refText = JSON.stringify(
      mintOf({ navigation: [{ group: 'Start', pages: ['intro'] }, { $ref: './nav/api.json' }], tabs: [{ name: 'API', url: 'api' }] }),
      null,
      2,
    );
    expect(check(refText, { dir: refRoot }).map(shown)).toEqual(['api.json 5:5 page-not-found /pages/1']);
  });

  it('the pointer a message names is the mint.json place of the other listing', () => {
    const dup = mintOf({ navigation: [{ group: 'Start', pages: ['intro', 'other', 'intro'] }], tabs: [{ name: 'Other', url: 'other' }] });
    const problems = check(dup);
    expect(problems.map((p) => [p.code, p.pointer])).toEqual([['duplicate-page', '/navigation/0/pages/2']]);
    expect(problems[0].message).toBe('"intro" is already listed earlier in the same list (/navigation/0/pages/0); the platform would show it twice.');
  });

  it('a page the upgrade itself lists twice (a nested group split between tabs) is not the author’s second listing', () => {
    const split = mintOf({
      navigation: [{ group: 'All', pages: ['intro', { group: 'Mixed', pages: ['api/a', 'guides/b'] }] }],
      tabs: [{ name: 'API', url: 'api' }],
      anchors: [{ name: 'API again', url: 'api', icon: 'code' }],
    });
    expect(check(split).filter((p) => p.code === 'duplicate-page')).toEqual([]);
  });

  it("the docs.json schema's findings on the upgraded file are not the author's: the legacy check is the schema here", () => {
    // A nested group passes on `iconType` and `public` (the docs.json schema knows neither); the settings check of docs.json is not run either.
    const mint = mintOf({
      navigation: [{ group: 'Start', pages: ['intro', { group: 'Deep', pages: ['deep'], icon: 'star', iconType: 'solid', public: true }] }],
      footerSocials: { youtube: 'http://youtube.com/acme' },
    });
    expect(check(mint, { profile: 'platform' })).toEqual([]);
  });

  it('groups nested past the limit: too-deep at the first one left, nothing thrown', () => {
    let deepest: Record<string, unknown> = { group: 'G', pages: ['leaf'] };
    for (let i = 0; i < 300; i++) deepest = { group: `G${i}`, pages: [deepest] };
    const problems = check(mintOf({ navigation: [deepest] }));
    expect(problems.map((p) => p.code)).toContain('too-deep');
  });
});

describe('the page scan store', () => {
  it('a run of a mint.json is never given for a docs.json with the same text (the file is in the key)', () => {
    const text = JSON.stringify(mintOf({ navigation: [{ group: 'Start', pages: ['intro'] }], tabs: [{ name: 'Changelog', url: 'changelog' }] }), null, 2);
    const dir = root({ 'intro.mdx': page('Intro') });
    const store = path.join(dir, 'cache', 'scans.json');
    const runOf = (name: string) => {
      const pageScans = new PageScanStore(store, 'metadata');
      const result = validateText(text, { file: path.join(dir, name), root: dir, pageScans, concurrency: 1 });
      if (pageScans.dirty) pageScans.save();
      return {
        codes: result.problems.map((p) => p.code),
        files: [...new Set(result.problems.map((p) => path.basename(p.file)))],
        replayed: pageScans.asked === 0,
      };
    };
    // Kept, then given again: the mint.json run.
    runOf('mint.json');
    runOf('mint.json');
    const mintRun = runOf('mint.json');
    expect(mintRun).toEqual({ codes: ['mint-json-dropped'], files: ['mint.json'], replayed: true });
    // The same text named docs.json: a docs.json's check (its navigation is no docs.json navigation), made now.
    const docsRun = runOf('docs.json');
    expect(docsRun.replayed).toBe(false);
    expect(docsRun.files).toEqual(['docs.json']);
    expect(docsRun.codes).toEqual(validateText(text, { file: path.join(dir, 'docs.json'), root: dir }).problems.map((p) => p.code));
    expect(docsRun.codes).not.toContain('mint-json-dropped');
  });
});
