import { describe, expect, it } from 'vitest';
import { scanPage, type PageLink } from '../../src/pages/scan.js';
import { fastScanPageText, micromarkScanPageText } from '../../src/pages/scanner.js';

/** A link as the table writes it: the URL, its kind, and the source text its span covers. */
interface ExpectedLink {
  url: string;
  kind: PageLink['kind'];
  /** The text the span covers (found by position, see `at`). */
  source: string;
  element?: string;
  attribute?: string;
  verbatim?: boolean;
}

interface LinkCase {
  name: string;
  page: string;
  links: ExpectedLink[];
  mdx?: boolean;
}

const linkCases: LinkCase[] = [
  { name: 'a Markdown link', page: 'See [the docs](/docs/x).', links: [{ url: '/docs/x', kind: 'link', source: '/docs/x' }] },
  { name: 'a link with a title', page: 'See [a](/a "Title").', links: [{ url: '/a', kind: 'link', source: '/a' }] },
  { name: 'an image', page: '![logo](/images/logo.png)', links: [{ url: '/images/logo.png', kind: 'image', source: '/images/logo.png' }] },
  {
    name: 'angle brackets: the span holds them, not verbatim',
    page: '[a](</a b>)',
    links: [{ url: '/a b', kind: 'link', source: '</a b>', verbatim: false }],
  },
  { name: 'an escape is decoded, not verbatim', page: '[a](/a\\_b)', links: [{ url: '/a_b', kind: 'link', source: '/a\\_b', verbatim: false }] },
  { name: 'an entity is decoded, not verbatim', page: '[a](/a&amp;b)', links: [{ url: '/a&b', kind: 'link', source: '/a&amp;b', verbatim: false }] },
  { name: 'an empty destination', page: '[a]()', links: [{ url: '', kind: 'link', source: '' }] },
  {
    name: 'a reference definition, its uses are not links',
    page: 'See [a][id] and [id].\n\n[id]: /target',
    links: [{ url: '/target', kind: 'definition', source: '/target' }],
  },
  { name: 'a footnote definition is no link definition', page: 'Text[^1].\n\n[^1]: /not-a-link', links: [] },
  { name: 'links in code spans are no links', page: 'Use `[a](/b)` here.', links: [] },
  { name: 'links in fenced code are no links', page: '```md\n[a](/b)\n```\n', links: [] },
  { name: 'links in math are no links', page: 'Math $[a](/b)$ here.', links: [] },
  { name: 'a link in a table cell', page: '| a | b |\n|---|---|\n| [x](/x) | y |', links: [{ url: '/x', kind: 'link', source: '/x' }] },
  { name: 'a link inside an element', page: '<Note>\n  See [a](/inside).\n</Note>', links: [{ url: '/inside', kind: 'link', source: '/inside' }] },
  {
    name: 'a Card href (flow element)',
    page: '<Card title="A" href="/cards/a">\n  Text\n</Card>',
    links: [{ url: '/cards/a', kind: 'element', element: 'Card', attribute: 'href', source: '/cards/a' }],
  },
  {
    name: 'an a href (text element), single quotes',
    page: "Go <a href='/x'>there</a>.",
    links: [{ url: '/x', kind: 'element', element: 'a', attribute: 'href', source: '/x' }],
  },
  {
    name: 'any element with a string href (custom, member names)',
    page: '<Foo.Bar href="/member" />\n\n<Tile href="/tile" />\n\n<Button href="/button">b</Button>',
    links: [
      { url: '/member', kind: 'element', element: 'Foo.Bar', attribute: 'href', source: '/member' },
      { url: '/tile', kind: 'element', element: 'Tile', attribute: 'href', source: '/tile' },
      { url: '/button', kind: 'element', element: 'Button', attribute: 'href', source: '/button' },
    ],
  },
  { name: 'an expression href is skipped', page: '<Card href={base + "/x"} />', links: [] },
  {
    name: 'src of media elements, not of others',
    page: '<img src="/a.png" />\n\n<video src="/v.mp4" />\n\n<iframe src="/frame" />\n\n<Custom src="/no" />',
    links: [
      { url: '/a.png', kind: 'element', element: 'img', attribute: 'src', source: '/a.png' },
      { url: '/v.mp4', kind: 'element', element: 'video', attribute: 'src', source: '/v.mp4' },
      { url: '/frame', kind: 'element', element: 'iframe', attribute: 'src', source: '/frame' },
    ],
  },
  {
    name: 'an attribute value with an entity is decoded, not verbatim',
    page: '<a href="/a&amp;b">x</a>',
    links: [{ url: '/a&b', kind: 'element', element: 'a', attribute: 'href', source: '/a&amp;b', verbatim: false }],
  },
  {
    name: 'an attribute over lines',
    page: '<Card\n  title="A"\n  href="/multi"\n/>',
    links: [{ url: '/multi', kind: 'element', element: 'Card', attribute: 'href', source: '/multi' }],
  },
  {
    name: 'an autolink is returned (the caller classifies)',
    mdx: false,
    page: 'At <https://example.com/x>.',
    links: [{ url: 'https://example.com/x', kind: 'link', source: 'https://example.com/x' }],
  },
  { name: 'a bare URL is no link to check (external)', page: 'At https://example.com/x.', links: [] },
  {
    name: 'front matter is skipped, offsets kept',
    page: '---\ntitle: "[a](/fm)"\n---\n\n[b](/body)',
    links: [{ url: '/body', kind: 'link', source: '/body' }],
  },
  {
    name: 'links after an import and an export',
    page: "import Snippet from '/snippets/a.mdx';\n\nexport const x = { a: 1 };\n\n[a](/after)",
    links: [{ url: '/after', kind: 'link', source: '/after' }],
  },
  {
    name: 'a .md page as plain Markdown: raw HTML is no element',
    mdx: false,
    page: '<a href="/x">x</a> [y](/y)',
    links: [{ url: '/y', kind: 'link', source: '/y' }],
  },
];

/** The span each expected link covers: the n-th occurrence of its source text, in order. */
function expectedSpans(page: string, links: ExpectedLink[]): [number, number][] {
  let from = 0;
  return links.map((link) => {
    const start = link.source === '' ? page.indexOf('()', from) + 1 : page.indexOf(link.source, from);
    from = start + Math.max(1, link.source.length);
    return [start, start + link.source.length];
  });
}

describe('scanPage: links', () => {
  it.each(linkCases)('$name', ({ page, links, mdx }) => {
    const scan = scanPage(page, { mdx });
    expect(scan.error).toBeUndefined();
    const spans = expectedSpans(page, links);
    expect(scan.links).toEqual(
      links.map((link, index) => ({
        url: link.url,
        kind: link.kind,
        span: spans[index],
        verbatim: link.verbatim ?? true,
        ...(link.element !== undefined && { element: link.element, attribute: link.attribute }),
      })),
    );
    for (const link of scan.links) expect(page.slice(...link.span) === link.url).toBe(link.verbatim);
  });
});

interface AnchorCase {
  name: string;
  page: string;
  anchors: string[];
  /** A Markdown page (`.md`), where braces are text: `{#}` parses. */
  mdx?: boolean;
}

const anchorCases: AnchorCase[] = [
  { name: 'headings, with counters', page: '# Hello World\n\n## Hello World\n\n### Other', anchors: ['hello-world', 'hello-world-2', 'other'] },
  { name: 'a setext heading', page: 'Title here\n==========', anchors: ['title-here'] },
  { name: 'levels 5 and 6 have no anchors', page: '##### Five\n\n###### Six', anchors: [] },
  { name: 'punctuation: percent escapes cleaned', page: '## What is X?\n\n## C++ & you', anchors: ['what-is-x', 'c++-&-you'] },
  { name: 'non-ASCII headings keep their letters', page: '## Überblick\n\n## 概要', anchors: ['überblick', '概要'] },
  { name: 'contractions join', page: "## It's done", anchors: ['its-done'] },
  { name: 'code in a heading counts, emphasis unwraps', page: '## Use `npx` **now**', anchors: ['use-npx-now'] },
  {
    name: 'the id of an inline element (a line that goes on after the element closes)',
    page: 'Some <span id="inline-id">text</span> here.\n\n<div class="x" id="block-id">A</div> B',
    anchors: ['inline-id', 'block-id'],
  },
  { name: 'custom heading ids', page: '## Title {#custom-id}\n\n## Title', anchors: ['custom-id', 'title'] },
  { name: 'a custom id is normalized', page: '## T {#My Id?}', anchors: ['My-Id'] },
  { name: 'a custom id in a fence is not one', page: '```\n## T {#x}\n```', anchors: [] },
  { name: 'white space inside the braces of a custom id', page: '## Setup { #install }', anchors: ['install'] },
  { name: 'a custom id of white space is none', page: '## Setup {# }', anchors: ['setup'] },
  {
    name: 'a fence closes only on its own marker; custom ids after it count',
    page: '~~~\n```\n## T {#x}\n~~~\n\n## After {#after}',
    anchors: ['after'],
  },
  { name: 'Markdown: braces without a hash are no custom id', page: '## Setup {install}\n\n## B {#b}', anchors: ['setup-install', 'b'], mdx: false },
  { name: 'Markdown: an empty custom id is none', page: '## Setup {#}', anchors: ['setup-#'], mdx: false },
  { name: 'Markdown: the last braces are the custom id', page: '## A {#a} {#b}', anchors: ['b'], mdx: false },
  { name: 'inside an <MDX> block a custom id may be indented any amount', page: '<MDX  >\n      ## T {#x}\n</MDX>', anchors: ['x'] },
  { name: 'custom ids inside an <MDX> block', page: '<MDX>\n## T {#x}\n</MDX>\n\n## After {#after}', anchors: ['x', 'after'] },
  { name: 'a custom id in an MDX comment is not one', page: '{/*\n## T {#x}\n*/}\n\n## U', anchors: ['u'] },
  { name: 'an h2 element with an id', page: '<h2 id="raw-id">\nText\n</h2>', anchors: ['raw-id'] },
  {
    name: 'an h2 element inside a paragraph keeps its id (the page has it; the platform checker reads block elements only)',
    page: '<h2 id="inline">Text</h2>',
    anchors: ['inline'],
  },
  { name: 'an h2 element without an id gets its text slug', page: '<h2>\nSome Text\n</h2>', anchors: ['some-text'] },
  { name: 'an element with an id', page: '<div id="box">\nx\n</div>', anchors: ['box'] },
  { name: 'components without ids give none', page: '<Note id="n">\nx\n</Note>\n\n<Card id="c" title="t">\nx\n</Card>', anchors: [] },
  { name: 'Heading ids are cleaned', page: '<Heading id="a%20b!">\nx\n</Heading>', anchors: ['a b'] },
  { name: 'a % that starts no escape stays in a cleaned id', page: '<Heading id="a%2z!">\nx\n</Heading>', anchors: ['a%2z'] },
  {
    name: 'accordions: title ids with counts, their headings out of the table of contents but kept',
    page: '<Accordion title="Setup: Advanced">\n## Inside\n</Accordion>\n\n<Accordion title="Setup: Advanced">\nx\n</Accordion>\n\n## Inside',
    anchors: ['setup-advanced', 'inside', 'setup-advanced-1', 'inside-2'],
  },
  { name: 'an accordion title as Markdown', page: '<Accordion title="Use **bold** `code`">\nx\n</Accordion>', anchors: ['use-bold-code'] },
  {
    name: 'tabs: title slugs with a counter, explicit ids first',
    page: '<Tabs>\n<Tab title="One">\nx\n</Tab>\n<Tab title="One">\ny\n</Tab>\n<Tab title="Two" id="one-2">\nz\n</Tab>\n</Tabs>',
    anchors: ['one', 'one-3', 'one-2'],
  },
  {
    name: 'steps as headings (titleSize, from Steps too)',
    page: '<Steps titleSize="h2">\n<Step title="First step">\nx\n</Step>\n</Steps>\n\n<Step title="Plain">\ny\n</Step>',
    anchors: ['first-step'],
  },
  { name: 'an update with a label', page: '<Update label="March 2025" description="v1">\nx\n</Update>', anchors: ['march-2025'] },
  {
    name: 'parameter fields',
    page: '<ParamField path="userId" type="string">\nx\n</ParamField>\n\n<ParamField path="userId">\ny\n</ParamField>\n\n<ResponseField name="data">\nz\n</ResponseField>',
    anchors: ['param-user-id', 'param-user-id-1', 'param-data'],
  },
  { name: 'custom mode pages have no heading anchors', page: '---\nmode: custom\n---\n\n# Title\n\n<div id="kept">\nx\n</div>', anchors: ['kept'] },
  { name: 'an id repeated by a heading is numbered', page: '<h2 id="intro">\nA\n</h2>\n\n## Intro', anchors: ['intro', 'intro-2'] },
];

describe('scanPage: anchors', () => {
  it.each(anchorCases)('$name', ({ page, anchors, mdx }) => {
    const scan = scanPage(page, { mdx });
    expect(scan.error).toBeUndefined();
    expect([...scan.anchors].sort()).toEqual([...anchors].sort());
  });
});

describe('scanPage: pages that do not parse', () => {
  it('an indented `{#id}` outside an <MDX> block is an expression, and not one JavaScript reads', () => {
    for (const page of ['      ## T {#x}', '<MDX />\n      ## T {#x}', '<MDXProvider>\n      ## T {#x}\n</MDXProvider>', '<MDX>\n</MDX>\n      ## T {#x}'])
      expect(scanPage(page).error, page).toBeDefined();
  });
  it('says where, and keeps what comes before the line', () => {
    const page = '[a](/before)\n\n<Card href="/x">\nunclosed';
    const scan = scanPage(page);
    expect(scan.error?.message).toMatch(/closing tag/);
    expect(scan.error?.offset).toBeGreaterThanOrEqual(0);
    expect(scan.error?.offset).toBeLessThanOrEqual(page.length);
  });

  it('an error on a later line keeps the links above it', () => {
    const page = '# Title\n\n[a](/before)\n\nSome <b>bold</i> text';
    const scan = scanPage(page);
    expect(scan.error).toBeDefined();
    expect(scan.error?.offset).toBeGreaterThan(page.indexOf('Some'));
    expect(scan.links.map((link) => link.url)).toEqual(['/before']);
    expect([...scan.anchors]).toEqual(['title']);
  });

  it('a page without any link, heading or element is not parsed and has nothing', () => {
    expect(scanPage('Just words, nothing else.\n')).toEqual({ links: [], anchors: new Set() });
  });
});

describe('scanPage: offsets stay those of the text', () => {
  it('after a byte order mark', () => {
    const page = '\uFEFF# A\n\n[x](/y)';
    const [link] = scanPage(page).links;
    expect(page.slice(...link.span)).toBe('/y');
  });

  it('with CRLF line ends, tabs, NUL bytes and astral characters', () => {
    const page = '# A\r\n\r\n\t[x](/tab)\r\n\u0000 😀 [y](/after-emoji)\r\n<img\r\n  src="/img.png" />\r\n';
    const scan = scanPage(page);
    expect(scan.links.map((link) => page.slice(...link.span))).toEqual(['/tab', '/after-emoji', '/img.png']);
  });

  it('after a custom heading id', () => {
    const page = '## T {#custom}\n\n[x](/after)';
    const [link] = scanPage(page).links;
    expect(page.slice(...link.span)).toBe('/after');
  });
});

describe('scanPage: hostile input never throws', () => {
  const hostile: [string, string][] = [
    ['a huge line', `# ${'a'.repeat(200_000)}\n${'[x](/y) '.repeat(20_000)}`],
    ['a huge heading with a custom id candidate', `## ${'{#'.repeat(50_000)}}`],
    ['a huge accordion title', `<Accordion title="${'a'.repeat(100_000)}">\nx\n</Accordion>`],
    ['unclosed JSX', '<Card href="/x">\n'.repeat(5_000)],
    ['deep nesting of blockquotes', `${'>'.repeat(10_000)} [x](/y)`],
    ['deep nesting of elements', `${'<div>\n'.repeat(2_000)}[x](/y)\n${'</div>\n'.repeat(2_000)}`],
    ['deep lists', Array.from({ length: 2_000 }, (_, i) => `${'  '.repeat(i)}- item`).join('\n')],
    ['many brackets', '['.repeat(100_000)],
    ['NUL bytes', '\u0000'.repeat(10_000) + '[a](/b)'],
    ['lone surrogates', '\uD800[a](/\uDC00)'],
    ['an unclosed expression', '{'.repeat(10_000)],
    ['an unclosed comment', '{/* '.repeat(10_000)],
  ];
  it.each(hostile)('%s', (_name, page) => {
    const scan = scanPage(page);
    for (const link of scan.links) {
      expect(link.span[0]).toBeGreaterThanOrEqual(0);
      expect(link.span[1]).toBeLessThanOrEqual(page.length);
    }
    if (scan.error) expect(scan.error.offset).toBeLessThanOrEqual(page.length);
  });
});

describe('the fast path (src/pages/fast-scan.ts) takes the pages it models', () => {
  // Declining is always correct (micromark scans the page then) but slow: the fast path is what
  // keeps a large site's check quick, so the elements most pages are made of must stay on it.
  const accepted = [
    ['an element with string attributes', '<Card title="One" href="/cards/one">Read [more](/more).</Card>\n'],
    ['a self-closing element', '<img src="/images/a.png" alt="A" />\n'],
    ['a boolean attribute and an expression value', '<Tab title="Setup" default cols={2}>\n\nSee [setup](/setup).\n\n</Tab>\n'],
    ['nested elements, single quotes', "<Steps>\n  <Step title='One'>\n    Go [here](/here).\n  </Step>\n</Steps>\n"],
    ['an element name with a dot', '<Foo.Bar href="/x">y</Foo.Bar>\n'],
    ['a paragraph ended by a spaced thematic break', 'Text [a](/a)\n* * *\nMore [b](/b)\n\n_ _ _\n\nLast [c](/c)\n*\t*\t*\nTab [d](/d)\n'],
    ['a paragraph ended by a heading', 'Text [a](/a)\n## Next\nMore [b](/b)\n'],
    ['a link whose text goes over two lines of one paragraph', 'See [the\nguide](/guide) and [more\n#text](/more).\n'],
    [
      'a fence closed only by a run of its own character, as long, and nothing after it',
      '```\n``` x\n[d](/d)\n```\n\n```\n~~~\n[a](/a)\n``\n```\n[b](/b)\n\n````\n```\n[c](/c)\n````\n',
    ],
    ['a hash without a space is text, not a heading', 'Text [a](/a)\n#tag [b](/b)\n'],
    ['front matter, then the body', '---\ntitle: Setup\n---\n\n## Setup\n\nSee [a](/a).\n'],
    ['ESM whose code goes on past a blank line', 'export const A = () => {\n  const a = 1\n\n  return a\n}\n\nSee [a](/a).\n'],
    ['`[^` without any footnote definition (a bracket, a regular expression)', 'Match `[^}]*` or [^note] in [b](/b).\n'],
    ['a reference whose text goes over two lines', 'See [the\nguide][g] and [the\ng].\n\n[g]: /guide\n'],
    ['a line leaving a nested list starts a list at any number', '- a\n  - b\n4. [c](/c)\n'],
    ['a line after definitions continues them as a paragraph', '[g]: /guide\n2. [x]: /not-a-definition\n'],
    ['items a line starts while it interrupts a paragraph all obey the rule (no list from 2)', 'Text\n- 2. [x]: /not-a-definition\n'],
    [
      'an element titled by its content (its id is its text’s slug)',
      '<div className="hero">\n  <h1 className="title">\n    Documentation\n  </h1>\n</div>\n\n<Heading id="x">\n  The `API` <b>key</b>\n</Heading>\n',
    ],
    [
      'a tag across lines in a list item',
      '1. Click.\n2. In the menu:\n   <Frame>\n     <img\n       alt="A"\n       src="/images/a.png"\n     />\n   </Frame>\n',
    ],
    [
      'Markdown: HTML blocks of each kind, inline HTML and autolinks',
      '<div align="center">\n[not](/a-link)\n</div>\n\nSee <https://x.y/z> and <me@x.y>, <span title="[n](/o)">[a](/a)</span>.\n\n<!-- [c](/comment) -->\n\n<custom a=b>\n[e](/e)\n\n# Title <br> [d](/d)\n',
      false,
    ],
    [
      'Markdown: email autolinks (letters at either end of the alphabet; a bracket is no address), and lines that only look like HTML past their first character',
      'Mail <A.Z@b.c>, <Zz@y.z>, <aZ@c.d> and <a[b@c.d> or <[x@y.z>.\nText [a](/a)\nx/div>\n[b](/b)\nx!-- y\n[c](/c)\nx?z\n[d](/d)\n',
      false,
    ],
    [
      'Markdown: indented code, and lines after it that cannot start a list',
      'Text [a](/a)\n\n    [code](/indented)\n\n2. [b](/b)\n\n- x\n\n      [c](/c)\n',
      false,
    ],
  ] as const;
  it.each(accepted)('%s', (_name, page, markdown?: false) => {
    const mdx = markdown ?? true;
    const fast = fastScanPageText(page, mdx);
    expect(fast).toBeDefined();
    const oracle = micromarkScanPageText(page, mdx);
    expect({ links: fast!.links, anchors: [...fast!.anchors].sort() }).toEqual({ links: oracle.links, anchors: [...oracle.anchors].sort() });
  });
});

describe('the fast path declines or agrees with micromark where it once read a page otherwise', () => {
  // Found by the property (test/pages/page-grammar.ts): the fast path gave a link micromark does not.
  const pages = [
    [
      'a line after a definition that starts with `2.` (no list there: the definition goes on as a paragraph)',
      '[g]: /guide\n2. [x]: /not-a-definition\n',
      true,
    ],
    ['an item that interrupts a paragraph: an ordered item on the same line must start at 1 too', 'Text\n- 2. [x]: /not-a-definition\n', true],
    ['definitions in a block quote, each with its title on the next line', "> [Ref]: #frag\n> 'next'\n> [Ref]: /a\\)\n> 'next'\n", true],
    ['Markdown: indented code, then a line that cannot start a list', '    code\n\n2. [x]: /not-a-definition\n', false],
    ['Markdown: a tag alone on a lazy line (micromark keeps it in the block quote)', '> a\n<Card>\n  [a](/a)\n</Card>\n', false],
    ['a tag in a list item that goes on on a line indented less (micromark fails the page)', '- a\n  <img\n src="/x" />\n', true],
    ['a tag in nested list items that goes on on a line indented for the outer item only', '- a\n  - b\n    <img\n    src="/x" />\n', true],
  ] as const;
  it.each(pages)('%s', (_name, page, mdx) => {
    const fast = fastScanPageText(page, mdx);
    const oracle = micromarkScanPageText(page, mdx);
    if (fast !== undefined)
      expect({ links: fast.links, anchors: [...fast.anchors].sort() }).toEqual({ links: oracle.links, anchors: [...oracle.anchors].sort() });
  });
});
