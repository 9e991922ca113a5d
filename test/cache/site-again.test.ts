/**
 * A site's last check kept between runs (src/site/again.ts, in the store's `….check.json`): while
 * the site's shape is the same, a run checks again only the pages whose text changed and those
 * whose `#fragment` links arrive at a page whose anchors changed; every other page's findings are
 * the last check's, given again in the order a whole check gives them. Which pages a run checked
 * is seen in the scans it read (`storeStats.scansRead`: a page checked again whose text did not
 * change has its scan read from its file) and the texts it hashed (a page read because it changed).
 */
import { mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runClock } from '../../src/cache/stamp.js';
import { storeStats } from '../../src/cache/stats.js';
import { PageScanStore } from '../../src/cache/store.js';
import { validateFile } from '../../src/validate.js';
import { partFileOf, readPart, scansIn, writePart } from './parts.js';
import { REQUIRED_SETTINGS } from '../required-settings.js';

const PAGES = {
  // Links into the guide's heading: depends on the guide's anchors.
  'index.mdx': '# Home\n\nSee [the setup](/guide#setup) and [gone](/gone).\n',
  'guide.mdx': '# Guide\n\n## Setup\n\nBack [home](/index).\n',
  // Links to the guide without a fragment: depends on the site only.
  'about.mdx': '# About\n\nRead [the guide](/guide) and [nothing](/nothing).\n\n![The logo](/logo.png)\n',
  'alone.mdx': '# Alone\n\nNo links.\n',
};

function site(): { root: string; docs: string; file: string; page: (name: string) => string } {
  const root = mkdtempSync(path.join(tmpdir(), 'docsnav-again-'));
  for (const [name, text] of Object.entries(PAGES)) writeFileSync(path.join(root, name), text);
  writeFileSync(path.join(root, 'docs.json'), JSON.stringify({ ...REQUIRED_SETTINGS, navigation: { pages: ['index', 'guide', 'about', 'alone'] } }));
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'docsnav-again-cache-')), 'page-scans.json');
  return { root, docs: path.join(root, 'docs.json'), file, page: (name) => path.join(root, name) };
}

let runs = 0;
/** A run as the CLI makes it, its docs.json another label each time (never given again whole): what it found, read and hashed. */
function run(docs: string, file: string) {
  writeFileSync(docs, JSON.stringify({ ...(JSON.parse(readFileSync(docs, 'utf8')) as object), name: `Run ${++runs}` }));
  const [read, hashed] = [storeStats.scansRead, storeStats.hashed];
  const pageScans = new PageScanStore(file);
  const result = validateFile(docs, { pageScans, concurrency: 1 });
  if (pageScans.dirty) pageScans.save();
  const made = validateFile(docs, { concurrency: 1 });
  return { result, made, read: storeStats.scansRead - read, hashed: storeStats.hashed - hashed };
}

describe("a site's last check, kept", () => {
  const real = runClock.now;
  beforeEach(() => {
    // The pages were written long before the runs (src/cache/stamp.ts: else each is known by its text's hash).
    runClock.now = () => real() + 3000;
  });
  afterEach(() => {
    runClock.now = real;
  });

  it('checks again only the page that changed, and gives the others’ findings as a whole check gives them', () => {
    const { docs, file, page } = site();
    const first = run(docs, file);
    expect(first.result.problems.map((problem) => problem.code)).toEqual(['link-not-found', 'link-not-found', 'link-not-found']);
    expect(first.result).toEqual(first.made);
    writeFileSync(page('alone.mdx'), '# Alone\n\nNow [broken](/broken).\n');
    const after = run(docs, file);
    expect(after.result).toEqual(after.made);
    expect(after.result.problems.map((problem) => `${problem.code} ${path.basename(problem.file)}`)).toEqual([
      'link-not-found about.mdx',
      'link-not-found about.mdx',
      'link-not-found alone.mdx',
      'link-not-found index.mdx',
    ]);
    // Only the page that changed was read (and its text hashed); no other page's scan was read.
    expect([after.read, after.hashed]).toEqual([0, 1]);
  });

  it('a page whose anchors changed: the pages whose fragments arrive at it are checked again', () => {
    const { docs, file, page } = site();
    run(docs, file);
    // Another text, the same anchors: nothing links into it differently.
    writeFileSync(page('guide.mdx'), '# Guide\n\n## Setup\n\nBack [home](/index), again.\n');
    const same = run(docs, file);
    expect(same.result).toEqual(same.made);
    expect([same.read, same.hashed]).toEqual([0, 1]);
    // Its heading renamed: index.mdx's link to /guide#setup is checked again (its scan read), and now misses.
    writeFileSync(page('guide.mdx'), '# Guide\n\n## Install\n\nBack [home](/index), again.\n');
    const renamed = run(docs, file);
    expect(renamed.result).toEqual(renamed.made);
    expect(renamed.result.problems.map((problem) => problem.code)).toContain('anchor-not-found');
    expect([renamed.read, renamed.hashed]).toEqual([1, 1]);
    // The check kept says whose anchors each page depends on, and the guide's anchors' digest.
    const kept = readPart<{ value: { files: Record<string, { deps: string[]; anchors?: string }> } }>(partFileOf(file, 'check')).value.files;
    expect(kept['index.mdx'].deps).toEqual(['guide.mdx']);
    expect(kept['about.mdx'].deps).toEqual([]);
    expect(typeof kept['guide.mdx'].anchors).toBe('string');
    expect(kept['alone.mdx'].anchors).toBeUndefined();
  });

  it('another shape of the site (a file added, a page added, a redirect) checks every page again', () => {
    const { root, docs, file } = site();
    run(docs, file);
    // A file that is no page: only the listing says the image is there now.
    writeFileSync(path.join(root, 'logo.png'), 'PNG');
    const image = run(docs, file);
    expect(image.result).toEqual(image.made);
    expect(image.result.problems.map((problem) => problem.code)).toEqual(['link-not-found', 'link-not-found']);
    // Every unchanged page checked again, from its kept scan.
    expect(image.read).toBe(4);
    writeFileSync(path.join(root, 'gone.mdx'), '# Gone\n');
    const added = run(docs, file);
    expect(added.result).toEqual(added.made);
    expect(added.result.problems.map((problem) => problem.code)).toEqual(['link-not-found']);
    expect(added.read).toBe(4);
    const docsJson = JSON.parse(readFileSync(docs, 'utf8')) as object;
    writeFileSync(docs, JSON.stringify({ ...docsJson, redirects: [{ source: '/nothing', destination: '/about' }] }));
    const redirected = run(docs, file);
    expect(redirected.result).toEqual(redirected.made);
    expect(redirected.result.problems).toEqual([]);
    expect(redirected.read).toBe(5);
  });

  it("a page's heading ids are computed only when some link's fragment arrives at it, and kept as not computed until then", () => {
    const { docs, file, page } = site();
    run(docs, file);
    /** Each page's kept anchors (null: not computed), by the page's first line. */
    const anchorsKept = () => {
      const byPage: Record<string, string[] | null> = {};
      for (const { scan: kept } of scansIn(file)) {
        const scan = kept as { links: Array<{ url: string }>; anchors: string[] | null };
        byPage[scan.links.map((link) => link.url).join(' ') || 'no links'] = scan.anchors;
      }
      return byPage;
    };
    expect(anchorsKept()).toEqual({
      '/guide#setup /gone': null,
      '/index': ['guide', 'setup'],
      '/guide /nothing /logo.png': null,
      'no links': null,
    });
    // A fragment now arrives at alone.mdx: its ids are computed from its kept scan's page (its text read), and kept.
    writeFileSync(page('about.mdx'), PAGES['about.mdx'].replace('/guide)', '/alone#alone)'));
    const linked = run(docs, file);
    expect(linked.result).toEqual(linked.made);
    expect(anchorsKept()).toEqual({
      '/guide#setup /gone': null,
      '/index': ['guide', 'setup'],
      '/alone#alone /nothing /logo.png': null,
      'no links': ['alone'],
    });
    writeFileSync(page('about.mdx'), PAGES['about.mdx'].replace('/guide)', '/alone#nope)'));
    const missing = run(docs, file);
    expect(missing.result).toEqual(missing.made);
    expect(missing.result.problems.map((problem) => problem.code)).toContain('anchor-not-found');
  });

  /** The problems of a result in one page, as `line:column-endLine:endColumn`. */
  const placesIn = (problems: ReadonlyArray<{ file: string; line: number; column: number; endLine: number; endColumn: number }>, name: string) =>
    problems.filter((problem) => path.basename(problem.file) === name).map((p) => `${p.line}:${p.column}-${p.endLine}:${p.endColumn}`);

  type KeptFiles = Record<string, { findings: unknown[]; places: unknown[] }>;
  const keptFiles = (file: string) => readPart<{ build: string; value: { shape: string; files: KeptFiles } }>(partFileOf(file, 'check'));

  it("keeps each finding's place: a page not checked again is placed where the last check placed it", () => {
    const { docs, file } = site();
    const first = run(docs, file);
    const kept = keptFiles(file);
    expect(kept.value.files['about.mdx'].places).toEqual([
      [3, 40, 3, 48],
      [5, 13, 5, 22],
    ]);
    expect(placesIn(first.result.problems, 'about.mdx')).toEqual(['3:40-3:48', '5:13-5:22']);
    expect(kept.value.files['alone.mdx'].places).toEqual([]);
    // The kept places are the ones given (about.mdx is not checked again): one moved in the part is reported there.
    kept.value.files['about.mdx'].places[0] = [13, 40, 13, 48];
    writePart(partFileOf(file, 'check'), kept);
    const moved = run(docs, file);
    expect(placesIn(moved.result.problems, 'about.mdx')).toEqual(['5:13-5:22', '13:40-13:48']);
    expect(placesIn(moved.made.problems, 'about.mdx')).toEqual(['3:40-3:48', '5:13-5:22']);
  });

  it('a kept check whose places are not one of four whole numbers from 1 per finding is no check', () => {
    const { docs, file } = site();
    run(docs, file);
    const good = keptFiles(file);
    // Each: about.mdx's first place moved (given, it would show), and the places otherwise wrong in one way.
    const wrong: Record<string, unknown[]> = {
      'one place too many': [
        [13, 40, 13, 48],
        [5, 13, 5, 22],
        [1, 1, 1, 2],
      ],
      'one place too few': [[13, 40, 13, 48]],
      'three numbers': [
        [13, 40, 13],
        [5, 13, 5, 22],
      ],
      'five numbers': [
        [13, 6, 13, 22, 1],
        [5, 13, 5, 22],
      ],
      'a zero': [
        [13, 40, 13, 48],
        [5, 0, 5, 22],
      ],
      'a fraction': [
        [13, 40, 13, 48],
        [5, 13.5, 5, 22],
      ],
      'a string': [
        [13, 40, 13, 48],
        [5, '13', 5, 22],
      ],
      'not a list': { 0: [13, 40, 13, 48], 1: [5, 13, 5, 22], length: 2 } as unknown as unknown[],
      'a place not a list': [[13, 40, 13, 48], '5,13'],
    };
    for (const [label, places] of Object.entries(wrong)) {
      const part = structuredClone(good);
      part.value.files['about.mdx'].places = places;
      writePart(partFileOf(file, 'check'), part);
      const after = run(docs, file);
      expect(after.result, label).toEqual(after.made);
      expect(placesIn(after.result.problems, 'about.mdx'), label).toEqual(['3:40-3:48', '5:13-5:22']);
    }
    // The same part with the place moved and nothing else wrong is taken (what each case above would show, were it taken); 1 is a line and a column.
    const moved = structuredClone(good);
    moved.value.files['about.mdx'].places[0] = [13, 40, 13, 48];
    writePart(partFileOf(file, 'check'), moved);
    expect(placesIn(run(docs, file).result.problems, 'about.mdx')).toEqual(['5:13-5:22', '13:40-13:48']);
    moved.value.files['about.mdx'].places[0] = [1, 1, 1, 1];
    writePart(partFileOf(file, 'check'), moved);
    expect(placesIn(run(docs, file).result.problems, 'about.mdx')).toEqual(['1:1-1:1', '5:13-5:22']);
  });

  it('a page edited between runs: its problems move with its text, and the next run keeps their new places', () => {
    const { docs, file, page } = site();
    run(docs, file);
    writeFileSync(page('about.mdx'), `# About\n\nMore.\n\nAnd more.\n\n${PAGES['about.mdx'].slice('# About\n\n'.length)}`);
    const edited = run(docs, file);
    expect(edited.result).toEqual(edited.made);
    expect(placesIn(edited.result.problems, 'about.mdx')).toEqual(['7:40-7:48', '9:13-9:22']);
    expect(keptFiles(file).value.files['about.mdx'].places).toEqual([
      [7, 40, 7, 48],
      [9, 13, 9, 22],
    ]);
    // Unchanged since: placed where the last run placed them.
    const again = run(docs, file);
    expect(again.result).toEqual(again.made);
    expect([again.read, again.hashed]).toEqual([0, 0]);
  });

  /** about.mdx edited at the same length, its modification time put back, then a run: its problems moved a line lower, as a run without the cache places them. */
  function editedInPlace(docs: string, file: string, page: (name: string) => string): void {
    const about = page('about.mdx');
    const { atime, mtime } = statSync(about);
    // A space out, a line break in: the same bytes' count, the links a line lower.
    writeFileSync(about, PAGES['about.mdx'].replace('# About\n\n', '#About\n\n\n'));
    utimesSync(about, atime, mtime);
    const edited = run(docs, file);
    expect(edited.result).toEqual(edited.made);
    expect(placesIn(edited.result.problems, 'about.mdx')).toEqual(['4:40-4:48', '6:13-6:22']);
  }

  it('a page edited at the same length with its modification time put back: its problems move (its change time tells)', () => {
    const { docs, file, page } = site();
    run(docs, file);
    editedInPlace(docs, file, page);
  });

  it('a racily clean page edited at the same length: known by its text, its problems move', () => {
    const { docs, file, page } = site();
    // The pages written in the run's clock tick: each is known by its text's hash, not its stamp.
    runClock.now = real;
    run(docs, file);
    editedInPlace(docs, file, page);
  });
});
