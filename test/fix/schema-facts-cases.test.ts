/**
 * What the fixes read from the schemas (src/fix/schema-facts.ts), from schemas this file writes:
 * which docs.schema.json is read (the package root's, or the one beside the module when docsnav is
 * bundled where no root is found), enums holding other values than strings, `null` anywhere in a
 * schema, element fields no definition types (any type) and fields typed by several definitions,
 * `null` as a type, and typesOf's depth limit through `$ref`s and through branches. Each case loads
 * the module afresh with the package root and the built navigation schema it states
 * (vi.doMock): the facts are read once per module instance.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

type Facts = typeof import('../../src/fix/schema-facts.js');
type Schema = Record<string, unknown>;

/** The module afresh: `root` as the package root (undefined: none found), `navigation` (when given) as the built navigation schema. */
async function factsWith(root: string | undefined, navigation?: Schema): Promise<Facts> {
  vi.resetModules();
  vi.doMock('../../src/package-root.js', () => ({ packageRoot: () => root }));
  if (navigation)
    vi.doMock('../../src/schema/build-schema.js', async (importOriginal) => ({
      ...(await importOriginal<typeof import('../../src/schema/build-schema.js')>()),
      buildNavigationSchema: () => navigation,
    }));
  return import('../../src/fix/schema-facts.js');
}

afterEach(() => {
  vi.doUnmock('../../src/package-root.js');
  vi.doUnmock('../../src/schema/build-schema.js');
  vi.resetModules();
});

/** A package root holding `schema/docs.schema.json` as given. */
function rootWith(docs: Schema): string {
  const root = mkdtempSync(path.join(tmpdir(), 'schema-facts-'));
  mkdirSync(path.join(root, 'schema'));
  writeFileSync(path.join(root, 'schema', 'docs.schema.json'), JSON.stringify(docs));
  return root;
}

const samples: Array<[type: string, value: unknown]> = [
  ['string', 'x'],
  ['number', 1],
  ['boolean', true],
  ['null', null],
  ['array', []],
  ['object', {}],
];
const accepted = (facts: Facts, field: string) => samples.filter(([, value]) => facts.fieldAcceptsType(field, value)).map(([type]) => type);

describe('which docs.schema.json is read', () => {
  it('no package root found (docsnav bundled elsewhere): the schema beside the module', async () => {
    const facts = await factsWith(undefined);
    expect(facts.enumValuesWith('breadcrumbs')).toEqual(['section', 'breadcrumbs']);
  });

  it('the package root’s schema/docs.schema.json, and only its enums (with nulls anywhere, strings only kept)', async () => {
    const facts = await factsWith(
      rootWith({
        default: null,
        properties: { mode: { enum: ['zz-first', null, 3, 'zz-second'], default: null } },
        // The docs schema's definitions type no element field: only the navigation schema's do.
        definitions: { page: { properties: { onlyInDocs: { type: 'string' } } } },
      }),
    );
    // Read from the root's file: the schema beside the module has no such enum.
    expect(facts.enumValuesWith('zz-first')).toEqual(['zz-first', 'zz-second']);
    expect(accepted(facts, 'onlyInDocs')).toEqual([]);
  });
});

describe('the JSON types an element field takes, from the navigation schema’s definitions', () => {
  const navigation: Schema = {
    definitions: {
      first: {
        properties: {
          free: { description: 'anything' },
          typed: { type: 'string' },
          nullable: { type: ['string', 'null'] },
          later: { type: 'boolean' },
          kind: { enum: ['zz-alpha', 'zz-beta'] },
        },
      },
      second: { properties: { free: { type: 'number' }, typed: { type: 'array' }, later: { description: 'anything' } } },
      third: { properties: { typed: { type: 'integer' } } },
      noProperties: { type: 'string' },
    },
  };

  const cases: Array<[field: string, types: string[]]> = [
    // Any type in one definition: any type, whatever another says after it.
    ['free', ['string', 'number', 'boolean', 'null', 'array', 'object']],
    // Typed in one, then any type in another.
    ['later', ['string', 'number', 'boolean', 'null', 'array', 'object']],
    // Each definition's types, merged.
    ['typed', ['string', 'number', 'array']],
    ['nullable', ['string', 'null']],
    ['no-such-field', []],
  ];
  it.each(cases)('%s', async (field, types) => {
    expect(accepted(await factsWith(undefined, navigation), field)).toEqual(types);
  });

  it('its enums too, beside docs.schema.json’s', async () => {
    const facts = await factsWith(undefined, navigation);
    expect(facts.enumValuesWith('zz-beta')).toEqual(['zz-alpha', 'zz-beta']);
    expect(facts.enumValuesWith('breadcrumbs')).toEqual(['section', 'breadcrumbs']);
  });
});

describe('typesOf: how deep it follows', () => {
  /** `$ref`s from d1 to d<count>, which is a string. */
  function chain(count: number): Record<string, Schema> {
    const definitions: Record<string, Schema> = {};
    for (let i = 1; i < count; i++) definitions[`d${i}`] = { $ref: `#/definitions/d${i + 1}` };
    definitions[`d${count}`] = { type: 'string' };
    return definitions;
  }
  /** A string `depth` levels of `anyOf` down. */
  function nested(depth: number): Schema {
    let schema: Schema = { type: 'string' };
    for (let i = 0; i < depth; i++) schema = { anyOf: [schema] };
    return schema;
  }

  const cases: Array<[name: string, schema: Schema, definitions: Record<string, Schema>, types: string[] | undefined]> = [
    ['20 `$ref`s: followed', { $ref: '#/definitions/d1' }, chain(20), ['string']],
    ['21 `$ref`s: too deep', { $ref: '#/definitions/d1' }, chain(21), undefined],
    ['20 levels of branches: followed', nested(20), {}, ['string']],
    ['21 levels of branches: too deep', nested(21), {}, undefined],
    [
      'a `$ref` that loops through a branch',
      { $ref: '#/definitions/loop' },
      { loop: { anyOf: [{ type: 'null' }, { $ref: '#/definitions/loop' }] } },
      undefined,
    ],
    ['a `$ref` with a line break after the name', { $ref: '#/definitions/ab\nx' }, { ab: { type: 'boolean' } }, undefined],
  ];
  it.each(cases)('%s', async (_name, schema, definitions, types) => {
    const facts = await factsWith(undefined);
    const found = facts.typesOf(schema, definitions);
    expect(found && [...found]).toEqual(types);
  });
});
