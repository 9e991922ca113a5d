/**
 * An MDX page's searchable text (`pageText`): front matter, sections by heading, their anchors,
 * what is dropped (imports, comments, tags) and kept (code, attribute titles), line endings, and
 * the bounds on a giant page. Exact sections, so a changed offset, mark or word fails.
 */
import { describe, expect, it } from 'vitest';
import { pageText } from '../src/analysis/page-text.js';

const bodies = (source: string) => pageText(source).sections.map((section) => section.body);
const headings = (source: string) => pageText(source).sections.map((section) => [section.heading, section.anchor, section.depth]);

describe('front matter', () => {
  it('reads title, description and openapi, each trimmed', () => {
    const text = pageText(
      ['---', 'title: "  Create a user  "', "description: '  Adds a user to the workspace.  '", 'openapi: "  POST /users  "', '---', '', 'Body.'].join('\n'),
    );
    expect(text).toEqual({
      title: 'Create a user',
      description: 'Adds a user to the workspace.',
      openapi: 'POST /users',
      sections: [{ heading: null, anchor: null, depth: 0, body: 'Body.' }],
    });
  });

  it('names the spec file with the operation', () => {
    expect(pageText('---\nopenapi: openapi.yaml GET /users/{id}\n---\n').openapi).toBe('openapi.yaml GET /users/{id}');
  });

  it('leaves out fields that are not strings', () => {
    const text = pageText('---\ntitle: 42\ndescription: [a, b]\nopenapi: true\n---\nBody.');
    expect(text).toEqual({ sections: [{ heading: null, anchor: null, depth: 0, body: 'Body.' }] });
  });

  it.each([
    ['a byte order mark', '\uFEFF---\ntitle: With BOM\n---\n\nText.'],
    ['CRLF line endings', '---\r\ntitle: With BOM\r\n---\r\n\r\nText.'],
    ['CR line endings', '---\rtitle: With BOM\r---\r\rText.'],
  ])('reads front matter after %s', (_name, source) => {
    expect(pageText(source)).toEqual({ title: 'With BOM', sections: [{ heading: null, anchor: null, depth: 0, body: 'Text.' }] });
  });

  it('keeps a byte order mark that is not at the start', () => {
    expect(bodies('Zero\uFEFFwidth')).toEqual(['Zero\uFEFFwidth']);
  });
});

describe('line endings and sections', () => {
  it('splits CRLF and CR pages into the same sections as LF ones', () => {
    const lf = '# Title\n\nFirst line.\nSecond line.\n\n## Next\n\nMore.';
    const expected = [
      { heading: 'Title', anchor: 'title', depth: 1, body: 'First line.\nSecond line.' },
      { heading: 'Next', anchor: 'next', depth: 2, body: 'More.' },
    ];
    expect(pageText(lf).sections).toEqual(expected);
    expect(pageText(lf.replace(/\n/g, '\r\n')).sections).toEqual(expected);
    expect(pageText(lf.replace(/\n/g, '\r')).sections).toEqual(expected);
  });

  it('keeps a heading with no body, drops an empty text before the first heading, and collapses blank lines and spaces', () => {
    const text = pageText('\n\n## Empty\n## Full\n\n\n\nA \t  spaced\t line.\n\n\n\nNext   paragraph.\n');
    expect(text.sections).toEqual([
      { heading: 'Empty', anchor: 'empty', depth: 2, body: '' },
      { heading: 'Full', anchor: 'full', depth: 2, body: 'A spaced line.\n\nNext paragraph.' },
    ]);
  });
});

describe('headings', () => {
  it.each([
    ['# One', ['One', 'one', 1]],
    ['###### Six', ['Six', null, 6]],
    ['   ### Indented three', ['Indented three', 'indented-three', 3]],
    ['##  Two spaces', ['Two spaces', 'two-spaces', 2]],
    ['##\tA tab', ['A tab', 'a-tab', 2]],
    ['## Closed ##', ['Closed', 'closed', 2]],
    ['## Using C#', ['Using C#', 'using-c#', 2]],
    ['## ???', ['???', null, 2]],
    ['#### Four', ['Four', 'four', 4]],
    ['##### Five', ['Five', null, 5]],
    ['## Using F# ##', ['Using F#', 'using-f#', 2]],
    ['## Issue #12', ['Issue #12', 'issue-#12', 2]],
    ['## Tabbed\t###\t', ['Tabbed', 'tabbed', 2]],
    ['## 1.  Install the CLI', ['Install the CLI', 'install-the-cli', 2]],
    ['## `docsnav validate` **flags**', ['docsnav validate flags', 'docsnav-validate-flags', 2]],
    ['## Step 2: Install', ['Step 2: Install', 'step-2-install', 2]],
    ['## Set  up', ['Set  up', 'set-up', 2]],
    ['## Café & crème', ['Café & crème', 'café-&-crème', 2]],
    ['## Done ✅', ['Done ✅', 'done-', 2]],
    ['## 日本語の手順', ['日本語の手順', '日本語の手順', 2]],
    ['## ガイド (voiced kana kept)', ['ガイド (voiced kana kept)', 'ガイド-voiced-kana-kept', 2]],
    ["## What's new?", ["What's new?", 'whats-new', 2]],
    ['## C++ / C#', ['C++ / C#', 'c++-/-c#', 2]],
    ['## Ünïcödé', ['Ünïcödé', 'ünïcödé', 2]],
  ])('%s', (line, expected) => {
    expect(headings(`${line}\n\nText.`)).toEqual([expected]);
  });

  it.each([
    ['a hash inside a line', 'Write C# code in F# too.'],
    ['seven hashes', '####### Not a heading'],
    ['no space after the hashes', '#hashtag'],
    ['four spaces of indent', '    # indented code'],
  ])('not a heading: %s', (_name, line) => {
    expect(headings(`Intro.\n${line}`)).toEqual([[null, null, 0]]);
  });

  it.each(['custom', 'frame'])('a page of mode %s gives its headings no id: its sections link to the page', (mode) => {
    expect(pageText(`---\nmode: ${mode}\n---\n## Setup\nText.\n### Next\nMore.`).sections.map((section) => [section.heading, section.anchor])).toEqual([
      ['Setup', null],
      ['Next', null],
    ]);
    expect(pageText('---\nmode: wide\n---\n## Setup\nText.').sections.map((section) => section.anchor)).toEqual(['setup']);
  });

  it("a level 5 or 6 heading has no id on the platform's page: its section links to the heading above it, and it counts no repeat", () => {
    expect(
      pageText('##### Deep first\n## Setup\n##### Notes\n###### Setup\n#### Setup').sections.map((section) => [section.heading, section.anchor, section.depth]),
    ).toEqual([
      ['Deep first', null, 5],
      ['Setup', 'setup', 2],
      ['Notes', 'setup', 5],
      ['Setup', 'setup', 6],
      ['Setup', 'setup-2', 4],
    ]);
  });

  it('numbers anchors that repeat as the platform does (the second is -2), also against an anchor a heading has as its own', () => {
    expect(pageText('## Setup\n## Setup\n## Setup 1\n## Setup').sections.map((section) => section.anchor)).toEqual(['setup', 'setup-2', 'setup-1', 'setup-3']);
  });
});

describe('what is dropped', () => {
  it.each([
    ['an import (its line left out)', "import { Tip } from '/snippets/tip.mdx';", 'Before.\nAfter.'],
    ['an indented import', "  import Chart from '/snippets/chart.mdx'", 'Before.\nAfter.'],
    ['an export', 'export const meta = { draft: true };', 'Before.\nAfter.'],
    ['an MDX comment (a blank line left)', '{/* TODO: rewrite */}', 'Before.\n\nAfter.'],
    ['an MDX comment over lines', '{/*\nTODO: rewrite\nthis part\n*/}', 'Before.\n\nAfter.'],
    ['an HTML comment', '<!-- note to self -->', 'Before.\n\nAfter.'],
    ['an HTML comment over lines', '<!--\nnote to self\n-->', 'Before.\n\nAfter.'],
    ['an empty MDX comment', '{/**/}', 'Before.\n\nAfter.'],
  ])('%s', (_name, dropped, body) => {
    expect(bodies(`Before.\n${dropped}\nAfter.`)).toEqual([body]);
  });

  it('keeps a line that only has the word import or export in it', () => {
    expect(bodies('We export data daily.\nreimport the file.\nimportant: yes')).toEqual(['We export data daily.\nreimport the file.\nimportant: yes']);
  });

  it('drops two comments on one line apart, keeping the words between them', () => {
    expect(bodies('a {/* one */} b {/* two */} c <!-- x --> d <!-- y --> e')).toEqual(['a b c d e']);
  });
});

describe('code fences', () => {
  it('keeps code, never starts a section in it, and closes a fence only with its own mark, as long or longer', () => {
    const source = ['Intro.', '````md', '```', '## in code', '~~~', '````', '~~~', 'tilde code', '```', '~~~~', 'After.'].join('\n');
    expect(pageText(source).sections).toEqual([{ heading: null, anchor: null, depth: 0, body: 'Intro.\n```\n## in code\n~~~\ntilde code\n```\nAfter.' }]);
  });

  it('keeps the tags of code as written', () => {
    expect(bodies('```jsx\n<Card title="X" hidden>code</Card>\n```')).toEqual(['<Card title="X" hidden>code</Card>']);
  });
});

describe('bounds of a giant page', () => {
  it('reads up to 200,000 characters of lines, the line that reaches the bound exactly included', () => {
    // 1,001 lines of 199 characters: each counts 200 with its line break, so exactly 1,000 fit.
    const lines = Array.from({ length: 1001 }, (_, i) => `line${String(i).padStart(4, '0')} `.padEnd(199, 'x'));
    const body = pageText(lines.join('\n')).sections[0].body.split('\n');
    expect(body).toHaveLength(1000);
    expect(body[999]).toBe(lines[999]);
  });

  it('reads a page of 300,000 characters up to the bound, not cut at a smaller one first', () => {
    const lines = Array.from({ length: 3000 }, (_, i) => `w${i} `.padEnd(99, 'y'));
    const body = pageText(lines.join('\n')).sections[0].body.split('\n');
    expect(body).toHaveLength(2000);
    expect(body[1999]).toBe(lines[1999]);
  });

  it('reads only the first 400,000 characters: front matter closed past them is not front matter', () => {
    const source = `---\ntitle: Giant\nnotes: "${'a'.repeat(400_000)}"\n---\n\nBody.`;
    // The block is not closed in what is read; its `---` lines read as table rules, its long line is past the bound.
    expect(pageText(source)).toEqual({ sections: [{ heading: null, anchor: null, depth: 0, body: 'title: Giant' }] });
  });

  it('keeps at most 500 sections', () => {
    const source = Array.from({ length: 600 }, (_, i) => `## Part ${i}\n\nText ${i}.`).join('\n\n');
    const sections = pageText(source).sections;
    expect(sections).toHaveLength(501);
    expect(sections[499]).toEqual({ heading: 'Part 499', anchor: 'part-499', depth: 2, body: 'Text 499.' });
    expect(sections[500]).toEqual({ heading: 'Part 500', anchor: 'part-500', depth: 2, body: '' });
  });
});
