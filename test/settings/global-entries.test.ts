/**
 * What the settings check says of a `global`'s entries, wherever the `global` is (the root, a
 * version): each refused `href` at its own pointer, worded as the schema's findings; a global
 * anchor's href left to external-href alone (no second finding); a global language's own settings
 * checked as any language's, at the entry's pointer. (The mutation draw on 6f30839 found these
 * pointers and words untested: src/settings/index.ts globalLinks and checkLanguage.)
 */
import { describe, expect, it } from 'vitest';
import { resolveText, validateText } from '../../src/index.js';
import { REQUIRED_SETTINGS } from '../required-settings.js';

const said = (navigation: unknown) =>
  validateText(JSON.stringify({ ...REQUIRED_SETTINGS, navigation }), { file: 'docs.json' }).problems.map(
    (p) => `${p.severity} ${p.code} ${p.pointer} ${p.message}`,
  );

const pagesOf = async (navigation: unknown) =>
  (await resolveText(JSON.stringify({ ...REQUIRED_SETTINGS, navigation }), { file: 'docs.json' })).tree.pages.map((page) => page.path);

const REFUSED_HREF = '`href` must be an absolute URL or a path starting with `/` (got "nope"), and the platform rejects the whole docs.json for it.';

describe("a global's entries, as the settings check says them", () => {
  it("at the root: a tab's refused href at its pointer; an anchor's only as external-href", () => {
    expect(said({ global: { tabs: [{ tab: 'T', href: 'nope' }], anchors: [{ anchor: 'A', href: 'nope' }] }, pages: ['a'] })).toEqual([
      `error invalid-value /navigation/global/tabs/0/href ${REFUSED_HREF}`,
      'error external-href /navigation/global/anchors/0/href Global anchor href "nope" is not a link the hosted platform accepts: use an absolute URL, a /path, a #hash or a mailto: link.',
    ]);
  });

  it("in a version: the refused href under the version's global, the second entry's index kept", () => {
    expect(
      said({
        versions: [
          {
            version: 'v1',
            global: {
              tabs: [
                { tab: 'S', href: '/fine' },
                { tab: 'T', href: 'nope' },
              ],
            },
            pages: ['a'],
          },
          { version: 'v2', pages: ['b'] },
        ],
      }),
    ).toEqual([`error invalid-value /navigation/versions/0/global/tabs/1/href ${REFUSED_HREF}`]);
  });

  it("a global language's banner in a version, checked as a language's own, at the entry's pointer", () => {
    expect(
      said({
        versions: [
          {
            version: 'v1',
            global: { languages: [{ language: 'fr', href: 'https://x.example/fr', banner: { content: 'x', dismissible: 'yes' } }] },
            pages: ['a'],
          },
          { version: 'v2', pages: ['b'] },
        ],
      }),
    ).toEqual([
      'error invalid-type /navigation/versions/0/global/languages/0/banner/dismissible `dismissible` must be true or false, not "yes", and the platform rejects the whole docs.json for it.',
    ]);
  });

  it("a global language whose code the platform refuses, in a tab's version: said at the entry, and the tab's versions lost from the tree (as prebuild builds it)", async () => {
    const navigation = (code: string) => ({
      tabs: [
        {
          tab: 'T',
          versions: [
            { version: 'v1', global: { languages: [{ language: code, href: 'https://x.example/l' }] }, pages: ['a'] },
            { version: 'v2', pages: ['b'] },
          ],
        },
        { tab: 'U', pages: ['c'] },
      ],
    });
    expect(said(navigation('xx')).map((line) => line.split(' ').slice(0, 3).join(' '))).toEqual([
      'error language-code /navigation/tabs/0/versions/0/global/languages/0/language',
    ]);
    expect(await pagesOf(navigation('xx'))).toEqual(['c']);
    expect(await pagesOf(navigation('fr'))).toEqual(['a', 'b', 'c']);
  });

  it("a global language entry that is no object (null, a code alone) is the schema's to say: one finding each, no crash, the same array lost", async () => {
    const navigation = {
      tabs: [
        {
          tab: 'T',
          versions: [
            { version: 'v1', global: { languages: [null, 'fr'] }, pages: ['a'] },
            { version: 'v2', pages: ['b'] },
          ],
        },
        { tab: 'U', pages: ['c'] },
      ],
    };
    expect(said(navigation).map((line) => line.split(' ').slice(0, 3).join(' '))).toEqual([
      'error invalid-type /navigation/tabs/0/versions/0/global/languages/0',
      'error invalid-type /navigation/tabs/0/versions/0/global/languages/1',
    ]);
    expect(await pagesOf(navigation)).toEqual(['c']);
  });
});
