import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import type { Code } from '../../src/codes.js';
import { fixText } from '../../src/fix.js';
import type { DocsFiles } from '../../src/docs-root.js';
import { validateText } from '../../src/validate.js';
import { memoryFiles } from '../rules/harness.js';
import { REQUIRED_SETTINGS } from '../required-settings.js';

/** A small site: pages listed in the navigation, page files (some unlisted), an image. */
const FILES = [
  'index.mdx',
  'quickstart.mdx',
  'guides/setup.mdx',
  'guides/deploy.md',
  'hidden/old.mdx',
  'images/logo.png',
  'snippets/part.mdx',
  'api/users/get.mdx',
];
const NAVIGATION = { pages: ['index', 'quickstart', 'guides/setup', 'guides/deploy'] };

const REDIRECT_CODES: readonly Code[] = ['redirect-not-found', 'redirect-chain', 'redirect-loop', 'redirect-shadows-page', 'redirect-pattern'];

/** An in-memory docs root that lists its files, as a disk root does (hidden pages are then known). */
function listed(paths: readonly string[]): DocsFiles {
  return { ...memoryFiles(paths), list: () => paths };
}

interface Case {
  name: string;
  redirects: unknown;
  expected: Array<{ code: Code; pointer: string; suggest?: string; severity?: string; message?: RegExp }>;
  /** The docs root: listed (default), a root that only answers lookups, or none. */
  root?: 'listed' | 'lookups' | 'none';
  /** The files under the root (default FILES). */
  files?: readonly string[];
}

function redirectProblems(redirects: unknown, root: Case['root'] = 'listed', format: 'json' | 'yaml' = 'json', paths: readonly string[] = FILES) {
  const document = { navigation: NAVIGATION, redirects };
  const text = format === 'json' ? JSON.stringify(document, null, 2) : stringify(document);
  const files = root === 'none' ? undefined : root === 'lookups' ? memoryFiles(paths) : listed(paths);
  const result = validateText(text, { files, format, file: format === 'json' ? 'docs.json' : 'docs.yaml' });
  return result.problems.filter((problem) => REDIRECT_CODES.includes(problem.code));
}

const r = (source: string, destination: string) => ({ source, destination });

const cases: Case[] = [
  // Valid.
  { name: 'no redirects', redirects: [], expected: [] },
  { name: 'to listed pages', redirects: [r('/old', '/quickstart'), r('/old-setup', '/guides/setup')], expected: [] },
  {
    name: 'to a hidden page, a .md page, an image, the root',
    redirects: [r('/a', '/hidden/old'), r('/b', '/guides/deploy'), r('/c', '/images/logo.png'), r('/d', '/')],
    expected: [],
  },
  {
    name: 'the root is served without an index page (the platform sends it to the first page)',
    redirects: [r('/a', '/')],
    files: FILES.filter((file) => file !== 'index.mdx'),
    expected: [],
  },
  {
    name: 'without the leading /, with a trailing /, with .mdx',
    redirects: [r('/a', 'quickstart'), r('/b', '/quickstart/'), r('/c', '/guides/setup.mdx')],
    expected: [],
  },
  { name: 'query and fragment ignored', redirects: [r('/a', '/quickstart#install'), r('/b', '/guides/setup?tab=npm')], expected: [] },
  { name: 'a folder of pages (as the platform checks it)', redirects: [r('/a', '/guides'), r('/b', '/api/users')], expected: [] },
  {
    name: 'external destinations are not fetched',
    redirects: [r('/a', 'https://example.com/nowhere'), r('/b', '//cdn.example.com/x'), r('/c', 'mailto:a@b.c')],
    expected: [],
  },
  {
    name: 'pattern destinations filled from the source',
    redirects: [r('/old/:slug', '/guides/:slug'), r('/blog/*', '/news/*'), r('/v1/:slug*', '/v2/:slug*')],
    expected: [],
  },
  { name: 'an optional parameter is not a query', redirects: [r('/docs/:client?', '/quickstart')], expected: [] },
  {
    name: 'no docs root: nothing is known missing, chained or looping',
    redirects: [r('/a', '/nowhere'), r('/b', '/c'), r('/c', '/quickstart'), r('/x', '/x/'), r('/e', '/f'), r('/f', 'https://example.com/')],
    root: 'none',
    expected: [],
  },
  {
    name: 'a root that only answers lookups still finds unlisted pages',
    redirects: [r('/a', '/hidden/old'), r('/b', '/guides/deploy')],
    root: 'lookups',
    expected: [],
  },
  {
    name: 'a root that only answers lookups finds an unlisted page by each of its files: x.mdx, x.md, x/index.mdx, x/index.md',
    redirects: [r('/a', '/u1'), r('/b', '/u2'), r('/c', '/u3'), r('/d', '/u4'), r('/e', '/u5')],
    root: 'lookups',
    files: [...FILES, 'u1.mdx', 'u2.md', 'u3/index.mdx', 'u4/index.md', 'u5.txt'],
    // u5.txt is no page of u5.
    expected: [{ code: 'redirect-not-found', pointer: '/redirects/4/destination' }],
  },
  {
    // The page found by its file is a page: a chain that ends there is a chain, its last destination suggested.
    name: 'a root that only answers lookups: a chain ending at an unlisted page found by its file',
    redirects: [r('/a', '/b'), r('/b', '/u2')],
    root: 'lookups',
    files: [...FILES, 'u2.md'],
    expected: [{ code: 'redirect-chain', pointer: '/redirects/0/destination', suggest: '/u2' }],
  },
  { name: 'junk entries are the schema’s', redirects: [null, 3, { source: 1, destination: '/x' }, { source: '/a' }], expected: [] },

  // redirect-not-found
  {
    name: 'a destination that is no page',
    redirects: [r('/a', '/quickstart'), r('/b', '/guides/setpu')],
    expected: [
      { code: 'redirect-not-found', pointer: '/redirects/1/destination', suggest: '/guides/setup', message: /"\/guides\/setpu" is no page, file or redirect/ },
    ],
  },
  { name: 'a snippet is no page', redirects: [r('/a', '/snippets/part')], expected: [{ code: 'redirect-not-found', pointer: '/redirects/0/destination' }] },
  {
    name: 'a snippet, in any case or under _snippets/, is no page on a root that only answers lookups',
    redirects: [r('/a', '/snippets/part'), r('/b', '/Snippets/part'), r('/c', '/_snippets/part')],
    root: 'lookups',
    files: [...FILES, 'Snippets/part.mdx', '_snippets/part.mdx'],
    expected: [
      { code: 'redirect-not-found', pointer: '/redirects/0/destination' },
      { code: 'redirect-not-found', pointer: '/redirects/1/destination' },
      { code: 'redirect-not-found', pointer: '/redirects/2/destination' },
    ],
  },
  {
    name: 'a chain that ends nowhere: both entries',
    redirects: [r('/a', '/b'), r('/b', '/gone')],
    expected: [
      { code: 'redirect-not-found', pointer: '/redirects/0/destination', message: /redirects on \(\/redirects\/1, 1 redirect in all\) to "\/gone"/ },
      { code: 'redirect-not-found', pointer: '/redirects/1/destination' },
    ],
  },
  {
    name: 'leading into a loop',
    redirects: [r('/x', '/a'), r('/a', '/b'), r('/b', '/a')],
    expected: [
      { code: 'redirect-not-found', pointer: '/redirects/0/destination', message: /leads into a redirect loop/ },
      { code: 'redirect-loop', pointer: '/redirects/1/destination' },
    ],
  },

  // redirect-chain
  {
    name: 'a chain that ends at a page',
    redirects: [r('/a', '/b'), r('/b', '/c'), r('/c', '/quickstart')],
    expected: [
      {
        code: 'redirect-chain',
        pointer: '/redirects/0/destination',
        suggest: '/quickstart',
        severity: 'warning',
        message: /\/redirects\/1, 2 more redirects\) to "\/quickstart"/,
      },
      { code: 'redirect-chain', pointer: '/redirects/1/destination', suggest: '/quickstart' },
    ],
  },
  {
    name: 'keeping the fragment; no fix through a pattern or temporary redirect (often an alias meant to move)',
    redirects: [
      r('/a', '/old#step-2'),
      r('/old', '/guides/setup'),
      r('/b', '/latest/setup'),
      r('/latest/:slug', '/guides/:slug'),
      r('/c', '/now'),
      { source: '/now', destination: '/quickstart', permanent: false },
    ],
    expected: [
      { code: 'redirect-chain', pointer: '/redirects/0/destination', suggest: '/guides/setup#step-2', message: /: redirect straight there\.$/ },
      {
        code: 'redirect-chain',
        pointer: '/redirects/2/destination',
        message: /to "\/guides\/setup": redirect straight there, unless the pattern or temporary redirect/,
      },
      { code: 'redirect-chain', pointer: '/redirects/4/destination' },
    ],
  },
  {
    name: 'ending at an external URL: named, no suggestion',
    redirects: [r('/a', '/b'), r('/b', 'https://example.com/')],
    expected: [{ code: 'redirect-chain', pointer: '/redirects/0/destination', message: /"https:\/\/example.com\/"/ }],
  },
  {
    name: 'a fragment on both ends: no suggestion',
    redirects: [r('/a', '/b#x'), r('/b', '/quickstart#y')],
    expected: [{ code: 'redirect-chain', pointer: '/redirects/0/destination' }],
  },
  {
    name: 'a page wins over a redirect of the same URL (no chain)',
    redirects: [r('/a', '/quickstart'), r('/quickstart', '/index')],
    expected: [{ code: 'redirect-shadows-page', pointer: '/redirects/1/source' }],
  },

  // redirect-loop
  {
    name: 'a two-step loop, reported once at its first entry',
    redirects: [r('/q', '/quickstart'), r('/b', '/a'), r('/a', '/b')],
    expected: [{ code: 'redirect-loop', pointer: '/redirects/1/destination', message: /"\/b" → "\/a", "\/a" → "\/b" \(\/redirects\/1, \/redirects\/2\)/ }],
  },
  {
    name: 'to itself',
    redirects: [r('/a', '/a/')],
    expected: [{ code: 'redirect-loop', pointer: '/redirects/0/destination', message: /redirects to itself/ }],
  },
  {
    name: 'a loop through a pattern',
    redirects: [r('/x/:p', '/y/:p'), r('/y/:p', '/x/:p'), r('/start', '/x/one')],
    expected: [
      { code: 'redirect-loop', pointer: '/redirects/0/destination', message: /"\/x\/:p" → "\/y\/:p", "\/y\/:p" → "\/x\/:p"/ },
      { code: 'redirect-not-found', pointer: '/redirects/2/destination' },
    ],
  },

  // redirect-shadows-page
  {
    name: 'a source that is a listed page or a hidden page (not the root, not a pattern)',
    redirects: [r('/quickstart', '/guides/setup'), r('/hidden/old', '/index'), r('/', '/quickstart'), r('/guides/:x', '/quickstart')],
    expected: [
      { code: 'redirect-shadows-page', pointer: '/redirects/0/source', severity: 'warning', message: /the page quickstart\.mdx/ },
      { code: 'redirect-shadows-page', pointer: '/redirects/1/source' },
    ],
  },

  // redirect-pattern
  {
    name: 'sources that never apply: warnings',
    redirects: [
      r('/quickstart#part', '/guides/setup'),
      r('/b?x=1', '/quickstart'),
      r('https://old.example/c', '/quickstart'),
      r('', '/quickstart'),
      r('/with\ttab', '/quickstart'),
      r('/trailing ', '/quickstart'),
      // A space inside a path is matched (spaces arrive as %20 and are decoded): no problem.
      r('/with space', '/quickstart'),
    ],
    expected: [
      { code: 'redirect-pattern', pointer: '/redirects/0/source', severity: 'warning', message: /#fragment/ },
      { code: 'redirect-pattern', pointer: '/redirects/1/source', severity: 'warning', message: /\?query/ },
      { code: 'redirect-pattern', pointer: '/redirects/2/source', message: /is a URL/ },
      { code: 'redirect-pattern', pointer: '/redirects/3/source', message: /empty/ },
      { code: 'redirect-pattern', pointer: '/redirects/4/source', message: /^Redirect source "\/with\ttab" has a tab, a line break/ },
      { code: 'redirect-pattern', pointer: '/redirects/5/source', message: /^Redirect source "\/trailing " has .*whitespace at its start or end/ },
    ],
  },
  {
    name: 'destinations filled in wrong: errors',
    redirects: [
      r('/old/:slug', '/guides/:page'),
      r('/blog/*', '/news/*/*'),
      r('/x', '/quickstart/*'),
      r('/y', ''),
      r('/z/:id', 'https://example.com:8080/:id'),
    ],
    expected: [
      { code: 'redirect-pattern', pointer: '/redirects/0/destination', severity: 'error', message: /`:page`, which the source/ },
      { code: 'redirect-pattern', pointer: '/redirects/1/destination', message: /2 `\*` but the source "\/blog\/\*" has 1/ },
      { code: 'redirect-pattern', pointer: '/redirects/2/destination', message: /has none/ },
      { code: 'redirect-pattern', pointer: '/redirects/3/destination', message: /empty/ },
    ],
  },
];

describe('redirect rules', () => {
  it.each(cases)('$name', ({ redirects, expected, root, files }) => {
    for (const format of ['json', 'yaml'] as const) {
      const problems = redirectProblems(redirects, root, format, files);
      expect(problems.map((p) => ({ code: p.code, pointer: p.pointer, ...(p.suggest === undefined ? {} : { suggest: p.suggest }) }))).toEqual(
        expected.map((e) => ({ code: e.code, pointer: e.pointer, ...(e.suggest === undefined ? {} : { suggest: e.suggest }) })),
      );
      expected.forEach((e, i) => {
        if (e.severity !== undefined) expect(problems[i].severity).toBe(e.severity);
        if (e.message !== undefined) expect(problems[i].message).toMatch(e.message);
      });
    }
  });

  it('every problem points at the redirect’s own line, in JSON and YAML', () => {
    for (const format of ['json', 'yaml'] as const) {
      const document = { navigation: NAVIGATION, redirects: [r('/a', '/gone'), r('/quickstart', '/index')] };
      const text = format === 'json' ? JSON.stringify(document, null, 2) : stringify(document);
      const problems = validateText(text, { files: listed(FILES), format }).problems.filter((p) => REDIRECT_CODES.includes(p.code));
      const lines = text.split('\n');
      expect(problems.map((p) => lines[p.line - 1].slice(p.column - 1, p.endColumn - 1))).toEqual(
        format === 'json' ? ['"/gone"', '"/quickstart"'] : ['/gone', '/quickstart'],
      );
    }
  });

  it('turned off per code like every rule', () => {
    const text = JSON.stringify({ ...REQUIRED_SETTINGS, navigation: NAVIGATION, redirects: [r('/a', '/gone'), r('/b', '/a')] });
    const problems = validateText(text, { files: listed(FILES), rules: { 'redirect-not-found': 'off' } }).problems;
    expect(problems.map((p) => p.code)).toEqual([]);
  });
});

describe('redirect-chain --fix', () => {
  it.each(['json', 'yaml'] as const)('rewrites each destination to the final page (%s), and a second run changes nothing', (format) => {
    const document = {
      navigation: NAVIGATION,
      redirects: [r('/a', '/b'), r('/b', '/c#top'), r('/c', '/guides/setup'), r('/d', '/e#x'), r('/e', '/quickstart#y')],
    };
    const text = format === 'json' ? JSON.stringify(document, null, 2) : stringify(document);
    const options = { files: listed(FILES), format, file: `docs.${format}` };
    const result = fixText(text, options);
    const after = result.files[0].after;
    const again = validateText(after, options).problems;
    expect(again.filter((p) => p.code === 'redirect-chain').map((p) => p.pointer)).toEqual(['/redirects/3/destination']);
    const fixed = format === 'json' ? (JSON.parse(after) as typeof document) : (parse(after) as typeof document);
    expect(fixed.redirects.map((x) => x.destination)).toEqual(['/guides/setup#top', '/guides/setup#top', '/guides/setup', '/e#x', '/quickstart#y']);
    expect(fixText(after, options).files).toEqual([]);
  });

  it('fixes redirects kept in a $ref file, in that file', () => {
    const redirects = JSON.stringify([r('/a', '/b'), r('/b', '/quickstart')], null, 2);
    const text = JSON.stringify({ ...REQUIRED_SETTINGS, navigation: NAVIGATION, redirects: { $ref: 'redirects.json' } });
    const result = fixText(text, {
      files: listed([...FILES, 'redirects.json']),
      root: '/site',
      file: '/site/docs.json',
      readFile: (file) => (file === '/site/redirects.json' ? redirects : undefined),
    });
    expect(result.files.map((f) => f.file)).toEqual(['/site/redirects.json']);
    expect((JSON.parse(result.files[0].after) as Array<{ destination: string }>).map((x) => x.destination)).toEqual(['/quickstart', '/quickstart']);
  });
});

describe('long chains and loops', () => {
  it('5,000 redirects in one loop: one problem, naming them all (cut to length)', () => {
    const n = 5000;
    const redirects = Array.from({ length: n }, (_, i) => r(`/a${i}`, `/a${(i + 1) % n}`));
    const problems = redirectProblems(redirects);
    expect(problems.map((p) => [p.code, p.pointer])).toEqual([['redirect-loop', '/redirects/0/destination']]);
    expect(problems[0].message).toMatch(/^Redirects loop: "\/a0" → "\/a1", "\/a1" → "\/a2"/);
  });

  it('5,000 redirects in one chain to a page: each suggests the page', () => {
    const n = 5000;
    const redirects = Array.from({ length: n }, (_, i) => r(`/a${i}`, i === n - 1 ? '/quickstart' : `/a${i + 1}`));
    const text = JSON.stringify({ ...REQUIRED_SETTINGS, navigation: NAVIGATION, redirects });
    const problems = validateText(text, { files: listed(FILES), maxProblemsPerFile: n }).problems;
    expect(problems.length).toBe(n - 1);
    expect(problems.every((p) => p.code === 'redirect-chain' && p.suggest === '/quickstart')).toBe(true);
    expect(problems[0].message).toContain('(/redirects/1, 4999 more redirects)');
  });
});
