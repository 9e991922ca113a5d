import { describe, expect, it } from 'vitest';
import { ensurePlatformValidator } from '../../bench/platform-validator.mjs';
import { childKind, ELEMENTS, NAME_FIELD, platformKeptChild, type ElementKind } from '../../src/navigation/model.js';
import { skipWithoutPlatform } from '../platform-packages.js';

/**
 * Which child array the platform keeps of an element holding two (`platformKeptChild`, which
 * mixed-children's message and the platform profile's tree follow) against the platform's own
 * validator (@mintlify/validation, installed on demand by bench/platform-validator.mjs; never a
 * dependency): every pair of child arrays on every kind of element, each array holding one page.
 */

type Verdict = { success: true; data: { navigation: Record<string, unknown> } } | { success: false };
interface PlatformValidator {
  validateDocsConfig(value: unknown): Verdict;
}

const installed = ensurePlatformValidator({ quiet: true });
const validator: PlatformValidator | undefined = 'url' in installed ? ((await import(installed.url)) as PlatformValidator) : undefined;
const skip = skipWithoutPlatform('kept children', 'reason' in installed ? installed.reason : undefined);

const ONE_OF: Record<string, unknown> = {
  pages: ['p'],
  groups: [{ group: 'G', pages: ['g'] }],
  tabs: [{ tab: 'T', pages: ['t'] }],
  anchors: [{ anchor: 'A', pages: ['a'] }],
  dropdowns: [{ dropdown: 'D', pages: ['d'] }],
  products: [{ product: 'P', pages: ['pr'] }],
  versions: [{ version: 'v1', pages: ['v'] }],
  languages: [{ language: 'en', pages: ['l'] }],
  menu: [{ item: 'I', pages: ['m'] }],
};

/** Each kind holding child arrays, the element as the only entry of a navigation, and how to find it again. */
const KINDS: Array<{ kind: ElementKind; wrap: (element: object) => object; find: (navigation: Record<string, unknown>) => Record<string, unknown> }> = [
  { kind: 'navigation', wrap: (element) => element, find: (navigation) => navigation },
  ...(['tab', 'anchor', 'dropdown', 'product', 'version', 'language', 'group'] as const).map((kind) => {
    const key = `${kind}s`;
    return {
      kind,
      wrap: (element: object) => ({ [key]: [element] }),
      find: (navigation: Record<string, unknown>) => (navigation[key] as Array<Record<string, unknown>>)[0],
    };
  }),
  {
    kind: 'item',
    wrap: (element) => ({ tabs: [{ tab: 'T0', menu: [element] }] }),
    find: (navigation) => ((navigation.tabs as Array<Record<string, unknown>>)[0].menu as Array<Record<string, unknown>>)[0],
  },
];

describe.skipIf(skip)("the child array the platform keeps, against its validator's", () => {
  it.each(KINDS)('$kind', ({ kind, wrap, find }) => {
    const name = NAME_FIELD[kind];
    const keys = Object.keys(ELEMENTS[kind].children);
    let pairs = 0;
    for (const a of keys) {
      for (const b of keys) {
        if (a >= b || childKind(kind, a) === undefined) continue;
        const element = { ...(name ? { [name]: kind === 'language' ? 'en' : 'X' } : {}), [a]: ONE_OF[a], [b]: ONE_OF[b] };
        const verdict = validator!.validateDocsConfig({ theme: 'mint', name: 'n', colors: { primary: '#000000' }, navigation: wrap(element) });
        expect(verdict.success, `${kind} holding ${a} and ${b}`).toBe(true);
        if (!verdict.success) continue;
        const kept = [a, b].filter((key) => key in find(verdict.data.navigation));
        expect([`${kind}: ${a}+${b}`, kept], 'the platform keeps one').toEqual([`${kind}: ${a}+${b}`, [platformKeptChild(kind, element)]]);
        pairs++;
      }
    }
    expect(pairs).toBe((keys.length * (keys.length - 1)) / 2);
  });
});
