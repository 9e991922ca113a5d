import { execFileSync, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanPage } from '../../src/pages/scan.js';
import { anchorsLater } from '../../src/pages/anchors-later.js';
import { readSiteBase } from '../../src/history/base.js';
import { PageScanStores } from '../../src/cache/location.js';
import { runClock } from '../../src/cache/stamp.js';
import { OpenedStore } from '../../src/cache/opened-store.js';
import { storeStats } from '../../src/cache/stats.js';
import { fits, isKeptCheck, isRecord, isScanPlace, isStoredLookups, isStoredPage, isStoredScan, sameInJson, type StoredScan } from '../../src/cache/shapes.js';
import { PageScanStore, type CacheStrategy } from '../../src/cache/store.js';
import type { PageText } from '../../src/pages/kept.js';
import { validateFile } from '../../src/validate.js';
import { stampOf } from '../../src/files.js';
import { git } from '../history/repo.js';
import { cacheKeyIn, packsOf, partFileOf, readPart, scansIn, writePart, writeScan } from './parts.js';
import { REQUIRED_SETTINGS } from '../required-settings.js';

const PAGE = '# Setup\n\nSee [install](/install#requirements) and <Card href="/cards/one" title="One" />.\n';

function page(text: string, mdx: boolean): PageText {
  return { text, mdx };
}

function storeFile(): string {
  return path.join(mkdtempSync(path.join(tmpdir(), 'docsnav-store-')), 'nested', '.docsnavcache');
}

/** The one scan of a store: its pack's file, and the scan as the pack holds it. */
function scanOf(file: string): { pack: string; key: string; body: string; offset: number } {
  const scans = scansIn(file);
  expect(scans).toHaveLength(1);
  const [{ key, body, place }] = scans;
  return { pack: path.join(partFileOf(file, 'scans'), place[0]), key, body, offset: place[1] };
}

/**
 * For the tests that rely on a stamp alone: the run starts (for the store) three seconds after the
 * files were written, as a run does on files written long before. Without it every stamp taken
 * here is racily clean (src/cache/stamp.ts) and every page is read and hashed.
 */
function settledFiles(): void {
  const real = runClock.now;
  beforeEach(() => {
    runClock.now = () => real() + 3000;
  });
  afterEach(() => {
    runClock.now = real;
  });
}

describe('PageScanStore', () => {
  it('gives back, in the next run, the scan saved for the same text parsed the same way', () => {
    const file = storeFile();
    const first = new OpenedStore(file);
    expect(first.keptScan(page(PAGE, true))).toBeUndefined();
    const scan = scanPage(PAGE);
    first.keepScan(page(PAGE, true), scan);
    first.save();
    const next = new OpenedStore(file);
    expect(next.keptScan(page(PAGE, true))).toEqual(scan);
    expect([next.asked, next.reused]).toEqual([1, 1]);
    expect(next.keptScan(page(PAGE, true))?.anchors).toBeInstanceOf(Set);
    // Another text, or the same text parsed as Markdown, is another page.
    expect(next.keptScan(page(`${PAGE} `, true))).toBeUndefined();
    expect(next.keptScan(page(PAGE, false))).toBeUndefined();
    expect([next.asked, next.reused]).toEqual([4, 2]);
  });

  it('files a scan under the text and parsing it is set with, whatever was looked up before', () => {
    const file = storeFile();
    const first = new OpenedStore(file);
    // Looked up as MDX, set as Markdown: the key of the lookup is not reused for it.
    expect(first.keptScan(page(PAGE, true))).toBeUndefined();
    first.keepScan(page(PAGE, false), scanPage(PAGE, { mdx: false }));
    expect(first.keptScan(page(PAGE, false))).toBeDefined();
    expect(first.keptScan(page(PAGE, true))).toBeUndefined();
    first.keepScan(page(PAGE, true), scanPage(PAGE));
    first.save();
    const next = new OpenedStore(file);
    expect(next.keptScan(page(PAGE, true))).toEqual(scanPage(PAGE));
    expect(next.keptScan(page(PAGE, false))).toEqual(scanPage(PAGE, { mdx: false }));
  });

  it('reads its file when first asked, not when made (a store nobody asks costs nothing)', () => {
    const file = storeFile();
    const early = new OpenedStore(file);
    const writer = new OpenedStore(file);
    writer.keepScan(page(PAGE, true), scanPage(PAGE));
    writer.save();
    expect(early.keptScan(page(PAGE, true))).toEqual(scanPage(PAGE));
  });

  it('keeps only what the last run used, so the file does not grow with pages long gone', () => {
    const file = storeFile();
    const first = new OpenedStore(file);
    first.keepScan(page('# Old', true), scanPage('# Old'));
    first.keepScan(page(PAGE, true), scanPage(PAGE));
    first.save();
    const second = new OpenedStore(file);
    expect(second.keptScan(page(PAGE, true))).toBeDefined();
    expect(second.size).toBe(1);
    second.save();
    const third = new OpenedStore(file);
    expect(third.keptScan(page('# Old', true))).toBeUndefined();
    expect(third.keptScan(page(PAGE, true))).toBeDefined();
  });

  it('is to be saved (dirty) when a kept scan went unused, under either strategy, so a page gone leaves the file: and not when every one was used', () => {
    for (const strategy of ['content', 'metadata'] as const) {
      const file = storeFile();
      const first = new OpenedStore(file, strategy);
      first.keepScan(page('# Old', true), scanPage('# Old'));
      first.keepScan(page(PAGE, true), scanPage(PAGE));
      first.save();
      const both = new OpenedStore(file, strategy);
      expect(both.keptScan(page('# Old', true))).toBeDefined();
      expect(both.keptScan(page(PAGE, true))).toBeDefined();
      expect(both.dirty).toBe(false);
      // Nothing made, nothing changed: only the scan of '# Old' left unused.
      const second = new OpenedStore(file, strategy);
      expect(second.keptScan(page(PAGE, true))).toBeDefined();
      expect(second.dirty).toBe(true);
      second.save();
      expect(scansIn(file)).toHaveLength(1);
    }
  });

  it('has no scan when its file is missing, edited (its checksum), of another build, of another key, of another shape, or not JSON', () => {
    const file = storeFile();
    expect(new OpenedStore(file).keptScan(page(PAGE, true))).toBeUndefined();
    const store = new OpenedStore(file);
    store.keepScan(page(PAGE, true), scanPage(PAGE));
    store.save();
    const { pack, key, body: whole } = scanOf(file);
    const saved = JSON.parse(whole) as { key: string; scan: { links: unknown[]; anchors: string[] } };
    expect(new OpenedStore(file).keptScan(page(PAGE, true))).toEqual(scanPage(PAGE));
    // Edited into other valid JSON of the same length, the index's digest of it left as it was.
    const index = readFileSync(file);
    const packed = readFileSync(pack, 'utf8');
    writeFileSync(pack, packed.replace('"kind":"link"', '"kind":"lin_"'));
    expect(readFileSync(pack, 'utf8')).not.toBe(packed);
    expect(new OpenedStore(file).keptScan(page(PAGE, true))).toBeUndefined();
    writeFileSync(pack, packed);
    // The index of another build, or of another user's (or machine's) cache key: its checksum does not hold with this one.
    const indexBody = readPart<{ build: string }>(file);
    writePart(file, { ...indexBody, build: `${indexBody.build}-older` });
    expect(new OpenedStore(file).keptScan(page(PAGE, true))).toBeUndefined();
    const text = JSON.stringify(indexBody);
    writeFileSync(file, `docsnav-cache hmac-sha256:${createHmac('sha256', Buffer.alloc(32, 7)).update(text).digest('base64url')}\n${text}`);
    expect(new OpenedStore(file).keptScan(page(PAGE, true))).toBeUndefined();
    writeFileSync(file, index);
    expect(new OpenedStore(file).keptScan(page(PAGE, true))).toEqual(scanPage(PAGE));
    // Whole scans (the index's digest of each holds) that are not this build's scan of this text.
    for (const body of [
      { ...saved, key: `${saved.key}x` },
      { ...saved, scan: { ...saved.scan, links: 'x' } },
      { ...saved, scan: { ...saved.scan, links: [{ url: '/x', kind: 'link', span: 'nowhere' }] } },
      { ...saved, scan: { ...saved.scan, anchors: [7] } },
      '{ not json',
    ]) {
      writeScan(file, key, body);
      expect(new OpenedStore(file).keptScan(page(PAGE, true))).toBeUndefined();
    }
    writeScan(file, key, saved);
    expect(new OpenedStore(file).keptScan(page(PAGE, true))).toEqual(scanPage(PAGE));
  });

  it('reads only a regular file: a FIFO at the location is an empty store, not a read that never returns', () => {
    const file = storeFile();
    mkdirSync(path.dirname(file), { recursive: true });
    execFileSync('mkfifo', [file]);
    expect(new OpenedStore(file).keptScan(page(PAGE, true))).toBeUndefined();
  });

  it('throws on save when the file cannot be written (the CLI makes it one line)', () => {
    const blocker = path.join(mkdtempSync(path.join(tmpdir(), 'docsnav-store-')), 'a-file');
    writeFileSync(blocker, '');
    const store = new OpenedStore(path.join(blocker, '.docsnavcache'));
    expect(() => store.save()).toThrow();
    // Below a folder docsnav makes (its own, from `owned`): a file where a folder should be.
    const owned = mkdtempSync(path.join(tmpdir(), 'docsnav-store-'));
    writeFileSync(path.join(owned, 'node_modules'), '');
    const below = new OpenedStore(path.join(owned, 'node_modules', '.cache', 'page-scans.json'), 'metadata', owned);
    below.keepScan(page(PAGE, true), scanPage(PAGE));
    expect(() => below.save()).toThrow();
  });

  it('is empty when a file is cut short (a write that died half way), and saves a whole file over it', () => {
    const file = storeFile();
    const store = new OpenedStore(file);
    store.keepScan(page(PAGE, true), scanPage(PAGE));
    store.save();
    const { pack, body } = scanOf(file);
    // The pack cut short: its scan is not there whole.
    truncateSync(pack, Math.floor(statSync(pack).size / 2));
    const next = new OpenedStore(file);
    expect(next.keptScan(page(PAGE, true))).toBeUndefined();
    next.keepScan(page(PAGE, true), scanPage(PAGE));
    next.save();
    expect(scanOf(file).body).toBe(body);
    expect(new OpenedStore(file).keptScan(page(PAGE, true))).toEqual(scanPage(PAGE));
    // The index cut short: no store, and a whole one saved over it.
    const index = readFileSync(file, 'utf8');
    writeFileSync(file, index.slice(0, Math.floor(index.length / 2)));
    const again = new OpenedStore(file);
    expect(again.keptScan(page(PAGE, true))).toBeUndefined();
    again.keepScan(page(PAGE, true), scanPage(PAGE));
    again.save();
    expect(new OpenedStore(file).keptScan(page(PAGE, true))).toEqual(scanPage(PAGE));
  });

  it('gives no scan that points past its page (an entry of another text under this key)', () => {
    const file = storeFile();
    const store = new OpenedStore(file);
    store.keepScan(page(PAGE, true), scanPage(PAGE));
    store.save();
    const { key, body } = scanOf(file);
    const saved = JSON.parse(body) as { scan: { links: { span: number[] }[] } };
    saved.scan.links[0].span = [PAGE.length, PAGE.length + 5];
    writeScan(file, key, saved);
    expect(new OpenedStore(file).keptScan(page(PAGE, true))).toBeUndefined();
  });

  it('a site check kept, and nothing else, is written: the next store finds it for that shape only', () => {
    const file = storeFile();
    const first = new OpenedStore(file);
    expect(first.dirty).toBe(false);
    const check = { shape: 'one page', files: { 'index.mdx': { key: null, deps: [], findings: [], places: [] } } };
    first.keepCheck(check);
    expect(first.dirty).toBe(true);
    first.save();
    const next = new OpenedStore(file);
    expect([next.keptCheck('one page'), next.keptCheck('two pages')]).toEqual([check, undefined]);
  });

  it('a report kept is something to save; one no kept run names is removed when the store saves', () => {
    const file = storeFile();
    const first = new OpenedStore(file);
    first.runs.keepReport('named', 'report');
    expect(first.dirty).toBe(true);
    expect(first.runs.keptReport('named')).toBe('report');
    first.runs.keepRun('run', { reports: { text: 'named' } });
    first.runs.keepReport('orphan', 'no run names it');
    first.save();
    const next = new OpenedStore(file);
    expect([next.runs.keptReport('named'), next.runs.keptReport('orphan'), next.runs.keptRun('run')]).toEqual([
      'report',
      undefined,
      { reports: { text: 'named' } },
    ]);
    // The content strategy keeps no run and no report.
    const content = new OpenedStore(storeFile(), 'content');
    content.runs.keepReport('named', 'report');
    content.runs.keepRun('run', {});
    expect([content.dirty, content.runs.keptReport('named'), content.runs.keptRun('run')]).toEqual([false, undefined, undefined]);
  });

  it('a pack no index names is removed by a save once it is ten minutes old, not before (another run may be about to name it)', () => {
    const file = storeFile();
    const first = new OpenedStore(file);
    first.keepScan(page(PAGE, true), scanPage(PAGE));
    first.save();
    const folder = partFileOf(file, 'scans');
    const [named] = packsOf(file);
    const orphan = (name: string, minutes: number) => {
      writeFileSync(path.join(folder, name), 'a pack of a run that lost the race');
      const at = Date.now() / 1000 - minutes * 60;
      utimesSync(path.join(folder, name), at, at);
    };
    orphan('1111111111111111.pack', 11);
    orphan('2222222222222222.pack', 9);
    const next = new OpenedStore(file);
    next.keepScan(page('# Other\n', true), scanPage('# Other\n'));
    expect(next.keptScan(page(PAGE, true))).toBeDefined();
    next.save();
    const left = readdirSync(folder).sort();
    expect(left).toHaveLength(3);
    expect(left).toContain(named);
    expect(left).toContain('2222222222222222.pack');
    expect(left).not.toContain('1111111111111111.pack');
  });

  it('a cache key others may read is refused: a save writes nothing at all (no index, no pack)', () => {
    const home = process.env.XDG_CACHE_HOME;
    const readable = mkdtempSync(path.join(tmpdir(), 'docsnav-readable-key-'));
    mkdirSync(path.join(readable, 'docsnav'), { mode: 0o700 });
    writeFileSync(path.join(readable, 'docsnav', 'key'), Buffer.alloc(32, 7), { mode: 0o644 });
    process.env.XDG_CACHE_HOME = readable;
    try {
      const file = storeFile();
      const store = new OpenedStore(file);
      expect(store.refusal).toMatch(/key may be read or written by other users \(mode 0644\)/);
      store.keepScan(page(PAGE, true), scanPage(PAGE));
      store.save();
      // Not even its folder is made.
      expect(existsSync(path.dirname(file))).toBe(false);
    } finally {
      process.env.XDG_CACHE_HOME = home;
    }
  });

  it("a kept scan's anchors computed by a run are saved in a new pack, and the index names it there", () => {
    const file = storeFile();
    const text = '# Setup\n\n## Requirements\n\nSee [install](/install).\n';
    // As the pipeline scans a page no fragment arrives at: its anchors put off (src/pages/anchors-later.ts); beside it, a page whose anchors were computed.
    const scanned = scanPage(text);
    const first = new OpenedStore(file);
    first.keepScan(
      page(text, true),
      anchorsLater({ links: scanned.links }, () => scanned.anchors),
    );
    first.keepScan(page(PAGE, true), scanPage(PAGE));
    first.save();
    // Each scan's pack and anchors, the put-off page's first.
    const kept = () =>
      scansIn(file)
        .map(({ body, place }) => [place[0], (JSON.parse(body) as { scan: { anchors: string[] | null } }).scan.anchors] as const)
        .sort(([, a], [, b]) => (a?.length ?? 0) - (b?.length ?? 0));
    const [before] = packsOf(file);
    expect(kept()).toEqual([
      [before, null],
      [before, ['setup']],
    ]);
    const second = new OpenedStore(file);
    expect(second.keptScan(page(PAGE, true))).toBeDefined();
    expect([...second.keptScan(page(text, true))!.anchors]).toEqual(['setup', 'requirements']);
    expect(second.dirty).toBe(true);
    second.save();
    // The one whose anchors were computed moved to a pack of its own; the other stays where it was.
    const [moved] = packsOf(file).filter((pack) => pack !== before);
    expect(kept()).toEqual([
      [before, ['setup']],
      [moved, ['setup', 'requirements']],
    ]);
    const third = new OpenedStore(file);
    expect(third.keptScan(page(PAGE, true))).toBeDefined();
    expect([...third.keptScan(page(text, true))!.anchors]).toEqual(['setup', 'requirements']);
    expect(third.dirty).toBe(false);
  });

  it('a run reads the runs file once: a run another process saves meanwhile is not the one this run gives again and keeps', () => {
    const file = storeFile();
    const first = new OpenedStore(file);
    first.runs.keepRun('key', { made: 'first' });
    first.save();
    const reading = new OpenedStore(file);
    expect(reading.runs.keptRun('key')).toEqual({ made: 'first' });
    const other = new OpenedStore(file);
    other.runs.keepRun('key', { made: 'other' });
    other.save();
    reading.runs.reuseRun('key', []);
    expect(reading.runs.keptRun('key')).toEqual({ made: 'first' });
  });

  it('files a scan under the profile it was made for: another profile is a miss', () => {
    const file = storeFile();
    const store = new OpenedStore(file);
    store.keepScan({ text: PAGE, mdx: true, variant: 'spec' }, scanPage(PAGE));
    store.save();
    expect(new OpenedStore(file).keptScan({ text: PAGE, mdx: true, variant: 'spec' })).toBeDefined();
    expect(new OpenedStore(file).keptScan({ text: PAGE, mdx: true, variant: 'platform' })).toBeUndefined();
  });
});

describe('keptScan of a page read from disk, with its stamp', () => {
  settledFiles();

  it("the stamp its entry was kept with finds the kept scan with no text hashed; another profile's entry of the file is not taken", () => {
    const file = storeFile();
    const pageFile = path.join(mkdtempSync(path.join(tmpdir(), 'docsnav-store-page-')), 'setup.mdx');
    writeFileSync(pageFile, PAGE);
    const read: PageText = { text: PAGE, mdx: true, variant: 'platform', file: pageFile, stamp: stampOf(statSync(pageFile, { bigint: true })) };
    const first = new OpenedStore(file);
    expect(first.keptScan(read)).toBeUndefined();
    first.keepScan(read, scanPage(PAGE));
    first.save();
    const hashed = storeStats.hashed;
    expect(new OpenedStore(file).keptScan(read)).toEqual(scanPage(PAGE));
    expect(storeStats.hashed - hashed).toBe(0);
    // The entry's scan is the platform profile's: under another, the text is hashed and no scan of it is kept.
    expect(new OpenedStore(file).keptScan({ ...read, variant: 'spec' })).toBeUndefined();
    expect(storeStats.hashed - hashed).toBe(1);
  });
});

describe('PageScanStore strategies, on a real site', () => {
  settledFiles();

  /** A site of three pages; the store's file beside it. */
  function siteWithStore(): { root: string; docs: string; file: string } {
    const root = mkdtempSync(path.join(tmpdir(), 'docsnav-store-site-'));
    writeFileSync(path.join(root, 'docs.json'), JSON.stringify({ ...REQUIRED_SETTINGS, navigation: { pages: ['index', 'guide', 'setup'] } }));
    writeFileSync(path.join(root, 'index.mdx'), '# Home\n\nSee [the guide](/guide).\n');
    writeFileSync(path.join(root, 'guide.mdx'), '# Guide\n\nThen [set up](/setup).\n');
    writeFileSync(path.join(root, 'setup.mdx'), '# Setup\n\nBack [home](/index).\n');
    // The store outside the docs root: its files are no part of the site's listing (which a check of the site depends on).
    return { root, docs: path.join(root, 'docs.json'), file: path.join(mkdtempSync(path.join(tmpdir(), 'docsnav-store-cache-')), 'page-scans.json') };
  }

  let runs = 0;
  /**
   * One run, its docs.json another label each time: the whole validation is never given again
   * (src/cache/replay.ts), each page is looked up in the store.
   */
  function run(docs: string, file: string, strategy: CacheStrategy, profile?: 'spec' | 'platform') {
    writeFileSync(docs, JSON.stringify({ ...(JSON.parse(readFileSync(docs, 'utf8')) as object), name: `Run ${++runs}` }));
    const pageScans = new PageScanStore(file, strategy);
    const hashedBefore = storeStats.hashed;
    const codes = validateFile(docs, { pageScans, concurrency: 1, profile }).problems.map((problem) => problem.code);
    pageScans.save();
    return { codes, hashed: storeStats.hashed - hashedBefore, reused: pageScans.reused, asked: pageScans.asked };
  }

  it('metadata: an unchanged page is found by its stamp (size, times, inode), with no text hashed', () => {
    const { docs, file } = siteWithStore();
    expect(run(docs, file, 'metadata')).toMatchObject({ codes: [], hashed: 3, reused: 0 });
    expect(run(docs, file, 'metadata')).toMatchObject({ codes: [], hashed: 0, reused: 3, asked: 3 });
  });

  it('content: every page is hashed, every run', () => {
    const { docs, file } = siteWithStore();
    expect(run(docs, file, 'content')).toMatchObject({ hashed: 3, reused: 0 });
    expect(run(docs, file, 'content')).toMatchObject({ hashed: 3, reused: 3 });
  });

  it('metadata: a page edited in place at the same length, its modification time put back, is known by its change time', () => {
    const { root, docs, file } = siteWithStore();
    const guide = path.join(root, 'guide.mdx');
    writeFileSync(guide, '---\ntitle: Guide\n---\n# Guide\n\nThen [set up](/setup).\n');
    utimesSync(guide, 1_700_000_000, 1_700_000_000);
    expect(run(docs, file, 'metadata').codes).toEqual([]);
    expect(run(docs, file, 'metadata')).toMatchObject({ codes: [], hashed: 0, reused: 3 });
    // Same length, same inode (written in place), same modification time: its link, then its front matter.
    const inode = statSync(guide).ino;
    writeFileSync(guide, readFileSync(guide, 'utf8').replace('/setup', '/setuq'));
    utimesSync(guide, 1_700_000_000, 1_700_000_000);
    expect(statSync(guide).ino).toBe(inode);
    expect(run(docs, file, 'metadata')).toMatchObject({ codes: ['link-not-found'], hashed: 1 });
    writeFileSync(guide, readFileSync(guide, 'utf8').replace('/setuq', '/setup').replace('title: Guide', 'title: [Guid'));
    utimesSync(guide, 1_700_000_000, 1_700_000_000);
    expect(run(docs, file, 'metadata').codes).toEqual(['front-matter-invalid']);
    expect(run(docs, file, 'content').codes).toEqual(['front-matter-invalid']);
  });

  it('a run that reads only the page that changed keeps the scan of every page its index names', () => {
    const { root, docs, file } = siteWithStore();
    run(docs, file, 'metadata');
    const guide = path.join(root, 'guide.mdx');
    writeFileSync(guide, '# Guide\n\nThen [set up](/setup) again.\n');
    // The site's last check is kept: only the guide is scanned and checked again, no other page's scan read.
    const read = storeStats.scansRead;
    expect(run(docs, file, 'metadata')).toMatchObject({ codes: [], hashed: 1, reused: 2 });
    expect(storeStats.scansRead - read).toBe(0);
    // The index names the three pages' scans, in the first run's pack and this run's.
    expect(scansIn(file)).toHaveLength(3);
    expect(packsOf(file)).toHaveLength(2);
    // Another shape of the site (a redirect): every page checked again, the unchanged ones from their scan files.
    writeFileSync(
      docs,
      JSON.stringify({ ...REQUIRED_SETTINGS, navigation: { pages: ['index', 'guide', 'setup'] }, redirects: [{ source: '/old', destination: '/index' }] }),
    );
    const again = storeStats.scansRead;
    expect(run(docs, file, 'metadata')).toMatchObject({ codes: [], hashed: 0, reused: 3 });
    expect(storeStats.scansRead - again).toBe(3);
  });

  it('at twelve packs, a run that adds a scan puts every scan in one new pack; a run that adds none leaves the twelve', () => {
    const { root, docs, file } = siteWithStore();
    const pages = Array.from({ length: 14 }, (_, index) => `page-${index + 1}`);
    writeFileSync(docs, JSON.stringify({ ...REQUIRED_SETTINGS, navigation: { pages: ['index', 'guide', 'setup', ...pages] } }));
    for (const page of pages) writeFileSync(path.join(root, `${page}.mdx`), `# ${page}\n\nBack [home](/index).\n`);
    const packsNamed = () => new Set(scansIn(file).map((one) => one.place[0])).size;
    expect(run(docs, file, 'metadata').codes).toEqual([]);
    expect(packsNamed()).toBe(1);
    // Each run changes another page: its scan goes into a pack of its own, the others stay where they are.
    for (const page of pages.slice(0, 11)) {
      writeFileSync(path.join(root, `${page}.mdx`), `# ${page}\n\nChanged, and back [home](/index).\n`);
      expect(run(docs, file, 'metadata')).toMatchObject({ codes: [], hashed: 1 });
    }
    expect(packsNamed()).toBe(12);
    // Nothing changed: no scan to add, so no new pack, and none of the twelve moved.
    expect(run(docs, file, 'metadata')).toMatchObject({ codes: [], hashed: 0 });
    expect(packsNamed()).toBe(12);
    // A thirteenth would be one too many: every scan goes into one new pack.
    writeFileSync(path.join(root, 'page-12.mdx'), '# page-12\n\nChanged too, and back [home](/index).\n');
    expect(run(docs, file, 'metadata')).toMatchObject({ codes: [], hashed: 1 });
    expect(packsNamed()).toBe(1);
    expect(scansIn(file)).toHaveLength(17);
  });

  it('metadata: a page unchanged on disk is not read; its front matter and its scan are the ones kept', () => {
    const { root, docs, file } = siteWithStore();
    writeFileSync(path.join(root, 'guide.mdx'), '---\ntitle: Guide\n---\n# Guide\n\nThen [set up](/setup).\n');
    run(docs, file, 'metadata');
    expect(run(docs, file, 'metadata')).toMatchObject({ codes: [], reused: 3, hashed: 0 });
    expect(readPart<{ pages: Record<string, { head?: unknown }> }>(file).pages[path.join(root, 'guide.mdx')].head).toEqual({
      ok: true,
      data: { title: 'Guide' },
      end: 21,
    });
  });

  it('metadata: a racily clean page (written within the clock tick of its stamp) is known by its text alone', () => {
    const { root, docs, file } = siteWithStore();
    const real = runClock.now;
    runClock.now = () => real() - 3000;
    try {
      run(docs, file, 'metadata');
      // Every stamp of this run is as recent as the run: each page is hashed, every run, until one is older.
      expect(run(docs, file, 'metadata')).toMatchObject({ codes: [], hashed: 3, reused: 3 });
      expect(Object.values(readPart<{ pages: Record<string, { racy?: true }> }>(file).pages).every((entry) => entry.racy === true)).toBe(true);
      const guide = path.join(root, 'guide.mdx');
      writeFileSync(guide, readFileSync(guide, 'utf8').replace('/setup', '/setuq'));
      expect(run(docs, file, 'metadata').codes).toEqual(['link-not-found']);
    } finally {
      runClock.now = real;
    }
    // Given again whole (src/cache/replay.ts), the racily clean pages checked by their bytes' hash.
    expect(run(docs, file, 'metadata').codes).toEqual(['link-not-found']);
  });

  it('metadata: a problem in a page not opened is located as in a run that read it', () => {
    const { root, docs, file } = siteWithStore();
    writeFileSync(path.join(root, 'guide.mdx'), '---\ntitle: Guide\nopenapi: GET /nowhere\n---\n# Guide\n\nThen [set up](/setupp) and [back](/index#nope).\n');
    run(docs, file, 'metadata');
    const rules = { 'page-path': 'warning' } as const;
    const cold = validateFile(docs, { concurrency: 1, rules });
    expect(cold.problems.map((problem) => problem.code).sort()).toEqual(['anchor-not-found', 'endpoint-not-found', 'link-not-found']);
    const pageScans = new PageScanStore(file, 'metadata');
    // Not given again whole (another option), so every page is looked up; its last check is another rule's, so every page is checked.
    const warm = validateFile(docs, { pageScans, concurrency: 1, rules });
    expect(pageScans.reused).toBe(3);
    expect(warm.problems).toEqual(cold.problems);
    expect(warm.sources).toEqual(cold.sources);
  });

  it('metadata: front matter JSON would not give back (a YAML date) is read from the page every run', () => {
    const { root, docs, file } = siteWithStore();
    writeFileSync(path.join(root, 'guide.mdx'), '---\ntitle: Guide\ndate: 2024-01-02\n---\n# Guide\n');
    writeFileSync(path.join(root, 'setup.mdx'), '---\ntitle: Setup\n---\n# Setup\n');
    run(docs, file, 'metadata');
    const pages = readPart<{ pages: Record<string, { head?: unknown }> }>(file).pages;
    expect(pages[path.join(root, 'guide.mdx')].head).toBeUndefined();
    expect(pages[path.join(root, 'setup.mdx')].head).toEqual({ ok: true, data: { title: 'Setup' }, end: 21 });
    const store = new OpenedStore(file, 'metadata');
    expect(store.keptHead(path.join(root, 'guide.mdx'))).toBeUndefined();
    expect(store.keptHead(path.join(root, 'setup.mdx'))).toEqual({ ok: true, data: { title: 'Setup' }, end: 21 });
    expect(store.keptHead(path.join(root, 'index.mdx'))).toBeNull();
  });

  it('a page kept by its stamp is not taken from the store when the run reads through a caller or an editor', () => {
    const { root, docs, file } = siteWithStore();
    const guide = path.join(root, 'guide.mdx');
    run(docs, file, 'metadata');
    const broken = readFileSync(guide, 'utf8').replace('/setup', '/setuq');
    const readFile = (absolute: string) => (absolute === guide ? broken : readFileSync(absolute, 'utf8'));
    const pageScans = new PageScanStore(file, 'metadata');
    expect(validateFile(docs, { pageScans, readFile, concurrency: 1 }).problems.map((problem) => problem.code)).toEqual(['link-not-found']);
  });

  it('metadata: a page whose time changed is hashed, and found by its text when that is the same', () => {
    const { root, docs, file } = siteWithStore();
    run(docs, file, 'metadata');
    const guide = path.join(root, 'guide.mdx');
    utimesSync(guide, new Date(), new Date(Date.now() - 5000));
    expect(run(docs, file, 'metadata')).toMatchObject({ codes: [], hashed: 1, reused: 3 });
    // Nothing changed since: no text hashed (the whole run may be given again: src/cache/replay.ts).
    expect(run(docs, file, 'metadata')).toMatchObject({ codes: [], hashed: 0 });
  });

  /**
   * A run as `docsnav validate --since HEAD` makes it (a pre-commit hook): a run against a git base
   * is never given again whole (src/cache/replay.ts), so every page is looked up in the store,
   * and the CLI's stores (PageScanStores) write only the ones `dirty` says hold something new.
   */
  function runSince(docs: string, file: string) {
    const stores = new PageScanStores({ location: file, strategy: 'metadata' });
    const hashedBefore = storeStats.hashed;
    const since = readSiteBase(docs, 'HEAD');
    const codes = validateFile(docs, { pageScans: stores.for(path.dirname(docs)), since, concurrency: 1 }).problems.map((problem) => problem.code);
    stores.save((_store, error) => {
      throw error;
    });
    return { codes, hashed: storeStats.hashed - hashedBefore };
  }

  /** The site in a git repository, its pages committed; one page with front matter. */
  function committedSite() {
    const site = siteWithStore();
    writeFileSync(path.join(site.root, 'setup.mdx'), '---\ntitle: Setup\n---\n# Setup\n\nBack [home](/index).\n');
    // Front matter JSON would not give back (a YAML date) is never kept: the page's entry is its scan alone.
    writeFileSync(path.join(site.root, 'guide.mdx'), '---\ndate: 2024-01-02\n---\n# Guide\n\nThen [set up](/setup).\n');
    git(site.root, 'init', '-q');
    git(site.root, 'add', 'docs.json', 'index.mdx', 'guide.mdx', 'setup.mdx');
    git(site.root, 'commit', '-q', '-m', 'site');
    return site;
  }

  /** The store's index and the changes written beside it, each as its inode and modification time (a save writes a new file and renames it into place). */
  const indexFiles = (file: string) =>
    [file, partFileOf(file, 'changes')].map((each) => (existsSync(each) ? `${statSync(each).ino}:${statSync(each).mtimeMs}` : 'missing')).join(' ');

  it('--since: each page touched (same text, new stamp) is hashed once, and its new stamp saved so that the next run hashes nothing', () => {
    const { root, docs, file } = committedSite();
    expect(runSince(docs, file)).toMatchObject({ codes: [], hashed: 3 });
    // One whose entry is its scan alone, then one whose entry holds its front matter too.
    for (const name of ['guide.mdx', 'setup.mdx']) {
      utimesSync(path.join(root, name), new Date(), new Date(Date.now() - 5000));
      const before = indexFiles(file);
      expect(runSince(docs, file)).toMatchObject({ codes: [], hashed: 1 });
      expect(indexFiles(file)).not.toBe(before);
      expect(runSince(docs, file)).toMatchObject({ codes: [], hashed: 0 });
    }
  });

  it('--since: a run in which nothing the store holds changed leaves its file alone', () => {
    const { docs, file } = committedSite();
    runSince(docs, file);
    const before = indexFiles(file);
    expect(runSince(docs, file)).toMatchObject({ codes: [], hashed: 0 });
    expect(indexFiles(file)).toBe(before);
  });

  it('another profile is a miss: its pages are scanned anew', () => {
    const { docs, file } = siteWithStore();
    run(docs, file, 'metadata', 'spec');
    expect(run(docs, file, 'metadata', 'platform')).toMatchObject({ reused: 0 });
    expect(run(docs, file, 'metadata', 'platform')).toMatchObject({ hashed: 0 });
  });

  it('another build is a miss (the index, with the places of the scans; the last check)', () => {
    const { docs, file } = siteWithStore();
    run(docs, file, 'metadata');
    const saved = readPart<{ build: string }>(file);
    writePart(file, { ...saved, build: `${saved.build}-other` });
    // No index: no scan is found, each page is read, hashed and scanned anew.
    expect(run(docs, file, 'metadata')).toMatchObject({ reused: 0, hashed: 3, codes: [] });
    // The last check of another build: each page checked again from its scan.
    writePart(partFileOf(file, 'check'), { ...readPart<object>(partFileOf(file, 'check')), build: 'another' });
    const read = storeStats.scansRead;
    expect(run(docs, file, 'metadata')).toMatchObject({ hashed: 0, codes: [] });
    expect(storeStats.scansRead - read).toBe(3);
    expect(run(docs, file, 'metadata')).toMatchObject({ hashed: 0, codes: [] });
  });
});

describe('PageScanStore saving while another process reads', () => {
  it('a reader never sees a part of a file: each save replaces the whole file at once', async () => {
    const file = storeFile();
    const head = path.join(path.dirname(path.dirname(file)), 'page.mdx');
    writeFileSync(head, '# Page\n');
    // A writer in another process (the built library) saves an index of some 2 MB forty times.
    const writer = `
      const { statSync } = await import('node:fs');
      const { OpenedStore } = await import(${JSON.stringify(pathToFileURL(path.resolve('dist/cache/opened-store.js')).href)});
      const stats = statSync(${JSON.stringify(head)}, { bigint: true });
      const stamp = { size: 7, mtimeNs: stats.mtimeNs, ctimeNs: stats.ctimeNs, ino: stats.ino };
      for (let round = 0; round < 40; round++) {
        const store = new OpenedStore(${JSON.stringify(file)});
        for (let i = 0; i < 5000; i++) store.keepHead('/page/' + i + '/of/round/' + round, stamp, { ok: true, data: { title: 'Page ' + i + ' '.repeat(300) }, end: 40 });
        store.save();
      }`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', writer], { stdio: 'inherit' });
    let done = false;
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => ((done = true), resolve(code))));
    let reads = 0;
    let partial = 0;
    while (!done) {
      try {
        const text = readFileSync(file, 'utf8');
        reads++;
        const newline = text.indexOf('\n');
        if (
          text.slice(0, newline) !==
          `docsnav-cache hmac-sha256:${createHmac('sha256', cacheKeyIn())
            .update(text.slice(newline + 1))
            .digest('base64url')}`
        )
          partial++;
      } catch {
        // not written yet
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await exited).toBe(0);
    expect(reads).toBeGreaterThan(0);
    expect(partial).toBe(0);
  });
});

describe('scannerFingerprint (what PageScanStore keys its files by, from the sources: src/cache/build.ts)', () => {
  it('changes with the fast path as with the rest of the scanner: from the sources, its file counts too', async () => {
    const { scannerFingerprint } = await import('../../src/pages/scanner.js');
    const { statSync } = await import('node:fs');
    const stamp = (file: string) => {
      const stat = statSync(new URL(file, import.meta.url));
      return `${stat.size}:${Math.trunc(stat.mtimeMs)}`;
    };
    // In the bundle (dist/cli/pages.js) all are that one file; from the sources, each file's own.
    const fastPath = ['fast-scan', 'fast-blocks', 'fast-inline', 'fast-mdx', 'fast-html', 'fast-markers', 'fast-text'];
    expect(scannerFingerprint().split('+')).toEqual([stamp('../../src/pages/scanner.ts'), ...fastPath.map((name) => stamp(`../../src/pages/${name}.ts`))]);
  });
});

/** Each case by its label: what the guard says of it. */
function verdicts(guard: (value: never) => boolean, cases: Record<string, unknown>): Record<string, boolean> {
  return Object.fromEntries(Object.entries(cases).map(([label, value]) => [label, guard(value as never)]));
}

/** Every case the same verdict. */
function all(cases: Record<string, unknown>, verdict: boolean): Record<string, boolean> {
  return Object.fromEntries(Object.keys(cases).map((label) => [label, verdict]));
}

describe("a store's part read back, by its shape (src/cache/shapes.ts): one field off is no part", () => {
  const PACK = '0123456789abcdef.pack';

  it('a scan place: a pack of sixteen hex digits, an offset from 0, a length from 1 to 1 GiB, a digest', () => {
    const good = { first: [PACK, 0, 1, 'd'], last: [PACK, Number.MAX_SAFE_INTEGER, 1024 * 1024 * 1024, ''] };
    const bad = {
      'three fields': [PACK, 0, 1],
      'five fields': [PACK, 0, 1, 'd', 'e'],
      'not an array': { 0: PACK, 1: 0, 2: 1, 3: 'd', length: 4 },
      'pack a number': [7, 0, 1, 'd'],
      'pack before the name': [`x${PACK}`, 0, 1, 'd'],
      'pack after the name': [`${PACK}x`, 0, 1, 'd'],
      'pack of upper-case hex': ['0123456789ABCDEF.pack', 0, 1, 'd'],
      'pack of fifteen digits': ['0123456789abcde.pack', 0, 1, 'd'],
      'offset negative': [PACK, -1, 1, 'd'],
      'offset a fraction': [PACK, 0.5, 1, 'd'],
      'offset past safe integers': [PACK, 2 ** 53, 1, 'd'],
      'length zero': [PACK, 0, 0, 'd'],
      'length a fraction': [PACK, 0, 1.5, 'd'],
      'length over 1 GiB': [PACK, 0, 1024 * 1024 * 1024 + 1, 'd'],
      'digest a number': [PACK, 0, 1, 7],
    };
    expect(verdicts(isScanPlace, good)).toEqual(all(good, true));
    expect(verdicts(isScanPlace, bad)).toEqual(all(bad, false));
  });

  it('a value JSON gives back as it is', () => {
    const good = { null: null, text: 'x', true: true, false: false, zero: 0, number: -1.5, array: [1, 'a', [null]], object: { a: { b: [1] } }, empty: {} };
    const bad = {
      undefined: undefined,
      'minus zero': -0,
      NaN: NaN,
      infinity: Infinity,
      'an array holding undefined': [1, undefined],
      'an object holding NaN': { a: { b: NaN } },
      'a date': new Date(0),
      'a map': new Map(),
      'no prototype': Object.create(null) as object,
      'a __proto__ key': JSON.parse('{"__proto__": 1}') as object,
      'a function': () => 1,
      'a big integer': 1n,
    };
    expect(verdicts(sameInJson, good)).toEqual(all(good, true));
    expect(verdicts(sameInJson, bad)).toEqual(all(bad, false));
  });

  it('a record: an object, not null, not an array', () => {
    expect([isRecord({}), isRecord({ a: 1 }), isRecord(null), isRecord([]), isRecord('x'), isRecord(undefined)]).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });

  it('kept lookups: a stamp text per file, a record of lookups', () => {
    const good = { some: { stamps: { '/a': '1:2:3:4' }, lookups: { k: [1] } }, none: { stamps: {}, lookups: {} } };
    const bad = {
      'not a record': [],
      'stamps not a record': { stamps: ['1:2:3:4'], lookups: {} },
      'a stamp a number': { stamps: { '/a': 1 }, lookups: {} },
      'lookups missing': { stamps: {} },
      'lookups an array': { stamps: {}, lookups: [] },
    };
    expect(verdicts(isStoredLookups, good)).toEqual(all(good, true));
    expect(verdicts(isStoredLookups, bad)).toEqual(all(bad, false));
  });

  it("a site check: its shape, and each file's findings, each with its place", () => {
    const finding = { code: 'link-not-found', message: 'm', pointer: '/p', span: [0, 3] };
    const file = { key: 'k', deps: ['/b.mdx'], findings: [finding], places: [[1, 1, 1, 4]] };
    const check = (changed: Record<string, unknown>, findingChanged: Record<string, unknown> = {}) => ({
      shape: 's',
      files: { 'a.mdx': { ...file, findings: [{ ...finding, ...findingChanged }], ...changed } },
    });
    const good = {
      whole: check({}),
      'key null': check({ key: null }),
      'with anchors': check({ anchors: 'digest' }),
      'no files': { shape: 's', files: {} },
      'no findings': check({ findings: [], places: [] }),
      'with suggest, severity and a fix': check({}, { suggest: 's', severity: 'warning', fix: { edits: [{ start: 0, end: 1, text: '' }] } }),
      'a fix of no edits': check({}, { fix: { edits: [] } }),
      'span at the same offset': check({}, { span: [0, 0] }),
      'a count of findings past the cap': check({}, { more: 1, severity: 'error' }),
      'each severity': check({
        findings: ['error', 'warning', 'info'].map((severity) => ({ code: 'link-not-found', message: 'm', pointer: '', span: [0, 1], severity })),
        places: [
          [1, 1, 1, 2],
          [1, 1, 1, 2],
          [1, 1, 1, 2],
        ],
      }),
    };
    const bad = {
      'not a record': [check({})],
      'shape a number': { ...check({}), shape: 1 },
      'files an array': { shape: 's', files: [] },
      'a file null': { shape: 's', files: { 'a.mdx': null } },
      'key a number': check({ key: 1 }),
      'key missing': check({ key: undefined }),
      'anchors a number': check({ anchors: 1 }),
      'deps missing': check({ deps: undefined }),
      'a dep a number': check({ deps: [1] }),
      'findings missing': check({ findings: undefined }),
      'places missing': check({ places: undefined }),
      'a place fewer than findings': check({ places: [] }),
      'a place of three numbers': check({ places: [[1, 1, 1]] }),
      'a place of five numbers': check({ places: [[1, 1, 1, 4, 5]] }),
      'a place at line 0': check({ places: [[0, 1, 1, 4]] }),
      'a place at a fraction': check({ places: [[1, 1.5, 1, 4]] }),
      'a place not an array': check({ places: ['1:1'] }),
      'a finding null': check({ findings: [null] }),
      'a code no rule has': check({}, { code: 'no-such-code' }),
      "a code from Object's prototype": check({}, { code: 'toString' }),
      'code a number': check({}, { code: 1 }),
      'message missing': check({}, { message: undefined }),
      'pointer a number': check({}, { pointer: 1 }),
      'span of one offset': check({}, { span: [0] }),
      'span of three offsets': check({}, { span: [0, 1, 2] }),
      'span negative': check({}, { span: [-1, 3] }),
      'span a fraction': check({}, { span: [0, 2.5] }),
      'span not an array': check({}, { span: '0,3' }),
      'suggest a number': check({}, { suggest: 1 }),
      'severity a number': check({}, { severity: 1 }),
      'a severity no problem has': check({}, { severity: 'fatal' }),
      "a severity from Object's prototype": check({}, { severity: 'toString' }),
      'a count of none': check({}, { more: 0 }),
      'a count below none': check({}, { more: -3 }),
      'a count a fraction': check({}, { more: 1.5 }),
      'a count a string': check({}, { more: '5' }),
      'a fix of no edits array': check({}, { fix: {} }),
      'a fix an array': check({}, { fix: [] }),
      'an edit without text': check({}, { fix: { edits: [{ start: 0, end: 1 }] } }),
      'an edit at a fraction': check({}, { fix: { edits: [{ start: 0.5, end: 1, text: '' }] } }),
      'an edit without end': check({}, { fix: { edits: [{ start: 0, text: '' }] } }),
      'an edit null': check({}, { fix: { edits: [null] } }),
    };
    expect(verdicts(isKeptCheck, good)).toEqual(all(good, true));
    expect(verdicts(isKeptCheck, bad)).toEqual(all(bad, false));
  });

  it("a page's entry: a stamp text, and its racy mark, scan key, text length and front matter when there", () => {
    const stamp = '10:1700000000000000000:1700000000000000000:42';
    const good = {
      'a stamp only': { stamp },
      whole: { stamp, racy: true, scan: 'mdx::abc', length: 0, head: null },
      'front matter read': { stamp, head: { ok: true, data: {}, end: 0 } },
      'front matter not YAML, with its line': { stamp, head: { ok: false, message: 'bad', line: 2, end: 10 } },
      'front matter not YAML, no line': { stamp, head: { ok: false, message: 'bad', end: 10 } },
    };
    const bad = {
      'not a record': [stamp],
      'no stamp': {},
      'a stamp of three numbers': { stamp: '10:1:1' },
      'a stamp with a word': { stamp: '10:1:1:x' },
      'a stamp with a prefix': { stamp: `x${stamp}` },
      'a stamp with a suffix': { stamp: `${stamp}x` },
      'racy false': { stamp, racy: false },
      'scan a number': { stamp, scan: 1 },
      'length negative': { stamp, length: -1 },
      'length a fraction': { stamp, length: 1.5 },
      'length a string': { stamp, length: '1' },
      'front matter a string': { stamp, head: 'title: x' },
      'front matter of no end': { stamp, head: { ok: true, data: {} } },
      'front matter ending before 0': { stamp, head: { ok: true, data: {}, end: -1 } },
      'front matter data an array': { stamp, head: { ok: true, data: [], end: 0 } },
      'front matter ok a string': { stamp, head: { ok: 'true', data: {}, end: 0 } },
      'front matter not YAML, no message': { stamp, head: { ok: false, end: 0 } },
      'front matter not YAML, line a fraction': { stamp, head: { ok: false, message: 'bad', line: 1.5, end: 0 } },
    };
    expect(verdicts(isStoredPage, good)).toEqual(all(good, true));
    expect(verdicts(isStoredPage, bad)).toEqual(all(bad, false));
  });

  it('a scan: links with a URL, a kind and a span of two offsets; anchors as strings, or null (not computed)', () => {
    const link = { url: '/a', kind: 'markdown', span: [0, 4] };
    const good = {
      whole: { links: [link], anchors: ['a'] },
      'anchors not computed': { links: [], anchors: null },
      'a span at 0': { links: [{ ...link, span: [0, 0] }], anchors: [] },
    };
    const bad = {
      undefined: undefined,
      'links missing': { anchors: [] },
      'anchors missing': { links: [] },
      'an anchor a number': { links: [], anchors: [1] },
      'anchors a string': { links: [], anchors: 'a' },
      'a link null': { links: [null], anchors: [] },
      'a URL a number': { links: [{ ...link, url: 1 }], anchors: [] },
      'no kind': { links: [{ ...link, kind: undefined }], anchors: [] },
      'a span of one offset': { links: [{ ...link, span: [0] }], anchors: [] },
      'a span negative': { links: [{ ...link, span: [-1, 4] }], anchors: [] },
      'a span a fraction': { links: [{ ...link, span: [0, 1.5] }], anchors: [] },
      'a span not an array': { links: [{ ...link, span: '0,4' }], anchors: [] },
    };
    expect(verdicts(isStoredScan, good)).toEqual(all(good, true));
    expect(verdicts(isStoredScan, bad)).toEqual(all(bad, false));
  });

  it('a scan fits a text when every span and the error lie inside it', () => {
    const scan = (spans: [number, number][], error?: number): StoredScan => ({
      links: spans.map((span) => ({ url: '/a', kind: 'link' as const, span, verbatim: false })),
      anchors: null,
      ...(error !== undefined && { error: { message: 'e', offset: error } }),
    });
    expect([
      fits(scan([[0, 10]]), 10),
      fits(scan([[10, 10]]), 10),
      fits(scan([[0, 11]]), 10),
      fits(scan([[5, 4]]), 10),
      fits(scan([], 10), 10),
      fits(scan([], 0), 10),
      fits(scan([], 11), 10),
      fits(scan([], -1), 10),
      fits(scan([], 1.5), 10),
    ]).toEqual([true, true, false, false, true, true, false, false, false]);
  });
});
