/**
 * MiniSearch's ranking of a question's sections (search/library-rank.ts, issue 69): each of the
 * four fields is searched, and the page title and the section heading weigh more than the body
 * and the description, as eval/baselines.mjs's configuration that the fusion was measured with.
 * Built both ways (at once, and in chunks that yield to the event loop), with the same answers.
 */
import { describe, expect, it } from 'vitest';
import { LibraryRanking } from '../src/search/library-rank.js';
import type { PageSection } from '../src/store/deployments.js';
import { section } from './sections.js';

type Field = 'pageTitle' | 'heading' | 'pageDescription' | 'body';
const FIELDS: readonly Field[] = ['pageTitle', 'heading', 'pageDescription', 'body'];

/** A section whose four fields hold three words each, `zebra` put in `field` when named (`times` of them, 1 or 2). */
function filled(field?: Field, times = 1): PageSection {
  const text = (name: Field) => (name !== field ? 'gamma alpha beta' : times === 2 ? 'zebra zebra beta' : 'zebra alpha beta');
  return section({ pageTitle: text('pageTitle'), heading: text('heading'), pageDescription: text('pageDescription'), body: text('body') });
}

describe.each([
  ['built at once', false],
  ['built in chunks that yield', true],
] as const)("MiniSearch's ranking, %s", (_, yieldToLoop) => {
  it.each(FIELDS)('finds a word that only the %s holds', async (field) => {
    const sections = [filled(), filled(field), filled()];
    const ranking = await LibraryRanking.build(sections, yieldToLoop);
    expect(ranking.sections('zebra')).toEqual([1]);
  });

  it.each([
    ['the page title', 'pageTitle', 'body'],
    ['the page title', 'pageTitle', 'pageDescription'],
    ['the heading', 'heading', 'body'],
    ['the heading', 'heading', 'pageDescription'],
  ] as const)('ranks %s over the %s, even where that holds the word twice', async (_, above, below) => {
    // Twice in a field of the same length scores 1.375 times once (BM25's k1 of 1.2): under the title's ×2 and the heading's ×1.5,
    // over no boost. Either order of the sections: the boost decides, not the position (nor MiniSearch's order of fields on a tie).
    for (const order of [
      [filled(above), filled(below, 2)],
      [filled(below, 2), filled(above)],
    ]) {
      const ranking = await LibraryRanking.build([...order, filled(), filled()], yieldToLoop);
      expect(ranking.sections('zebra').map((id) => order[id])).toEqual([filled(above), filled(below, 2)]);
    }
  });

  it('ranks the body holding the word twice over the description holding it once, and the other way round: neither is boosted', async () => {
    expect((await LibraryRanking.build([filled('pageDescription'), filled('body', 2), filled(), filled()], yieldToLoop)).sections('zebra')).toEqual([1, 0]);
    expect((await LibraryRanking.build([filled('pageDescription', 2), filled('body'), filled(), filled()], yieldToLoop)).sections('zebra')).toEqual([0, 1]);
  });

  it('finds nothing for a word no section holds', async () => {
    const ranking = await LibraryRanking.build([filled(), filled('body')], yieldToLoop);
    expect(ranking.sections('yak')).toEqual([]);
  });
});
