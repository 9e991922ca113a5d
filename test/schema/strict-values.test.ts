/**
 * The value objects the platform holds to their keys (src/schema/strict-objects.ts,
 * checkStrictValues): an unknown key in an element's `openapi` or `asyncapi` object (or an object
 * of its `openapi` array), `color`, `sdk` or `global` fails the element on the platform, so the
 * schema's unknown-field there becomes invalid-value; anywhere else an unknown key stays
 * unknown-field (the platform strips it). Each shape checked against the build in
 * test/resolve/build-cases.ts ("a key the platform does not know …").
 */
import { describe, expect, it } from 'vitest';
import { checkSchema } from '../../src/schema/index.js';

const docs = (navigation: unknown) => ({ name: 'x', theme: 'mint', colors: { primary: '#000000' }, navigation });
const at = (navigation: unknown, pointer: string) =>
  checkSchema(docs(navigation))
    .filter((finding) => finding.pointer === pointer)
    .map(({ code, message }) => ({ code, held: message.includes('takes no other key on the platform') }));
const held = [{ code: 'invalid-value', held: true }];
const stripped = [{ code: 'unknown-field', held: false }];

describe('a strict value object of an element', () => {
  it.each([
    ['a tab’s openapi object', { tabs: [{ tab: 'T', openapi: { source: 'a.json', bogus: 1 }, pages: ['a'] }] }, '/navigation/tabs/0/openapi/bogus'],
    [
      'an object of an anchor’s openapi array',
      { anchors: [{ anchor: 'A', openapi: [{ source: 'a.json', bogus: 1 }], pages: ['a'] }] },
      '/navigation/anchors/0/openapi/0/bogus',
    ],
    ['a tab’s asyncapi object', { tabs: [{ tab: 'T', asyncapi: { source: 'e.json', bogus: 1 }, pages: ['a'] }] }, '/navigation/tabs/0/asyncapi/bogus'],
    ['a dropdown’s color', { dropdowns: [{ dropdown: 'D', color: { mid: '#000' }, pages: ['a'] }] }, '/navigation/dropdowns/0/color/mid'],
    ['a group’s sdk', { groups: [{ group: 'G', sdk: { format: 'typedoc', source: 'x', output: 'y' }, pages: ['a'] }] }, '/navigation/groups/0/sdk/output'],
    ['a tab’s global', { tabs: [{ tab: 'T', global: { links: [] }, pages: ['a'] }] }, '/navigation/tabs/0/global/links'],
    ['the root’s global', { pages: ['a'], global: { groups: [] } }, '/navigation/global/groups'],
  ])('%s: invalid-value, the element fails', (_name, navigation, pointer) => {
    expect(at(navigation, pointer)).toEqual(held);
  });

  it.each([
    // Each condition alone false: the same key where the platform strips or drops it.
    ['a key of the element itself', { tabs: [{ tab: 'T', bogus: 1, pages: ['a'] }] }, '/navigation/tabs/0/bogus'],
    [
      'a group’s openapi object (the platform drops the value alone)',
      { groups: [{ group: 'G', openapi: { source: 'a.json', bogus: 1 }, pages: ['a'] }] },
      '/navigation/groups/0/openapi/bogus',
    ],
    ['a group’s asyncapi object', { groups: [{ group: 'G', asyncapi: { source: 'e.json', bogus: 1 }, pages: ['a'] }] }, '/navigation/groups/0/asyncapi/bogus'],
    [
      'a key in a global anchor (an object inside global)',
      { pages: ['a'], global: { anchors: [{ anchor: 'x', href: 'https://a.example', bogus: 1 }] } },
      '/navigation/global/anchors/0/bogus',
    ],
    ['an icon object (not held to its keys)', { tabs: [{ tab: 'T', icon: { name: 'book', bogus: 1 }, pages: ['a'] }] }, '/navigation/tabs/0/icon/bogus'],
  ])('%s: unknown-field, as the schema says', (_name, navigation, pointer) => {
    expect(at(navigation, pointer)).toEqual(stripped);
  });

  it('the root’s asyncapi object: stripped whole by the platform, so a warning, not a failure', () => {
    const found = checkSchema(docs({ pages: ['a'], asyncapi: { source: 'e.json', bogus: 1 } })).filter((f) => f.pointer === '/navigation/asyncapi/bogus');
    expect(found.map((f) => f.code)).toEqual(['unknown-field']);
  });

  it('a document without unknown keys is left as the schema found it', () => {
    expect(checkSchema(docs({ anchors: [{ anchor: 'A', openapi: { source: 'a.json' }, color: { light: '#000000' }, pages: ['a'] }] }))).toEqual([]);
  });
});
