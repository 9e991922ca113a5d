/**
 * src/schema/strict-objects.ts case by case, with the whole findings: what a generating tab's
 * `graphql` value is refused for (the exact words, and where the finding points), how the
 * schema's finding at the same place is made into the refusal or left alone, which unknown keys
 * of value objects become refusals, and which child arrays of a generating tab the platform drops
 * (generatorChildLosses).
 */
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/problem.js';
import { checkSchema } from '../../src/schema/index.js';
import { checkStrictTabs, checkStrictValues, generatorChildLosses } from '../../src/schema/strict-objects.js';

const REJECTS = 'and the platform rejects the whole docs.json for it.';
const SDK = { format: 'typedoc', source: 'sdk/typedoc.json' };
const GROUPS = [{ group: 'Reference', pages: ['reference/index'] }];
const docs = (navigation: unknown) => ({ name: 'Docs', theme: 'mint', colors: { primary: '#0D9373' }, navigation });
const tabs = (...tab: Array<Record<string, unknown>>) => docs({ tabs: tab });
const BESIDE = (key: string, generator: string) =>
  `\`${key}\` is not allowed beside \`${generator}\` on a tab (one that generates its pages holds only \`tab\`, \`icon\`, \`hidden\`, \`searchable\`, \`align\`, \`directory\` and \`groups\` beside it), ${REJECTS}`;

describe('a generating tab’s `graphql`', () => {
  it.each([
    ['empty', ''],
    ['blank (spaces, a tab, CRLF)', ' \t\r\n'],
  ])('a source %s names no schema: said at the value', (_name, source) => {
    expect(checkSchema(tabs({ tab: 'API', graphql: source, groups: GROUPS }))).toStrictEqual([
      { code: 'invalid-value', pointer: '/navigation/tabs/0/graphql', message: `An empty \`graphql\` source names no schema, ${REJECTS}` },
    ]);
  });

  it('a URL that is not https: named trimmed, said at the object’s source', () => {
    expect(checkSchema(tabs({ tab: 'API', graphql: { source: '  http://example.com/schema.graphql ' }, groups: GROUPS }))).toStrictEqual([
      {
        code: 'invalid-value',
        pointer: '/navigation/tabs/0/graphql/source',
        message: `\`graphql\` "http://example.com/schema.graphql" is a URL that is not https (the platform reads a schema from a path under the docs root or an https URL only), ${REJECTS}`,
      },
    ]);
  });

  it('an empty source and a blank directory of an object: each at its value, never at a key', () => {
    expect(checkSchema(tabs({ tab: 'API', graphql: { source: '', directory: '  ' }, groups: GROUPS }))).toStrictEqual([
      { code: 'invalid-value', pointer: '/navigation/tabs/0/graphql/source', message: `An empty \`graphql\` source names no schema, ${REJECTS}` },
      {
        code: 'invalid-value',
        pointer: '/navigation/tabs/0/graphql/directory',
        message: `An empty \`directory\` names no folder for the GraphQL pages, ${REJECTS}`,
      },
    ]);
  });

  it('another key of the object: the schema’s unknown field made into the refusal, its words after the schema’s', () => {
    expect(checkSchema(tabs({ tab: 'API', graphql: { source: 'schema.graphql', dir: 'api' }, groups: GROUPS }))).toStrictEqual([
      {
        code: 'invalid-value',
        pointer: '/navigation/tabs/0/graphql/dir',
        at: 'key',
        message: `\`dir\` is not a field of a \`graphql\` object; \`dir\` is not allowed in a \`graphql\` object (it holds only \`source\` and \`directory\`), ${REJECTS}`,
      },
    ]);
  });

  it('with no schema finding there, each refusal is added: at the key for another key, at the value for the source', () => {
    const findings: Finding[] = [];
    checkStrictTabs(tabs({ tab: 'API', graphql: { source: 'ftp://example.com/s.graphql', dir: 'api' }, groups: GROUPS }), findings);
    expect(findings).toStrictEqual([
      {
        code: 'invalid-value',
        pointer: '/navigation/tabs/0/graphql/source',
        message: `\`graphql\` "ftp://example.com/s.graphql" is a URL that is not https (the platform reads a schema from a path under the docs root or an https URL only), ${REJECTS}`,
      },
      {
        code: 'invalid-value',
        pointer: '/navigation/tabs/0/graphql/dir',
        at: 'key',
        message: `\`dir\` is not allowed in a \`graphql\` object (it holds only \`source\` and \`directory\`), ${REJECTS}`,
      },
    ]);
  });
});

describe('a key beside the generator', () => {
  it('a key of a wrong type there: the schema said so already, once is enough', () => {
    expect(checkSchema(tabs({ tab: 'SDK', sdk: SDK, href: 5, groups: GROUPS }))).toStrictEqual([
      { code: 'invalid-type', pointer: '/navigation/tabs/0/href', message: '`href` must be a string (a URL).' },
    ]);
  });

  it('an unknown key with a dot in it: only the schema’s closing full stop goes', () => {
    expect(checkSchema(tabs({ tab: 'SDK', sdk: SDK, 'x.y': 1, groups: GROUPS }))).toStrictEqual([
      {
        code: 'invalid-value',
        pointer: '/navigation/tabs/0/x.y',
        at: 'key',
        message: `\`x.y\` is not a field of a tab; ${BESIDE('x.y', 'sdk')}`,
      },
    ]);
  });

  it('a known key the schema takes, not the strict tab: added at the key', () => {
    expect(checkSchema(tabs({ tab: 'API', graphql: 'schema.graphql', href: 'https://example.com', groups: GROUPS }))).toStrictEqual([
      { code: 'invalid-value', pointer: '/navigation/tabs/0/href', at: 'key', message: BESIDE('href', 'graphql') },
    ]);
  });
});

describe('checkStrictValues: which unknown keys become refusals', () => {
  const unknownAt = (pointer: string): Finding => ({ code: 'unknown-field', pointer, at: 'key', message: 'x is not a field.' });

  it('an `openapi` object of a tab, alone or in an array: refused', () => {
    expect(checkSchema(tabs({ tab: 'T', openapi: { source: 'a.json', bogus: 1 }, pages: ['a'] }))).toStrictEqual([
      {
        code: 'invalid-value',
        pointer: '/navigation/tabs/0/openapi/bogus',
        at: 'key',
        message: `\`bogus\` is not a field of an \`openapi\` object; \`openapi\` takes no other key on the platform, ${REJECTS}`,
      },
    ]);
  });

  it('a strict field outside navigation, or of nothing the walk knows: left as it is', () => {
    const findings = [unknownAt('/styling/color/light2'), unknownAt('/global/bogus'), unknownAt('/navigation/nowhere/0/sdk/bogus')];
    checkStrictValues(docs({ pages: ['a'] }), findings);
    expect(findings).toStrictEqual([unknownAt('/styling/color/light2'), unknownAt('/global/bogus'), unknownAt('/navigation/nowhere/0/sdk/bogus')]);
  });

  it('a strict field of an element the walk knows: refused (the same finding through the same call)', () => {
    const findings = [unknownAt('/navigation/tabs/0/sdk/bogus')];
    checkStrictValues(tabs({ tab: 'T', sdk: { ...SDK, bogus: 1 }, groups: GROUPS }), findings);
    expect(findings).toStrictEqual([
      {
        code: 'invalid-value',
        pointer: '/navigation/tabs/0/sdk/bogus',
        at: 'key',
        message: `x is not a field; \`sdk\` takes no other key on the platform, ${REJECTS}`,
      },
    ]);
  });
});

describe('generatorChildLosses', () => {
  it('no generating tab: nothing lost', () => {
    expect(
      generatorChildLosses(
        docs({
          versions: [
            { version: 'v1', tabs: [{ tab: 'A', pages: ['a'], href: 'https://example.com' }] },
            { version: 'v2', anchors: [{ anchor: 'B', pages: ['b'], groups: GROUPS }] },
          ],
        }),
      ),
    ).toStrictEqual([]);
  });

  it('a generating tab with `pages` beside its `groups`: the array holding the tab is lost, once; `groups` and other keys cost nothing', () => {
    expect(
      generatorChildLosses(
        docs({
          versions: [
            {
              version: 'v1',
              tabs: [
                { tab: 'SDK', sdk: SDK, groups: GROUPS, pages: ['extra'], menu: [{ item: 'M', pages: ['m'] }], href: 'https://example.com' },
                { tab: 'Guides', pages: ['guides'] },
              ],
            },
            { version: 'v2', tabs: [{ tab: 'API', graphql: 'schema.graphql', groups: GROUPS, icon: 'code' }] },
            { version: 'v3', anchors: [{ anchor: 'A', sdk: SDK, pages: ['a'] }] },
          ],
        }),
      ),
    ).toStrictEqual([{ division: '/navigation/versions/0', key: 'tabs' }]);
  });
});
