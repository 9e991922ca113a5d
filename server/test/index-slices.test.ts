/**
 * A big site's search index is written in slices, so that storing it does not hold the event
 * loop (and, on the embedded database, the database) for long: the header's terms made a slice
 * at a time (index-bytes.ts), and the bytes stored in parts of 256 KB (store/search-indexes.ts),
 * while the parts of 4 MB that earlier releases stored are still read.
 */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Core } from '../src/core.js';
import { insertDeployment, type PageSection } from '../src/store/deployments.js';
import { openStore } from '../src/store/open.js';
import { storedIndex, storeIndex } from '../src/store/search-indexes.js';
import type { Store } from '../src/store/store.js';
import { PAIR } from '../src/search/index-fields.js';
import { SectionIndex } from '../src/search/section-index.js';
import { tempDir } from './helpers.js';
import { hangGuard } from '../../test/time-scale.mjs';

const KB = 2 ** 10;
const MB = 2 ** 20;

/** Sections holding `words` distinct made-up words between them (20 to a section). */
function manyWords(words: number): PageSection[] {
  const sections: PageSection[] = [];
  for (let first = 0; first < words; first += 20) {
    const body = Array.from({ length: Math.min(20, words - first) }, (_, i) => `w${(first + i).toString(36)}q`).join(' ');
    sections.push({
      pagePath: `p/${Math.floor(first / 200)}`,
      pageKind: 'page',
      pageTitle: `Page ${Math.floor(first / 200)}`,
      pageDescription: '',
      hidden: false,
      trail: [],
      heading: `Part ${first}`,
      anchor: `part-${first}`,
      depth: 2,
      body,
    });
  }
  return sections;
}

describe('the index as bytes, made in slices', () => {
  it('awaits between slices of its terms, and the bytes are those of the header made whole', async () => {
    const sections = manyWords(50_000);
    const built = await SectionIndex.build(sections, false);
    const words = [...built.words()];
    expect(words.length).toBeGreaterThan(40_000);
    let turns = 0;
    const pieces = await built.serialize(() => {
      turns++;
      return Promise.resolve();
    });
    const bytes = Buffer.concat(pieces);
    const headerLength = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0, true);
    const header = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + headerLength))) as { terms: string[]; copyKeys: string[]; sections: number };
    // One turn per full slice of 20,000 terms; every term once, the words (pairs left out) in id order, across the slices' seams.
    expect(turns).toBe(Math.floor(header.terms.length / 20_000));
    expect(turns).toBeGreaterThanOrEqual(2);
    expect(new Set(header.terms).size).toBe(header.terms.length);
    expect(header.terms.filter((term) => !term.includes(PAIR))).toEqual(words);
    expect(header.sections).toBe(sections.length);
    expect(header.copyKeys).toEqual(built.pages.map((page) => page.copyKey));
    // The same bytes as without turns, and an index that restores and ranks as the one built.
    expect(Buffer.concat(await built.serialize())).toEqual(bytes);
    const restored = SectionIndex.restore(sections, bytes)!;
    expect(restored).toBeDefined();
    expect([...restored.words()]).toEqual(words);
    const query = [{ term: 'w1a2q', weight: 1 }];
    const ranked = (index: SectionIndex) => index.rank(query, { limit: 3, includeHidden: true }).map((r) => [r.page.path, r.section, r.score]);
    expect(ranked(restored)).toEqual(ranked(built));
    expect(ranked(built).length).toBe(1);
  });
});

describe('the stored parts of an index (embedded database)', () => {
  const stores: Store[] = [];
  afterAll(async () => {
    for (const store of stores) await store.close();
  }, hangGuard(60_000));

  async function storeWithDeployment(): Promise<Store> {
    const store = await openStore({ data: path.join(tempDir('index-parts'), 'data') });
    stores.push(store);
    await new Core(store).addProject({ id: 'acme', repo: 'https://example.com/acme.git', branch: 'main', docsDir: 'docs' });
    await insertDeployment(store, { id: 'd1', projectId: 'acme', ref: 'main', source: 'git' });
    return store;
  }

  const partsOf = (store: Store) =>
    store.query<{ part: number; length: number }>(`SELECT part, octet_length(data) AS length FROM search_indexes WHERE deployment_id = 'd1' ORDER BY part`);

  it(
    'are of 256 KB, each written between two turns, and read back whole',
    async () => {
      const store = await storeWithDeployment();
      const bytes = new Uint8Array(MB + 5).map((_, i) => (i * 31) % 251);
      let turns = 0;
      await storeIndex(store, 'd1', 1, bytes, () => {
        turns++;
        return Promise.resolve();
      });
      const parts = await partsOf(store);
      expect(parts.map((row) => Number(row.length))).toEqual([256 * KB, 256 * KB, 256 * KB, 256 * KB, 5]);
      expect(turns).toBe(4);
      expect(await storedIndex(store, 'd1', 1)).toEqual(bytes);
      // Given as pieces (as SectionIndex.serialize makes them), of sizes that straddle the parts' seams.
      const pieces = [3, 300 * KB, 0, 1, 256 * KB - 4, 500 * KB, 7].map((size, p) => new Uint8Array(size).map((_, i) => (i * 13 + p) % 255));
      await storeIndex(store, 'd1', 2, pieces);
      expect(await storedIndex(store, 'd1', 2)).toEqual(new Uint8Array(Buffer.concat(pieces)));
    },
    hangGuard(60_000),
  );

  it(
    'larger, as earlier releases stored them (up to 4 MB), are still read; part 0 naming more bytes than its parts of 4 MB can hold is damage',
    async () => {
      const store = await storeWithDeployment();
      const bytes = new Uint8Array(1.5 * MB).map((_, i) => (i * 17) % 253);
      await storeIndex(store, 'd1', 1, bytes, undefined, MB);
      expect((await partsOf(store)).map((row) => Number(row.length))).toEqual([MB, 0.5 * MB]);
      expect(await storedIndex(store, 'd1', 1)).toEqual(bytes);
      // Two parts say 8 MB and a byte in all: more than two parts of 4 MB hold.
      await store.query(`UPDATE search_indexes SET bytes = $1 WHERE deployment_id = 'd1'`, [8 * MB + 1]);
      await expect(storedIndex(store, 'd1', 1)).rejects.toThrow(`part 0 says ${8 * MB + 1} bytes in 2 parts`);
      // 8 MB fits two parts of 4 MB: that check passes, and the parts' own lengths are found short.
      await store.query(`UPDATE search_indexes SET bytes = $1 WHERE deployment_id = 'd1'`, [8 * MB]);
      await expect(storedIndex(store, 'd1', 1)).rejects.toThrow(`its 2 parts hold ${1.5 * MB} bytes, not ${8 * MB}`);
    },
    hangGuard(60_000),
  );
});
