/**
 * More of src/fix/compute.ts's refusals, each with the one condition that refuses it false in a
 * case beside it (the survivors of the fix target's whole run): a problem in a file not given or
 * not parsed, a redirect asked for outside the main file or in words that are not a move, an empty
 * entry outside `pages`, a value of another type, a region code, a list for a parent.
 */
import { describe, expect, it } from 'vitest';
import { applyEdits } from '../../src/fix/apply.js';
import { attachFixes } from '../../src/fix/compute.js';
import type { Problem } from '../../src/problem.js';
import { parseSource } from '../../src/source/index.js';
import { nav, one, type Case } from './compute-harness.js';

const cases: Case[] = [
  // invalid-value: an empty entry is removed only from a `pages` list
  ['invalid-value: an empty page entry', nav('{"pages": ["a", ""]}'), { code: 'invalid-value', pointer: '/navigation/pages/1' }, nav('{"pages": ["a"]}')],
  [
    'invalid-value: an empty entry of another list',
    nav('{"pages": ["a"], "tags": ["x", ""]}'),
    { code: 'invalid-value', pointer: '/navigation/tags/1' },
    undefined,
  ],
  ['invalid-value: an empty value of a key', nav('{"group": "", "pages": ["a"]}'), { code: 'invalid-value', pointer: '/navigation/group' }, undefined],
  ['invalid-value: a page entry that is not empty', nav('{"pages": ["a", "b"]}'), { code: 'invalid-value', pointer: '/navigation/pages/1' }, undefined],
  [
    'invalid-value: an empty member of an object named pages',
    nav('{"pages": {"x": "", "y": "a"}}'),
    { code: 'invalid-value', pointer: '/navigation/pages/x' },
    undefined,
  ],
  ['invalid-value: an empty key named pages', '{"pages": "", "navigation": {"pages": ["a"]}}', { code: 'invalid-value', pointer: '/pages' }, undefined],
  // page-path: the suggestion replaces a string only
  [
    'page-path: an object entry',
    nav('{"pages": [{"group": "G", "pages": ["a"]}, "b"]}'),
    { code: 'page-path', pointer: '/navigation/pages/0', suggest: 'a' },
    undefined,
  ],
  // redirect-chain: the final destination, for a string with a suggestion
  [
    'redirect-chain: to the final destination',
    '{"redirects": [{"source": "/a", "destination": "/b"}]}',
    { code: 'redirect-chain', pointer: '/redirects/0/destination', suggest: '/c' },
    '{"redirects": [{"source": "/a", "destination": "/c"}]}',
  ],
  [
    'redirect-chain: no suggestion',
    '{"redirects": [{"source": "/a", "destination": "/b"}]}',
    { code: 'redirect-chain', pointer: '/redirects/0/destination' },
    undefined,
  ],
  [
    'redirect-chain: not a string',
    '{"redirects": [{"source": "/a", "destination": ["/b"]}]}',
    { code: 'redirect-chain', pointer: '/redirects/0/destination', suggest: '/c' },
    undefined,
  ],
  // language-code: a region of the same language, not in the alias table
  [
    'language-code: it-IT -> it',
    nav('{"languages": [{"language": "it-IT"}]}'),
    { code: 'language-code', pointer: '/navigation/languages/0/language', suggest: 'it' },
    nav('{"languages": [{"language": "it"}]}'),
  ],
  [
    'language-code: a language whose name starts like the suggestion',
    nav('{"languages": [{"language": "itx"}]}'),
    { code: 'language-code', pointer: '/navigation/languages/0/language', suggest: 'it' },
    undefined,
  ],
  // expanded-top-level: removed from an object only
  [
    'expanded-top-level: an item of a list',
    nav('{"groups": [true, {"group": "G", "pages": ["a"]}]}'),
    { code: 'expanded-top-level', pointer: '/navigation/groups/0' },
    undefined,
  ],
  // duplicate-page: never the first copy, never an entry that is no page path
  ['duplicate-page: the first copy', nav('{"pages": ["a", "b", "a"]}'), { code: 'duplicate-page', pointer: '/navigation/pages/0' }, undefined],
  [
    'duplicate-page: an object entry',
    nav('{"pages": [{"group": "G", "pages": ["a"]}, {"group": "G", "pages": ["a"]}]}'),
    { code: 'duplicate-page', pointer: '/navigation/pages/1' },
    undefined,
  ],
  ['duplicate-page: the list itself', nav('{"pages": ["a", "a"]}'), { code: 'duplicate-page', pointer: '/navigation/pages' }, undefined],
  [
    'duplicate-page: a later copy after objects in the list',
    nav('{"pages": [{"group": "G", "pages": ["a"]}, "a", "b", "a"]}'),
    { code: 'duplicate-page', pointer: '/navigation/pages/3' },
    nav('{"pages": [{"group": "G", "pages": ["a"]}, "a", "b"]}'),
  ],
  // unknown-field: the nearest key, compared whatever the case; a tie with another key is left to a person
  ['unknown-field: as near to tab as to tabs', nav('{"tabx": []}'), { code: 'unknown-field', pointer: '/navigation/tabx', suggest: 'tabs' }, undefined],
  [
    'unknown-field: a key in capitals',
    nav('{"group": "G", "EXPANDD": true, "pages": ["a"]}'),
    { code: 'unknown-field', pointer: '/navigation/EXPANDD', suggest: 'expanded' },
    nav('{"group": "G", "expanded": true, "pages": ["a"]}'),
  ],
];

describe('attachFixes: refusals beside the fixes they refuse', () => {
  it.each(cases)('%s', (_, text, problem, after, profile) => {
    expect(one('docs.json', text, problem, profile)).toBe(after);
  });

  it('gives a JSON file JSON edits: a removal takes its comma, never a YAML rewrite', () => {
    const text = '{\n  "navigation": {\n    "pages": [\n      "a",\n      "b",\n      "a"\n    ]\n  }\n}\n';
    expect(one('docs.json', text, { code: 'duplicate-page', pointer: '/navigation/pages/2' })).toBe(
      '{\n  "navigation": {\n    "pages": [\n      "a",\n      "b"\n    ]\n  }\n}\n',
    );
  });
});

/** A problem as a rule reports it in `file`, located in `text`. */
function problemIn(file: string, text: string, fields: Pick<Problem, 'code' | 'pointer' | 'message'> & { suggest?: string }): Problem {
  return { severity: 'error', file, ...fields, ...parseSource(file, text).locate(fields.pointer) };
}

/** redirect-missing's words for a page moved from `from` to `to` (src/rules/redirect-missing.ts's `moved`). */
const moved = (from: string, to: string) =>
  `Page URL "/${from}" was served at main and has moved to "/${to}", with no redirect: links to the old URL break. Add { "source": "/${from}", "destination": "/${to}" } to redirects.`;

describe("attachFixes: a redirect only for a move, only in the main file's text", () => {
  const main = '{\n  "navigation": {\n    "pages": ["guides/start"]\n  }\n}\n';

  it('adds the redirect a move asks for', () => {
    const problem = problemIn('docs.json', main, {
      code: 'redirect-missing',
      pointer: '/navigation/pages/0',
      message: moved('start', 'guides/start'),
      suggest: '/guides/start',
    });
    attachFixes([problem], [parseSource('docs.json', main)]);
    expect(applyEdits(main, problem.fix!.edits)).toBe(
      '{\n  "navigation": {\n    "pages": ["guides/start"]\n  },\n  "redirects": [\n    { "source": "/start", "destination": "/guides/start" }\n  ]\n}\n',
    );
  });

  it('none for a problem of another file, of another code, or in words that are not a move', () => {
    const ref = '{\n  "pages": ["guides/start"]\n}\n';
    const problems = [
      problemIn('nav/en.json', ref, { code: 'redirect-missing', pointer: '/pages/0', message: moved('start', 'guides/start'), suggest: '/guides/start' }),
      problemIn('docs.json', main, {
        code: 'page-not-found',
        pointer: '/navigation/pages/0',
        message: moved('start', 'guides/start'),
        suggest: '/guides/start',
      }),
      problemIn('docs.json', main, {
        code: 'redirect-missing',
        pointer: '/navigation/pages/0',
        message: 'Page URL "/start" is gone.',
        suggest: '/guides/start',
      }),
    ];
    attachFixes(problems, [parseSource('docs.json', main), parseSource('nav/en.json', ref)]);
    expect(problems.map((p) => p.fix)).toEqual([undefined, undefined, undefined]);
  });

  it('none when the main file does not parse, and no fix at all without files', () => {
    const broken = main.replace('"pages"', '"pages",');
    const problem = problemIn('docs.json', broken, {
      code: 'redirect-missing',
      pointer: '',
      message: moved('start', 'guides/start'),
      suggest: '/guides/start',
    });
    attachFixes([problem], [parseSource('docs.json', broken)]);
    expect(problem.fix).toBeUndefined();
    const alone = problemIn('docs.json', main, { code: 'duplicate-page', pointer: '/navigation/pages/0', message: 'twice' });
    expect(() => attachFixes([alone], [])).not.toThrow();
    expect(alone.fix).toBeUndefined();
  });

  it('none for a problem in a file not given', () => {
    const text = nav('{"pages": ["a", "a"]}');
    const problem = problemIn('other.json', text, { code: 'duplicate-page', pointer: '/navigation/pages/1', message: 'twice' });
    attachFixes([problem], [parseSource('docs.json', text)]);
    expect(problem.fix).toBeUndefined();
  });
});
