import { describe, expect, it } from 'vitest';
import { resolveText } from '../../src/resolve.js';
import { json, resolveSite } from './site.js';

/**
 * The URL and title the platform gives an untidy page entry. Its validator normalizes the string
 * (`path.posix.resolve('/', entry)`, one trailing `/` kept), then the navigation looks the page up
 * by its segments (split on `/` and `\`, empty ones dropped) among the page files' paths without
 * extension. Found: the file's page, at its path. Not found: a sidebar link to the normalized string
 * as written, titled from its last segment (extension, whitespace and trailing `/` kept). Each row
 * below is what @mintlify/prebuild 1.0.1341 (bench/prebuild.mjs) built for that entry over these files.
 */
const FILES = {
  'intro.mdx': '---\ntitle: Intro T\n---\n',
  'guides.mdx': '---\ntitle: Guides T\n---\n',
  'guides/setup.mdx': '---\ntitle: Setup T\n---\n',
  'guides/README.mdx': '---\ntitle: Readme T\n---\n',
  'guides/other.md': '---\ntitle: Other T\n---\n',
};

const ROWS: Array<[entry: string, path: string, title: string, file?: string]> = [
  // Found: the page file's path, whatever the entry's slashes.
  ['intro', 'intro', 'Intro T', 'intro.mdx'],
  ['/intro', 'intro', 'Intro T', 'intro.mdx'],
  ['./intro', 'intro', 'Intro T', 'intro.mdx'],
  ['//intro', 'intro', 'Intro T', 'intro.mdx'],
  ['guides/../intro', 'intro', 'Intro T', 'intro.mdx'],
  ['guides/', 'guides', 'Guides T', 'guides.mdx'],
  ['/guides/setup/', 'guides/setup', 'Setup T', 'guides/setup.mdx'],
  ['guides//setup', 'guides/setup', 'Setup T', 'guides/setup.mdx'],
  ['guides\\setup', 'guides/setup', 'Setup T', 'guides/setup.mdx'],
  // Not found: the platform looks for `guides/README.mdx.mdx` and links to the entry as written.
  ['guides/README.mdx', 'guides/README.mdx', 'README.mdx'],
  ['guides/other.md', 'guides/other.md', 'Other.md'],
  ['intro.MDX', 'intro.MDX', 'Intro.MDX'],
  [' intro', ' intro', ' intro'],
  ['intro ', 'intro ', 'Intro '],
  [' ', ' ', ' '],
  // A missing page keeps its trailing `/`, and its title is the empty last segment.
  ['missing/', 'missing/', ''],
  ['gone/deep/', 'gone/deep/', ''],
  ['missing', 'missing', 'Missing'],
  ['./missing', 'missing', 'Missing'],
];

describe('untidy page entries: the URL and title the platform gives them', () => {
  it.each(ROWS)('%j -> %j', async (entry, expectedPath, title, file) => {
    const { tree } = await resolveSite({ navigation: { pages: [entry] } }, FILES);
    expect(tree.pages.map((p) => ({ path: p.path, title: p.title, file: p.file }))).toEqual([{ path: expectedPath, title, file }]);
  });

  it('without a docs root to look in, an entry keeps the path the platform would find a file at', async () => {
    const { tree } = await resolveText(json({ navigation: { pages: ['guides/', 'guides/README.mdx', ' intro'] } }));
    expect(tree.pages.map((p) => p.path)).toEqual(['guides', 'guides/README.mdx', ' intro']);
  });
});
