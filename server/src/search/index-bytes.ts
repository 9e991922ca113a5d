/**
 * A deployment's section index as bytes, stored (search/indexes.ts) and restored by any process
 * without building it again, every number checked before it is trusted; and how many bytes an
 * index holds in memory, which the cache of indexes counts. No I/O.
 */
import type { PageSection } from '../store/deployments.js';
import { emptyIndexData, register, type IndexData } from './index-data.js';
import { FIELD_COUNT } from './index-fields.js';

/** The layout of `serialize`'s bytes: a stored index of another layout is built again. */
export const INDEX_FORMAT = 4;

/** Terms written into the header between two turns of the event loop (`between`): some 20,000 terms' JSON is a few ms of work. */
const TERMS_PER_SLICE = 20_000;

/**
 * The index as bytes, to be stored and `restore`d by any process: its terms and numbers, not
 * the sections (they are the deployment's stored texts, read again in the same order). A JSON
 * header (format, counts, averages, the terms in id order), then the typed arrays, each at a
 * multiple of 4 bytes: the stored index is the concatenation of the pieces returned, which are
 * the header's, in slices, and views of the index's own arrays (nothing of them is copied here:
 * the parts stored copy what each holds). The header is made in slices of terms with `between`
 * awaited after each. Made in one piece, the platform docs' index (82,000 terms, 20 MB) held the
 * event loop 160-240 ms, most of it copying the arrays into one buffer, and the eval's answers to
 * another project waited for it.
 */
export async function serializeIndex(data: IndexData, between: () => Promise<void> = async () => {}): Promise<Uint8Array[]> {
  const encoder = new TextEncoder();
  const head = JSON.stringify({
    format: INDEX_FORMAT,
    sections: data.sections.length,
    pages: data.pages.length,
    postings: data.postingSections.length,
    averages: data.averages,
  });
  // The same text as JSON.stringify of the whole header, its terms written a slice at a time.
  const header: Uint8Array[] = [encoder.encode(`${head.slice(0, -1)},"terms":[`)];
  let slice: string[] = [];
  let written = 0;
  const write = () => {
    header.push(encoder.encode(`${written > 0 ? ',' : ''}${JSON.stringify(slice).slice(1, -1)}`));
    written += slice.length;
    slice = [];
  };
  for (const term of data.termIds.keys()) {
    slice.push(term);
    if (slice.length < TERMS_PER_SLICE) continue;
    write();
    await between();
  }
  if (slice.length > 0) write();
  // Which pages are copies of one document (found by content when built: not made again from the texts).
  header.push(encoder.encode(`],"copyKeys":${JSON.stringify(data.pages.map((page) => page.copyKey))}}`));
  const headerLength = header.reduce((total, piece) => total + piece.length, 0);
  const length = new Uint8Array(4);
  new DataView(length.buffer).setUint32(0, headerLength, true);
  const pieces = [length, ...header, padding(headerLength)];
  for (const array of indexArrays(data)) pieces.push(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), padding(array.byteLength));
  return pieces.filter((piece) => piece.length > 0);
}

/** The zeros after `length` bytes up to a multiple of 4. */
function padding(length: number): Uint8Array {
  return new Uint8Array(Math.ceil(length / 4) * 4 - length);
}

/** The typed arrays `serialize` writes, in its order. */
function indexArrays(data: IndexData): Array<Uint32Array | Uint16Array> {
  return [data.offsets, data.postingSections, data.pageFrequency, data.fieldLengths.view(), data.sectionPages.view(), data.postingFrequencies];
}

/**
 * The index `serialize` wrote, over the same sections in the same order, without building it
 * again (no text is tokenized); undefined when the bytes are of another format or do not fit
 * the sections (then the caller builds it).
 */
export function restoreIndex(sections: readonly PageSection[], bytes: Uint8Array): IndexData | undefined {
  if (bytes.byteLength < 4) return undefined;
  // Aligned for the typed arrays: a copy at offset 0 of a buffer of its own.
  const own = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
  const headerLength = new DataView(own.buffer, own.byteOffset, own.byteLength).getUint32(0, true);
  let header: { format: number; sections: number; pages: number; postings: number; averages: number[]; terms: string[]; copyKeys: string[] };
  try {
    header = JSON.parse(new TextDecoder().decode(own.subarray(4, 4 + headerLength))) as typeof header;
  } catch {
    return undefined;
  }
  if (typeof header !== 'object' || header === null || header.format !== INDEX_FORMAT || header.sections !== sections.length) return undefined;
  if (!wellFormed(header)) return undefined;
  const index = emptyIndexData();
  for (const section of sections) register(index, section);
  if (index.pages.length !== header.pages || !Array.isArray(header.copyKeys) || header.copyKeys.length !== header.pages) return undefined;
  header.copyKeys.forEach((key, pageId) => (index.pages[pageId].copyKey = String(key)));
  header.terms.forEach((term, id) => index.termIds.set(term, id));
  const terms = header.terms.length;
  let at = own.byteOffset + 4 + Math.ceil(headerLength / 4) * 4;
  const take = <T extends Uint32Array | Uint16Array>(
    Type: { new (buffer: ArrayBufferLike, offset: number, length: number): T; BYTES_PER_ELEMENT: number },
    length: number,
  ): T => {
    const array = new Type(own.buffer, at, length);
    at += Math.ceil((length * Type.BYTES_PER_ELEMENT) / 4) * 4;
    return array;
  };
  if (
    own.byteOffset + own.byteLength <
    at + 4 * (terms + 1 + header.postings + terms + sections.length * (FIELD_COUNT + 1)) + 2 * header.postings * FIELD_COUNT
  )
    return undefined;
  index.offsets = take(Uint32Array, terms + 1);
  index.postingSections = take(Uint32Array, header.postings);
  index.pageFrequency = take(Uint32Array, terms);
  index.fieldLengths.replace(take(Uint32Array, sections.length * FIELD_COUNT));
  index.sectionPages.replace(take(Uint32Array, sections.length));
  index.postingFrequencies = take(Uint16Array, header.postings * FIELD_COUNT);
  header.averages.forEach((average, f) => (index.averages[f] = average));
  // Every number that bounds a loop or indexes an array is within bounds: damaged offsets once
  // sent a question through billions of postings, and nothing else on the server was answered.
  if (!withinBounds(index)) return undefined;
  return index;
}

/** Whether the restored arrays fit together: offsets rising from 0 to the postings, every section and page id in range (linear, no allocation). */
function withinBounds(data: IndexData): boolean {
  const { offsets, postingSections, pageFrequency } = data;
  const terms = data.termIds.size;
  if (offsets.length !== terms + 1 || offsets[0] !== 0 || offsets[terms] !== postingSections.length) return false;
  for (let t = 0; t < terms; t++) if (offsets[t + 1] < offsets[t] || pageFrequency[t] > data.pages.length) return false;
  const sections = data.sections.length;
  for (let p = 0; p < postingSections.length; p++) if (postingSections[p] >= sections) return false;
  const sectionPages = data.sectionPages.view();
  for (let section = 0; section < sections; section++) if (sectionPages[section] >= data.pages.length) return false;
  return true;
}

/** About how many bytes the index holds (its arrays, terms and section texts): what the cache of indexes counts. */
export function heldBytes(data: IndexData): number {
  let total = indexArrays(data).reduce((sum, array) => sum + array.byteLength, 0);
  // A term: its string and its entry in the map.
  for (const term of data.termIds.keys()) total += 40 + 2 * term.length;
  for (const section of data.sections) total += 200 + 2 * (section.body.length + (section.heading?.length ?? 0));
  for (const page of data.pages) total += 300 + 2 * (page.path.length + page.copyKey.length);
  return total;
}

/** A restored header's fields are of the types `serialize` writes (a damaged one is built again, not trusted). */
function wellFormed(header: { pages: unknown; postings: unknown; averages: unknown; terms: unknown; copyKeys: unknown }): boolean {
  return (
    Number.isInteger(header.pages) &&
    Number.isInteger(header.postings) &&
    (header.postings as number) >= 0 &&
    Array.isArray(header.averages) &&
    header.averages.length === FIELD_COUNT &&
    header.averages.every((average) => Number.isFinite(average)) &&
    Array.isArray(header.terms) &&
    header.terms.every((term) => typeof term === 'string') &&
    new Set(header.terms).size === header.terms.length &&
    Array.isArray(header.copyKeys)
  );
}
