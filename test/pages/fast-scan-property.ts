/**
 * The differential property of the page scanner's fast path: on generated pages
 * (page-grammar.ts), every page the fast path accepts scans exactly as micromark scans it (links
 * with their kinds, URLs, spans and `verbatim`; anchors), and micromark reads it without error, or
 * fails it with the fast path's error (elements left open at the end), word for word.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { fastScanPageText, micromarkScanPageText } from '../../src/pages/scanner.js';
import { page } from './page-grammar.js';

export function fastPathAgreesWithMicromark({ seed, runs, timeout }: { seed: number; runs: number; timeout: number }): void {
  it(
    `scans every page it accepts exactly as micromark does (${runs} pages, seed ${seed})`,
    () => {
      let accepted = 0;
      let markdown = 0;
      let unclosed = 0;
      fc.assert(
        fc.property(page, ([text, mdx]) => {
          const fast = fastScanPageText(text, mdx);
          if (fast === undefined) return;
          accepted++;
          if (!mdx) markdown++;
          if (fast.error) unclosed++;
          const oracle = micromarkScanPageText(text, mdx);
          // The only error the fast path gives is micromark's for elements left open at the end: the same words and place.
          expect({ links: fast.links, anchors: [...fast.anchors].sort(), error: fast.error }).toEqual({
            links: oracle.links,
            anchors: [...oracle.anchors].sort(),
            error: oracle.error,
          });
        }),
        { seed, numRuns: runs },
      );
      console.log(`fast path accepted ${accepted} of ${runs} generated pages (${markdown} Markdown, ${unclosed} with elements left open)`);
      // The property says something only when the fast path takes a fair share of the pages, of both kinds.
      expect(accepted).toBeGreaterThan(runs * 0.15);
      expect(markdown).toBeGreaterThan(runs * 0.03);
    },
    timeout,
  );
}
