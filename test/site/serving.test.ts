/**
 * What a site serves and how a link is read against it (src/site/site.ts, links.ts; src/link-target.ts), seen
 * through link-not-found and anchor-not-found on an in-memory docs root whose listing order the
 * test chooses: the whole problems are compared.
 */
import { describe, expect, it } from 'vitest';
import { resolveText, validateText, type DocsFiles, type ValidateOptions } from '../../src/index.js';
import { seen, type Seen } from './site-helpers.js';

const ROOT = '/site';

/** An in-memory docs root listing `files` in the order given. */
function memoryRoot(files: Record<string, string>): Pick<ValidateOptions, 'root' | 'files' | 'readFile' | 'file'> {
  const names = Object.keys(files);
  const docsFiles: DocsFiles = {
    root: ROOT,
    hasFile: (relative) => relative in files,
    filesIn: (folder) => names.filter((name) => (folder === '' ? !name.includes('/') : name.startsWith(`${folder}/`))),
    list: () => names,
  };
  return {
    file: `${ROOT}/docs.json`,
    root: ROOT,
    files: docsFiles,
    readFile: (absolute) => (absolute.startsWith(`${ROOT}/`) ? files[absolute.slice(ROOT.length + 1)] : undefined),
  };
}

/** The link rules' problems of docs.json `document` over these files. */
function check(files: Record<string, string>, document: object, options: ValidateOptions = {}): Seen[] {
  return validateText(JSON.stringify(document), { ...memoryRoot(files), ...options })
    .problems.filter((problem) => problem.code === 'link-not-found' || problem.code === 'anchor-not-found')
    .map((problem) => seen(ROOT, problem));
}

const nav = (...pages: string[]) => ({ name: 'Site', navigation: { groups: [{ group: 'Docs', pages }] } });
const link = (file: string, at: string, url: string, path = url.slice(1)): Seen => ({
  code: 'link-not-found',
  file,
  at,
  message: `Link "${url}" leads nowhere: no page, file or redirect of the site is at /${path}.`,
});
const anchor = (file: string, at: string, url: string, where: string, fragment: string): Seen => ({
  code: 'anchor-not-found',
  file,
  at,
  message: `Link "${url}": no heading or element of ${where} has the id "${fragment}", so the page opens at its top.`,
});

describe('a page with both a .md and a .mdx file is its .mdx, whichever the listing gives first', () => {
  const both = (order: 'md first' | 'mdx first') => {
    const md = { 'both.md': '# Both\n\n## Only md\n' };
    const mdx = { 'both.mdx': '# Both\n\n## Only mdx\n' };
    return {
      'index.mdx': '[a](/both#only-mdx) [b](/both#only-md)\n',
      ...(order === 'md first' ? { ...md, ...mdx } : { ...mdx, ...md }),
    };
  };
  const expected = [{ ...anchor('index.mdx', '1:25', '/both#only-md', '/both', 'only-md'), suggest: '#only-mdx' }];
  it.each(['md first', 'mdx first'] as const)('validated, listed (%s)', (order) => {
    expect(check(both(order), nav('index', 'both'))).toEqual(expected);
  });
  it.each(['md first', 'mdx first'] as const)('validated, not listed (%s)', (order) => {
    expect(check(both(order), nav('index'))).toEqual(expected);
  });
  it.each(['md first', 'mdx first'] as const)('resolved (the whole tree, %s)', async (order) => {
    const result = await resolveText(JSON.stringify(nav('index', 'both')), memoryRoot(both(order)));
    expect(result.problems.filter((problem) => problem.code === 'anchor-not-found').map((problem) => seen(ROOT, problem))).toEqual(expected);
  });
});

describe('what the site serves', () => {
  const FILES = {
    'index.mdx': '# Home\n',
    'quickstart.mdx': '# Quickstart\n\n## Install\n',
    'notes.md': '# Notes\n\n## Jot\n',
    'v2.mdx-guide/intro.mdx': '# Intro\n',
    'deep/a/b/c.mdx': '# C\n',
    'snippets/part.mdx': 'A snippet [s](/snippet-gone)\n',
    'drafts/secret.mdx': '# Secret\n\n[d](/draft-gone)\n',
    'drafts/image.png': 'png',
    '.mintignore': 'drafts/\n',
  };
  it('hidden pages (.md too, and a folder named like a page file), folders at any depth, snippets, what .mintignore leaves out', () => {
    const links = [
      '/notes',
      '/notes#jot',
      '/notes#nope',
      '/NOTES',
      '/v2.mdx-guide/intro',
      '/v2.mdx-guide/intro.mdx',
      '/deep',
      '/deep/a',
      '/deep/a/b',
      '/snippets/part',
      '/drafts/secret',
      '/drafts/image.png',
      '/quickstart.mdx#install',
      '/quickstart.md#nope',
      '/quickstart.MDX#nope',
    ];
    const files = { ...FILES, 'index.mdx': `# Home\n\n${links.map((url) => `[x](${url})`).join('\n')}\n` };
    expect(check(files, nav('index', 'quickstart'))).toEqual([
      anchor('index.mdx', '5:5', '/notes#nope', '/notes', 'nope'),
      // A hidden page is neither suggested nor fixed to while pages are listed.
      link('index.mdx', '6:5', '/NOTES'),
      link('index.mdx', '12:5', '/snippets/part'),
      link('index.mdx', '13:5', '/drafts/secret'),
      link('index.mdx', '14:5', '/drafts/image.png'),
      anchor('index.mdx', '16:5', '/quickstart.md#nope', '/quickstart', 'nope'),
      anchor('index.mdx', '17:5', '/quickstart.MDX#nope', '/quickstart', 'nope'),
      link('snippets/part.mdx', '1:15', '/snippet-gone'),
    ]);
  });

  // The platform takes snippets/ and _snippets/ at the root in any case for snippets, not pages
  // (platform-ignores.ts, @mintlify/common's getFileCategory); the site took lower-case snippets/ only.
  it('snippet folders in any case, and _snippets/, serve no page; snippets/ below the root is a page folder', () => {
    const snippets = {
      'Snippets/part.mdx': 'Part.\n',
      'SNIPPETS/loud.mdx': 'Loud.\n',
      '_snippets/low.mdx': 'Low.\n',
      '_Snippets/up.mdx': 'Up.\n',
      'guide/snippets/page.mdx': '# Page\n',
    };
    const links = ['/Snippets/part', '/SNIPPETS/loud', '/_snippets/low', '/_Snippets/up', '/guide/snippets/page'];
    const files = { ...FILES, ...snippets, 'index.mdx': `# Home\n\n${links.map((url) => `[x](${url})`).join('\n')}\n` };
    expect(check(files, nav('index', 'quickstart')).map((problem) => [problem.code, problem.file, problem.at])).toEqual([
      ['link-not-found', 'index.mdx', '3:5'],
      ['link-not-found', 'index.mdx', '4:5'],
      ['link-not-found', 'index.mdx', '5:5'],
      ['link-not-found', 'index.mdx', '6:5'],
      ['link-not-found', 'snippets/part.mdx', '1:15'],
    ]);
  });

  it('suggests the closest listed page, and the hidden ones only when no page is listed', () => {
    const files = { ...FILES, 'index.mdx': '[x](/note) [y](/quikstart)\n' };
    const snippet = link('snippets/part.mdx', '1:15', '/snippet-gone');
    expect(check(files, nav('index', 'quickstart'))).toEqual([
      link('index.mdx', '1:5', '/note'),
      { ...link('index.mdx', '1:16', '/quikstart'), suggest: '/quickstart' },
      snippet,
    ]);
    expect(check(files, nav())).toEqual([
      { ...link('index.mdx', '1:5', '/note'), suggest: '/notes' },
      { ...link('index.mdx', '1:16', '/quikstart'), suggest: '/quickstart' },
      snippet,
    ]);
  });
});

describe('how a link is read', () => {
  const FILES = {
    'index.mdx': '# Home\n',
    'quickstart.mdx': '# Quickstart\n\n## Install\n',
    'guides/setup.mdx': '# Setup\n',
  };
  it('relative paths, backslashes, blanks, queries, escapes', () => {
    const links = [
      // `./` and `../` are read from the page's folder only; a bare path from the root too.
      './quickstart',
      'quickstart',
      '../quickstart',
      '..\\quickstart',
      '?tab=1',
      '/quick%ZZ',
      '/quick%73tart#install',
    ];
    const body = `# Setup\n\n${links.map((url) => `[x](${url})`).join('\n')}\n\n<Card href=" /quickstart " title="a" />\n\n<Card href=" https://example.com/x " title="b" />\n`;
    expect(check({ ...FILES, 'guides/setup.mdx': body }, nav('index', 'quickstart', 'guides/setup'))).toEqual([
      { ...link('guides/setup.mdx', '3:5', './quickstart', 'guides/quickstart'), suggest: '/quickstart' },
      link('guides/setup.mdx', '8:5', '/quick%ZZ', 'quick%ZZ'),
    ]);
  });
});

describe('redirects followed by a link', () => {
  const FILES = { 'index.mdx': '# Home\n', 'quickstart.mdx': '# Quickstart\n' };
  const chain = (length: number) => Array.from({ length }, (_, i) => ({ source: `/hop${i}`, destination: i === length - 1 ? '/quickstart' : `/hop${i + 1}` }));
  it('at most 16, a loop is no way anywhere, a redirect out of the site is a way', () => {
    const files = { ...FILES, 'index.mdx': '[a](/hop0) [b](/loop-a) [c](/out) [d](/long0)\n' };
    const redirects = [
      ...chain(16),
      { source: '/loop-a', destination: '/loop-b' },
      { source: '/loop-b', destination: '/loop-a' },
      { source: '/out', destination: 'https://example.com/elsewhere' },
      ...chain(17).map(({ source, destination }) => ({ source: source.replace('hop', 'long'), destination: destination.replace('hop', 'long') })),
    ];
    expect(check(files, { ...nav('index', 'quickstart'), redirects }, { rules: { 'redirect-chain': 'off' } })).toEqual([
      link('index.mdx', '1:16', '/loop-a'),
      link('index.mdx', '1:39', '/long0'),
    ]);
  });
});

describe("the navigation's hrefs", () => {
  it('are read trimmed, from the root; a blank one is none', () => {
    const files = { 'quickstart.mdx': '# Quickstart\n' };
    const document = {
      name: 'Site',
      navigation: {
        tabs: [
          { tab: 'Docs', pages: ['quickstart'] },
          { tab: 'A', href: ' /nowhere ' },
          { tab: 'B', href: 'quickstart' },
          { tab: 'C', href: '   ' },
        ],
      },
    };
    expect(check(files, document)).toEqual([
      {
        code: 'link-not-found',
        file: 'docs.json',
        at: '/navigation/tabs/1/href',
        message: 'Navigation href "/nowhere" leads nowhere: no page, file or redirect of the site is at /nowhere.',
      },
    ]);
  });

  it('a navigation that is not an object has none', () => {
    for (const navigation of [null, 'pages', 3]) expect(check({ 'index.mdx': '# Home\n' }, { name: 'Site', navigation })).toEqual([]);
  });
});
