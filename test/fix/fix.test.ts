import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXABLE_CODES, fixFile as fixFileOf, fixText as fixTextOf, validateText as validateTextOf, type FixOptions } from '../../src/index.js';

// These cases are navigation-only documents written when the spec profile was the default: they run
// under it, explicitly (the default platform profile would add the build's missing name, theme and colors).
const fixText = (text: string, options: FixOptions = {}) => fixTextOf(text, { profile: 'spec', ...options });
const fixFile = (file: string, options: Parameters<typeof fixFileOf>[1] = {}) => fixFileOf(file, { profile: 'spec', ...options });
const validateText = (text: string, options: Parameters<typeof validateTextOf>[1] = {}) => validateTextOf(text, { profile: 'spec', ...options });
import { applyEdits, chooseFixes } from '../../src/fix/apply.js';

/** The text after fixing, checked to be idempotent: fixing it again changes nothing. */
function fixed(text: string, options: FixOptions = {}): string {
  const result = fixText(text, options);
  const after = result.files.find((f) => f.file === (options.file ?? 'docs.json'))?.after ?? text;
  const again = fixText(after, options);
  expect(again.files, 'a second run changes nothing').toEqual([]);
  expect(again.applied).toEqual([]);
  return after;
}

const crlf = (lines: string[]) => lines.join('\r\n') + '\r\n';
const lf = (lines: string[]) => lines.join('\n') + '\n';

interface Case {
  name: string;
  code: string;
  file?: string;
  /** Page files under an in-memory docs root (the site rules need one). */
  pages?: string[];
  before: string;
  after: string;
  options?: FixOptions;
  /** Problems of the code that get their fix only in the next pass (redirects after the one that makes the array). */
  waiting?: number;
}

/** A docs root in memory holding these files. */
function memoryRoot(files: string[]): NonNullable<FixOptions['files']> {
  return { root: '.', hasFile: (p) => files.includes(p), filesIn: (dir) => (dir === '' ? files.filter((f) => !f.includes('/')) : []), list: () => files };
}

/** redirect-missing's setting: the site at `main` served index, quickstart and guide; quickstart.mdx and guide.mdx moved since. */
const moved: FixOptions = {
  files: memoryRoot(['index.mdx', 'start.mdx', 'guides/guide.mdx']),
  since: {
    ref: 'main',
    commit: '0'.repeat(40),
    pages: new Map([
      ['index', 'index.mdx'],
      ['quickstart', 'quickstart.mdx'],
      ['guide', 'guide.mdx'],
    ]),
    renames: new Map([
      ['quickstart.mdx', 'start.mdx'],
      ['guide.mdx', 'guides/guide.mdx'],
    ]),
  },
};

/** An in-memory docs root that lists its files. */
function rootOf(paths: readonly string[]): NonNullable<FixOptions['files']> {
  const set = new Set(paths);
  return { root: '.', hasFile: (p) => set.has(p), filesIn: () => [], list: () => paths };
}

const cases: Case[] = [
  // redirect-missing: the moved pages' redirects appended, the array made when absent
  {
    name: 'tabs and CRLF, no redirects yet',
    code: 'redirect-missing',
    options: moved,
    waiting: 1,
    before: crlf(['{', '\t"navigation": {', '\t\t"pages": ["index", "start", "guides/guide"]', '\t}', '}']),
    after: crlf([
      '{',
      '\t"navigation": {',
      '\t\t"pages": ["index", "start", "guides/guide"]',
      '\t},',
      '\t"redirects": [',
      '\t\t{ "source": "/quickstart", "destination": "/start" },',
      '\t\t{ "source": "/guide", "destination": "/guides/guide" }',
      '\t]',
      '}',
    ]),
  },
  {
    name: 'compact one-line JSON with redirects',
    code: 'redirect-missing',
    options: moved,
    before: '{"navigation":{"pages":["index","start","guides/guide"]},"redirects":[{"source":"/old","destination":"/index"}]}',
    after:
      '{"navigation":{"pages":["index","start","guides/guide"]},"redirects":[{"source":"/old","destination":"/index"}, { "source": "/quickstart", "destination": "/start" }, { "source": "/guide", "destination": "/guides/guide" }]}',
  },
  {
    name: 'YAML with comments and redirects',
    code: 'redirect-missing',
    file: 'docs.yaml',
    options: moved,
    before: lf(['# site', 'navigation:', '  pages: [index, start, guides/guide]', 'redirects:', '  # kept', '  - source: /old', '    destination: /index']),
    after: lf([
      '# site',
      'navigation:',
      '  pages: [index, start, guides/guide]',
      'redirects:',
      '  # kept',
      '  - source: /old',
      '    destination: /index',
      '  - source: "/quickstart"',
      '    destination: "/start"',
      '  - source: "/guide"',
      '    destination: "/guides/guide"',
    ]),
  },
  {
    name: 'YAML without redirects',
    code: 'redirect-missing',
    file: 'docs.yaml',
    options: moved,
    waiting: 1,
    before: lf(['navigation:', '  pages:', '    - index', '    - start', '    - guides/guide']),
    after: lf([
      'navigation:',
      '  pages:',
      '    - index',
      '    - start',
      '    - guides/guide',
      'redirects:',
      '  - source: "/quickstart"',
      '    destination: "/start"',
      '  - source: "/guide"',
      '    destination: "/guides/guide"',
    ]),
  },
  // unknown-field: rename the key, nothing else
  {
    name: 'tabs and CRLF',
    code: 'unknown-field',
    before: crlf([
      '{',
      '\t"navigation": {',
      '\t\t"groups": [',
      '\t\t\t{',
      '\t\t\t\t"group": "A",',
      '\t\t\t\t"pages": [',
      '\t\t\t\t\t{ "group": "B", "expand": true, "pages": ["b"] }',
      '\t\t\t\t]',
      '\t\t\t}',
      '\t\t]',
      '\t}',
      '}',
    ]),
    after: crlf([
      '{',
      '\t"navigation": {',
      '\t\t"groups": [',
      '\t\t\t{',
      '\t\t\t\t"group": "A",',
      '\t\t\t\t"pages": [',
      '\t\t\t\t\t{ "group": "B", "expanded": true, "pages": ["b"] }',
      '\t\t\t\t]',
      '\t\t\t}',
      '\t\t]',
      '\t}',
      '}',
    ]),
  },
  {
    name: 'compact one-line JSON',
    code: 'unknown-field',
    before: '{"navigation":{"groups":[{"group":"A","pages":[{"group":"B","hiden":true,"pages":["b"]}]}]}}',
    after: '{"navigation":{"groups":[{"group":"A","pages":[{"group":"B","hidden":true,"pages":["b"]}]}]}}',
  },
  {
    name: 'YAML with comments, plain and quoted keys',
    code: 'unknown-field',
    file: 'docs.yaml',
    before: lf([
      '# site',
      'navigation:',
      '  groups:',
      '    - group: A  # first',
      '      pages:',
      '        - group: B',
      '          expand: true   # open it',
      '          "hiden": false',
      '          pages: [b]',
    ]),
    after: lf([
      '# site',
      'navigation:',
      '  groups:',
      '    - group: A  # first',
      '      pages:',
      '        - group: B',
      '          expanded: true   # open it',
      '          "hidden": false',
      '          pages: [b]',
    ]),
  },
  // invalid-value: the one close allowed value
  {
    name: 'compact one-line JSON',
    code: 'invalid-value',
    before: '{"styling":{"eyebrows":"breadcrumb"},"navigation":{"pages":["index"]}}',
    after: '{"styling":{"eyebrows":"breadcrumbs"},"navigation":{"pages":["index"]}}',
  },
  {
    name: 'YAML with comments',
    code: 'invalid-value',
    file: 'docs.yml',
    before: lf(['navigation:', '  directory: acordion # how pages are listed', '  pages:', '    - index']),
    after: lf(['navigation:', '  directory: accordion # how pages are listed', '  pages:', '    - index']),
  },
  // page-path: the clean path, in the file's own quoting
  {
    name: 'tabs and CRLF',
    code: 'page-path',
    before: crlf([
      '{',
      '\t"navigation": {',
      '\t\t"pages": [',
      '\t\t\t"index.mdx",',
      '\t\t\t"/guides/start",',
      '\t\t\t"./api/",',
      '\t\t\t"  a\\\\b.md "',
      '\t\t]',
      '\t}',
      '}',
    ]),
    after: crlf(['{', '\t"navigation": {', '\t\t"pages": [', '\t\t\t"index",', '\t\t\t"guides/start",', '\t\t\t"api",', '\t\t\t"a/b"', '\t\t]', '\t}', '}']),
  },
  {
    name: 'YAML with comments and every quoting style',
    code: 'page-path',
    file: 'docs.yaml',
    before: lf([
      'navigation:',
      '  groups:',
      '    - group: A',
      '      pages:',
      '        - index.mdx # home',
      "        - './guide.md'",
      '        - "/api/"',
      '    - group: B',
      '      pages: [b.mdx, "c/"]  # flow',
    ]),
    after: lf([
      'navigation:',
      '  groups:',
      '    - group: A',
      '      pages:',
      '        - index # home',
      "        - 'guide'",
      '        - "api"',
      '    - group: B',
      '      pages: [b, "c"]  # flow',
    ]),
  },
  // page-path: a blank entry is removed, as is an empty one (invalid-value)
  {
    name: 'a blank entry, compact JSON',
    code: 'page-path',
    before: '{"navigation":{"pages":["a"," ","b"]}}',
    after: '{"navigation":{"pages":["a","b"]}}',
  },
  {
    name: 'a blank entry, YAML',
    code: 'page-path',
    file: 'docs.yaml',
    before: lf(['navigation:', '  pages:', '    - a', "    - ' ' # oops", '    - b']),
    after: lf(['navigation:', '  pages:', '    - a', '    - b']),
  },
  {
    name: 'an empty entry, the last one',
    code: 'invalid-value',
    before: '{"navigation":{"pages":["a",""]}}',
    after: '{"navigation":{"pages":["a"]}}',
  },
  {
    name: 'an empty entry, YAML',
    code: 'invalid-value',
    file: 'docs.yaml',
    before: lf(['navigation:', '  pages:', "    - ''", '    - b']),
    after: lf(['navigation:', '  pages:', '    - b']),
  },
  // duplicate-page: drop the later copy with its comma / its line
  {
    name: 'tabs and CRLF, one per line',
    code: 'duplicate-page',
    before: crlf(['{', '\t"navigation": {', '\t\t"pages": [', '\t\t\t"a",', '\t\t\t"b",', '\t\t\t"a",', '\t\t\t"c"', '\t\t]', '\t}', '}']),
    after: crlf(['{', '\t"navigation": {', '\t\t"pages": [', '\t\t\t"a",', '\t\t\t"b",', '\t\t\t"c"', '\t\t]', '\t}', '}']),
  },
  {
    name: 'compact one-line JSON, the last entry',
    code: 'duplicate-page',
    before: '{"navigation":{"pages":["a","b","a"]}}',
    after: '{"navigation":{"pages":["a","b"]}}',
  },
  {
    name: 'YAML with comments',
    code: 'duplicate-page',
    file: 'docs.yaml',
    before: lf(['navigation:', '  pages:', '    - a # first', '    - b', '    - a # again', '    # the end', '    - c']),
    after: lf(['navigation:', '  pages:', '    - a # first', '    - b', '    # the end', '    - c']),
  },
  // language-code: the spec's spelling
  {
    name: 'compact one-line JSON',
    code: 'language-code',
    before: '{"navigation":{"languages":[{"language":"en","pages":["a"]},{"language":"pt-br","pages":["b"]}]}}',
    after: '{"navigation":{"languages":[{"language":"en","pages":["a"]},{"language":"pt-BR","pages":["b"]}]}}',
  },
  {
    name: 'YAML with comments',
    code: 'language-code',
    file: 'docs.yaml',
    before: lf(['navigation:', '  languages:', '    - language: de-DE # German', '      pages: [a]']),
    after: lf(['navigation:', '  languages:', '    - language: de # German', '      pages: [a]']),
  },
  // expanded-top-level: remove the key, its value and its comma
  {
    name: 'tabs and CRLF, in the middle',
    code: 'expanded-top-level',
    before: crlf([
      '{',
      '\t"navigation": {',
      '\t\t"groups": [',
      '\t\t\t{',
      '\t\t\t\t"group": "A",',
      '\t\t\t\t"expanded": false,',
      '\t\t\t\t"pages": ["a"]',
      '\t\t\t}',
      '\t\t]',
      '\t}',
      '}',
    ]),
    after: crlf(['{', '\t"navigation": {', '\t\t"groups": [', '\t\t\t{', '\t\t\t\t"group": "A",', '\t\t\t\t"pages": ["a"]', '\t\t\t}', '\t\t]', '\t}', '}']),
  },
  {
    name: 'compact one-line JSON, first and last',
    code: 'expanded-top-level',
    before: '{"navigation":{"groups":[{"expanded":true,"group":"A","pages":["a"]},{"group":"B","pages":["b"],"expanded":true}]}}',
    after: '{"navigation":{"groups":[{"group":"A","pages":["a"]},{"group":"B","pages":["b"]}]}}',
  },
  {
    name: 'YAML with comments, own line and after the dash',
    code: 'expanded-top-level',
    file: 'docs.yaml',
    before: lf([
      'navigation:',
      '  groups:',
      '    - group: A',
      '      expanded: true # no effect',
      '      pages: [a]',
      '    - expanded: false',
      '      group: B',
      '      pages: [b]',
    ]),
    after: lf(['navigation:', '  groups:', '    - group: A', '      pages: [a]', '    - group: B', '      pages: [b]']),
  },
  // redirect-chain: the destination rewritten to where the chain ends
  {
    name: 'compact one-line JSON, a chain of three',
    code: 'redirect-chain',
    pages: ['a.mdx', 'b.mdx'],
    before:
      '{"navigation":{"pages":["a","b"]},"redirects":[{"source":"/x","destination":"/y"},{"source":"/y","destination":"/z#part"},{"source":"/z","destination":"/b"}]}',
    after:
      '{"navigation":{"pages":["a","b"]},"redirects":[{"source":"/x","destination":"/b#part"},{"source":"/y","destination":"/b#part"},{"source":"/z","destination":"/b"}]}',
  },
  {
    name: 'YAML with comments and quotes',
    code: 'redirect-chain',
    file: 'docs.yaml',
    pages: ['a.mdx', 'b.mdx'],
    before: lf([
      'navigation:',
      '  pages: [a, b]',
      'redirects:',
      '  - source: /x # old',
      "    destination: '/y' # moved once",
      '  - source: /y',
      '    destination: /b',
    ]),
    after: lf([
      'navigation:',
      '  pages: [a, b]',
      'redirects:',
      '  - source: /x # old',
      "    destination: '/b' # moved once",
      '  - source: /y',
      '    destination: /b',
    ]),
  },
];

/** Fixes in page bodies: a docs root on disk (docs.json listing `pages`), one page fixed. */
interface PageCase {
  name: string;
  code: string;
  pages: Record<string, string>;
  page: string;
  after: string;
}

const pageCases: PageCase[] = [
  {
    name: 'a link whose case differs from one page',
    code: 'link-not-found',
    pages: { 'index.mdx': 'See [setup](/Guides/Setup#install).\n', 'guides/setup.mdx': '# Setup\n\n## Install\n' },
    page: 'index.mdx',
    after: 'See [setup](/guides/setup#install).\n',
  },
  {
    name: 'a fragment whose case differs from one heading',
    code: 'anchor-not-found',
    pages: { 'index.mdx': 'See [install](/guides/setup#Install).\n', 'guides/setup.mdx': '# Setup\n\n## Install\n' },
    page: 'index.mdx',
    after: 'See [install](/guides/setup#install).\n',
  },
];

describe('fixes, per fixable code', () => {
  it('covers every fixable code', () => {
    expect(new Set([...cases, ...pageCases].map((c) => c.code))).toEqual(new Set(FIXABLE_CODES));
  });

  it.each(pageCases.map((c) => [`${c.code}: ${c.name}`, c] as const))('%s', (_, c) => {
    const root = mkdtempSync(path.join(tmpdir(), 'docsnav-page-fix-'));
    const pageNames = Object.keys(c.pages).map((file) => file.replace(/\.mdx$/, ''));
    writeFileSync(path.join(root, 'docs.json'), JSON.stringify({ navigation: { pages: pageNames } }));
    for (const [file, text] of Object.entries(c.pages)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
    const result = fixFile(path.join(root, 'docs.json'));
    expect(result.before.filter((p) => p.code === c.code).every((p) => p.fix !== undefined)).toBe(true);
    expect(result.files.map((f) => path.relative(root, f.file))).toEqual([c.page]);
    expect(result.files[0].after).toBe(c.after);
    expect(result.after.problems).toEqual([]);
  });

  it.each(cases.map((c) => [`${c.code}: ${c.name}`, c] as const))('%s', (_, c) => {
    const options = { ...c.options, file: c.file ?? 'docs.json', ...(c.pages ? { files: rootOf(c.pages) } : {}) };
    const problems = validateText(c.before, options).problems;
    expect(problems.map((p) => p.code)).toContain(c.code);
    expect(problems.filter((p) => p.code === c.code && p.fix === undefined)).toHaveLength(c.waiting ?? 0);
    const after = fixed(c.before, options);
    expect(after).toBe(c.after);
    expect(validateText(after, options).problems).toEqual([]);
  });
});

describe('what gets no fix', () => {
  const fixOf = (text: string, code: string, options: FixOptions = {}) => {
    const found = validateText(text, options).problems.filter((p) => p.code === code);
    expect(found.length, `a ${code} problem`).toBeGreaterThan(0);
    return found.map((p) => p.fix);
  };

  it('a missing page, a mixed element, a missing field: suggestions only', () => {
    const text = '{"navigation":{"tabs":[{"tab":"A","pages":["a"],"groups":[{"group":"B"}]}]}}';
    const problems = validateText(text, { files: { root: '.', hasFile: () => false, filesIn: () => ['ab.mdx'] } }).problems;
    expect(problems.map((p) => p.code).sort()).toEqual(['missing-field', 'mixed-children', 'page-not-found']);
    expect(problems.every((p) => p.fix === undefined)).toBe(true);
    expect(fixText(text).files).toEqual([]);
  });

  it('unknown-field: the suggested key is already there, or the value is not of its type', () => {
    expect(fixOf('{"navigation":{"groups":[{"group":"A","pages":[{"group":"B","expand":true,"expanded":false,"pages":["b"]}]}]}}', 'unknown-field')).toEqual([
      undefined,
    ]);
    // `{ "page": "intro" }` is not a group with `pages: "intro"`.
    expect(fixOf('{"navigation":{"groups":[{"group":"A","pages":[{"group":"B","pages":["b"],"page":"intro"}]}]}}', 'unknown-field')).toEqual([undefined]);
  });

  it('unknown-field and invalid-value: no suggestion, no fix', () => {
    expect(fixOf('{"navigation":{"groups":[{"group":"A","pages":["a"],"zzzzzz":1}]}}', 'unknown-field')).toEqual([undefined]);
    expect(fixOf('{"navigation":{"directory":"grid","pages":["a"]}}', 'invalid-value')).toEqual([undefined]);
  });

  it('duplicate-page in another list keeps both (which one to drop is a choice)', () => {
    const text = '{"navigation":{"groups":[{"group":"A","pages":["a"]},{"group":"B","pages":["a","b"]}]}}';
    expect(fixOf(text, 'duplicate-page')).toEqual([undefined]);
  });

  it('language-code: only under the spec profile, and only to the same language', () => {
    const ptBr = '{"navigation":{"languages":[{"language":"pt-br","pages":["a"]}]}}';
    expect(fixOf(ptBr, 'language-code', { profile: 'spec' })[0]).toBeDefined();
    expect(fixOf(ptBr, 'language-code')[0]).toBeDefined();
    // Issue 42: a code the platform accepts (`uk`, `ja`) gets the platform profile, not the spec's spelling
    // (`ua`, which the platform refuses): no suggestion, no fix.
    for (const code of ['uk', 'ja']) {
      const text = `{"navigation":{"languages":[{"language":"${code}","pages":["a"]}]}}`;
      expect(fixOf(text, 'language-code')).toEqual([undefined]);
      expect(validateText(text, { profile: 'platform' }).problems.filter((p) => p.code === 'language-code')).toEqual([]);
    }
    const ua = '{"navigation":{"languages":[{"language":"ua","pages":["a"]}]}}';
    expect(
      validateText(ua, { profile: 'platform' })
        .problems.filter((p) => p.code === 'language-code')
        .map((p) => p.suggest),
    ).toEqual(['uk']);
    expect(fixOf(ua, 'language-code', { profile: 'platform' })).toEqual([undefined]);
    // `ene` is near `en`, but a guess is not a spelling.
    expect(fixOf('{"navigation":{"languages":[{"language":"ene","pages":["a"]}]}}', 'language-code')).toEqual([undefined]);
  });

  it('YAML: a block scalar and a lone member are left alone', () => {
    expect(fixOf(lf(['navigation:', '  pages:', '    - >-', '      index.mdx']), 'page-path', { file: 'docs.yaml' })).toEqual([undefined]);
    expect(fixText(lf(['navigation:', '  groups:', '    - {group: A, pages: [a, a]}']), { file: 'docs.yaml' }).files[0].after).toBe(
      lf(['navigation:', '  groups:', '    - {group: A, pages: [a]}']),
    );
  });
});

describe('passes', () => {
  it('fixes that do not meet are applied in one pass', () => {
    // `/a` is page `a` (one URL on the platform), so the later `a` is already its duplicate.
    const result = fixText('{"navigation":{"pages":["/a","b","a"]}}');
    expect(result.applied.map((a) => `${a.pass} ${a.code} ${a.pointer}`)).toEqual(['1 page-path /navigation/pages/0', '1 duplicate-page /navigation/pages/2']);
    expect(result.files[0].after).toBe('{"navigation":{"pages":["a","b"]}}');
    expect(result.passes).toBe(1);
  });

  it('overlapping and touching fixes wait for the next pass', () => {
    // Removing entry 1 (`, "/a"`), rewriting it, and removing entry 2 (`, "a"`, touching the first) all meet.
    const result = fixText('{"navigation":{"pages":["a","/a","a"]}}');
    expect(result.applied.map((a) => `${a.pass} ${a.code} ${a.pointer}`)).toEqual([
      '1 duplicate-page /navigation/pages/1',
      '2 duplicate-page /navigation/pages/1',
    ]);
    expect(result.files[0].after).toBe('{"navigation":{"pages":["a"]}}');
  });

  it('two fixes on one value: the second is computed again from the new text', () => {
    // The page is both untidy and a duplicate: removing it and rewriting it overlap.
    const text = '{"navigation":{"pages":["a","/a"]}}';
    const problems = validateText(text).problems;
    expect(problems.map((p) => p.code).sort()).toEqual(['duplicate-page', 'page-path']);
    const { chosen, waiting } = chooseFixes(problems.map((p) => ({ ...p, fix: p.fix! })));
    expect(chosen).toHaveLength(1);
    expect(waiting).toHaveLength(1);
    expect(fixed(text)).toBe('{"navigation":{"pages":["a"]}}');
  });

  it('`expand` on a top-level group is removed, not renamed to an `expanded` that would have no effect (its report says so)', () => {
    const text = lf(['{', '  "navigation": {', '    "groups": [{ "group": "A", "expand": true, "pages": ["a"] }]', '  }', '}']);
    const result = fixText(text);
    expect(result.before.map((p) => [p.code, p.suggest, /Remove it\.$/.test(p.message)])).toEqual([['unknown-field', undefined, true]]);
    expect(result.applied.map((a) => `${a.pass} ${a.code}`)).toEqual(['1 unknown-field']);
    expect(result.files[0].after).toBe(lf(['{', '  "navigation": {', '    "groups": [{ "group": "A", "pages": ["a"] }]', '  }', '}']));
    expect(result.fixed.map((p) => p.code)).toEqual(['unknown-field']);
    expect(result.introduced).toEqual([]);
    expect(result.after.problems).toEqual([]);
  });

  it('stops after maxPasses', () => {
    const result = fixText('{"navigation":{"groups":[{"group":"A","exapnded":true,"pages":["a"]}]}}', { maxPasses: 1 });
    expect(result.passes).toBe(1);
    expect(result.files[0].after).toBe('{"navigation":{"groups":[{"group":"A","expanded":true,"pages":["a"]}]}}');
    expect(result.after.problems.map((p) => p.code)).toEqual(['expanded-top-level']);
    expect(result.introduced.map((p) => p.code)).toEqual(['expanded-top-level']);
  });

  it('reports what was fixed, what remains and why', () => {
    const text = '{"navigation":{"groups":[{"group":"A","expanded":true,"pages":["a.md"]},{"group":"B"}]}}';
    const result = fixText(text);
    expect(result.fixed.map((p) => p.code).sort()).toEqual(['expanded-top-level', 'page-path']);
    expect(result.remaining.map((p) => p.code)).toEqual(['missing-field']);
    expect(result.before).toHaveLength(3);
  });

  it('applyEdits refuses overlapping edits', () => {
    expect(
      applyEdits('abcdef', [
        { start: 4, end: 6, text: 'X' },
        { start: 0, end: 1, text: '' },
      ]),
    ).toBe('bcdX');
    expect(() =>
      applyEdits('abcdef', [
        { start: 0, end: 3, text: '' },
        { start: 2, end: 4, text: '' },
      ]),
    ).toThrow(RangeError);
  });
});

describe('$ref targets', () => {
  function site() {
    const dir = mkdtempSync(path.join(tmpdir(), 'docsnav-fix-ref-'));
    mkdirSync(path.join(dir, 'nav'));
    writeFileSync(
      path.join(dir, 'docs.json'),
      lf(['{', '  "navigation": {', '    "languages": [{ "$ref": "./nav/de.json" }, { "$ref": "./nav/en.yaml" }]', '  }', '}']),
    );
    writeFileSync(
      path.join(dir, 'nav', 'de.json'),
      lf(['{', '  "language": "de-DE",', '  "groups": [{ "group": "Start", "expanded": true, "pages": ["index.mdx"] }]', '}']),
    );
    writeFileSync(path.join(dir, 'index.mdx'), '# Home\n');
    mkdirSync(path.join(dir, 'en'));
    writeFileSync(path.join(dir, 'en', 'index.mdx'), '# Home\n');
    writeFileSync(
      path.join(dir, 'nav', 'en.yaml'),
      lf(['language: en # default', 'groups:', '  - group: Start', '    pages:', '      - en/index', '      - en/index # twice']),
    );
    return dir;
  }

  it('fixes a $ref target in its own file, and leaves the file that names it alone', () => {
    const dir = site();
    const main = path.join(dir, 'docs.json');
    const before = readFileSync(main, 'utf8');
    const result = fixFile(main);
    expect(result.files.map((f) => path.relative(dir, f.file)).sort()).toEqual(['nav/de.json', 'nav/en.yaml']);
    expect(readFileSync(main, 'utf8')).toBe(before);
    expect(readFileSync(path.join(dir, 'nav', 'de.json'), 'utf8')).toBe(
      lf(['{', '  "language": "de",', '  "groups": [{ "group": "Start", "pages": ["index"] }]', '}']),
    );
    expect(readFileSync(path.join(dir, 'nav', 'en.yaml'), 'utf8')).toBe(
      lf(['language: en # default', 'groups:', '  - group: Start', '    pages:', '      - en/index']),
    );
    expect(result.after.problems).toEqual([]);
    expect(fixFile(main).files).toEqual([]);
  });

  it('dry run: the same result, nothing written', () => {
    const dir = site();
    const de = path.join(dir, 'nav', 'de.json');
    const before = readFileSync(de, 'utf8');
    const result = fixFile(path.join(dir, 'docs.json'), { dryRun: true });
    expect(result.written).toEqual([]);
    expect(result.files).toHaveLength(2);
    expect(readFileSync(de, 'utf8')).toBe(before);
  });
});
