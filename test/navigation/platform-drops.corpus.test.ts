import { describe, expect, it } from 'vitest';
import { ensurePlatformValidator } from '../../bench/platform-validator.mjs';
import { resolveText } from '../../src/resolve.js';

/**
 * What the platform drops without failing (src/navigation/platform-drops.ts: a division with a link
 * `href`, a malformed entry in a division's array) against the platform's own validator
 * (@mintlify/validation, installed on demand by bench/platform-validator.mjs; never a dependency):
 * the pages left in the navigation it returns are the pages of docsnav's tree under the default
 * (platform) profile, in order.
 */
type Verdict = { success: true; data: { navigation: unknown } } | { success: false };
interface PlatformValidator {
  validateDocsConfig(value: unknown): Verdict | Promise<Verdict>;
}

const installed = ensurePlatformValidator({ quiet: true });
const validator: PlatformValidator | undefined = 'url' in installed ? ((await import(installed.url)) as PlatformValidator) : undefined;
if ('reason' in installed) console.warn(`platform drops: skipped, ${installed.reason}`);

const SETTINGS = { name: 'n', theme: 'mint', colors: { primary: '#000000' } };
const bad = { pages: ['c'] };
const CASES: Record<string, unknown> = {
  tab: {
    tabs: [
      { tab: 'T', pages: ['a', bad] },
      { tab: 'U', pages: ['u'] },
    ],
  },
  tabGroups: {
    tabs: [
      {
        tab: 'T',
        groups: [
          { group: 'g', pages: ['a', bad] },
          { group: 'h', pages: ['z'] },
        ],
      },
    ],
  },
  anchor: {
    anchors: [
      { anchor: 'T', pages: ['a', bad] },
      { anchor: 'U', pages: ['u'] },
    ],
  },
  dropdown: {
    dropdowns: [
      { dropdown: 'T', pages: ['a', bad] },
      { dropdown: 'U', pages: ['u'] },
    ],
  },
  product: {
    products: [
      { product: 'T', pages: ['a', bad] },
      { product: 'U', pages: ['u'] },
    ],
  },
  version: {
    versions: [
      { version: 'T', pages: ['a', bad] },
      { version: 'U', pages: ['u'] },
    ],
  },
  language: {
    languages: [
      { language: 'en', pages: ['a', bad] },
      { language: 'fr', pages: ['u'] },
    ],
  },
  menu: {
    tabs: [
      {
        tab: 'T',
        menu: [
          { item: 'i', pages: ['a', bad] },
          { item: 'j', pages: ['u'] },
        ],
      },
    ],
  },
  tabInVersion: {
    versions: [
      {
        version: 'v',
        tabs: [
          { tab: 'T', pages: ['a', bad] },
          { tab: 'U', pages: ['u'] },
        ],
      },
    ],
  },
  deepGroup: {
    tabs: [
      { tab: 'T', groups: [{ group: 'g', pages: ['a', { group: 'n', pages: ['b', 7] }] }] },
      { tab: 'U', pages: ['u'] },
    ],
  },
  emptyString: {
    tabs: [
      { tab: 'T', pages: ['a', ''] },
      { tab: 'U', pages: ['u'] },
    ],
  },
  badGroupField: {
    tabs: [
      { tab: 'T', groups: [{ group: 'g', pages: ['a'], expanded: 'yes' }] },
      { tab: 'U', pages: ['u'] },
    ],
  },
  unknownField: { tabs: [{ tab: 'T', groups: [{ group: 'g', pages: ['a'], foo: 1 }] }] },
  hrefAbsolute: {
    tabs: [
      { tab: 'E', href: 'https://x.example', pages: ['a'] },
      { tab: 'U', pages: ['u'] },
    ],
  },
  hrefPath: {
    tabs: [
      { tab: 'E', href: '/rel', groups: [{ group: 'g', pages: ['a'] }] },
      { tab: 'U', pages: ['u'] },
    ],
  },
  hrefHash: {
    anchors: [
      { anchor: 'E', href: '#x', pages: ['a'] },
      { anchor: 'U', pages: ['u'] },
    ],
  },
  hrefMailto: {
    dropdowns: [
      { dropdown: 'E', href: 'mailto:a@b.example', pages: ['a'] },
      { dropdown: 'U', pages: ['u'] },
    ],
  },
  hrefNotALink: { tabs: [{ tab: 'E', href: 'relative', pages: ['a'] }] },
  hrefVersion: {
    versions: [
      { version: 'E', href: 'https://x.example', tabs: [{ tab: 't', pages: ['a'] }] },
      { version: 'U', pages: ['u'] },
    ],
  },
  hrefMenuItem: {
    tabs: [
      {
        tab: 'T',
        menu: [
          { item: 'E', href: 'https://x.example', pages: ['a'] },
          { item: 'U', pages: ['u'] },
        ],
      },
    ],
  },
};

/** The page strings of a navigation, in document order. */
function pagesOf(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) pagesOf(item, out);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === 'pages' && Array.isArray(child)) {
        for (const entry of child) {
          if (typeof entry === 'string') out.push(entry);
          else pagesOf(entry, out);
        }
      } else if (key !== 'global' && Array.isArray(child)) pagesOf(child, out);
    }
  }
  return out;
}

describe.skipIf(validator === undefined)("what the platform drops, against its validator's", () => {
  it.each(Object.entries(CASES))('%s', async (_name, navigation) => {
    const verdict = await validator!.validateDocsConfig({ ...SETTINGS, navigation });
    expect(verdict.success, 'the platform builds it').toBe(true);
    const kept = verdict.success ? pagesOf(verdict.data.navigation).filter((page) => page !== '') : [];
    const tree = (await resolveText(JSON.stringify({ ...SETTINGS, navigation }))).tree.pages.map((page) => page.path);
    expect(tree).toEqual(kept);
  });
});
