/**
 * The store's index written as what changed (src/cache/store.ts, `saveIndex`): a run that changed a
 * few pages writes their entries and their scans' places beside the index (`….changes.json`, naming
 * the index it was taken against), not the whole index again; a run reads the index with those
 * changes. Changes of another index, or of another shape, are not read; past a share of the index's
 * size, the whole index is written again under a new id.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runClock } from '../../src/cache/stamp.js';
import { storeStats } from '../../src/cache/stats.js';
import { PageScanStore } from '../../src/cache/store.js';
import { validateFile } from '../../src/validate.js';
import { indexOf, partFileOf, readPart, writePart } from './parts.js';
import { REQUIRED_SETTINGS } from '../required-settings.js';

/** A site of `count` pages, each linking to the next (the last one to a page that is not there). */
function site(count: number): { docs: string; file: string; page: (n: number) => string } {
  const root = mkdtempSync(path.join(tmpdir(), 'docsnav-changes-'));
  const names = Array.from({ length: count }, (_, n) => `page-${n}`);
  names.forEach((name, n) => writeFileSync(path.join(root, `${name}.mdx`), `# Page ${n}\n\nNext: [the next](/page-${n + 1}).\n`));
  writeFileSync(path.join(root, 'docs.json'), JSON.stringify({ ...REQUIRED_SETTINGS, navigation: { pages: names } }));
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'docsnav-changes-cache-')), 'page-scans.json');
  return { docs: path.join(root, 'docs.json'), file, page: (n) => path.join(root, `page-${n}.mdx`) };
}

let runs = 0;
/** A run as the CLI makes it (its docs.json another label each time: never given again whole), beside a run without a store. */
function run(docs: string, file: string) {
  writeFileSync(docs, JSON.stringify({ ...(JSON.parse(readFileSync(docs, 'utf8')) as object), name: `Run ${++runs}` }));
  const hashed = storeStats.hashed;
  const pageScans = new PageScanStore(file);
  const result = validateFile(docs, { pageScans, concurrency: 1 });
  pageScans.save();
  return { result, made: validateFile(docs, { concurrency: 1 }), hashed: storeStats.hashed - hashed };
}

const stampOf = (file: string) => `${statSync(file).ino}:${statSync(file).mtimeMs}`;
type Changes = { base: string; pages: Record<string, unknown>; scans: Record<string, unknown> };

describe("the store's index, written as what changed", () => {
  const real = runClock.now;
  beforeEach(() => {
    // The pages were written long before the runs: each is known by its stamp.
    runClock.now = () => real() + 3000;
  });
  afterEach(() => {
    runClock.now = real;
  });

  it('a page edited: its entry and its scans are written beside the index, which stays as it was; the next run reads both', () => {
    const { docs, file, page } = site(10);
    run(docs, file);
    const index = stampOf(file);
    const { id } = readPart<{ id: string }>(file);
    writeFileSync(page(3), '# Page 3\n\nNow [nowhere](/nowhere).\n');
    const edited = run(docs, file);
    expect(edited.result).toEqual(edited.made);
    expect(edited.hashed).toBe(1);
    expect(stampOf(file)).toBe(index);
    const changes = readPart<Changes>(partFileOf(file, 'changes'));
    expect(changes.base).toBe(id);
    expect(Object.keys(changes.pages).map((name) => path.basename(name))).toEqual(['page-3.mdx']);
    // The new scan's place, and the old one's gone (no page has that text now).
    expect(Object.values(changes.scans).map((place) => (place === null ? 'gone' : 'placed'))).toEqual(['placed', 'gone']);
    // The index and its changes: every page known by its stamp, none read again.
    const again = run(docs, file);
    expect(again.result).toEqual(again.made);
    expect(again.hashed).toBe(0);
    expect(Object.keys(indexOf(file).pages)).toHaveLength(10);
  });

  it('a page gone: its entry and its scan written as gone; a run after, with nothing changed, writes no changes', () => {
    const { docs, file, page } = site(10);
    run(docs, file);
    rmSync(page(9));
    const document = JSON.parse(readFileSync(docs, 'utf8')) as { navigation: { pages: string[] } };
    writeFileSync(docs, JSON.stringify({ ...document, navigation: { pages: document.navigation.pages.slice(0, 9) } }));
    const gone = run(docs, file);
    expect(gone.result).toEqual(gone.made);
    const changes = readPart<Changes>(partFileOf(file, 'changes'));
    expect(Object.values(changes.pages)).toEqual([null]);
    expect(Object.values(changes.scans)).toEqual([null]);
    const written = stampOf(partFileOf(file, 'changes'));
    const same = run(docs, file);
    expect(same.result).toEqual(same.made);
    expect(stampOf(partFileOf(file, 'changes'))).toBe(written);
  });

  it('changes taken against another index are not read: the pages they hold are read again', () => {
    const { docs, file, page } = site(10);
    run(docs, file);
    writeFileSync(page(3), '# Page 3\n\nNow [nowhere](/nowhere).\n');
    run(docs, file);
    // The same index under another id (another run's, written since): page-3's entry there is of its old stamp.
    writePart(file, { ...readPart<object>(file), id: 'another' });
    const after = run(docs, file);
    expect(after.result).toEqual(after.made);
    expect(after.hashed).toBe(1);
  });

  it('an index without an id is no index: written again whole, with one', () => {
    const { docs, file } = site(10);
    run(docs, file);
    const { id, ...noId } = readPart<{ id: string }>(file);
    expect(typeof id).toBe('string');
    writePart(file, noId);
    const after = run(docs, file);
    expect(after.result).toEqual(after.made);
    expect(after.hashed).toBe(10);
    expect(typeof readPart<{ id?: unknown }>(file).id).toBe('string');
  });

  it('changes of another shape (no pages, no scans, no base) are not read, never an error', () => {
    const { docs, file, page } = site(10);
    run(docs, file);
    writeFileSync(page(3), '# Page 3\n\nNow [nowhere](/nowhere).\n');
    run(docs, file);
    const good = readPart<Changes>(partFileOf(file, 'changes'));
    for (const [label, changes] of Object.entries({
      'pages null': { ...good, pages: null },
      'scans null': { ...good, scans: null },
      'no base': { pages: good.pages, scans: good.scans },
    })) {
      writePart(partFileOf(file, 'changes'), changes);
      const after = run(docs, file);
      expect(after.result, label).toEqual(after.made);
      // Not read: page-3 is known by its text (its entry in the index is of its old stamp), and its changes written again.
      expect(after.hashed, label).toBe(1);
    }
    rmSync(partFileOf(file, 'changes'));
    const gone = run(docs, file);
    expect(gone.result).toEqual(gone.made);
    expect(gone.hashed).toBe(1);
  });

  it('the changes part is there from the first save on: a cache in the docs root lists the same after a run that writes changes, and the next run is given again', () => {
    const { docs, page } = site(3);
    const root = path.dirname(docs);
    mkdirSync(path.join(root, 'cache'));
    const file = path.join(root, 'cache', 'page-scans.json');
    const names = () => readdirSync(path.join(root, 'cache')).sort();
    const once = (now: () => number) => {
      runClock.now = now;
      const pageScans = new PageScanStore(file);
      validateFile(docs, { pageScans, concurrency: 1 });
      if (pageScans.dirty) pageScans.save();
      return pageScans.asked === 0;
    };
    // Page 1 saved just now: racily clean at the first run, known by its stamp at the next (its entry written as a change).
    writeFileSync(page(1), '# Page 1\n\nNext: [the next](/page-2).\n');
    once(real);
    const first = names();
    expect(first).toContain('page-scans.changes.json');
    expect(once(() => real() + 3000)).toBe(false);
    expect(readPart<Changes>(partFileOf(file, 'changes')).pages).not.toEqual({});
    expect(names()).toEqual(first);
    // Nothing changed since: given again whole (the listing it was kept with is the docs root's still).
    expect(once(() => real() + 3000)).toBe(true);
  });

  it('past an eighth of the index (and 64 entries), the whole index is written again under a new id, and the changes beside it are not read', () => {
    const { docs, file, page } = site(30);
    run(docs, file);
    const { id } = readPart<{ id: string }>(file);
    // 30 pages' entries, 30 scans made and 30 gone: more than 64 changes.
    for (let n = 0; n < 30; n++) writeFileSync(page(n), `# Page ${n}, edited\n\nNext: [the next](/page-${n + 1}).\n`);
    const edited = run(docs, file);
    expect(edited.result).toEqual(edited.made);
    expect(readPart<{ id: string }>(file).id).not.toBe(id);
    const again = run(docs, file);
    expect(again.result).toEqual(again.made);
    expect(again.hashed).toBe(0);
    // 20 pages edited: 60 changes, written beside the index.
    const index = stampOf(file);
    for (let n = 0; n < 20; n++) writeFileSync(page(n), `# Page ${n}, edited again\n\nNext: [the next](/page-${n + 1}).\n`);
    const fewer = run(docs, file);
    expect(fewer.result).toEqual(fewer.made);
    expect(stampOf(file)).toBe(index);
    expect(run(docs, file).hashed).toBe(0);
  });
});
