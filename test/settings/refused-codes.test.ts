/**
 * A language code the platform's enum refuses fails the language, and the platform drops the array
 * around it (src/settings/index.ts, checkLanguage): the tree under the default profile holds none
 * of that array's pages; a code it accepts costs nothing. (The mutation draw on 6fa1cd0 found no
 * test of the settings target reaching this line; the build cases check it against prebuild.)
 */
import { describe, expect, it } from 'vitest';
import { resolveText } from '../../src/index.js';
import { REQUIRED_SETTINGS } from '../required-settings.js';

const pagesOf = async (navigation: unknown) =>
  (await resolveText(JSON.stringify({ ...REQUIRED_SETTINGS, navigation }), { file: 'docs.json' })).tree.pages.map((page) => page.path);

describe('a language code the platform refuses, as the tree sees it', () => {
  it('in a tab’s languages: that tab’s languages are lost, the tab beside keeps its pages', async () => {
    const languages = (code: string) => [
      { language: code, pages: ['a'] },
      { language: 'fr', pages: ['b'] },
    ];
    expect(
      await pagesOf({
        tabs: [
          { tab: 'T', languages: languages('xx') },
          { tab: 'U', pages: ['c'] },
        ],
      }),
    ).toEqual(['c']);
    expect(
      await pagesOf({
        tabs: [
          { tab: 'T', languages: languages('en') },
          { tab: 'U', pages: ['c'] },
        ],
      }),
    ).toEqual(['a', 'b', 'c']);
  });
});
