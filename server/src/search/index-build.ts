/**
 * Building a deployment's section index from its sections (BM25F postings by term, in typed
 * arrays; copies of one document grouped, copies.ts), in slices that yield to the event loop, so
 * that building a big site's index does not hold up other requests. No I/O.
 */
import type { PageSection } from '../store/deployments.js';
import { CopyFinder, groupCopies } from './copies.js';
import { Growable } from './growable.js';
import { emptyIndexData, register, type IndexData } from './index-data.js';
import { anchorTexts, FIELD_COUNT, FIELDS, fieldTexts, withPairs } from './index-fields.js';
import { analyzerFor } from './language.js';
import { tokenize } from './tokenize.js';

/**
 * The first size of each array of postings being built (bytes): above the C library's largest
 * threshold for allocating with mmap (32 MB), so the arrays are mapped on their own and given
 * back to the system when the build drops them, and only the pages written count as resident.
 * Smaller arrays came from the process heap, whose freed middle stays resident (~20 MB more RSS
 * after building the three corpus sites: 318 -> 293 MB).
 */
const PENDING_BYTES = 33 * 2 ** 20;
/** Highest term frequency kept (a Uint16): past it BM25's saturation makes no difference. */
const MAX_FREQUENCY = 0xffff;
/** Longest the build runs before it yields to the event loop (ms). */
const SLICE_MS = 10;

/** While built: one posting per (term, section), in section order: its term id, section and frequencies. */
interface Pending {
  terms: Growable<Uint32Array>;
  sections: Growable<Uint32Array>;
  frequencies: Growable<Uint16Array>;
}

/** The index of `sections` (in their order: a section's id is its position), yielding to the event loop every SLICE_MS unless `yieldToLoop` is false. */
export async function buildIndex(sections: readonly PageSection[], yieldToLoop: boolean): Promise<IndexData> {
  const index = emptyIndexData();
  const pending = {
    terms: new Growable(Uint32Array, PENDING_BYTES / 4),
    sections: new Growable(Uint32Array, PENDING_BYTES / 4),
    frequencies: new Growable(Uint16Array, PENDING_BYTES / 2),
  };
  let sliceStart = performance.now();
  const maybeYield = async () => {
    if (!yieldToLoop || performance.now() - sliceStart < SLICE_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    sliceStart = performance.now();
  };
  const shingles = new CopyFinder();
  const anchors = anchorTexts(sections);
  for (const section of sections) {
    add(index, pending, section, shingles, anchors.get(section.pagePath) ?? '');
    await maybeYield();
  }
  await groupCopies(index, shingles, maybeYield);
  // Built: the postings, grouped by term (in section order within a term), in slices too: a
  // 9,000-section site has some 1,000,000 postings.
  const pendingTerms = pending.terms.view();
  const pendingSections = pending.sections.view();
  const pendingFrequencies = pending.frequencies.view();
  const terms = index.termIds.size;
  const offsets = new Uint32Array(terms + 1);
  for (const term of pendingTerms) offsets[term + 1]++;
  for (let t = 0; t < terms; t++) offsets[t + 1] += offsets[t];
  const postingSections = new Uint32Array(offsets[terms]);
  const postingFrequencies = new Uint16Array(offsets[terms] * FIELD_COUNT);
  const next = offsets.slice(0, terms);
  for (let r = 0; r < pendingTerms.length; r++) {
    const at = next[pendingTerms[r]]++;
    postingSections[at] = pendingSections[r];
    for (let f = 0; f < FIELD_COUNT; f++) postingFrequencies[at * FIELD_COUNT + f] = pendingFrequencies[r * FIELD_COUNT + f];
    if (r % 8192 === 0) await maybeYield();
  }
  // Page frequencies: the distinct pages of each term's sections (a page's sections need not be
  // next to each other: a page listed twice in the navigation comes back later).
  const sectionPages = index.sectionPages.view();
  const pageFrequency = new Uint32Array(terms);
  const counted = new Uint32Array(index.pages.length);
  for (let t = 0; t < terms; t++) {
    for (let p = offsets[t]; p < offsets[t + 1]; p++) {
      const page = sectionPages[postingSections[p]];
      if (counted[page] !== t + 1) {
        counted[page] = t + 1;
        pageFrequency[t]++;
      }
    }
    if (t % 4096 === 0) await maybeYield();
  }
  index.offsets = offsets;
  index.postingSections = postingSections;
  index.postingFrequencies = postingFrequencies;
  index.pageFrequency = pageFrequency;
  index.fieldLengths.trim();
  index.sectionPages.trim();
  finishAverages(index);
  return index;
}

/** Files a section under its page and adds its words to the postings being built (and its body's to its page's MinHash signature). */
function add(index: IndexData, pending: Pending, row: PageSection, shingles: CopyFinder | undefined, anchors: string): void {
  const id = index.sections.length;
  const pageId = register(index, row);
  const page = index.pages[pageId];
  index.sectionPages.push(pageId);
  // The page's language's words (English when it has none).
  const analyzer = analyzerFor(page.language);
  const texts = fieldTexts(row, anchors);
  // term → its slot in `frequencies` (one count per field), for this section.
  const slots = new Map<string, number>();
  const frequencies: number[] = [];
  FIELDS.forEach((field, f) => {
    const terms = field === 'body' ? tokenize(texts[field], analyzer) : withPairs(tokenize(texts[field], analyzer));
    if (field === 'body') shingles?.add(pageId, terms);
    index.fieldLengths.push(terms.length);
    index.averages[f] += terms.length;
    for (const term of terms) {
      let slot = slots.get(term);
      if (slot === undefined) {
        slot = frequencies.length;
        slots.set(term, slot);
        for (let i = 0; i < FIELD_COUNT; i++) frequencies.push(0);
      }
      frequencies[slot + f]++;
    }
  });
  for (const [term, slot] of slots) {
    let termId = index.termIds.get(term);
    if (termId === undefined) {
      termId = index.termIds.size;
      index.termIds.set(term, termId);
    }
    pending.terms.push(termId);
    pending.sections.push(id);
    for (let i = 0; i < FIELD_COUNT; i++) pending.frequencies.push(Math.min(MAX_FREQUENCY, frequencies[slot + i]));
  }
}

function finishAverages(index: IndexData): void {
  const count = Math.max(1, index.sections.length);
  for (let f = 0; f < FIELD_COUNT; f++) index.averages[f] = Math.max(1, index.averages[f] / count);
}
