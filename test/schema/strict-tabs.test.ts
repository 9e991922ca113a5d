/**
 * A tab that generates its pages (sdk, graphql) is a strict object on the platform
 * (src/schema/strict-objects.ts): any key beside the generator but tab, icon, hidden, searchable,
 * align, directory and groups fails it. Checked against the build in test/resolve/build-cases.ts.
 */
import { describe, expect, it } from 'vitest';
import { checkSchema } from '../../src/schema/index.js';

const SDK = { format: 'typedoc', source: 'sdk/typedoc.json' };
const docs = (tab: Record<string, unknown>, around: Record<string, unknown> = {}) => ({
  name: 'x',
  theme: 'mint',
  colors: { primary: '#000000' },
  navigation: { tabs: [tab], ...around },
});
const refused = (tab: Record<string, unknown>) =>
  checkSchema(docs(tab))
    .filter((finding) => finding.message.includes('is not allowed beside'))
    .map(({ code, pointer }) => `${code} ${pointer}`);

describe('a tab that generates its pages', () => {
  it('takes tab, icon, hidden, searchable, align, directory and groups beside its generator', () => {
    expect(
      refused({
        tab: 'API',
        graphql: 'schema.graphql',
        icon: 'code',
        hidden: false,
        searchable: true,
        align: 'end',
        directory: 'card',
        groups: [{ group: 'G', pages: ['a'] }],
      }),
    ).toEqual([]);
    expect(refused({ tab: 'SDK', sdk: SDK })).toEqual([]);
  });

  it.each([
    ['href', { href: 'https://example.com' }],
    ['global', { global: {} }],
    ['openapi', { openapi: 'openapi.yaml' }],
    ['asyncapi', { asyncapi: 'events.yaml' }],
  ])('refuses %s beside sdk and beside graphql', (key, extra) => {
    expect(refused({ tab: 'SDK', sdk: SDK, ...extra })).toEqual([`invalid-value /navigation/tabs/0/${key}`]);
    expect(refused({ tab: 'API', graphql: 'schema.graphql', ...extra })).toEqual([`invalid-value /navigation/tabs/0/${key}`]);
  });

  it('points at the key it refuses; at the value for a graphql source or directory, at the key for another key of the object', () => {
    const atOf = (tab: Record<string, unknown>, pointer: string) => checkSchema(docs(tab)).find((finding) => finding.pointer === pointer)?.at;
    expect(atOf({ tab: 'SDK', sdk: SDK, href: 'https://example.com' }, '/navigation/tabs/0/href')).toBe('key');
    expect(atOf({ tab: 'API', graphql: { source: 'http://example.com/s.graphql' } }, '/navigation/tabs/0/graphql/source')).toBeUndefined();
    expect(atOf({ tab: 'API', graphql: { source: 's.graphql', directory: '' } }, '/navigation/tabs/0/graphql/directory')).toBeUndefined();
    const extra = checkSchema(docs({ tab: 'API', graphql: { source: 's.graphql', extra: 1 } })).find((f) => f.pointer === '/navigation/tabs/0/graphql/extra');
    expect(extra?.at).toBe('key');
  });

  it("says what a graphql object's empty directory costs, in the build's terms (a blank one too)", () => {
    for (const directory of ['', '  ']) {
      const finding = checkSchema(docs({ tab: 'API', graphql: { source: 's.graphql', directory } })).find(
        (f) => f.pointer === '/navigation/tabs/0/graphql/directory',
      );
      expect(finding?.message).toBe('An empty `directory` names no folder for the GraphQL pages, and the platform rejects the whole docs.json for it.');
    }
  });

  it('a tab with sdk and graphql has sdk as its generator: its graphql is refused as a key, its value not checked as a schema', () => {
    const findings = checkSchema(docs({ tab: 'SDK', sdk: SDK, graphql: 'http://example.com/s.graphql' })).filter((f) =>
      f.pointer.startsWith('/navigation/tabs/0/graphql'),
    );
    expect(findings.map((f) => `${f.pointer} ${f.message.split(' (')[0]}`)).toEqual([
      '/navigation/tabs/0/graphql `graphql` is not allowed beside `sdk` on a tab',
    ]);
  });

  it('an unknown key there fails the build too: the schema’s unknown-field becomes invalid-value, its message widened, no rename suggested', () => {
    const findings = checkSchema(docs({ tab: 'SDK', sdk: SDK, expnad: true }));
    const found = findings.filter((finding) => finding.pointer === '/navigation/tabs/0/expnad');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ code: 'invalid-value' });
    expect(found[0].message).toMatch(
      /^`expnad` is not a field of .+; `expnad` is not allowed beside `sdk` on a tab .+, and the platform rejects the whole docs\.json for it\.$/,
    );
    expect(found[0].suggest).toBeUndefined();
  });

  it('child arrays beside the generator are mixed-children’s, not this check’s; a tab without a generator is not strict', () => {
    expect(refused({ tab: 'SDK', sdk: SDK, pages: ['a'], menu: [] })).toEqual([]);
    expect(refused({ tab: 'Docs', href: 'https://example.com', global: {} })).toEqual([]);
  });

  it('at any depth: a tab inside a version, inside a product', () => {
    const nested = {
      name: 'x',
      theme: 'mint',
      colors: { primary: '#000000' },
      navigation: { products: [{ product: 'P', versions: [{ version: 'v1', tabs: [{ tab: 'SDK', sdk: SDK, href: '/x' }] }] }] },
    };
    expect(
      checkSchema(nested)
        .filter((finding) => finding.message.includes('is not allowed beside'))
        .map((finding) => finding.pointer),
    ).toEqual(['/navigation/products/0/versions/0/tabs/0/href']);
  });
});
