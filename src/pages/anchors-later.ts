/**
 * A page scan whose anchors (heading ids: a walk, a slug and a transliteration per heading) are
 * computed when first read: most pages are the target of no `#fragment` link, and their ids are
 * never needed (issue 51). The scanner's bundle and the rest of docsnav are separate files, each
 * with its own copy of this module: the mark is a registered symbol, the same in both.
 */
import type { PageScan } from './types.js';

const LATER = Symbol.for('docsnav.anchorsLater');

/** `scan` with anchors `compute` gives on first read. */
export function anchorsLater(scan: Omit<PageScan, 'anchors'>, compute: () => ReadonlySet<string>): PageScan {
  let anchors: ReadonlySet<string> | undefined;
  const later: PageScan = {
    links: scan.links,
    ...(scan.error && { error: scan.error }),
    get anchors() {
      return (anchors ??= compute());
    },
  };
  Object.defineProperty(later, LATER, { value: () => anchors });
  return later;
}

/** A scan's anchors when they are computed (or were never put off); undefined while they are not. */
export function computedAnchors(scan: PageScan): ReadonlySet<string> | undefined {
  const later = (scan as PageScan & { [LATER]?: () => ReadonlySet<string> | undefined })[LATER];
  return later ? later() : scan.anchors;
}
