/**
 * Pathological pages (issue 66, item 2): the shapes of bench/pathological-shapes.mjs that the fast
 * path reads in one pass, small. Behavioural, not timed: the fast path takes them (micromark, the
 * fallback, is what took minutes on 4 MB of them), and its scan is micromark's.
 */
import { describe, expect, it } from 'vitest';
import { SHAPES } from '../../bench/pathological-shapes.mjs';
import { fastScanPageText, micromarkScanPageText } from '../../src/pages/scanner.js';

const unclosedFrontMatter = [
  ['YAML, then empty lines', '---\ntitle: x\n\n\n\n\n[a](/after)\n'],
  ['YAML, then text and a heading', '---\ntitle: x\ndescription: y\n\n# Heading\n\nSome words, [a link](/b#c).\n'],
  ['YAML, spaces after the fence', '---  \ntitle: x\n\n[a](/d)\n'],
  ['YAML, a tab after the fence', '---\t\ntitle: x\n\n[a](/d)\n'],
  ['TOML', '+++\ntitle = "x"\n\n[a](/e)\n'],
  ['YAML, multi-byte text', '---\ntitle: ü 文字\n\n## Überschrift\n\n[ä](/f)\n'],
  ['the fence alone, then the page', '---\n\n[a](/g)\n'],
] as const;

describe('a page whose front matter never closes', () => {
  for (const mdx of [true, false]) {
    for (const [name, page] of unclosedFrontMatter) {
      it(`${name} (${mdx ? 'MDX' : 'Markdown'}): the fast path reads it, as micromark does`, () => {
        const fast = fastScanPageText(page, mdx);
        expect(fast).toBeDefined();
        const slow = micromarkScanPageText(page, mdx);
        expect(fast!.links).toEqual(slow.links);
        expect([...fast!.anchors]).toEqual([...slow.anchors]);
      });
    }
  }

  it("the bench's shapes of it, small: on the fast path", () => {
    for (const shape of ['unclosed front matter, then empty lines', 'unclosed front matter, then text'] as const) {
      const page = (SHAPES as Record<string, (bytes: number) => string>)[shape](4096);
      const fast = fastScanPageText(page, true);
      expect(fast, shape).toBeDefined();
      expect(fast!.links).toEqual(micromarkScanPageText(page, true).links);
    }
  });
});
