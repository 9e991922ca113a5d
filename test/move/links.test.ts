/**
 * Every link form a page or snippet writes, rewritten by a move in the author's own form; and the
 * relative links inside a moved page, re-based. Each case is one line added to one file of a small
 * site, then one move; the line must read as expected afterwards (or stay as it was).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { NoteId } from '../../src/index.js';
import { docsJson, planOn, siteWith, textsAfter } from './harness.js';

const PAGES = ['index', 'other', 'guides/index', 'guides/a', 'guides/b', 'guides/a_b', 'guides/café', 'deep/nested/page', 'notes'];

function baseSite(): Record<string, string> {
  const files: Record<string, string> = {
    'docs.json': docsJson(PAGES, { redirects: [{ source: '/old-a', destination: '/guides/a' }] }),
    'guides/img.png': 'png',
    'snippets/s.mdx': 'A snippet.\n',
    'notes.md': '# Notes\n',
  };
  for (const page of PAGES) files[`${page}.mdx`] ??= `# ${page}\n\n## Section\n`;
  delete files['notes.mdx'];
  return files;
}

interface LinkCase {
  name: string;
  /** The file the line is added to. */
  file: string;
  line: string;
  move: [string, string];
  /** The line after the move (the same line: left as it is). */
  expected: string;
  /** More files of the site. */
  files?: Record<string, string>;
  note?: NoteId;
}

const A: [string, string] = ['guides/a.mdx', 'start/intro.mdx'];
const FOLDER: [string, string] = ['guides', 'start'];

const CASES: LinkCase[] = [
  { name: 'absolute', file: 'other.mdx', line: '[x](/guides/a)', move: A, expected: '[x](/start/intro)' },
  { name: 'absolute with the extension', file: 'other.mdx', line: '[x](/guides/a.mdx)', move: A, expected: '[x](/start/intro.mdx)' },
  {
    name: "the new file's extension",
    file: 'other.mdx',
    line: '[x](/guides/a.mdx)',
    move: ['guides/a.mdx', 'start/intro.md'],
    expected: '[x](/start/intro.md)',
  },
  { name: 'an anchor', file: 'other.mdx', line: '[x](/guides/a#section)', move: A, expected: '[x](/start/intro#section)' },
  { name: 'a query and an anchor', file: 'other.mdx', line: '[x](/guides/a?tab=js#section)', move: A, expected: '[x](/start/intro?tab=js#section)' },
  { name: 'a trailing slash', file: 'other.mdx', line: '[x](/guides/a/)', move: A, expected: '[x](/start/intro/)' },
  { name: 'relative ./', file: 'guides/b.mdx', line: '[x](./a)', move: A, expected: '[x](../start/intro)' },
  { name: 'relative, bare', file: 'guides/b.mdx', line: '[x](a)', move: A, expected: '[x](../start/intro)' },
  { name: 'relative with extension and anchor', file: 'guides/b.mdx', line: '[x](./a.mdx#section)', move: A, expected: '[x](../start/intro.mdx#section)' },
  { name: 'relative, up two folders', file: 'deep/nested/page.mdx', line: '[x](../../guides/a)', move: A, expected: '[x](../../start/intro)' },
  { name: 'a bare path only the root reading finds', file: 'deep/nested/page.mdx', line: '[x](guides/a)', move: A, expected: '[x](start/intro)' },
  { name: 'a reference definition', file: 'other.mdx', line: '[x][id]\n\n[id]: /guides/a#section', move: A, expected: '[x][id]\n\n[id]: /start/intro#section' },
  {
    name: 'a reference definition with a title',
    file: 'other.mdx',
    line: '[x][id]\n\n[id]: /guides/a "The A"',
    move: A,
    expected: '[x][id]\n\n[id]: /start/intro "The A"',
  },
  {
    name: 'a JSX href',
    file: 'other.mdx',
    line: '<Card title="A" href="/guides/a">A</Card>',
    move: A,
    expected: '<Card title="A" href="/start/intro">A</Card>',
  },
  {
    name: 'a JSX href in single quotes',
    file: 'other.mdx',
    line: "<a href='/guides/a#section'>A</a>",
    move: A,
    expected: "<a href='/start/intro#section'>A</a>",
  },
  {
    name: 'a JSX src of a file in a moved folder',
    file: 'other.mdx',
    line: '<img src="/guides/img.png" />',
    move: FOLDER,
    expected: '<img src="/start/img.png" />',
  },
  { name: 'a relative image in the moved page', file: 'guides/a.mdx', line: '![i](./img.png)', move: A, expected: '![i](../guides/img.png)' },
  { name: 'in angle brackets', file: 'other.mdx', line: '[x](</guides/a>)', move: A, expected: '[x](</start/intro>)' },
  {
    name: 'with an escape: noted, not rewritten',
    file: 'other.mdx',
    line: '[x](/guides/a\\_b)',
    move: ['guides/a_b.mdx', 'start/ab.mdx'],
    expected: '[x](/guides/a\\_b)',
    note: 'notVerbatim',
  },
  {
    name: 'in the moved page, relative',
    file: 'guides/a.mdx',
    line: '[x](./b) [y](b.mdx#section)',
    move: A,
    expected: '[x](../guides/b) [y](../guides/b.mdx#section)',
  },
  {
    name: 'in the moved page, still reached',
    file: 'guides/a.mdx',
    line: '[x](/guides/b) [y](#section) [z](../other)',
    move: A,
    expected: '[x](/guides/b) [y](#section) [z](../other)',
  },
  { name: 'in the moved page, to itself', file: 'guides/a.mdx', line: '[x](./a#section)', move: A, expected: '[x](./intro#section)' },
  {
    name: "a folder's index by its folder",
    file: 'other.mdx',
    line: '[x](/guides) [y](/guides/index)',
    move: ['guides/index.mdx', 'start/index.mdx'],
    expected: '[x](/start) [y](/start/index)',
  },
  {
    name: 'an index moved to a named page',
    file: 'other.mdx',
    line: '[x](/guides)',
    move: ['guides/index.mdx', 'start/overview.mdx'],
    expected: '[x](/start/overview)',
  },
  {
    name: 'percent-encoded',
    file: 'other.mdx',
    line: '[x](/guides/caf%C3%A9)',
    move: ['guides/café.mdx', 'start/café.mdx'],
    expected: '[x](/start/caf%C3%A9)',
  },
  { name: 'in inline code: no link', file: 'other.mdx', line: 'Write `[x](/guides/a)` to link.', move: A, expected: 'Write `[x](/guides/a)` to link.' },
  { name: 'in a code block: no link', file: 'other.mdx', line: '```md\n[x](/guides/a)\n```', move: A, expected: '```md\n[x](/guides/a)\n```' },
  { name: 'through a redirect: the redirect is re-pointed instead', file: 'other.mdx', line: '[x](/old-a)', move: A, expected: '[x](/old-a)' },
  { name: 'external', file: 'other.mdx', line: '[x](https://example.com/guides/a)', move: A, expected: '[x](https://example.com/guides/a)' },
  { name: 'in a snippet', file: 'snippets/s.mdx', line: '[x](/guides/a)', move: A, expected: '[x](/start/intro)' },
  { name: 'in a Markdown (.md) page', file: 'notes.md', line: '[x](/guides/a)', move: A, expected: '[x](/start/intro)' },
  { name: 'within a moved folder, relative', file: 'guides/b.mdx', line: '[x](./a) [y](/guides/a)', move: FOLDER, expected: '[x](./a) [y](/start/a)' },
  { name: 'into a moved folder, relative', file: 'other.mdx', line: '[x](./guides/a)', move: FOLDER, expected: '[x](./start/a)' },
  {
    name: 'to a moved folder itself',
    file: 'other.mdx',
    line: '[x](/deep) [y](/deep/nested)',
    move: ['deep', 'reference'],
    expected: '[x](/reference) [y](/reference/nested)',
  },
  {
    name: 'to a folder the move empties: noted, left alone',
    file: 'other.mdx',
    line: '[x](/deep/nested)',
    move: ['deep/nested/page.mdx', 'flat.mdx'],
    expected: '[x](/deep/nested)',
    note: 'folderLink',
  },
  {
    name: 'to a folder that still holds a page after the move: left alone',
    file: 'other.mdx',
    line: '[x](/deep/nested)',
    move: ['deep/nested/page.mdx', 'flat.mdx'],
    expected: '[x](/deep/nested)',
    files: { 'deep/nested/second.mdx': '# Second\n' },
  },
  { name: 'not a page (wrong case): left alone', file: 'other.mdx', line: '[x](/Guides/A)', move: A, expected: '[x](/Guides/A)' },
];

describe('links are rewritten in the form they were written', () => {
  for (const { name, file, line, move, expected, note, files: more } of CASES) {
    it(name, () => {
      const files = { ...baseSite(), ...more };
      files[file] = `${files[file] ?? ''}\n${line}\n`;
      const root = siteWith(files);
      const plan = planOn(root, { from: move[0], to: move[1] });
      const movedTo = plan.files.find((moved) => moved.from === file)?.to ?? file;
      const after = textsAfter(plan)[movedTo] ?? readFileSync(path.join(root, file), 'utf8');
      expect(after).toBe(files[file].replace(line, expected));
      expect(plan.notes.map((found) => found.id)).toEqual(note === undefined ? [] : [note]);
      if (note !== undefined) expect(plan.notes[0]).toMatchObject({ file, line: files[file].split('\n').length - 1 });
    });
  }
});

describe('what a move leaves for a person', () => {
  it('a relative import that leads elsewhere from the moved page (and none that still leads where it did)', () => {
    const files = baseSite();
    // The second import is in a code block: an example, not an import.
    files['guides/a.mdx'] = "import Note from '../snippets/s.mdx'\n\n# A\n\n```js\nimport Other from '../snippets/s.mdx'\n```\n";
    const root = siteWith(files);
    const deeper = planOn(root, { from: 'guides/a.mdx', to: 'start/deep/a.mdx' });
    expect(deeper.notes.map(({ id, file, line }) => ({ id, file, line }))).toEqual([{ id: 'relativeImport', file: 'guides/a.mdx', line: 1 }]);
    expect(planOn(root, { from: 'guides/a.mdx', to: 'start/a.mdx' }).notes).toEqual([]);
  });

  it("a page file that is not the one its URL is served from (x.md beside x.mdx): moved, its URL's links and entries left", () => {
    const files = baseSite();
    files['guides/b.md'] = '# B in Markdown\n';
    files['other.mdx'] += '\n[b](/guides/b)\n';
    const root = siteWith(files);
    const plan = planOn(root, { from: 'guides/b.md', to: 'start/b.md' });
    expect(plan.notes.map(({ id, file }) => ({ id, file }))).toEqual([{ id: 'servedByOther', file: 'guides/b.md' }]);
    expect(plan.pages).toEqual([]);
    expect(plan.changes).toEqual([]);
  });
});
