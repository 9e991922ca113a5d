/**
 * How each kind of error of the compiled validator becomes a finding (src/schema/index.ts): the
 * code, the pointer, the message and the "did you mean" suggestion. First through the compiled
 * schema itself; then with the validator's errors given (the generated validator mocked), for the
 * errors the schema of today never makes but the mapping still words: a keyword with no
 * `errorMessage`, a wrapper (`anyOf`, `if`) with no error below it, a required field outside the
 * model, a validator that throws.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Finding } from '../../src/problem.js';
import { checkSchema } from '../../src/schema/index.js';
import type { GeneratedError } from '../../src/schema/validate.generated.js';

/** The validator checkSchema calls: the compiled one unless a test gives another. */
const fake = vi.hoisted(() => ({ validator: undefined as undefined | { (docs: unknown): boolean; errors?: unknown } }));

vi.mock('../../src/schema/validate.generated.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/schema/validate.generated.js')>();
  function validateDocs(docs: unknown): boolean {
    const validator = fake.validator ?? real.validateDocs;
    const valid = validator(docs);
    validateDocs.errors = validator.errors;
    return valid;
  }
  validateDocs.errors = undefined as unknown;
  return { ...real, validateDocs };
});

afterEach(() => {
  fake.validator = undefined;
});

/** The validator fails `docs` with these errors. */
function failWith(errors: readonly Partial<GeneratedError>[] | null): void {
  fake.validator = Object.assign(() => false, { errors: errors?.map((error) => ({ schemaPath: '#', params: {}, ...error })) ?? errors });
}

const nav = (navigation: Record<string, unknown>, rest: Record<string, unknown> = {}) => ({ navigation, ...rest });
/** A document the mocked errors are "about": a sound navigation (no-primary-pattern says nothing). */
const DOCS = nav({ pages: ['index'] });

const NOT_CHECKED = 'docs.json could not be checked against the schema:';

describe('through the compiled schema', () => {
  it.each([42, null, 'docs', [{ navigation: {} }], undefined, true])('a document that is no object (%j): said at the root', (docs) => {
    expect(checkSchema(docs)).toStrictEqual([{ code: 'invalid-type', pointer: '', message: 'docs.json must be a JSON object.' }]);
  });

  it('a key the platform refuses on an element is a wrong value at the key', () => {
    expect(checkSchema(nav({ groups: [{ group: 'G', graphql: 'schema.graphql', pages: ['a'] }] }))).toStrictEqual([
      {
        code: 'invalid-value',
        pointer: '/navigation/groups/0/graphql',
        at: 'key',
        message:
          '`graphql` is not allowed on a group (the platform generates pages from it only on a tab), and the platform rejects the whole docs.json for it.',
      },
    ]);
  });

  it('an unknown key with no field near it: no suggestion at all (not an undefined one)', () => {
    expect(checkSchema(nav({ groups: [{ group: 'G', zzzzqqq: 1, pages: ['a'] }] }))).toStrictEqual([
      { code: 'unknown-field', pointer: '/navigation/groups/0/zzzzqqq', at: 'key', message: '`zzzzqqq` is not a field of a group.' },
    ]);
  });

  it('a word of no enum near it: no suggestion at all; a near one: suggested', () => {
    expect(checkSchema(nav({ groups: [{ group: 'G', directory: 'qqqqqqqqqq', pages: ['a'] }] }))).toStrictEqual([
      { code: 'invalid-value', pointer: '/navigation/groups/0/directory', message: '`directory` must be one of "none", "accordion", "card".' },
    ]);
    expect(checkSchema(nav({ tabs: [{ tab: 'T', sdk: { format: 'typedocs', source: 's' }, groups: [{ group: 'G', pages: ['a'] }] }] }))).toStrictEqual([
      {
        code: 'invalid-value',
        pointer: '/navigation/tabs/0/sdk/format',
        message: '`format` must be one of "typedoc", "docfx", "javadoc", "sphinx", "phpdoc".',
        suggest: 'typedoc',
      },
    ]);
  });

  it.each([
    ['a tab', nav({ tabs: [{ tab: 'T', expand: true, pages: ['a'] }] }), '/navigation/tabs/0/expand', '`expand` is not a field of a tab.'],
    ['an anchor', nav({ anchors: [{ anchor: 'A', expand: true, pages: ['a'] }] }), '/navigation/anchors/0/expand', '`expand` is not a field of an anchor.'],
    [
      'an icon object of a top-level group',
      nav({ groups: [{ group: 'G', icon: { name: 'book', expand: true }, pages: ['a'] }] }),
      '/navigation/groups/0/icon/expand',
      '`expand` is not a field of an icon object.',
    ],
  ])('`expand` on %s is an unknown field as any other (only a top-level group’s is "remove it")', (_name, docs, pointer, message) => {
    expect(checkSchema(docs)).toStrictEqual([{ code: 'unknown-field', pointer, at: 'key', message }]);
  });

  it('an object of an `openapi` array is an `openapi` object: its misspelt key is named and suggested', () => {
    expect(checkSchema(nav({ groups: [{ group: 'G', openapi: ['a.json', { source: 'b.json', directry: 'api' }], pages: ['a'] }] }))).toStrictEqual([
      {
        code: 'unknown-field',
        pointer: '/navigation/groups/0/openapi/1/directry',
        at: 'key',
        message: '`directry` is not a field of an `openapi` object.',
        suggest: 'directory',
      },
    ]);
  });

  it('too deep: names the first value 1000 levels down, whatever leaves (a string, null) come before it', () => {
    let inner: Record<string, unknown> = { group: 'leaf', pages: ['a'] };
    for (let i = 0; i < 20_000; i++) inner = { group: `g${i}`, pages: [inner] };
    // The walk takes the last key first: `extra` (null) and `name` (a string) before `navigation`.
    const findings = checkSchema({ navigation: { groups: [inner] }, name: 'Docs', extra: null });
    // navigation, groups, 0, then (pages, 0) 498 times: 999 segments; the 1000th is the next group's `pages`.
    expect(findings).toStrictEqual([
      {
        code: 'too-deep',
        pointer: `/navigation/groups/0${'/pages/0'.repeat(498)}/pages`,
        message:
          'Nested more than 1000 levels deep here: too deep for the schema check, so fields and types were not checked anywhere in this file (the rules were).',
      },
    ]);
  });
});

describe('a validator that fails to check', () => {
  it('an error it throws (not too deep) is said at the root, with its words', () => {
    fake.validator = Object.assign(
      () => {
        throw new TypeError('boom');
      },
      { errors: null },
    );
    expect(checkSchema(DOCS)).toStrictEqual([{ code: 'invalid-value', pointer: '', message: `${NOT_CHECKED} TypeError: boom.` }]);
  });

  it('invalid with no errors listed: nothing to say', () => {
    failWith(null);
    expect(checkSchema(DOCS)).toStrictEqual([]);
  });

  it('an error that cannot be read is said at the root, not thrown', () => {
    fake.validator = Object.assign(() => false, {
      errors: [
        {
          keyword: 'type',
          get instancePath(): string {
            throw new Error('unreadable');
          },
          params: {},
        },
      ],
    });
    expect(checkSchema(DOCS)).toStrictEqual([{ code: 'invalid-value', pointer: '', message: `${NOT_CHECKED} Error: unreadable.` }]);
  });
});

interface Mapped {
  name: string;
  errors: Partial<GeneratedError>[];
  docs?: unknown;
  expected: Finding[];
}

const wrappers: Mapped[] = [
  {
    name: 'an `anyOf` with no error below it: the value has no allowed form',
    errors: [{ keyword: 'anyOf', instancePath: '/navigation/tabs/0/icon' }],
    expected: [{ code: 'invalid-value', pointer: '/navigation/tabs/0/icon', message: '`icon` does not have an allowed form.' }],
  },
  {
    name: 'an `if` at the root',
    errors: [{ keyword: 'if', instancePath: '' }],
    expected: [{ code: 'invalid-value', pointer: '', message: 'docs.json does not have an allowed form.' }],
  },
  {
    name: 'a `oneOf` at an entry of the root’s `pages`',
    errors: [{ keyword: 'oneOf', instancePath: '/navigation/pages/3' }],
    expected: [{ code: 'invalid-value', pointer: '/navigation/pages/3', message: 'Entry 3 of `pages` does not have an allowed form.' }],
  },
  {
    name: 'an entry two segments down',
    errors: [{ keyword: 'anyOf', instancePath: '/pages/12' }],
    expected: [{ code: 'invalid-value', pointer: '/pages/12', message: 'Entry 12 of `pages` does not have an allowed form.' }],
  },
  {
    name: 'an index alone is no entry of an array named',
    errors: [{ keyword: 'anyOf', instancePath: '/0' }],
    expected: [{ code: 'invalid-value', pointer: '/0', message: '`0` does not have an allowed form.' }],
  },
  {
    name: 'an entry of an array of `global`',
    errors: [{ keyword: '$ref', instancePath: '/navigation/global/tabs/0' }],
    expected: [{ code: 'invalid-value', pointer: '/navigation/global/tabs/0', message: 'Entry 0 of `global.tabs` does not have an allowed form.' }],
  },
  {
    name: 'with an error below it: only that one is said',
    errors: [
      { keyword: 'anyOf', instancePath: '/navigation/tabs/0' },
      { keyword: 'allOf', instancePath: '/navigation/tabs' },
      { keyword: 'additionalProperties', instancePath: '/navigation/tabs/0', params: { additionalProperty: 'zzzzqqq' } },
    ],
    expected: [{ code: 'unknown-field', pointer: '/navigation/tabs/0/zzzzqqq', at: 'key', message: '`zzzzqqq` is not a field of a tab.' }],
  },
];

const values: Mapped[] = [
  {
    name: 'enum, with the nearest allowed word',
    errors: [{ keyword: 'enum', instancePath: '/navigation/tabs/0/align', params: { allowedValues: ['start', 'end'] } }],
    docs: nav({ tabs: [{ tab: 'T', align: 'ends', pages: ['a'] }] }),
    expected: [{ code: 'invalid-value', pointer: '/navigation/tabs/0/align', message: '`align` must be one of "start", "end".', suggest: 'end' }],
  },
  {
    name: 'enum of words and other values: only a word is suggested',
    errors: [{ keyword: 'enum', instancePath: '/navigation/tabs/0/align', params: { allowedValues: [1, null, 'end'] } }],
    docs: nav({ tabs: [{ tab: 'T', align: 'ends', pages: ['a'] }] }),
    expected: [{ code: 'invalid-value', pointer: '/navigation/tabs/0/align', message: '`align` must be one of 1, null, "end".', suggest: 'end' }],
  },
  {
    name: 'enum, the value no string: nothing suggested',
    errors: [{ keyword: 'enum', instancePath: '/navigation/tabs/0/align', params: { allowedValues: ['start', 'end'] } }],
    docs: nav({ tabs: [{ tab: 'T', align: 5, pages: ['a'] }] }),
    expected: [{ code: 'invalid-value', pointer: '/navigation/tabs/0/align', message: '`align` must be one of "start", "end".' }],
  },
  {
    name: 'const',
    errors: [{ keyword: 'const', instancePath: '/navigation/versions/0/default', params: { allowedValue: true } }],
    expected: [{ code: 'invalid-value', pointer: '/navigation/versions/0/default', message: '`default` must be true.' }],
  },
  {
    name: 'minLength',
    errors: [{ keyword: 'minLength', instancePath: '/navigation/tabs/0/href', params: { limit: 1 } }],
    expected: [{ code: 'invalid-value', pointer: '/navigation/tabs/0/href', message: '`href` cannot be empty.' }],
  },
  {
    name: 'minLength at a `pages` entry that is not empty: not the empty entry’s words',
    errors: [{ keyword: 'minLength', instancePath: '/navigation/pages/0', params: { limit: 1 } }],
    expected: [{ code: 'invalid-value', pointer: '/navigation/pages/0', message: 'Entry 0 of `pages` cannot be empty.' }],
  },
  {
    name: 'pattern',
    errors: [{ keyword: 'pattern', instancePath: '/navigation/anchors/0/color/dark', params: { pattern: '^#[0-9a-f]{6}$' } }],
    expected: [{ code: 'invalid-value', pointer: '/navigation/anchors/0/color/dark', message: '`dark` must match ^#[0-9a-f]{6}$.' }],
  },
  {
    name: 'pattern at an empty `pages` entry: only minLength there is the empty entry’s',
    errors: [{ keyword: 'pattern', instancePath: '/navigation/pages/1', params: { pattern: '\\S' } }],
    docs: nav({ pages: ['a', ''] }),
    expected: [{ code: 'invalid-value', pointer: '/navigation/pages/1', message: 'Entry 1 of `pages` must match \\S.' }],
  },
  {
    name: 'another keyword: its own words',
    errors: [{ keyword: 'maximum', instancePath: '/navigation/tabs/0/boost', params: { limit: 3 }, message: 'must be <= 3' }],
    expected: [{ code: 'invalid-value', pointer: '/navigation/tabs/0/boost', message: '`boost` must be <= 3.' }],
  },
  {
    name: 'another keyword without words',
    errors: [{ keyword: 'format', instancePath: '/navigation/tabs/0/href', params: { format: 'uri' } }],
    expected: [{ code: 'invalid-value', pointer: '/navigation/tabs/0/href', message: '`href` is not allowed.' }],
  },
  {
    name: 'an errorMessage with no errors under it and no words',
    errors: [{ keyword: 'errorMessage', instancePath: '/navigation/tabs/0/href', params: {} }],
    expected: [{ code: 'invalid-value', pointer: '/navigation/tabs/0/href', message: '`href` is not allowed.' }],
  },
  {
    name: 'an errorMessage over a type error listed second: a type error, with its words',
    errors: [
      {
        keyword: 'errorMessage',
        instancePath: '/navigation/tabs/0/align',
        message: '`align` must be "start" or "end".',
        params: {
          errors: [
            { keyword: 'enum', instancePath: '/navigation/tabs/0/align', schemaPath: '#', params: { allowedValues: ['start', 'end'] } },
            { keyword: 'type', instancePath: '/navigation/tabs/0/align', schemaPath: '#', params: { type: 'string' } },
          ],
        },
      },
    ],
    expected: [{ code: 'invalid-type', pointer: '/navigation/tabs/0/align', message: '`align` must be "start" or "end".' }],
  },
];

const required = (instancePath: string, ...fields: string[]): Partial<GeneratedError>[] =>
  fields.map((missingProperty) => ({ keyword: 'required', instancePath, params: { missingProperty } }));

const missing: Mapped[] = [
  {
    name: 'a field of `navigation` (no name field)',
    errors: required('/navigation', 'pages'),
    expected: [{ code: 'missing-field', pointer: '/navigation', message: '`navigation` needs a `pages` field.' }],
  },
  {
    name: 'a field of a tab other than its name',
    errors: required('/navigation/tabs/0', 'href'),
    expected: [{ code: 'missing-field', pointer: '/navigation/tabs/0', message: 'A tab needs a `href` field.' }],
  },
  {
    name: 'a field of a group that it does not require',
    errors: required('/navigation/groups/0', 'icon'),
    expected: [{ code: 'missing-field', pointer: '/navigation/groups/0', message: 'A group needs a `icon` field.' }],
  },
  {
    name: 'a field of an icon object that it does not require',
    errors: required('/navigation/groups/0/icon', 'style'),
    expected: [{ code: 'missing-field', pointer: '/navigation/groups/0/icon', message: 'An icon object needs a `style` field.' }],
  },
  {
    name: 'a field outside navigation',
    errors: required('/styling', 'eyebrows'),
    expected: [{ code: 'missing-field', pointer: '/styling', message: 'This object needs a `eyebrows` field.' }],
  },
  {
    name: 'two fields outside navigation: one finding',
    errors: required('/styling', 'eyebrows', 'codeblocks'),
    expected: [{ code: 'missing-field', pointer: '/styling', message: 'This object needs a `eyebrows` field and a `codeblocks` field.' }],
  },
  {
    name: 'two fields at the root: one finding, about navigation',
    errors: required('', 'navigation', 'name'),
    docs: {},
    expected: [{ code: 'missing-field', pointer: '', message: 'docs.json needs a `navigation` object.' }],
  },
  {
    name: 'three fields of a group: one finding, in the schema’s order',
    errors: required('/navigation/groups/0', 'icon', 'pages', 'group'),
    expected: [
      {
        code: 'missing-field',
        pointer: '/navigation/groups/0',
        message: 'A group needs a `group` field (its title), `pages` (an array of page paths and groups) and a `icon` field.',
      },
    ],
  },
  {
    name: 'the same field twice: named once',
    errors: required('/navigation/groups/0', 'group', 'pages', 'group'),
    expected: [
      {
        code: 'missing-field',
        pointer: '/navigation/groups/0',
        message: 'A group needs a `group` field (its title) and `pages` (an array of page paths and groups).',
      },
    ],
  },
  {
    name: 'under a child key that no index follows: outside the model',
    errors: required('/navigation/tabs/first', 'tab'),
    expected: [{ code: 'missing-field', pointer: '/navigation/tabs/first', message: 'This object needs a `tab` field.' }],
  },
];

const unknown: Mapped[] = [
  {
    name: 'at the root',
    errors: [{ keyword: 'additionalProperties', instancePath: '', params: { additionalProperty: 'navigaton' } }],
    expected: [{ code: 'unknown-field', pointer: '/navigaton', at: 'key', message: '`navigaton` is not a field of this object.' }],
  },
  {
    name: 'outside navigation',
    errors: [{ keyword: 'additionalProperties', instancePath: '/styling', params: { additionalProperty: 'tabs' } }],
    expected: [{ code: 'unknown-field', pointer: '/styling/tabs', at: 'key', message: '`tabs` is not a field of this object.' }],
  },
  {
    name: 'the same error twice: one finding',
    errors: [
      { keyword: 'additionalProperties', instancePath: '/navigation/tabs/0', params: { additionalProperty: 'zzzzqqq' } },
      { keyword: 'additionalProperties', instancePath: '/navigation/tabs/0', params: { additionalProperty: 'zzzzqqq' } },
    ],
    expected: [{ code: 'unknown-field', pointer: '/navigation/tabs/0/zzzzqqq', at: 'key', message: '`zzzzqqq` is not a field of a tab.' }],
  },
];

const types: Mapped[] = [
  {
    name: 'a key named `navigation` deeper down, holding an array: no legacy mint.json',
    errors: [{ keyword: 'type', instancePath: '/styling/navigation', params: { type: 'object' } }],
    docs: nav({ pages: ['a'] }, { styling: { navigation: [] } }),
    expected: [{ code: 'invalid-type', pointer: '/styling/navigation', message: '`navigation` must be an object.' }],
  },
  {
    name: 'an entry of an array with no name',
    errors: [{ keyword: 'type', instancePath: '/0', params: { type: 'object' } }],
    expected: [{ code: 'invalid-type', pointer: '/0', message: 'Each entry of `` must be an object.' }],
  },
  {
    name: 'an entry of `global` taken for an array (an element with no name field)',
    errors: [{ keyword: 'type', instancePath: '/navigation/global/0', params: { type: 'object' } }],
    docs: nav({ pages: ['a'], global: [5] }),
    expected: [{ code: 'invalid-type', pointer: '/navigation/global/0', message: 'Each entry of `global` must be `global` object.' }],
  },
  {
    name: 'an entry of an array inside a value object',
    errors: [{ keyword: 'type', instancePath: '/navigation/groups/0/openapi/overlays/0', params: { type: 'string' } }],
    docs: nav({ groups: [{ group: 'G', openapi: { source: 'a.json', overlays: [1] }, pages: ['a'] }] }),
    expected: [{ code: 'invalid-type', pointer: '/navigation/groups/0/openapi/overlays/0', message: 'Each entry of `overlays` must be a string.' }],
  },
  {
    name: 'a field of an element that holds no children',
    errors: [{ keyword: 'type', instancePath: '/navigation/tabs/0/href', params: { type: 'string' } }],
    docs: nav({ tabs: [{ tab: 'T', href: 5, pages: ['a'] }] }),
    expected: [{ code: 'invalid-type', pointer: '/navigation/tabs/0/href', message: '`href` must be a string.' }],
  },
  {
    name: 'a whole number',
    errors: [{ keyword: 'type', instancePath: '/navigation/groups/0/boost', params: { type: 'integer' } }],
    expected: [{ code: 'invalid-type', pointer: '/navigation/groups/0/boost', message: '`boost` must be a whole number.' }],
  },
];

describe.each([
  ['wrappers', wrappers],
  ['wrong values', values],
  ['missing fields', missing],
  ['unknown fields', unknown],
  ['wrong types', types],
])('the validator’s %s', (_kind, cases) => {
  it.each(cases)('$name', ({ errors, docs, expected }) => {
    failWith(errors);
    expect(checkSchema(docs ?? DOCS)).toStrictEqual(expected);
  });
});
