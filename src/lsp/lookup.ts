/** From a place in docs.json to what the last check made of it: the page an entry became. */
import { escapeSegment } from '../source/pointer.js';
import type { ResolvedPage } from '../resolve/types.js';
import type { Segment } from './cursor.js';
import { placeInDocsFile, treeOf, type SiteCheck } from './sites.js';

const pagesBySource = new WeakMap<SiteCheck, Map<string, ResolvedPage>>();

export function pointerOfPath(path: readonly Segment[]): string {
  return path.map((key) => `/${escapeSegment(key)}`).join('');
}

/** The page an entry (a string in `pages`, a group's `root`) became, by the entry's pointer. */
export function pageAt(check: SiteCheck, pointer: string): ResolvedPage | undefined {
  const tree = treeOf(check);
  if (!tree) return undefined;
  let pages = pagesBySource.get(check);
  if (!pages) {
    pages = new Map();
    for (const page of tree.pages) {
      // Keyed by where the entry is written (a mint.json's entries: in the mint.json, not in the docs.json made of it).
      const place = placeInDocsFile(check, page.source);
      if (place !== undefined && !pages.has(place)) pages.set(place, page);
    }
    pagesBySource.set(check, pages);
  }
  return pages.get(pointer);
}
