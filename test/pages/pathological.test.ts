/**
 * Pathological pages (issue 66, item 2): the shapes of bench/pathological-shapes.mjs that the fast
 * path reads in one pass, small. Behavioural, not timed: the fast path takes them (micromark, the
 * fallback, is what took minutes on 4 MB of them), and its scan is micromark's.
 */
import { describe, expect, it } from 'vitest';
import { SHAPES } from '../../bench/pathological-shapes.mjs';
import { lastParseCost, parseMarkdown, ParseBudgetExceeded, PARSE_BUDGET_BASE, PARSE_BUDGET_PER_CHAR } from '../../src/pages/markdown.js';
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

describe('MDX expressions that never close, or braces nested deep: acorn within a budget linear in the page', () => {
  const shapes = SHAPES as Record<string, (bytes: number) => string>;
  const budgetOf = (page: string) => PARSE_BUDGET_PER_CHAR * page.length + PARSE_BUDGET_BASE;

  it.each([
    ['braces nested deep', 32 * 1024],
    ['braces nested deep', 512 * 1024],
    ['unclosed MDX expression', 64 * 1024],
  ])('%s (%i bytes): refused as unparsable, acorn handed at most the budget', (shape, bytes) => {
    const page = shapes[shape](bytes);
    const scan = micromarkScanPageText(page, true);
    expect(scan.error?.message).toMatch(/more parsing than docsnav spends on a page|Unexpected end of file in expression/);
    expect(scan.links).toEqual([]);
    expect(lastParseCost()).toBeLessThanOrEqual(budgetOf(page));
  });

  it('a page of many closed expressions and elements with braces in them: parsed whole, each expression handed acorn a few times', () => {
    const unit = '<Card title="x" data={{ a: { b: [1, { c: 2 }] }, d: "}" }}>\n\n{ {x: 1}.x } and [a link](/a)\n\n</Card>\n\n';
    const page = unit.repeat(2000);
    expect(() => parseMarkdown(page, true)).not.toThrow();
    expect(lastParseCost()).toBeLessThan(3 * page.length);
    expect(micromarkScanPageText(page, true).links).toHaveLength(2000);
  });

  it('the budget is per page: a costly page does not spend the next one’s', () => {
    expect(() => parseMarkdown(shapes['braces nested deep'](64 * 1024), true)).toThrow(ParseBudgetExceeded);
    expect(() => parseMarkdown('{ {a: 1}.a }\n\n[a](/b)\n', true)).not.toThrow();
  });
});
