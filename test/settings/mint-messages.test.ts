/**
 * mint-json-invalid's words, whole, and the versions rule beyond the legacy schema (a `version`
 * used in `navigation` must be listed in `versions`: a string, or an entry's `name` without a
 * `url`). mint-json.test.ts checks files, pointers and severities; here every sentence, and the
 * values the check must survive (null entries, a mint.json that is null or an array). Found by the
 * settings mutation run (docs/mutation-scores.md).
 */
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateText } from '../../src/validate.js';
import { memoryFiles } from '../rules/harness.js';
import { BASE, MINT } from './cases.js';

const text = (value: unknown) => JSON.stringify(value, null, 2);
const withMint = (changes: Record<string, unknown>) => text({ ...MINT, ...changes });

function problemsWith(readFile: (file: string) => string | undefined) {
  return validateText(text(BASE), { file: '/site/docs.json', root: '/site', readFile, files: memoryFiles(['index.mdx']), profile: 'platform' }).problems;
}

/** [pointer, message, suggest?] of every problem, each an error in /site/mint.json. */
type Expected = [string, string] | [string, string, string];

const CASES: Array<{ name: string; mint: string; expected: Expected[] }> = [
  {
    name: 'a version with its own url is not listed',
    mint: withMint({
      versions: [{ name: 'v2', url: 'https://v2.example.com' }, { name: 'v3' }],
      navigation: [
        { group: 'G', version: 'v2', pages: ['index'] },
        { group: 'H', version: 'v3', pages: ['index'] },
      ],
    }),
    expected: [
      [
        '/navigation/0/version',
        'mint.json: version "v2" is used in `navigation` but not listed in `versions`. The build validates a mint.json that sits beside docs.json and fails on this, although docs.json replaces it: delete mint.json (or fix this).',
      ],
    ],
  },
  {
    name: 'versions with a null entry and a null page',
    mint: withMint({
      versions: [null, 'v1'],
      navigation: [{ group: 'G', version: 'v1', pages: ['index', null, { group: 'Old', version: 'v0', pages: ['old'] }] }],
    }),
    expected: [
      [
        '/navigation/0/pages/1',
        'mint.json: `navigation[0].pages[1]` must be an object or a string, not null. The build validates a mint.json that sits beside docs.json and fails on this, although docs.json replaces it: delete mint.json (or fix this).',
      ],
      [
        '/navigation/0/pages/2/version',
        'mint.json: version "v0" is used in `navigation` but not listed in `versions`. The build validates a mint.json that sits beside docs.json and fails on this, although docs.json replaces it: delete mint.json (or fix this).',
      ],
      [
        '/versions/0',
        'mint.json: `versions[0]` must be a string or an object, not null. The build validates a mint.json that sits beside docs.json and fails on this, although docs.json replaces it: delete mint.json (or fix this).',
      ],
    ],
  },
  {
    name: 'a null group in navigation',
    mint: withMint({ navigation: [null, { group: 'G', version: 'v9', pages: ['index'] }] }),
    expected: [
      [
        '/navigation/0',
        'mint.json: `navigation[0]` must be an object, not null. The build validates a mint.json that sits beside docs.json and fails on this, although docs.json replaces it: delete mint.json (or fix this).',
      ],
      [
        '/navigation/1/version',
        'mint.json: version "v9" is used in `navigation` but not listed in `versions`. The build validates a mint.json that sits beside docs.json and fails on this, although docs.json replaces it: delete mint.json (or fix this).',
      ],
    ],
  },
  {
    name: 'mint.json that is null',
    mint: 'null',
    expected: [
      [
        '',
        'mint.json must be an object, not null. The build validates a mint.json that sits beside docs.json and fails on this, although docs.json replaces it: delete mint.json (or fix this).',
      ],
    ],
  },
  {
    name: 'mint.json that is an array',
    mint: '[]',
    expected: [
      [
        '',
        'mint.json must be an object, not an array. The build validates a mint.json that sits beside docs.json and fails on this, although docs.json replaces it: delete mint.json (or fix this).',
      ],
    ],
  },
  {
    name: 'versions given as one string',
    mint: withMint({ versions: 'v1', navigation: [{ group: 'G', version: 'v', pages: ['index'] }] }),
    expected: [
      [
        '/navigation/0/version',
        'mint.json: version "v" is used in `navigation` but not listed in `versions`. The build validates a mint.json that sits beside docs.json and fails on this, although docs.json replaces it: delete mint.json (or fix this).',
      ],
      [
        '/versions',
        'mint.json: `versions` must be an array, not "v1". The build validates a mint.json that sits beside docs.json and fails on this, although docs.json replaces it: delete mint.json (or fix this).',
      ],
    ],
  },
  {
    name: 'a version entry whose name is a number',
    mint: withMint({ versions: [{ name: 2 }], navigation: [{ group: 'G', version: '2', pages: ['index'] }] }),
    expected: [
      [
        '/navigation/0/version',
        'mint.json: version "2" is used in `navigation` but not listed in `versions`. The build validates a mint.json that sits beside docs.json and fails on this, although docs.json replaces it: delete mint.json (or fix this).',
      ],
      [
        '/versions/0/name',
        'mint.json: `versions[0].name` must be a string, not 2. The build validates a mint.json that sits beside docs.json and fails on this, although docs.json replaces it: delete mint.json (or fix this).',
      ],
    ],
  },
  {
    name: 'an unknown key at the top of a group and in colors',
    mint: withMint({ colors: { primary: '#0D9373', accent: '#fff' } }),
    expected: [
      [
        '/colors/accent',
        'mint.json: `accent` is not a field of `colors`, which takes only `primary`, `light`, `dark`, `background`, `anchors`, `ultraLight` and `ultraDark`. The build validates a mint.json that sits beside docs.json and fails on this, although docs.json replaces it: delete mint.json (or fix this).',
      ],
    ],
  },
  {
    name: 'navigation that is empty',
    mint: withMint({ navigation: [] }),
    expected: [
      [
        '/navigation',
        'mint.json: `navigation` must hold at least 1 group. The build validates a mint.json that sits beside docs.json and fails on this, although docs.json replaces it: delete mint.json (or fix this).',
      ],
    ],
  },
  {
    name: 'a group of a page that is an empty string',
    mint: withMint({ navigation: [{ group: 'G', pages: [''] }] }),
    expected: [
      [
        '/navigation/0/pages/0',
        'mint.json: `navigation[0].pages[0]` cannot be empty. The build validates a mint.json that sits beside docs.json and fails on this, although docs.json replaces it: delete mint.json (or fix this).',
      ],
    ],
  },
  {
    name: 'a top anchor without a name',
    mint: withMint({ topAnchor: {} }),
    expected: [
      [
        '/topAnchor',
        'mint.json: `topAnchor` needs `name`. The build validates a mint.json that sits beside docs.json and fails on this, although docs.json replaces it: delete mint.json (or fix this).',
      ],
    ],
  },
  {
    name: 'a default version set to false',
    mint: withMint({
      versions: [
        { name: 'v1', default: false },
        { name: 'v2', default: 'yes' },
      ],
    }),
    expected: [
      [
        '/versions/0/default',
        'mint.json: `versions[0].default` can only be true; leave it out otherwise. The build validates a mint.json that sits beside docs.json and fails on this, although docs.json replaces it: delete mint.json (or fix this).',
      ],
      [
        '/versions/1/default',
        'mint.json: `versions[1].default` must be true, not "yes". The build validates a mint.json that sits beside docs.json and fails on this, although docs.json replaces it: delete mint.json (or fix this).',
      ],
    ],
  },
  {
    name: 'a nested group with an empty page',
    mint: withMint({ navigation: [{ group: 'G', pages: [{ group: 'Inner', pages: [''] }] }] }),
    expected: [
      [
        '/navigation/0/pages/0/pages/0',
        'mint.json: `navigation[0].pages[0].pages[0]` cannot be empty. The build validates a mint.json that sits beside docs.json and fails on this, although docs.json replaces it: delete mint.json (or fix this).',
      ],
    ],
  },
  {
    name: 'a version entry with an empty url, one that is a number',
    mint: withMint({ versions: [{ name: 'v2', url: '' }, 5], navigation: [{ group: 'G', version: 'v2', pages: ['index'] }] }),
    expected: [
      [
        '/versions/0/url',
        'mint.json: `versions[0].url` cannot be empty. The build validates a mint.json that sits beside docs.json and fails on this, although docs.json replaces it: delete mint.json (or fix this).',
      ],
      [
        '/versions/1',
        'mint.json: `versions[1]` must be a string or an object, not 5. The build validates a mint.json that sits beside docs.json and fails on this, although docs.json replaces it: delete mint.json (or fix this).',
      ],
    ],
  },
  {
    name: 'a versioned group without pages',
    mint: withMint({ versions: ['v1'], navigation: [{ group: 'G', version: 'v1' }] }),
    expected: [
      [
        '/navigation/0',
        'mint.json: `navigation[0]` needs `pages`. The build validates a mint.json that sits beside docs.json and fails on this, although docs.json replaces it: delete mint.json (or fix this).',
      ],
    ],
  },
];

describe('mint-json-invalid: the whole message of each problem', () => {
  it.each(CASES)('$name', ({ mint, expected }) => {
    const problems = problemsWith((file) => (file === '/site/mint.json' ? mint : undefined));
    expect(problems.map((p) => [p.pointer, p.message, ...(p.suggest !== undefined ? [p.suggest] : [])])).toEqual(expected);
    for (const problem of problems) expect([problem.code, problem.severity, problem.file]).toEqual(['mint-json-invalid', 'error', '/site/mint.json']);
  });
});

describe('mint-json-invalid: a mint.json that cannot be read', () => {
  it('one the build cannot read either fails it (an error at the top of docs.json)', () => {
    const denied = Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
    const result = validateText(text(BASE), {
      file: '/site/docs.json',
      root: '/site',
      readFile: (file) => {
        if (file === '/site/mint.json') throw denied;
        return undefined;
      },
      files: memoryFiles(['index.mdx']),
      profile: 'platform',
    });
    // Nothing was read from it: the report shows docs.json only.
    expect(Object.keys(result.sources)).toEqual(['/site/docs.json']);
    const problems = result.problems;
    expect(problems.map((p) => [p.code, p.severity, p.file, p.pointer, p.message])).toEqual([
      [
        'mint-json-invalid',
        'error',
        '/site/docs.json',
        '',
        '/site/mint.json cannot be read: EACCES. The build fails reading a mint.json beside docs.json: delete it.',
      ],
    ]);
  });

  describe('on disk', () => {
    const outside = mkdtempSync(path.join(tmpdir(), 'docsnav-mint-outside-'));
    const root = mkdtempSync(path.join(tmpdir(), 'docsnav-mint-link-'));
    afterAll(() => {
      rmSync(root, { recursive: true, force: true });
      rmSync(outside, { recursive: true, force: true });
    });

    it('one outside the docs root (a symlink) is not read: a warning that it was not checked', () => {
      writeFileSync(path.join(outside, 'mint.json'), text(MINT));
      writeFileSync(path.join(root, 'docs.json'), text(BASE));
      writeFileSync(path.join(root, 'index.mdx'), '# Hi\n');
      symlinkSync(path.join(outside, 'mint.json'), path.join(root, 'mint.json'));
      const problems = validateText(text(BASE), { file: path.join(root, 'docs.json'), root, profile: 'platform' }).problems;
      expect(problems.map((p) => [path.basename(p.file), p.code, p.severity, p.pointer, p.message])).toEqual([
        [
          'docs.json',
          'mint-json-invalid',
          'warning',
          '',
          `${path.join(root, 'mint.json')} leads outside the docs root (through a symlink), so it is not read. It was not checked; the build validates a mint.json beside docs.json and fails when it is invalid: delete it.`,
        ],
      ]);
    });
  });
});

describe('mint-json-invalid: what the parser finds', () => {
  const colors = (ref: string) => withMint({ colors: { $ref: ref } });
  it.each([
    {
      name: 'a byte order mark is not a failure',
      files: { '/site/mint.json': `\uFEFF${withMint({})}` },
      expected: [
        [
          '/site/mint.json',
          '',
          'info',
          'mint.json sits beside docs.json: the platform uses docs.json and ignores it, but its build still validates it and fails whenever it is invalid. Delete it.',
        ],
      ],
    },
    {
      name: 'a $ref cycle',
      files: { '/site/mint.json': colors('./colors.json'), '/site/colors.json': '{ "$ref": "./colors.json" }' },
      expected: [
        [
          '/site/colors.json',
          '/$ref',
          'error',
          '`$ref` "./colors.json" leads back to a file that is already being included (a cycle). The build cannot resolve it in a mint.json beside docs.json and fails: delete mint.json (or fix this).',
        ],
      ],
    },
    {
      name: 'a $ref outside the docs root',
      files: { '/site/mint.json': colors('../shared/colors.json') },
      expected: [
        [
          '/site/mint.json',
          '/colors/$ref',
          'error',
          '`$ref` "../shared/colors.json" points outside the project root (/site). The build cannot resolve it in a mint.json beside docs.json and fails: delete mint.json (or fix this).',
        ],
      ],
    },
  ])('$name', ({ files, expected }) => {
    const problems = problemsWith((file) => (files as Record<string, string>)[file]);
    expect(problems.map((p) => [p.file, p.pointer, p.severity, p.message])).toEqual(expected);
  });

  it('points at an unknown key, not its value, and lists only the files it read', () => {
    const mint = withMint({ colors: { primary: '#0D9373', accent: '#fff' } });
    const result = validateText(text(BASE), {
      file: '/site/docs.json',
      root: '/site',
      readFile: (file) => (file === '/site/mint.json' ? mint : undefined),
      files: memoryFiles(['index.mdx']),
      profile: 'platform',
    });
    const [problem] = result.problems;
    const line = mint.split('\n')[problem.line - 1];
    expect(line.slice(problem.column - 1, problem.endColumn - 1)).toBe('"accent"');
    expect(Object.keys(result.sources)).toEqual(['/site/docs.json', '/site/mint.json']);
    const without = validateText(text(BASE), {
      file: '/site/docs.json',
      root: '/site',
      readFile: () => undefined,
      files: memoryFiles(['index.mdx']),
      profile: 'platform',
    });
    expect(Object.keys(without.sources)).toEqual(['/site/docs.json']);
  });
});
