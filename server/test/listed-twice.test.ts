/**
 * A page the navigation lists twice, under two languages or two versions, is in both: a question
 * filtered to either finds it (search/index-data.ts `register` adds every listing's labels; the
 * page kept only its first listing's before, and `?language=fr` did not find a page the French
 * navigation lists after the English one). Each case beside one where the filter must still
 * leave a page out.
 */
import { describe, expect, it } from 'vitest';
import { SectionIndex } from '../src/search/section-index.js';
import { analyzerFor } from '../src/search/language.js';
import { tokenize } from '../src/search/tokenize.js';
import { section } from './sections.js';

const lang = (label: string) => ({ kind: 'language', label });
const v = (label: string) => ({ kind: 'version', label });

// As deployments store them: the shared page's sections once per listing, the second listing's later.
const SECTIONS = [
  section({ pagePath: 'en/setup', pageTitle: 'Setup', body: 'Install the plinthor agent.', trail: [lang('en')] }),
  section({ pagePath: 'shared', pageTitle: 'Shared', body: 'The plinthor glossary.', trail: [lang('en'), v('v1')] }),
  section({ pagePath: 'fr/installation', pageTitle: 'Installation', body: "Installer l'agent plinthor.", trail: [lang('fr')] }),
  section({ pagePath: 'shared', pageTitle: 'Shared', body: 'The plinthor glossary.', trail: [lang('fr'), v('v2')] }),
  section({ pagePath: 'de/only', pageTitle: 'Nur', body: 'Plinthor auf Deutsch.', trail: [lang('de'), v('v1')] }),
  // Outside any language or version: in all of them.
  section({ pagePath: 'anywhere', pageTitle: 'Anywhere', body: 'Plinthor, whatever the language.', trail: [] }),
];

async function found(filter: { language?: string; version?: string }): Promise<string[]> {
  const index = await SectionIndex.build(SECTIONS, false);
  const query = tokenize('plinthor', analyzerFor(undefined)).map((term) => ({ term, weight: 1 }));
  return index
    .rank(query, { limit: 10, includeHidden: true, ...filter })
    .map((result) => result.page.path)
    .sort();
}

describe('a page listed under two languages or versions', () => {
  it('is found under either language, and a page of a third is not', async () => {
    expect(await found({ language: 'fr' })).toEqual(['anywhere', 'fr/installation', 'shared']);
    expect(await found({ language: 'en' })).toEqual(['anywhere', 'en/setup', 'shared']);
    expect(await found({ language: 'de' })).toEqual(['anywhere', 'de/only']);
  });

  it('is found under either version, and a page of the other only under its own', async () => {
    // Pages with no version pass a version filter (they are in every version).
    expect(await found({ version: 'v2' })).toEqual(['anywhere', 'en/setup', 'fr/installation', 'shared']);
    expect(await found({ version: 'v1' })).toEqual(['anywhere', 'de/only', 'en/setup', 'fr/installation', 'shared']);
  });

  it('keeps its first listing as its own language and version, and the navigation lists every label', async () => {
    const index = await SectionIndex.build(SECTIONS, false);
    const shared = index.pages.find((page) => page.path === 'shared')!;
    expect([shared.language, shared.version, shared.languages, shared.versions]).toEqual(['en', 'v1', ['en', 'fr'], ['v1', 'v2']]);
    expect([index.languages, index.versions]).toEqual([
      ['en', 'fr', 'de'],
      ['v1', 'v2'],
    ]);
    // Restored from its bytes, the same.
    const restored = SectionIndex.restore(SECTIONS, Buffer.concat(await index.serialize()))!;
    expect(restored.pages.find((page) => page.path === 'shared')).toEqual(shared);
  });
});
