/**
 * Copies of one document in a deployment's other versions or languages, found while the section
 * index is built, so that they are one result: by path (less the version or language segment), by
 * title and place in the navigation, and by content (MinHash over word shingles, banded: a page
 * renamed or moved between versions is still a copy). Pages of one version and language are never
 * copies. No I/O.
 */
import { copyKey, type IndexData, type IndexedPage } from './index-data.js';
import { fold } from './tokenize.js';

/**
 * Copy groups: pages of one path (less the version or language segment; of one title too, across
 * versions), translations of one path in one version, pages of one title at one place in the
 * navigation (less version and language), and pages whose text is nearly the same (MinHash,
 * banded), never two pages of one version and language in a group.
 */
export async function groupCopies(data: IndexData, finder: CopyFinder, maybeYield: () => Promise<void>): Promise<void> {
  const groups = new CopyGroups(data.pages);
  const joinBy = (keyOf: (pageId: number) => string | undefined) => {
    const first = new Map<string, number>();
    data.pages.forEach((_, pageId) => {
      const key = keyOf(pageId);
      if (key === undefined) return;
      const known = first.get(key);
      if (known === undefined) first.set(key, pageId);
      else groups.union(known, pageId);
    });
  };
  // Only a site with versions or languages has copies.
  if (data.versions.length === 0 && data.languages.length === 0) return;
  joinBy((pageId) => data.pages[pageId].copyKey);
  // Translations of a page in one version: its path less the language (and version) segment, in
  // that version. The key above asks versions for the same title too, which a translation changes.
  joinBy((pageId) => {
    const { path: pagePath, language, version } = data.pages[pageId];
    return language && version ? `${copyKey(pagePath, language, version)}\u0000${version}` : undefined;
  });
  joinBy((pageId) => {
    const row = data.sections[data.pages[pageId].sections[0]];
    const title = fold(row.pageTitle);
    if (!title) return undefined;
    const place = (Array.isArray(row.trail) ? (row.trail as Array<{ kind?: unknown; label?: unknown }>) : [])
      .filter((item) => item?.kind !== 'version' && item?.kind !== 'language')
      .map((item) => (typeof item?.label === 'string' ? fold(item.label) : ''));
    return [title, ...place].join('\u0000');
  });
  await maybeYield();
  for (let band = 0; band * BAND_ROWS < MINHASH_SIZE; band++) {
    const first = new Map<string, number>();
    for (const [pageId, { minima, shingles }] of finder.signatures) {
      if (shingles < MIN_SHINGLES) continue;
      const key = minima.subarray(band * BAND_ROWS, (band + 1) * BAND_ROWS).join(',');
      const known = first.get(key);
      if (known === undefined) first.set(key, pageId);
      else if (similarity(finder.signatures.get(known)!.minima, minima) >= COPY_SIMILARITY) groups.union(known, pageId);
    }
    await maybeYield();
  }
  for (const page of data.pages) page.copyKey = `${groups.find(page.position)}`;
}

/** Hashes in a page's MinHash signature (pages in one LSH bucket are compared with its first page only, so a bucket of boilerplate pages costs linear time). */
const MINHASH_SIZE = 32;
/** MinHash rows per LSH band (32 / 4 = 8 bands: pairs of Jaccard similarity ~0.6 and above meet in a band). */
const BAND_ROWS = 4;
/** Estimated Jaccard similarity of word shingles above which two pages are copies of one document. */
const COPY_SIMILARITY = 0.6;
/** Fewest shingles a page needs to be matched by content (short pages are matched by path and title only). */
const MIN_SHINGLES = 20;
/** Words per page read for shingles (the start of a page tells its copies). */
const MAX_SHINGLE_WORDS = 1000;
/** Words per shingle. */
const SHINGLE = 3;
const SEEDS = Uint32Array.from({ length: MINHASH_SIZE }, (_, k) => fmix(0x9e3779b9 ^ Math.imul(k + 1, 0x85ebca6b)));

/** Murmur3's 32-bit finaliser: a well-mixed hash of a 32-bit number. */
function fmix(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** FNV-1a of a word. */
function wordHash(word: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The MinHash signature of each page's body text (word shingles), made while the index is built. */
export class CopyFinder {
  readonly signatures = new Map<number, { minima: Uint32Array; shingles: number; words: number }>();

  /** Adds a section's body words (its index terms) to its page's signature; shingles do not cross sections. */
  add(pageId: number, words: readonly string[]): void {
    let entry = this.signatures.get(pageId);
    if (!entry) this.signatures.set(pageId, (entry = { minima: new Uint32Array(MINHASH_SIZE).fill(0xffffffff), shingles: 0, words: 0 }));
    const minima = entry.minima;
    let a = 0;
    let b = 0;
    for (let i = 0; i < words.length && entry.words < MAX_SHINGLE_WORDS; i++, entry.words++) {
      const c = wordHash(words[i]);
      if (i >= SHINGLE - 1) {
        const shingle = fmix(Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca6b) ^ c);
        entry.shingles++;
        // One multiply-xorshift per hash (k independent enough for an estimate of similarity).
        for (let k = 0; k < MINHASH_SIZE; k++) {
          let h = Math.imul(shingle ^ SEEDS[k], 0x2c1b3c6d);
          h = (h ^ (h >>> 15)) >>> 0;
          if (h < minima[k]) minima[k] = h;
        }
      }
      a = b;
      b = c;
    }
  }
}

/** Estimated Jaccard similarity of two MinHash signatures. */
function similarity(a: Uint32Array, b: Uint32Array): number {
  let same = 0;
  for (let k = 0; k < MINHASH_SIZE; k++) if (a[k] === b[k]) same++;
  return same / MINHASH_SIZE;
}

/**
 * Groups of pages under union-find where a group never holds two pages of the same version and
 * language (two pages of one version are two documents, however alike).
 */
class CopyGroups {
  private readonly parent: Uint32Array;
  private readonly slots: Array<Set<string> | undefined>;

  constructor(pages: readonly IndexedPage[]) {
    this.parent = Uint32Array.from(pages, (_, i) => i);
    this.slots = pages.map((page) => new Set([`${page.version ?? ''}\u0000${page.language ?? ''}`]));
  }

  find(i: number): number {
    while (this.parent[i] !== i) {
      this.parent[i] = this.parent[this.parent[i]];
      i = this.parent[i];
    }
    return i;
  }

  /** Joins the groups of two pages unless they share a version and language. */
  union(a: number, b: number): void {
    let ra = this.find(a);
    let rb = this.find(b);
    if (ra === rb) return;
    let sa = this.slots[ra]!;
    let sb = this.slots[rb]!;
    if (sa.size < sb.size) [ra, rb, sa, sb] = [rb, ra, sb, sa];
    for (const slot of sb) if (sa.has(slot)) return;
    for (const slot of sb) sa.add(slot);
    this.parent[rb] = ra;
    this.slots[rb] = undefined;
  }
}
