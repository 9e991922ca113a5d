/**
 * Which problems get a fix (src/fix/compute.ts), one problem at a time: the fix is offered only
 * when it is safe, and its edit does what the problem says. The problems are written here, as a
 * rule would report them (code, pointer, suggestion), so that the cases no rule reports today
 * (a value of another type, an empty suggestion, a profile other than the spec's) are stated too.
 */
import { describe, expect, it } from 'vitest';
import { attachFixes } from '../../src/fix/compute.js';
import type { Problem } from '../../src/problem.js';
import { parseSource } from '../../src/source/index.js';
import { fixed, nav, one, type Case } from './compute-harness.js';

const cases: Case[] = [
  // unknown-field: a rename to the one clear nearest key, of a type the new key takes
  [
    'unknown-field: expand -> expanded',
    nav('{"group": "G", "expand": true, "pages": []}'),
    { code: 'unknown-field', pointer: '/navigation/expand', suggest: 'expanded' },
    nav('{"group": "G", "expanded": true, "pages": []}'),
  ],
  ['unknown-field: no suggestion', nav('{"group": "G", "expand": true}'), { code: 'unknown-field', pointer: '/navigation/expand' }, undefined],
  [
    'unknown-field: the suggested key is there already',
    nav('{"group": "G", "expand": true, "expanded": false}'),
    { code: 'unknown-field', pointer: '/navigation/expand', suggest: 'expanded' },
    undefined,
  ],
  ['unknown-field: the parent is a list', nav('["a"]'), { code: 'unknown-field', pointer: '/navigation/0', suggest: 'pages' }, undefined],
  ['unknown-field: the whole document', '{"a": 1}', { code: 'unknown-field', pointer: '', suggest: 'pages' }, undefined],
  [
    'unknown-field: a value the new key does not take',
    nav('{"group": "G", "expand": "yes"}'),
    { code: 'unknown-field', pointer: '/navigation/expand', suggest: 'expanded' },
    undefined,
  ],
  [
    'unknown-field: a suggestion no clearer than another key',
    nav('{"group": "G", "pagez": []}'),
    { code: 'unknown-field', pointer: '/navigation/pagez', suggest: 'groups' },
    undefined,
  ],
  // invalid-value: a value of the enum that lists the suggestion, clearly nearest
  [
    'invalid-value: card',
    nav('{"group": "G", "expanded": true, "pages": [], "x": "cards"}'),
    { code: 'invalid-value', pointer: '/navigation/x', suggest: 'card' },
    nav('{"group": "G", "expanded": true, "pages": [], "x": "card"}'),
  ],
  ['invalid-value: no suggestion', nav('{"x": "cards"}'), { code: 'invalid-value', pointer: '/navigation/x' }, undefined],
  ['invalid-value: the value is not a string', nav('{"x": 3}'), { code: 'invalid-value', pointer: '/navigation/x', suggest: 'card' }, undefined],
  ['invalid-value: a suggestion no enum lists', nav('{"x": "cards"}'), { code: 'invalid-value', pointer: '/navigation/x', suggest: 'cardz' }, undefined],
  ['invalid-value: not clearly the nearest', nav('{"x": "nonr"}'), { code: 'invalid-value', pointer: '/navigation/x', suggest: 'card' }, undefined],
  // page-path: the suggested spelling
  [
    'page-path: the suggestion',
    nav('{"pages": ["/intro"]}'),
    { code: 'page-path', pointer: '/navigation/pages/0', suggest: 'intro' },
    nav('{"pages": ["intro"]}'),
  ],
  ['page-path: no suggestion', nav('{"pages": ["/intro"]}'), { code: 'page-path', pointer: '/navigation/pages/0' }, undefined],
  ['page-path: an empty suggestion', nav('{"pages": ["/"]}'), { code: 'page-path', pointer: '/navigation/pages/0', suggest: '' }, undefined],
  ['page-path: not a string', nav('{"pages": [3]}'), { code: 'page-path', pointer: '/navigation/pages/0', suggest: 'intro' }, undefined],
  // language-code: the same language in the spec's spelling, only under the spec profile
  [
    'language-code: EN -> en',
    nav('{"languages": [{"language": "EN"}]}'),
    { code: 'language-code', pointer: '/navigation/languages/0/language', suggest: 'en' },
    nav('{"languages": [{"language": "en"}]}'),
  ],
  [
    'language-code: de-DE -> de',
    nav('{"languages": [{"language": "de-DE"}]}'),
    { code: 'language-code', pointer: '/navigation/languages/0/language', suggest: 'de' },
    nav('{"languages": [{"language": "de"}]}'),
  ],
  [
    'language-code: uk -> ua',
    nav('{"languages": [{"language": "uk"}]}'),
    { code: 'language-code', pointer: '/navigation/languages/0/language', suggest: 'ua' },
    nav('{"languages": [{"language": "ua"}]}'),
  ],
  [
    'language-code: the platform profile',
    nav('{"languages": [{"language": "EN"}]}'),
    { code: 'language-code', pointer: '/navigation/languages/0/language', suggest: 'en' },
    undefined,
    'platform',
  ],
  [
    'language-code: the spec profile named',
    nav('{"languages": [{"language": "EN"}]}'),
    { code: 'language-code', pointer: '/navigation/languages/0/language', suggest: 'en' },
    nav('{"languages": [{"language": "en"}]}'),
    'spec',
  ],
  [
    'language-code: another language',
    nav('{"languages": [{"language": "fr"}]}'),
    { code: 'language-code', pointer: '/navigation/languages/0/language', suggest: 'de' },
    undefined,
  ],
  [
    'language-code: a region of another language',
    nav('{"languages": [{"language": "fr-DE"}]}'),
    { code: 'language-code', pointer: '/navigation/languages/0/language', suggest: 'de' },
    undefined,
  ],
  [
    'language-code: no suggestion',
    nav('{"languages": [{"language": "EN"}]}'),
    { code: 'language-code', pointer: '/navigation/languages/0/language' },
    undefined,
  ],
  [
    'language-code: not a string',
    nav('{"languages": [{"language": 1}]}'),
    { code: 'language-code', pointer: '/navigation/languages/0/language', suggest: 'en' },
    undefined,
  ],
  // expanded-top-level: the key goes
  [
    'expanded-top-level: removed',
    nav('{"groups": [], "expanded": true}'),
    { code: 'expanded-top-level', pointer: '/navigation/expanded' },
    nav('{"groups": []}'),
  ],
  ['expanded-top-level: no such key', nav('{"groups": []}'), { code: 'expanded-top-level', pointer: '/navigation/expanded' }, undefined],
  ['expanded-top-level: the parent is a list', nav('[true]'), { code: 'expanded-top-level', pointer: '/navigation/0' }, undefined],
  ['expanded-top-level: the whole document', '{"expanded": true}', { code: 'expanded-top-level', pointer: '' }, undefined],
  // duplicate-page: only the later copy in the same list
  [
    'duplicate-page: the later copy',
    nav('{"pages": ["a", "b", "a"]}'),
    { code: 'duplicate-page', pointer: '/navigation/pages/2' },
    nav('{"pages": ["a", "b"]}'),
  ],
  [
    'duplicate-page: the same page spelled with a leading slash',
    nav('{"pages": ["a", "/a"]}'),
    { code: 'duplicate-page', pointer: '/navigation/pages/1' },
    nav('{"pages": ["a"]}'),
  ],
  ['duplicate-page: the first copy stays', nav('{"pages": ["a", "b", "a"]}'), { code: 'duplicate-page', pointer: '/navigation/pages/0' }, undefined],
  ['duplicate-page: not in this list', nav('{"pages": ["a", "b"]}'), { code: 'duplicate-page', pointer: '/navigation/pages/1' }, undefined],
  ['duplicate-page: not in a list', nav('{"page": "a"}'), { code: 'duplicate-page', pointer: '/navigation/page' }, undefined],
  ['duplicate-page: not a string', nav('{"pages": [1, 1]}'), { code: 'duplicate-page', pointer: '/navigation/pages/1' }, undefined],
  [
    'duplicate-page: the same endpoint of the same spec',
    nav('{"pages": ["GET /a", "GET /a"]}'),
    { code: 'duplicate-page', pointer: '/navigation/pages/1' },
    nav('{"pages": ["GET /a"]}'),
  ],
  [
    'duplicate-page: the same endpoint of the same named spec',
    nav('{"pages": ["a.json GET /a", "a.json GET /a"]}'),
    { code: 'duplicate-page', pointer: '/navigation/pages/1' },
    nav('{"pages": ["a.json GET /a"]}'),
  ],
  [
    'duplicate-page: the same endpoint of another spec',
    nav('{"pages": ["a.json GET /a", "b.json GET /a"]}'),
    { code: 'duplicate-page', pointer: '/navigation/pages/1' },
    undefined,
  ],
  [
    'duplicate-page: an endpoint of a named spec and one without',
    nav('{"pages": ["GET /a", "a.json GET /a"]}'),
    { code: 'duplicate-page', pointer: '/navigation/pages/1' },
    undefined,
  ],
  // a code that has no fix
  ['page-not-found: never', nav('{"pages": ["a"]}'), { code: 'page-not-found', pointer: '/navigation/pages/0', suggest: 'b' }, undefined],
];

describe('attachFixes: a fix only when it is safe', () => {
  it.each(cases)('%s', (_name, text, problem, after, profile) => {
    expect(one('docs.json', text, problem, profile)).toBe(after);
  });

  it('a file that did not parse, or is not among the files, gets no fixes', () => {
    expect(one('docs.json', '{"navigation": {"pages": ["/a"]', { code: 'page-path', pointer: '/navigation/pages/0', suggest: 'a' })).toBeUndefined();
    const source = parseSource('docs.json', nav('{"pages": ["/a"]}'));
    const problem: Problem = {
      code: 'page-path',
      pointer: '/navigation/pages/0',
      suggest: 'a',
      severity: 'error',
      message: '',
      file: 'other.json',
      ...source.locate('/navigation/pages/0'),
    };
    attachFixes([problem], [source]);
    expect(problem.fix).toBeUndefined();
  });

  it('YAML: the same fixes, written as YAML', () => {
    const text = 'navigation:\n  pages:\n    - /intro\n    - b\n    - b\n';
    expect(
      fixed('docs.yaml', text, [
        { code: 'page-path', pointer: '/navigation/pages/0', suggest: 'intro' },
        { code: 'duplicate-page', pointer: '/navigation/pages/2' },
      ]),
    ).toEqual(['navigation:\n  pages:\n    - intro\n    - b\n    - b\n', 'navigation:\n  pages:\n    - /intro\n    - b\n']);
  });

  it('a fix that changes nothing is no fix', () => {
    expect(one('docs.json', nav('{"pages": ["intro"]}'), { code: 'page-path', pointer: '/navigation/pages/0', suggest: 'intro' })).toBeUndefined();
  });
});
