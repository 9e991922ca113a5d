/**
 * A whole validation given again from the page scan store when nothing it read changed
 * (src/cache/replay.ts): the same result as a run made now, and a run made now as soon as
 * anything it depends on changed (a page, a spec, a $ref part, the listing, a file that was
 * missing, the options, the docs.json text), on real folders.
 */
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PageScanStore, type CacheStrategy } from '../../src/cache/store.js';
import { partFileOf, readPart, writePart } from './parts.js';
import { validateFile, validateText } from '../../src/validate.js';
import type { ValidateOptions } from '../../src/pipeline/options.js';
import { keepReport, keptReport } from '../../src/cache/replay.js';
import { REQUIRED_SETTINGS } from '../required-settings.js';

const SPEC = (summary: string) =>
  JSON.stringify({
    openapi: '3.0.0',
    info: { title: 'API', version: '1' },
    paths: { '/users': { get: { summary, responses: { '200': { description: 'ok' } } } } },
  });

/** A site with pages, a snippet-free link graph, a spec and a `$ref` part; the store in a folder of its own. */
function site(): { root: string; docs: string; file: string } {
  const root = mkdtempSync(path.join(tmpdir(), 'docsnav-replay-'));
  writeFileSync(
    path.join(root, 'docs.json'),
    JSON.stringify({ ...REQUIRED_SETTINGS, navigation: { groups: [{ group: 'Guides', pages: ['index', 'guide'] }, { $ref: './api.json' }] } }),
  );
  writeFileSync(path.join(root, 'api.json'), JSON.stringify({ group: 'API', openapi: 'openapi.json', pages: ['GET /users'] }));
  writeFileSync(path.join(root, 'openapi.json'), SPEC('List users'));
  writeFileSync(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\n# Home\n\nSee [the guide](/guide) and [setup](/setup).\n');
  writeFileSync(path.join(root, 'guide.mdx'), '# Guide\n\nBack [home](/index#home).\n');
  // The store outside the docs root: its files (a scan each, a report each) are no part of the site's listing.
  return { root, docs: path.join(root, 'docs.json'), file: path.join(mkdtempSync(path.join(tmpdir(), 'docsnav-replay-cache-')), 'page-scans.json') };
}

/** One CLI-like run: a store read from its file, the validation, the store saved when it changed. */
function run(docs: string, file: string, options: Omit<ValidateOptions, 'file' | 'pageScans'> = {}, strategy: CacheStrategy = 'metadata') {
  const pageScans = new PageScanStore(file, strategy);
  const result = validateFile(docs, { ...options, pageScans, concurrency: 1 });
  if (pageScans.dirty) pageScans.save();
  // A run given again asks the store for no page: it made nothing.
  return { result, replayed: pageScans.asked === 0, codes: result.problems.map((problem) => problem.code).sort() };
}

/** The same validation with no store at all. */
function fresh(docs: string, options: Omit<ValidateOptions, 'file'> = {}) {
  return validateFile(docs, { ...options, concurrency: 1 });
}

/** A second run makes the first's result kept; the third is the one that may be given again. */
function warmed(docs: string, file: string): void {
  run(docs, file);
  run(docs, file);
}

/** What `keepRun` writes, as far as these tests spoil it. */
interface StoredRunShape {
  listing: string;
  files: [string, unknown][];
  problems: Record<string, unknown>[];
  sources: [string, unknown][];
}

/** A kept run spoiled one field at a time: each is no run. */
function spoiled(run: StoredRunShape): StoredRunShape[] {
  const problem = run.problems[0];
  const out: StoredRunShape[] = [];
  for (const field of ['code', 'severity', 'message', 'file', 'pointer', 'line', 'column', 'endLine', 'endColumn']) {
    out.push({ ...run, problems: [...run.problems, { ...problem, [field]: field.endsWith('ine') || field.endsWith('olumn') ? 1.5 : 7 }] });
  }
  out.push({ ...run, problems: [...run.problems, null as unknown as Record<string, unknown>] });
  out.push({ ...run, listing: 7 as unknown as string });
  out.push({ ...run, files: [...run.files, 'x' as unknown as [string, unknown]] });
  out.push({ ...run, files: [...run.files, [7, 'missing']] as [string, unknown][] });
  out.push({ ...run, files: [...run.files, ['/x', 'gone']] });
  out.push({ ...run, files: [...run.files, ['/x', { size: 1, mtimeMs: 1, ino: 'one' }]] });
  out.push({ ...run, sources: [...run.sources, 'x' as unknown as [string, unknown]] });
  out.push({ ...run, sources: [...run.sources, [7, null]] as [string, unknown][] });
  out.push({ ...run, sources: [...run.sources, ['page.mdx', { read: 'all', file: '/x' }]] });
  out.push({ ...run, sources: [...run.sources, ['page.mdx', { read: 'whole', file: 7 }]] });
  out.push({ ...run, sources: [...run.sources, ['page.mdx', 7]] });
  return out;
}

describe('a validation given again from the page scan store', () => {
  it('nothing changed: given again, the same problems and sources as a run made now', () => {
    const { docs, file } = site();
    warmed(docs, file);
    const again = run(docs, file);
    expect(again.replayed).toBe(true);
    expect(again.codes).toEqual(['link-not-found']);
    expect(again.result.problems).toEqual(fresh(docs).problems);
    expect({ ...again.result.sources }).toEqual(fresh(docs).sources);
  });

  it.each([
    ['a page edited', (root: string) => writeFileSync(path.join(root, 'guide.mdx'), '# Guide\n\nBack [home](/index#nowhere).\n')],
    ['the missing page created', (root: string) => writeFileSync(path.join(root, 'setup.mdx'), '# Setup\n')],
    ['a listed page deleted', (root: string) => rmSync(path.join(root, 'guide.mdx'))],
    ['a page renamed (same inode, another path)', (root: string) => renameSync(path.join(root, 'guide.mdx'), path.join(root, 'guides.mdx'))],
    ['the spec edited', (root: string) => writeFileSync(path.join(root, 'openapi.json'), SPEC('List users').replace('/users', '/people'))],
    [
      'a $ref part edited',
      (root: string) => writeFileSync(path.join(root, 'api.json'), JSON.stringify({ group: 'API', openapi: 'openapi.json', pages: ['GET /user'] })),
    ],
    [
      'the missing page created as Markdown in a new folder',
      (root: string) => (mkdirSync(path.join(root, 'setup')), writeFileSync(path.join(root, 'setup', 'index.md'), '# Setup\n')),
    ],
  ])('%s: made again, with what the change says', (_, change) => {
    const { root, docs, file } = site();
    warmed(docs, file);
    const before = run(docs, file);
    expect(before.replayed).toBe(true);
    change(root);
    const after = run(docs, file);
    expect(after.replayed).toBe(false);
    // The change shows in the report (a replayed run would give the one before), as a run made now gives it.
    expect(after.result.problems).not.toEqual(before.result.problems);
    expect(after.result.problems).toEqual(fresh(docs).problems);
  });

  it('a file the run found missing (mint.json beside docs.json, read under the platform profile) appears: made again', () => {
    const { root, docs, file } = site();
    run(docs, file, { profile: 'platform' });
    run(docs, file, { profile: 'platform' });
    expect(run(docs, file, { profile: 'platform' }).replayed).toBe(true);
    writeFileSync(path.join(root, 'mint.json'), '{ "name": 3 }');
    const after = run(docs, file, { profile: 'platform' });
    expect(after.replayed).toBe(false);
    expect(after.result.problems).toEqual(fresh(docs, { profile: 'platform' }).problems);
    // The spec profile reads no mint.json: fewer problems than the platform's with a broken one beside.
    expect(after.codes.length).toBeGreaterThan(run(docs, file, { profile: 'spec' }).codes.length);
  });

  it('a file the run found missing where the listing does not look (under node_modules) appears: made again', () => {
    const { root, docs, file } = site();
    writeFileSync(
      docs,
      JSON.stringify({
        ...REQUIRED_SETTINGS,
        navigation: { groups: [{ group: 'Guides', pages: ['index', 'guide'] }, { $ref: './node_modules/parts/api.json' }] },
      }),
    );
    warmed(docs, file);
    const before = run(docs, file);
    expect(before.replayed).toBe(true);
    mkdirSync(path.join(root, 'node_modules', 'parts'), { recursive: true });
    writeFileSync(path.join(root, 'node_modules', 'parts', 'api.json'), JSON.stringify({ group: 'API', pages: ['setup'] }));
    const after = run(docs, file);
    expect(after.replayed).toBe(false);
    expect(after.result.problems).not.toEqual(before.result.problems);
    expect(after.result.problems).toEqual(fresh(docs).problems);
  });

  it('a run given again stays kept when another validation made with the same store saves it', () => {
    const { docs, file } = site();
    warmed(docs, file);
    // One store, as a process that validates twice (the language server, the daemon): the first given again, the second made and kept.
    const pageScans = new PageScanStore(file, 'metadata');
    validateFile(docs, { pageScans, concurrency: 1 });
    expect(pageScans.asked).toBe(0);
    validateFile(docs, { pageScans, concurrency: 1, profile: 'platform' });
    expect(pageScans.dirty).toBe(true);
    pageScans.save();
    // Both are kept: the first is given again in the next process, and so is the second once warm.
    expect(run(docs, file).replayed).toBe(true);
    expect(run(docs, file, { profile: 'platform' }).replayed).toBe(true);
  });

  it("a run given again keeps its pages' entries and scans when another validation with the same store, of another site, saves the index", () => {
    const { docs, file } = site();
    const other = site();
    // Its pages' texts of its own: no scan of one site is the other's.
    for (const name of ['index.mdx', 'guide.mdx']) writeFileSync(path.join(other.root, name), `# Other ${name}\n\nSee [home](/index).\n`);
    warmed(docs, file);
    // One store, as a process that validates two sites (the daemon): the first given again, the second made; neither reads the other's pages.
    const pageScans = new PageScanStore(file, 'metadata');
    validateFile(docs, { pageScans, concurrency: 1 });
    expect(pageScans.asked).toBe(0);
    validateFile(other.docs, { pageScans, concurrency: 1 });
    expect(pageScans.asked).toBe(2);
    pageScans.save();
    // A run of the first site made now (another profile) finds both its pages kept: neither parsed again.
    const next = new PageScanStore(file, 'metadata');
    validateFile(docs, { pageScans: next, concurrency: 1, profile: 'platform' });
    expect([next.asked, next.reused]).toEqual([2, 2]);
  });

  it('other options or another docs.json text: made again', () => {
    const { docs, file } = site();
    warmed(docs, file);
    expect(run(docs, file, { rules: { 'link-not-found': 'off' } })).toMatchObject({ replayed: false, codes: [] });
    expect(run(docs, file, { profile: 'spec' }).replayed).toBe(false);
    writeFileSync(docs, readFileSync(docs, 'utf8').replace('"guide"]', '"guide", "setup"]'));
    const edited = run(docs, file);
    expect(edited.replayed).toBe(false);
    expect(edited.result.problems).toEqual(fresh(docs).problems);
    expect(edited.codes).toContain('page-not-found');
    expect(run(docs, file).replayed).toBe(true);
  });

  it("a run that reads through an editor's cache, a caller's readFile or listing, a git base, or no root is never kept", async () => {
    const { root, docs, file } = site();
    const { ValidationCache } = await import('../../src/cache/memory.js');
    const { docsRootFiles } = await import('../../src/docs-root.js');
    // Made anew for each run: an editor's cache kept from one run to the next would itself spare the store's pages.
    const cases: (() => Omit<ValidateOptions, 'file' | 'pageScans'>)[] = [
      () => ({ cache: new ValidationCache() }),
      () => ({ readFile: (absolute: string) => readFileSync(absolute, 'utf8') }),
      () => ({ files: docsRootFiles(root) }),
      // A git base: the site as a ref served it (here, the same pages).
      () => ({
        since: {
          ref: 'HEAD',
          commit: '0'.repeat(40),
          pages: new Map([
            ['index', 'index.mdx'],
            ['guide', 'guide.mdx'],
          ]),
          renames: new Map(),
        },
      }),
    ];
    for (const options of cases) {
      run(docs, file, options());
      run(docs, file, options());
      expect(run(docs, file, options()).replayed).toBe(false);
    }
    // No root: nothing is read from disk, nothing kept.
    const pageScans = new PageScanStore(file);
    validateText(readFileSync(docs, 'utf8'), { pageScans });
    expect(pageScans.dirty).toBe(false);
  });

  it('a run whose read failed for another reason than a missing file (a $ref outside the root) is not kept', () => {
    const { root, docs, file } = site();
    const outside = mkdtempSync(path.join(tmpdir(), 'docsnav-outside-'));
    writeFileSync(path.join(outside, 'api.json'), JSON.stringify({ group: 'API', pages: ['index'] }));
    rmSync(path.join(root, 'api.json'));
    symlinkSync(path.join(outside, 'api.json'), path.join(root, 'api.json'));
    warmed(docs, file);
    const again = run(docs, file);
    expect(again.replayed).toBe(false);
    expect(again.result.problems).toEqual(fresh(docs).problems);
  });

  it('a page edited to the same length (only its time differs), or replaced by another file of the same length and time: made again', () => {
    const { root, docs, file } = site();
    const guide = path.join(root, 'guide.mdx');
    utimesSync(guide, 1_700_000_000, 1_700_000_000);
    warmed(docs, file);
    writeFileSync(guide, readFileSync(guide, 'utf8').replace('#home', '#hone'));
    utimesSync(guide, 1_700_000_000, 1_700_000_001);
    const edited = run(docs, file);
    expect(edited.replayed).toBe(false);
    expect(edited.codes).toContain('anchor-not-found');
    run(docs, file);
    // Another inode at the same path, with the same length and time as the kept stamp.
    const other = path.join(root, 'other.txt');
    writeFileSync(other, readFileSync(guide, 'utf8').replace('#hone', '#home'));
    utimesSync(other, 1_700_000_000, 1_700_000_001);
    renameSync(other, guide);
    const replaced = run(docs, file);
    expect(replaced.replayed).toBe(false);
    expect(replaced.codes).not.toContain('anchor-not-found');
  });

  it("a problem in the front matter of a page over 64 KB: its source is the page's start, read again as the run read it", () => {
    const { root, docs, file } = site();
    writeFileSync(path.join(root, 'guide.mdx'), `---\ntitle: [Guide\n---\n# Guide\n\n${'Long text. '.repeat(8000)}\n`);
    warmed(docs, file);
    const again = run(docs, file);
    expect(again.replayed).toBe(true);
    expect(again.codes).toContain('front-matter-invalid');
    const now = fresh(docs);
    expect(again.result.problems).toEqual(now.problems);
    expect({ ...again.result.sources }).toEqual(now.sources);
    const start = Object.values(now.sources).find((text) => text.startsWith('---\ntitle: [Guide'));
    expect(start!.length).toBeLessThan(readFileSync(path.join(root, 'guide.mdx'), 'utf8').length);
    // A caller may set a source (as fixes do): the value set is the one read.
    const name = Object.keys(again.result.sources)[1];
    again.result.sources[name] = 'set';
    expect(again.result.sources[name]).toBe('set');
  });

  it("a kept run holds no copy of what it read: docs.json's source is itself, a page's is its file, whole or its start", () => {
    const { root, docs, file } = site();
    writeFileSync(path.join(root, 'guide.mdx'), `---\ntitle: [Guide\n---\n# Guide\n\n${'Long text. '.repeat(8000)}\n`);
    warmed(docs, file);
    const saved = readPart<{ runs: Record<string, { sources: [string, unknown][] }> }>(partFileOf(file, 'runs'));
    const [kept] = Object.values(saved.runs);
    const sources = new Map(kept.sources.map(([name, source]) => [path.resolve(name), source]));
    expect(sources.get(docs)).toBeNull();
    expect(sources.get(path.join(root, 'index.mdx'))).toEqual({ read: 'whole', file: path.join(root, 'index.mdx') });
    expect(sources.get(path.join(root, 'guide.mdx'))).toEqual({ read: 'start', file: path.join(root, 'guide.mdx') });
    expect([...sources.values()].filter((source) => typeof source === 'string')).toEqual([]);
    const again = run(docs, file);
    expect(again.replayed).toBe(true);
    expect({ ...again.result.sources }).toEqual(fresh(docs).sources);
  });

  it('a page edited to another length, its time set back to the one kept: made again', () => {
    const { root, docs, file } = site();
    const guide = path.join(root, 'guide.mdx');
    utimesSync(guide, 1_700_000_000, 1_700_000_000);
    warmed(docs, file);
    writeFileSync(guide, '# Guide\n\nBack [home](/index#nowhere), a longer text.\n');
    utimesSync(guide, 1_700_000_000, 1_700_000_000);
    const edited = run(docs, file);
    expect(edited.replayed).toBe(false);
    expect(edited.codes).toContain('anchor-not-found');
  });

  it('the content strategy never gives a run again (CI checkouts: times say nothing)', () => {
    const { docs, file } = site();
    run(docs, file, {}, 'content');
    run(docs, file, {}, 'content');
    expect(run(docs, file, {}, 'content').replayed).toBe(false);
  });

  it('a run that read a page through a symlink is not kept (its stamp on disk is the link, not the page)', () => {
    const { root, docs, file } = site();
    renameSync(path.join(root, 'guide.mdx'), path.join(root, 'guide-text.mdx'));
    symlinkSync(path.join(root, 'guide-text.mdx'), path.join(root, 'guide.mdx'));
    warmed(docs, file);
    expect(run(docs, file).replayed).toBe(false);
  });

  it('a runs file that is damaged, foreign, of another build or of another shape is a miss, never an error or a wrong result', () => {
    const { docs, file } = site();
    warmed(docs, file);
    const runs = partFileOf(file, 'runs');
    const saved = readPart<{ build: string; runs: Record<string, { problems: unknown[] }> }>(runs);
    const [key] = Object.keys(saved.runs);
    for (const content of [
      '{"key": ',
      JSON.stringify({ ...saved, build: 'another' }),
      JSON.stringify({ ...saved, runs: { [key]: { ...saved.runs[key], problems: [{ code: 'x' }] } } }),
      JSON.stringify({ ...saved, runs: { [key]: { ...saved.runs[key], files: 'none' } } }),
      JSON.stringify({ ...saved, runs: { [key]: { ...saved.runs[key], sources: [['docs.json']] } } }),
      JSON.stringify({ ...saved, runs: { [key]: { ...saved.runs[key], files: [['/x', { size: 1 }]] } } }),
      ...spoiled(saved.runs[key] as unknown as StoredRunShape).map((run) => JSON.stringify({ ...saved, runs: { [key]: run } })),
    ]) {
      // Whole files (their checksums hold) of another shape: what docsnav makes of them is tested, not the checksum.
      writePart(runs, content);
      expect(run(docs, file)).toMatchObject({ replayed: false, codes: ['link-not-found'] });
      expect(run(docs, file).replayed).toBe(true);
    }
  });
});

describe('a report kept with a run (keepReport, keptReport)', () => {
  /** A second run (the first that is kept) with its report kept under each name, then the store saved; the next run's result. */
  function keptWith(reports: Array<[string, string]>) {
    const { docs, file } = site();
    run(docs, file);
    const pageScans = new PageScanStore(file, 'metadata');
    const result = validateFile(docs, { pageScans, concurrency: 1 });
    for (const [name, report] of reports) keepReport(result, name, report);
    pageScans.save();
    return { docs, file, again: run(docs, file) };
  }

  it('is given again with the run, under its name only; the last three names are kept', () => {
    const { again } = keptWith([
      ['a', 'report a'],
      ['b', 'report b'],
      ['c', 'report c'],
      ['d', 'report d'],
    ]);
    expect(again.replayed).toBe(true);
    expect(['a', 'b', 'c', 'd', 'e'].map((name) => keptReport(again.result, name))).toEqual([undefined, 'report b', 'report c', 'report d', undefined]);
  });

  it('a report over 4 MB is not kept (reading it back would cost more than making it)', () => {
    const { again } = keptWith([
      ['small', 'x'],
      ['big', 'y'.repeat(4 * 1024 * 1024 + 1)],
    ]);
    expect(again.replayed).toBe(true);
    expect([keptReport(again.result, 'small'), keptReport(again.result, 'big')]).toEqual(['x', undefined]);
  });

  it('a kept run whose report id is not a string has no report, even where a report file of that name holds one', () => {
    const { docs, file, again } = keptWith([['a', 'report a']]);
    expect(keptReport(again.result, 'a')).toBe('report a');
    const runs = partFileOf(file, 'runs');
    const saved = readPart<{ runs: Record<string, { reports: Record<string, unknown> }> }>(runs);
    const [key] = Object.keys(saved.runs);
    const folder = partFileOf(file, 'reports');
    const kept = readPart<Record<string, unknown>>(path.join(folder, saved.runs[key].reports.a as string));
    // Whole files (their checksums hold): the run names report 7, and a report file named 7 says it is report 7.
    writePart(path.join(folder, '7'), { ...kept, id: 7, report: 'planted' });
    writePart(runs, { ...saved, runs: { [key]: { ...saved.runs[key], reports: { a: 7 } } } });
    const replayed = run(docs, file);
    expect(replayed.replayed).toBe(true);
    expect(keptReport(replayed.result, 'a')).toBeUndefined();
  });

  it('a result that is no kept run has no report, and keeps none', () => {
    const { docs } = site();
    const result = fresh(docs);
    keepReport(result, 'a', 'report a');
    expect(keptReport(result, 'a')).toBeUndefined();
    // A run made again after a change is a new run: the old run's reports are gone with it.
    const { docs: other, file, again } = keptWith([['a', 'report a']]);
    writeFileSync(path.join(path.dirname(other), 'guide.mdx'), '# Guide\n\nChanged.\n');
    const changed = run(other, file);
    expect([again.replayed, changed.replayed, keptReport(changed.result, 'a')]).toEqual([true, false, undefined]);
  });
});
