/**
 * What the fixes read from the JSON Schemas (src/fix/schema-facts.ts): the JSON types each element
 * field takes, and the allowed values of each enum. The module reads them once per process, so
 * every case imports it afresh: a case states what the schemas say, not what an earlier case left.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

type Facts = typeof import('../../src/fix/schema-facts.js');
let facts: Facts;

beforeEach(async () => {
  vi.resetModules();
  facts = await import('../../src/fix/schema-facts.js');
});

const samples: Array<[type: string, value: unknown]> = [
  ['string', 'x'],
  ['number', 1],
  ['boolean', true],
  ['null', null],
  ['array', []],
  ['object', {}],
];

describe('fieldAcceptsType: the JSON types an element field takes in some element', () => {
  const cases: Array<[field: string, types: string[]]> = [
    ['pages', ['array']],
    ['groups', ['array']],
    ['group', ['string']],
    ['tab', ['string']],
    ['href', ['string']],
    ['root', ['string']],
    ['hidden', ['boolean']],
    ['expanded', ['boolean']],
    ['default', ['boolean']],
    // a name or { name, style }
    ['icon', ['string', 'object']],
    // a file, a list of files, or { source, directory }
    ['openapi', ['string', 'array', 'object']],
    ['asyncapi', ['string', 'array', 'object']],
    // through a $ref to a definition
    ['tabs', ['array']],
    ['languages', ['array']],
    ['global', ['object']],
    ['directory', ['string']],
    ['name', ['string']],
    // an integer is a JSON number
    ['boost', ['number']],
    ['sdk', ['object']],
    ['graphql', ['string', 'object']],
    // no element has it
    ['no-such-field', []],
    ['constructor', []],
  ];
  it.each(cases)('%s', (field, types) => {
    expect(samples.filter(([, value]) => facts.fieldAcceptsType(field, value)).map(([type]) => type)).toEqual(types);
  });
});

describe('enumValuesWith: every value of the enums that list a value', () => {
  it('an enum of docs.json', () => {
    expect(facts.enumValuesWith('breadcrumbs')).toEqual(['section', 'breadcrumbs']);
    expect(facts.enumValuesWith('section')).toEqual(['section', 'breadcrumbs']);
  });

  it('the enums of the navigation schema built from the model', () => {
    // `card` is also one of a settings list (src/settings): the lists that name it are merged, so a fix must be nearer than all of them.
    expect(facts.enumValuesWith('card')).toEqual(['none', 'accordion', 'card', 'container', 'border', 'undecorated']);
    expect(facts.enumValuesWith('end')).toEqual(['start', 'end']);
  });

  it('the value lists of the settings tables, which the settings layer checks rather than the schema (issue 71: `theme`)', () => {
    expect(facts.enumValuesWith('mint')).toEqual(['mint', 'maple', 'palm', 'willow', 'linden', 'almond', 'aspen', 'luma', 'sequoia']);
  });

  it("a tagged object's tags (navbar.primary's `type`: no schema lists them, only the settings table's tagged shape)", () => {
    expect(facts.enumValuesWith('button')).toEqual(['button', 'github', 'discord']);
    expect(facts.enumValuesWith('discord')).toContain('button');
  });

  it('a value no enum lists: none', () => {
    expect(facts.enumValuesWith('no-such-value')).toEqual([]);
    expect(facts.enumValuesWith('')).toEqual([]);
  });
});

describe('typesOf: the JSON types a schema accepts', () => {
  const definitions = {
    ab: { type: 'boolean' },
    loop: { $ref: '#/definitions/loop' },
    either: { anyOf: [{ type: 'string' }, { $ref: '#/definitions/ab' }] },
  };
  const cases: Array<[name: string, schema: Record<string, unknown>, types: string[] | undefined]> = [
    ['a type', { type: 'string' }, ['string']],
    ['an integer is a number', { type: 'integer' }, ['number']],
    ['a list of types', { type: ['integer', 'null', 'string'] }, ['number', 'null', 'string']],
    ['a local $ref', { $ref: '#/definitions/ab' }, ['boolean']],
    ['a $ref to a $ref with branches', { $ref: '#/definitions/either' }, ['string', 'boolean']],
    ['a $ref to a missing definition', { $ref: '#/definitions/missing' }, undefined],
    ['a $ref into another file', { $ref: 'other.json#/definitions/ab' }, undefined],
    ['a $ref below a definition', { $ref: '#/definitions/ab/type' }, undefined],
    ['a $ref that loops', { $ref: '#/definitions/loop' }, undefined],
    ['anyOf', { anyOf: [{ type: 'string' }, { type: 'object' }] }, ['string', 'object']],
    ['oneOf', { oneOf: [{ type: 'array' }, { type: 'string' }] }, ['array', 'string']],
    ['then and else', { if: { required: ['a'] }, then: { type: 'string' }, else: { type: 'array' } }, ['string', 'array']],
    ['then alone, and an else that is not a schema', { then: { type: 'string' }, else: null }, ['string']],
    ['a branch that does not say', { anyOf: [{ type: 'string' }, { description: 'anything' }] }, undefined],
    ['nothing said', { description: 'anything' }, undefined],
  ];
  it.each(cases)('%s', (_name, schema, types) => {
    const found = facts.typesOf(schema, definitions);
    expect(found && [...found]).toEqual(types);
  });
});

describe('settingsValueLists: the lists of allowed strings a settings table holds, each shape once', () => {
  it("a string's values, a record's keys, a tagged object's tags and its otherwise, through lists, unions, objects and lazy shapes", async () => {
    const { anyOf, list, object, oneOf, optional, record, tagged, text } = await import('../../src/settings/build.js');
    const shared = oneOf(['a', 'b']);
    const table = object({
      kind: optional(shared),
      again: optional(shared),
      plain: optional(text()),
      byName: optional(record(text(), ['x', 'y'])),
      free: optional(record(oneOf(['value']))),
      items: optional(list(anyOf(oneOf(['in-list']), { type: 'lazy', shape: () => oneOf(['lazy']) }))),
      link: optional(tagged('type', { one: object({ style: optional(oneOf(['tagged-field'])) }) }, object({ style: optional(oneOf(['pill', 'round'])) }))),
      bare: optional(tagged('kind', { only: object({}) })),
    });
    const out: Array<readonly string[]> = [];
    facts.settingsValueLists(table, out);
    expect(out.map((values) => values.join(' ')).sort()).toEqual(['a b', 'in-list', 'lazy', 'one', 'only', 'pill round', 'tagged-field', 'value', 'x y']);
  });
});
