/**
 * Pathological pages (issue 66, item 2): the shapes of bench/pathological-shapes.mjs that the fast
 * path reads in one pass, small. Behavioural, not timed: the fast path takes them (micromark, the
 * fallback, is what took minutes on 4 MB of them), and its scan is micromark's.
 */
import { describe, expect, it } from 'vitest';
import { SHAPES } from '../../bench/pathological-shapes.mjs';
import { lastParseCost, parseMarkdown, ParseBudgetExceeded, PARSE_BUDGET_BASE, PARSE_BUDGET_PER_CHAR } from '../../src/pages/markdown.js';
import { lastFastAcornWork } from '../../src/pages/fast-mdx.js';
import { parseBudgetOf } from '../../src/pages/parse-budget.js';
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
    // The parse stops where the budget runs out: never the error of what follows (the page's end, here).
    expect(scan.error?.message).toMatch(/more parsing than docsnav spends on a page/);
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

  it('past the budget, the parse stops: what the rest of the page holds is never read (an ESM block, an expression, an element)', () => {
    const spent = shapes['unclosed MDX expression'](64 * 1024);
    for (const rest of ['\n\nimport {a} from "a"\n', '\n\n{ 1 + }\n', '\n\n<Card>\n']) {
      expect(() => parseMarkdown(`${spent.slice(0, spent.lastIndexOf('\n'))}}${rest}`, true)).toThrow(ParseBudgetExceeded);
    }
  });

  it('the budget is per page: a costly page does not spend the next one’s', () => {
    expect(() => parseMarkdown(shapes['braces nested deep'](64 * 1024), true)).toThrow(ParseBudgetExceeded);
    expect(() => parseMarkdown('{ {a: 1}.a }\n\n[a](/b)\n', true)).not.toThrow();
  });
});

describe('elements left open at the end: the fast path gives micromark’s error itself, in one pass', () => {
  const pages = [
    ['one element, then paragraphs with links', '<Card title="x" href="/a">\n\nText, [a link](/b).\n\n## A heading\n'],
    ['one element and nothing after it', '<Note>\n'],
    ['elements nested, none closed: the innermost is named', '<Tabs>\n<Tab title="One">\n<Steps>\n\n[a](/a)\n'],
    ['elements of distinct names, each on its line (the bench’s shape)', '<Tag0 hidden>\n<Tag1 hidden>\n<Tag2 hidden>\n'],
    ['a closed element, then one left open', '<Card>\n\n[a](/a)\n\n</Card>\n\n<Info>\n\nwords\n'],
    ['an open element around a closed one', '<Accordion title="A">\n\n<Card href="/c" />\n\n<Card>x</Card>\n'],
    ['a fragment', '<>\n\n[a](/a)\n'],
    ['a member name', '<Foo.Bar>\n\n[a](/a)\n'],
    ['a tag across lines, its end on the third', '<Card\n  title="x"\n  href="/y">\n\n[a](/a)\n'],
    ['multi-byte characters in the tag and before it', '# Überschrift 文字\n\n<Card title="😀 ü">\n\nmore\n'],
    ['an element opened after a list (the list closes first)', '- one\n- two\n\n<Card>\n\n[a](/a)\n'],
    ['an element opened after front matter', '---\ntitle: x\n---\n\n<Card>\n\n[a](/a)\n'],
    ['an element opened inside a closed one’s sibling line', '<Card>x</Card>\n<Note>\n'],
  ] as const;

  it.each(pages)('%s', (_name, page) => {
    const fast = fastScanPageText(page, true);
    expect(fast).toBeDefined();
    expect(fast!.error?.message).toMatch(/^Expected a closing tag for `<[\w.]*>` \(\d+:\d+-\d+:\d+\)$/);
    const slow = micromarkScanPageText(page, true);
    expect({ links: fast!.links, anchors: [...fast!.anchors], error: fast!.error }).toEqual({
      links: slow.links,
      anchors: [...slow.anchors],
      error: slow.error,
    });
  });

  it('where micromark fails earlier (an element open at a list item’s end), the fast path leaves the page to it', () => {
    const page = '- <Card>\n\n  [a](/a)\n\nafter\n';
    expect(fastScanPageText(page, true)).toBeUndefined();
    expect(micromarkScanPageText(page, true).error?.message).toMatch(/before the end of `listItem`/);
  });

  it("the bench's shapes of it, large: on the fast path, micromark's words", () => {
    for (const shape of ['unclosed JSX element', 'JSX elements of distinct names, none closed'] as const) {
      const page = (SHAPES as Record<string, (bytes: number) => string>)[shape](64 * 1024);
      const fast = fastScanPageText(page, true);
      expect(fast, shape).toBeDefined();
      expect(fast!.error).toEqual(micromarkScanPageText(page, true).error);
    }
  });
});

describe('brackets left open, then links or closing tags: one step each, and micromark’s links', () => {
  // Each link once made the fast path mark every earlier `[` inactive, and each closing tag lower
  // every `[`'s depth: a line of `[` then links was quadratic (64 KB in a second, 256 KB in 14 s).
  const pages = [
    ['a link inside a link: the outer is none', '[[a](/b)](/c)\n'],
    ['a link inside an image: the image is one', '![[a](/b)](/c)\n'],
    ['an image inside a link: both', '[![a](/b)](/c)\n'],
    ['a `[` made inactive, closed, then a new link in its place', '[a [b](/c) ] [d](/e)\n'],
    ['two of them', '[a [b](/c) ]] [d](/e)\n'],
    ['inactive openers under a later link', '[[a [b](/c) ] [d](/e)](/f)\n'],
    ['an element closed inside a link’s text', '[a <b>x</b> c](/d)\n'],
    ['a link in an element in a link', '[a <b>[x](/y)</b>](/z)\n'],
    ['an element closed in a link, then a later link', '[p [q <i>[r](/s)</i> ] [t](/u)](/v)\n'],
    ['brackets never closed, then a link', '[[[a](/b)\n'],
    ['an image’s link text, then a link', '![a [b](/c)](/d) [e](/f)\n'],
  ] as const;

  it.each(pages)('%s', (_name, page) => {
    const fast = fastScanPageText(page, true);
    expect(fast).toBeDefined();
    expect(fast!.links).toEqual(micromarkScanPageText(page, true).links);
  });

  it('an element opened before a `[` and closed inside its link: left to micromark, which fails the page', () => {
    // The third: the element closes while an inner `[` is on top; that `[` ends as no link, and the outer one's link must still see it.
    for (const page of ['<b>[x</b>](/y)\n', '<b>[x [y</b> ](/a)](/b)\n', '<b>[x [y</b> ] <b>](/a)</b>\n']) {
      expect(fastScanPageText(page, true)).toBeUndefined();
      expect(micromarkScanPageText(page, true).error?.message).toMatch(/^Expected the closing tag `<\/b>`/);
    }
  });

  it("the bench's shapes of it: on the fast path, micromark's links", () => {
    for (const shape of ['a line of [, then links', 'a line of [, then elements'] as const) {
      const page = (SHAPES as Record<string, (bytes: number) => string>)[shape](8 * 1024);
      const fast = fastScanPageText(page, true);
      expect(fast, shape).toBeDefined();
      expect(fast!.links, shape).toEqual(micromarkScanPageText(page, true).links);
    }
  });
});

describe('emphasis beside elements in one paragraph: checked in one pass, micromark’s verdict', () => {
  it('many elements and many runs, none crossing: on the fast path (it once declined past 10,000 pairs)', () => {
    const page = `${'<b>x</b> '.repeat(200)}${'*a* [l](/l) '.repeat(100)}_b_ <i>y</i>\n`;
    const fast = fastScanPageText(page, true);
    expect(fast).toBeDefined();
    expect(fast!.links).toEqual(micromarkScanPageText(page, true).links);
    expect(fast!.links).toHaveLength(100);
  });

  it.each([
    ['a run before an element opens, one inside closes', '*a <b>b* c</b> [a](/a)\n'],
    ['a run inside opens, one after the element closes', '<b>b *c</b> d* [a](/a)\n'],
    ['with `_`', '_a <b>b_ c</b> [a](/a)\n'],
    ['the crossing pair after many elements', `${'<b>x</b> *a* '.repeat(200)}<b>b *c</b> d*\n`],
  ])('%s: left to micromark, which fails the page', (_name, page) => {
    expect(fastScanPageText(page, true)).toBeUndefined();
    expect(micromarkScanPageText(page, true).error?.message).toMatch(/closing tag/);
  });

  it.each([
    ['markers of another kind do not cross', '*a <b>b_ c</b> [a](/a)\n'],
    ['a run that only closes, before the element', 'x* <b>*y</b> [a](/a)\n'],
    ['a run that only opens, after the element', '<b>y*</b> *z [a](/a)\n'],
  ])('%s: on the fast path', (_name, page) => {
    const fast = fastScanPageText(page, true);
    expect(fast).toBeDefined();
    expect(fast!.links).toEqual(micromarkScanPageText(page, true).links);
  });
});

describe('expressions whose `}`s never end them: the fast path keeps to the parse budget too', () => {
  // The fast path hands acorn an expression again at each `}`, as micromark does: with no budget, 128 KB
  // of `}` inside a string that never closes took it 19 s (4 MB: hours) before it left the page to micromark.
  const shapes = SHAPES as Record<string, (bytes: number) => string>;
  it.each([
    ['in a flow expression, an unclosed string', (n: number) => `{"${'x}'.repeat(n / 2)}\n`],
    ['in a flow expression, an unclosed template', (n: number) => `{\`${'x}'.repeat(n / 2)}\n`],
    ['in a flow expression, an unclosed comment', (n: number) => `{/*${'x}'.repeat(n / 2)}\n`],
    ['in an attribute', (n: number) => `<Card title={"${'x}'.repeat(n / 2)}\n`],
    ['in a paragraph', (n: number) => `Text {"${'x}'.repeat(n / 2)}\n`],
    ['the bench’s shape', (n: number) => shapes['an expression whose } are in a string'](n)],
  ])('%s (128 KB): left to micromark, acorn handed at most the budget', (_name, make) => {
    const page = make(128 * 1024);
    expect(fastScanPageText(page, true)).toBeUndefined();
    expect(lastFastAcornWork()).toBeGreaterThan(0);
    expect(lastFastAcornWork()).toBeLessThanOrEqual(parseBudgetOf(page.length));
    expect(micromarkScanPageText(page, true).error).toBeDefined();
  });

  it('ESM that never parses, its blocks growing: within the budget too', () => {
    // 64 blocks of 15 KB, each parse over every block so far: 31 MB without the budget.
    const page = `export function f() {\n${`${'y;\n'.repeat(5000)}\n`.repeat(64)}`;
    expect(fastScanPageText(page, true)).toBeUndefined();
    expect(lastFastAcornWork()).toBeLessThanOrEqual(parseBudgetOf(page.length));
  });

  it('the budget is per page: a costly page does not spend the next one’s', () => {
    expect(fastScanPageText(`{"${'x}'.repeat(64 * 1024)}\n`, true)).toBeUndefined();
    const next = fastScanPageText('{ {a: 1}.a } and [a](/b)\n\n<Card title={"x"} href="/c" />\n', true);
    expect(next?.links.map((link) => link.url)).toEqual(['/b', '/c']);
  });
});

describe('the shapes that made the fast path quadratic or throw (issue 66): one pass, micromark’s scan', () => {
  const shapes = SHAPES as Record<string, (bytes: number) => string>;
  const same = (page: string) => {
    const fast = fastScanPageText(page, true);
    expect(fast).toBeDefined();
    const slow = micromarkScanPageText(page, true);
    expect({ links: fast!.links, anchors: [...fast!.anchors].sort(), error: fast!.error }).toEqual({
      links: slow.links,
      anchors: [...slow.anchors].sort(),
      error: slow.error,
    });
  };

  it('a heading of 200,000 elements: read (its children were pushed as as many arguments, past the stack)', () => {
    const fast = fastScanPageText(shapes['a heading of elements'](8 * 200_000), true);
    expect(fast?.error).toBeUndefined();
    expect([...fast!.anchors]).toEqual(['xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'.repeat(2000)]);
  });

  it.each([
    ['a heading of elements', 4 * 1024],
    ['elements opened, each then a paragraph', 4 * 1024],
    ['headings, each linked with a typo', 4 * 1024],
  ])('%s (%i bytes), small: as micromark reads it', (shape, bytes) => same(shapes[shape](bytes)));

  it.each([
    ['a paragraph inside a titled element, then one of two lines after it closes', '<h2>\n\nTitle [a](/a)\n\n</h2>\n\nAfter [b](/b)\nand more\n\n## After\n'],
    ['an element closed inside a titled one, then its title', '<h2>\n\n<div>\n\nx\n\n</div>\n\nTitle\n\n</h2>\n\n[t](#title)\n'],
    ['titled elements nested, closed one by one', '<Heading>\n\n<h3>\n\nInner\n\n</h3>\n\nOuter\n\n</Heading>\n\nplain\n'],
    ['an element with an id in a paragraph and one without', 'Text <span id="here">x</span> and <b>y</b> [to it](#here)\n'],
    ['elements in a heading, one with an id', '## A <b>bold</b> <span id="s">title</span>\n\n[a](#a-bold-title) [s](#s)\n'],
    ['a heading with a reference defined after it', '## See [the docs][d]\n\n[d]: /docs\n'],
    ['headings alike, then a `]` in one', '## Same\n\n## Same\n\n## Same ]\n\n[x](#same-2)\n'],
  ])('%s', (_name, page) => same(page));
});
