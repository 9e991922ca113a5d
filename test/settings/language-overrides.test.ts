/**
 * A language's own `banner`, `footer` and `navbar` (src/settings/index.ts, languageOverrides):
 * checked with the top-level settings' schema wherever the language sits (navigation's own
 * languages, a tab's, a product's), with the message saying what the platform does (rejects the
 * whole docs.json, or drops the array holding the language, and which pages that loses), and
 * nothing said of the same keys elsewhere (a tab's banner is not a language's) or of a value that
 * is not an object (the schema's to say).
 */
import { describe, expect, it } from 'vitest';
import { checkDocsSettings, languageOverrideLosses } from '../../src/settings/index.js';

const SITE = { name: 'Demo', theme: 'mint', colors: { primary: '#000000' } };

describe("a language's banner, footer and navbar, checked as docs.json's own", () => {
  it("under a tab: a refused navbar drops the tab's languages (its pages named), an unknown banner key is info", () => {
    const docs = {
      ...SITE,
      navigation: {
        tabs: [
          {
            tab: 'A',
            languages: [
              { language: 'en', pages: ['a'] },
              {
                language: 'fr',
                navbar: { primary: {} },
                banner: { content: 'x', bogus: 1 },
                footer: 'not an object',
                groups: [{ group: 'g', pages: ['b', { group: 'h', pages: ['c'] }] }],
              },
            ],
          },
        ],
        languages: [{ language: 'de', banner: { content: 1 }, pages: ['z'] }],
      },
    };
    expect(checkDocsSettings(docs)).toEqual([
      {
        code: 'invalid-type',
        pointer: '/navigation/languages/0/banner/content',
        // The root's languages fail their form of the navigation: the platform builds from the tabs (test/resolve/build-cases.ts).
        message:
          '`content` must be a string, not 1. The platform does not fail the build for this: it drops the navigation\'s whole `languages`, valid entries too (1 page: "z"), and builds the site from `tabs`.',
      },
      {
        code: 'unknown-field',
        pointer: '/navigation/tabs/0/languages/1/banner/bogus',
        message: '`bogus` is not a docs.json setting the platform knows: it ignores it.',
        at: 'key',
        severity: 'info',
      },
      {
        code: 'missing-field',
        pointer: '/navigation/tabs/0/languages/1/navbar/primary',
        message:
          '`primary` needs `type` ("button", "github" or "discord"). The platform does not fail the build for this: it drops the whole `languages` of a tab "A", valid entries too (3 pages: "a", "b", "c"), so none of them is on the site.',
      },
    ]);
    expect(languageOverrideLosses(docs)).toEqual([
      { division: '/navigation/tabs/0', key: 'languages' },
      { division: '/navigation', key: 'languages' },
    ]);
  });

  it('a message with a dot inside keeps it: only the final one gives way to what the platform does; the suggestion is kept', () => {
    const docs = { ...SITE, navigation: { languages: [{ language: 'de', footer: { socials: { github: 'http://github.com/demo' } }, pages: ['z'] }] } };
    expect(checkDocsSettings(docs)).toEqual([
      {
        code: 'invalid-value',
        pointer: '/navigation/languages/0/footer/socials/github',
        message:
          '`socials.github` must be an https URL (not http:, and not a link to a .svg, .exe or .zip file), not "http://github.com/demo" ("Must be a valid HTTPS URL."), and the platform rejects the whole docs.json for it.',
        suggest: 'https://github.com/demo',
      },
    ]);
    expect(languageOverrideLosses(docs)).toEqual([]);
  });

  it("the same keys elsewhere are not a language's: a tab's banner, a language key under a group", () => {
    const docs = {
      ...SITE,
      navigation: {
        languages: [{ language: 'en', tabs: [{ tab: 'T', banner: { content: 1 }, pages: ['a'] }] }],
        groups: [{ group: 'g', pages: [{ group: 'h', languages: [{ language: 'fr', banner: { content: 2 } }] }] }],
      },
    };
    expect(checkDocsSettings(docs)).toEqual([]);
    expect(languageOverrideLosses(docs)).toEqual([]);
  });

  it('valid overrides, and navigation keys that are not arrays, say nothing and lose nothing', () => {
    const valid = { ...SITE, navigation: { languages: [{ language: 'en', banner: { content: 'Hello' }, navbar: { links: [] }, pages: ['a'] }] } };
    expect(checkDocsSettings(valid)).toEqual([]);
    expect(languageOverrideLosses(valid)).toEqual([]);
    for (const navigation of [{ languages: 'x', tabs: {}, anchors: null, products: [1, 'p', null] }, null, 'x', [], undefined]) {
      const odd = { ...SITE, navigation };
      expect(checkDocsSettings(odd)).toEqual([]);
      expect(languageOverrideLosses(odd)).toEqual([]);
    }
  });

  it('a docs.json that is not an object is the schema’s to report: nothing here', () => {
    for (const docs of [null, 'docs', [SITE], 3]) {
      expect(checkDocsSettings(docs)).toEqual([]);
      expect(languageOverrideLosses(docs)).toEqual([]);
    }
  });
});
