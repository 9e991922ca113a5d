/** From a place in docs.json to what the last check made of it: the page an entry became. */
import { escapeSegment } from '../source/pointer.js';
import type { ResolvedPage } from '../resolve/types.js';
import type { Segment } from './cursor.js';
import { treeOf, type SiteCheck } from './sites.js';

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
    for (const page of tree.pages) if (!pages.has(page.source)) pages.set(page.source, page);
    pagesBySource.set(check, pages);
  }
  return pages.get(pointer);
}
