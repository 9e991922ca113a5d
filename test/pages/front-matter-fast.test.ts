/**
 * The front-matter fast path (src/pages/front-matter-fast.ts) against js-yaml on generated front
 * matter: keys and values drawn from the shapes it reads and the ones next to them that YAML reads
 * otherwise (a `True` key, `1e3`, a date, `a: b`, ` #`, escapes, tabs, CR, lone surrogates, lists at
 * two indentations). Whatever it accepts must load as js-yaml loads it; js-yaml failing on a text the
 * fast path accepts is a failure too.
 */
import fc from 'fast-check';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { plainFrontMatter } from '../../src/pages/front-matter-fast.js';

const key = fc.oneof(
  fc.constantFrom('title', 'description', 'sidebarTitle', 'icon', 'mode', 'og:title', 'api', 'x-y', '_z', 'a1'),
  fc.constantFrom(
    'True',
    'false',
    'NULL',
    'null',
    '~',
    '__proto__',
    'constructor',
    '1',
    'tags',
    'title ',
    ' title',
    '"q"',
    // A quoted key never closed, or closed and not followed by its colon (front-matter-fast.ts keyOf: the sample on 6f30839).
    '"q',
    "'q",
    '"q"x',
    '<<',
    'og:title',
    'a:b',
    'a::b',
    'a:',
    '"og:title"',
    "'x y'",
    '"a\\"b"',
    '"True"',
    '""',
    "'it''s'",
    '"a" ',
    '"__proto__"',
  ),
  fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_-]{0,6}$/),
);
const piece = fc.constantFrom(
  'a',
  'Getting started',
  'API',
  ':',
  ': ',
  ' #',
  '#',
  '"',
  "'",
  '\\',
  '\\n',
  '-',
  '- ',
  '0',
  '1',
  '12',
  '.5',
  '1.5',
  '1e3',
  '0x1F',
  '0o7',
  '+1',
  '_',
  '2024-01-02',
  'true',
  'False',
  'NULL',
  'null',
  '~',
  'yes',
  'no',
  '.inf',
  '.nan',
  'é',
  '😀',
  '\uD800',
  '\t',
  '\r',
  ' ',
  '[',
  ']',
  '{',
  '}',
  ',',
  '&',
  '*',
  '!',
  '|',
  '>',
  '%',
  '@',
  '`',
  '?',
  '/path',
  'https://example.com/a?b=c#d',
);
const text = fc.array(piece, { minLength: 0, maxLength: 5 }).map((parts) => parts.join(''));
const value = fc.oneof(
  text,
  text.map((t) => `"${t}"`),
  text.map((t) => `'${t}'`),
  fc.integer({ min: -1e15, max: 1e15 }).map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
  fc
    .array(
      text.map((t) => `"${t}"`),
      { maxLength: 3 },
    )
    .map((items) => `[${items.join(', ')}]`),
  fc
    .array(
      text.map((t) => `'${t}'`),
      { maxLength: 3 },
    )
    .map((items) => `[${items.join(',')}]`),
  fc.constantFrom('true', 'True', 'TRUE', 'false', 'null', '~', '-0', '0.0', '-0.0', '007', '1_000'),
);
const list = fc
  .tuple(fc.constantFrom('', '  ', '    '), fc.array(value, { minLength: 0, maxLength: 3 }))
  .map(([indent, items]) => items.map((item) => `\n${indent}- ${item}`).join(''));
const line = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(key, value).map(([k, v]) => `${k}: ${v}`) },
  { weight: 2, arbitrary: fc.tuple(key, list).map(([k, l]) => `${k}:${l}`) },
  {
    weight: 1,
    // The last two: a quoted key closed and not followed by its colon, and one never closed, each with a space where a colon's would be.
    arbitrary: fc.constantFrom('', '# a comment', '  indented: x', 'key:value', 'key:  two spaces', '- item', '"q"x v', '" v'),
  },
);
const block = fc.array(line, { minLength: 1, maxLength: 6 }).map((lines) => lines.join('\n').trim());
import { canonical } from './yaml-canon.js';

describe('the front-matter fast path against js-yaml on generated shapes', () => {
  it('loads every front matter it accepts as js-yaml does', () => {
    let accepted = 0;
    fc.assert(
      fc.property(block, (yaml) => {
        const fast = plainFrontMatter(yaml);
        if (fast === undefined) return;
        accepted++;
        expect(canonical(fast)).toEqual(canonical(load(yaml)));
      }),
      { seed: 20_261_127, numRuns: 20_000 },
    );
    // The generator reaches the fast path's shapes, not only what it leaves to js-yaml.
    expect(accepted).toBeGreaterThan(1_000);
  });

  it('reads the plain shapes (and leaves the others to js-yaml)', () => {
    expect(
      plainFrontMatter('title: Getting started\ndescription: "Set up: the CLI"\nicon: \'rocket\'\norder: 3\nhidden: false\ntags:\n  - a\n  - 1.5'),
    ).toStrictEqual({
      title: 'Getting started',
      description: 'Set up: the CLI',
      icon: 'rocket',
      order: 3,
      hidden: false,
      tags: ['a', 1.5],
    });
    expect(plainFrontMatter('"og:title": "A, b"\nog:image: /a.png\nkeywords: ["a", \'b c\']')).toStrictEqual({
      'og:title': 'A, b',
      'og:image': '/a.png',
      keywords: ['a', 'b c'],
    });
    for (const other of ['date: 2024-01-02', 'a: b # c', 'a: "\\n"', 'True: x', 'a:\n  b: c', 'a: b\n  c', 'a: b\na: c', 'a: 1e3', 'a:\tb']) {
      expect(plainFrontMatter(other), other).toBeUndefined();
    }
  });
});
