/**
 * The sections' own ranking of a question's words (search/section-rank.ts, issue 69): BM25 field
 * by field over the index's postings, the page title ×2 and the heading ×1.5 over the description
 * and the body, an idf over sections, the question's own words once each; and its place in the
 * fused ranking (search/rank.ts): a third list beside the index's ranking (×2) and MiniSearch's,
 * with the pages an earlier answer cited preferred in each list, by its own scores.
 */
import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { analyzerFor } from '../src/search/language.js';
import { buildIndex } from '../src/search/index-build.js';
import { LibraryRanking } from '../src/search/library-rank.js';
import { FIELDS, PAIR } from '../src/search/index-fields.js';
import type { SearchTerm } from '../src/search/rank.js';
import { SectionIndex } from '../src/search/section-index.js';
import { sectionRanking } from '../src/search/section-rank.js';
import { tokenize } from '../src/search/tokenize.js';
import type { PageSection } from '../src/store/deployments.js';
import { section } from './sections.js';

const english = analyzerFor(undefined);
/** The index's terms of `words`, each a question's own word (weight 1). */
const own = (words: string) => tokenize(words, english).map((term) => ({ term, weight: 1 }));
const ranking = async (sections: readonly PageSection[], query: readonly SearchTerm[]) => sectionRanking(await buildIndex(sections, false), query);

/** Four fields of three words each, `zebra` in `field` (`times` of them). */
type Field = 'pageTitle' | 'heading' | 'pageDescription' | 'body';
function filled(field?: Field, times = 1, path = 'p'): PageSection {
  const text = (name: Field) => (name !== field ? 'gamma alpha beta' : times === 2 ? 'zebra zebra beta' : 'zebra alpha beta');
  return section({ pagePath: path, pageTitle: text('pageTitle'), heading: text('heading'), pageDescription: text('pageDescription'), body: text('body') });
}

describe("the sections' own ranking", () => {
  it.each(['pageTitle', 'heading', 'pageDescription', 'body'] as const)('finds a word that only the %s holds', async (field) => {
    expect(await ranking([filled(), filled(field), filled()], own('zebra'))).toEqual([1]);
  });

  it.each([
    ['pageTitle', 'body'],
    ['pageTitle', 'pageDescription'],
    ['heading', 'body'],
    ['heading', 'pageDescription'],
  ] as const)('ranks the %s over the %s, even where that holds the word twice', async (above, below) => {
    // Twice in a field of the same length scores 1.375 times once (k1 1.2): under ×2 and ×1.5, over no boost.
    for (const order of [
      [filled(above), filled(below, 2)],
      [filled(below, 2), filled(above)],
    ]) {
      const ranked = await ranking([...order, filled(), filled()], own('zebra'));
      expect(ranked.map((id) => order[id])).toEqual([filled(above), filled(below, 2)]);
    }
  });

  it('ranks the page title (×2) over the heading (×1.5), each holding the word once, and the heading holding it twice over the title once (1.5 × 1.375 > 2)', async () => {
    for (const order of [
      [filled('pageTitle'), filled('heading')],
      [filled('heading'), filled('pageTitle')],
    ]) {
      const ranked = await ranking([...order, filled(), filled()], own('zebra'));
      expect(ranked.map((id) => order[id])).toEqual([filled('pageTitle'), filled('heading')]);
    }
    expect(await ranking([filled('pageTitle'), filled('heading', 2), filled(), filled()], own('zebra'))).toEqual([1, 0]);
  });

  it('weighs the description and the body alike: twice beats once either way', async () => {
    expect(await ranking([filled('pageDescription'), filled('body', 2), filled(), filled()], own('zebra'))).toEqual([1, 0]);
    expect(await ranking([filled('pageDescription', 2), filled('body'), filled(), filled()], own('zebra'))).toEqual([0, 1]);
  });

  it('does not read the navigation labels, the path or the link texts', async () => {
    const sections = [
      section({ pagePath: 'guides/zebra', body: 'alpha' }),
      section({ pagePath: 'b', trail: [{ kind: 'group', label: 'Zebra' }], body: 'alpha' }),
      section({ pagePath: 'c', body: 'See [the setup](/d).', links: [{ href: 'd', text: 'zebra' }] }),
      section({ pagePath: 'd', body: 'alpha' }),
      section({ pagePath: 'e', body: 'a zebra here' }),
    ];
    const data = await buildIndex(sections, false);
    // The index holds the word for each of them (its own ranking reads those fields)…
    expect(data.termIds.has(own('zebra')[0].term)).toBe(true);
    // …but only the body that says it is found by it.
    expect(sectionRanking(data, own('zebra'))).toEqual([4]);
  });

  it('counts over sections: a rare word outweighs a common one, whatever the order of the words', async () => {
    const sections = [
      section({ pagePath: 'a', body: 'common words here' }),
      section({ pagePath: 'b', body: 'common words there' }),
      section({ pagePath: 'c', body: 'common words again' }),
      section({ pagePath: 'd', body: 'a rare word' }),
    ];
    for (const words of ['common rare', 'rare common']) expect((await ranking(sections, own(words)))[0]).toBe(3);
  });

  it('ranks the shorter of two bodies that hold the word as often first (its length counted against it)', async () => {
    const short = section({ pagePath: 'a', body: 'zebra grazes' });
    const long = section({ pagePath: 'b', body: `zebra ${'grass '.repeat(40)}` });
    expect(await ranking([long, short, filled()], own('zebra'))).toEqual([1, 0]);
    expect(await ranking([short, long, filled()], own('zebra'))).toEqual([0, 1]);
  });

  it("reads the thread's words as written, each once and by its weight: not its expansions, its pairs or a repeat", async () => {
    const sections = [
      section({ pagePath: 'a', body: 'common words here' }),
      section({ pagePath: 'b', body: 'common words there' }),
      section({ pagePath: 'c', body: 'a rare word' }),
    ];
    const [common] = own('common');
    const [rare] = own('rare');
    // Said thrice, the common word would outweigh the rare one: once, it does not.
    expect((await ranking(sections, [common, common, common, rare]))[0]).toBe(2);
    // An expansion finds nothing here, whatever its weight; the question's own word does.
    expect(await ranking(sections, [{ term: rare.term, weight: 1, expansion: true }])).toEqual([]);
    expect(await ranking(sections, [rare])).toEqual([2]);
    // An earlier message's word counts by its weight: at a third of the common word's, the rare
    // word (idf 1.55 over sections, the common word's 0.47) ranks under it; at the same, over it.
    expect(await ranking(sections, [common, { term: rare.term, weight: 1 / 3 }])).toEqual([0, 1, 2]);
    expect(await ranking(sections, [common, { term: rare.term, weight: 1 }])).toEqual([2, 0, 1]);
    // A pair term is the index's own ranking's.
    const paired = [section({ pagePath: 'a', pageTitle: 'Rare word' }), filled()];
    const pair = `${rare.term}${PAIR}${own('word')[0].term}`;
    expect((await buildIndex(paired, false)).termIds.has(pair)).toBe(true);
    expect(await ranking(paired, [{ term: pair, weight: 1 }])).toEqual([]);
  });

  it('finds nothing for a word no section holds; on a tie the earlier section first', async () => {
    expect(await ranking([filled('body'), filled()], own('yak'))).toEqual([]);
    expect(await ranking([filled(), filled('body'), filled('body')], own('zebra'))).toEqual([1, 2]);
  });

  it('finds a word every section holds (its idf over sections small, never 0)', async () => {
    expect(await ranking([filled('body'), filled('body', 2), filled('heading')], own('zebra'))).toEqual([2, 1, 0]);
  });

  it('on a tie between sections found by different words, the earlier section first, whichever word found it first', async () => {
    const alike = (word: string, path: string) => section({ pagePath: path, pageTitle: 'Same', body: `${word} grass` });
    const sections = [alike('moss', 'a'), alike('beta', 'b'), alike('alpha', 'c'), alike('moss', 'd')];
    // "alpha" (section 2) is read before "beta" (section 1): the tie is broken by the section, not by the order found.
    expect(await ranking(sections, own('alpha beta'))).toEqual([1, 2]);
  });

  it("scores each section exactly as BM25 field by field (k1 1.2, b 0.75, lunr's idf over sections): its order on seeded random sections", async () => {
    let seed = 20261130;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const vocabulary = ['zebra', 'grass', 'river', 'stone', 'cloud', 'forest', 'ember', 'quartz'];
    const words = (most: number) =>
      Array.from({ length: 1 + Math.floor(random() * most) }, () => vocabulary[Math.floor(random() * vocabulary.length)]).join(' ');
    const sections = Array.from({ length: 40 }, (_, i) =>
      section({
        pagePath: `p${i}`,
        pageTitle: words(3),
        heading: random() < 0.5 ? words(4) : null,
        pageDescription: random() < 0.3 ? words(6) : '',
        body: words(30),
      }),
    );
    const data = await buildIndex(sections, false);
    const fields = [
      ['pageTitle', 2, 0],
      ['heading', 1.5, 1],
      ['pageDescription', 1, 2],
      ['body', 1, 5],
    ] as const;
    const lengths = data.fieldLengths.view();
    for (const question of ['zebra', 'river stone', 'ember quartz cloud', 'forest grass zebra river']) {
      const query = own(question);
      const score = new Map<number, number>();
      for (const { term } of query) {
        const holding = sections.filter((row) => fields.some(([field]) => tokenize(row[field] ?? '', english).includes(term))).length;
        const idf = Math.log(1 + (sections.length - holding + 0.5) / (holding + 0.5));
        sections.forEach((row, id) => {
          for (const [field, boost, f] of fields) {
            const tf = tokenize(row[field] ?? '', english).filter((token) => token === term).length;
            if (tf === 0) continue;
            const norm = 0.25 + (0.75 * lengths[id * FIELDS.length + f]) / data.averages[f];
            score.set(id, (score.get(id) ?? 0) + (boost * idf * 2.2 * tf) / (1.2 * norm + tf));
          }
        });
      }
      const expected = [...score].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([id]) => id);
      expect(sectionRanking(data, query), question).toEqual(expected);
    }
  });
});

describe("the fused ranking: the index's (×2), MiniSearch's and the sections' own, k 10", () => {
  const sections = [
    section({ pagePath: 'billing', pageTitle: 'Billing', body: 'Invoices are sent monthly. Rotate your card in the dashboard.' }),
    section({ pagePath: 'keys', pageTitle: 'API keys', heading: 'Rotate a key', anchor: 'rotate', body: 'Rotate keys from the dashboard every month.' }),
    section({ pagePath: 'keys', pageTitle: 'API keys', heading: 'Headers', anchor: 'headers', body: 'Send the key in the Authorization header.' }),
    section({ pagePath: 'webhooks', pageTitle: 'Webhooks', body: 'Webhook retries happen three times over an hour, then the event is dropped.' }),
    section({
      pagePath: 'events',
      pageTitle: 'Events',
      pageDescription: 'What happens when',
      body: 'Every event a job sends: retries, failures, the dashboard.',
    }),
    section({ pagePath: 'faq', pageTitle: 'FAQ', heading: 'Is the key rotated monthly?', body: 'No: rotate it yourself.' }),
  ];

  it('is each page scored 2/(10 + its rank) in the index’s ranking and 1/(10 + its rank) in each other list', async () => {
    const index = await SectionIndex.build(sections);
    const data = await buildIndex(sections, false);
    const library = new MiniSearch<{ id: number }>({ fields: ['pageTitle', 'heading', 'pageDescription', 'body'] });
    library.addAll(
      sections.map((row, id) => ({ id, pageTitle: row.pageTitle, heading: row.heading ?? '', pageDescription: row.pageDescription, body: row.body })),
    );
    const pagesOf = (ids: readonly number[]) => [...new Set(ids.map((id) => sections[id].pagePath))];
    const position = (page: string) => index.pages.find((p) => p.path === page)!.position;
    let changed = 0;
    for (const words of ['rotate key monthly', 'webhook retries', 'the dashboard events', 'key header', 'invoices monthly']) {
      const query = own(words);
      const lists: Array<[string[], number]> = [
        [index.rank(query, { limit: 50, includeHidden: true }).map((r) => r.page.path), 2],
        [pagesOf(library.search(words, { boost: { pageTitle: 2, heading: 1.5 } }).map((r) => r.id as number)), 1],
        [pagesOf(sectionRanking(data, query)), 1],
      ];
      const fusedOf = (used: typeof lists) => {
        const score = new Map<string, number>();
        for (const [list, weight] of used) list.forEach((page, rank) => score.set(page, (score.get(page) ?? 0) + weight / (10 + rank + 1)));
        return [...score].sort((a, b) => b[1] - a[1] || position(a[0]) - position(b[0])).map(([page]) => page);
      };
      const fused = index.rank(query, { limit: 50, includeHidden: true, text: words }).map((r) => r.page.path);
      expect(fused, words).toEqual(fusedOf(lists));
      if (fused.join() !== fusedOf(lists.slice(0, 2)).join()) changed++;
    }
    // The third list changes some rankings (else this test could not fail with it gone).
    expect(changed).toBeGreaterThan(0);
  });

  it('reads each list 50 pages deep, on a site of 80 pages that all hold the word', async () => {
    // The word in every page, as often and in fields of lengths that vary apart: the three lists rank the 80 pages differently.
    const many = Array.from({ length: 80 }, (_, i) =>
      section({
        pagePath: `p${i}`,
        pageTitle: i % 9 === 0 ? `Zebra ${i}` : `Page ${i}`,
        heading: i % 4 === 0 ? 'zebra notes' : null,
        body: `${'zebra '.repeat((i % 7) + 1)}${'grass '.repeat((i * 5) % 11)}${i % 3 === 0 ? 'the herd' : ''}`,
      }),
    );
    const index = await SectionIndex.build(many);
    const data = await buildIndex(many, false);
    const library = new MiniSearch<{ id: number }>({ fields: ['pageTitle', 'heading', 'pageDescription', 'body'] });
    library.addAll(many.map((row, id) => ({ id, pageTitle: row.pageTitle, heading: row.heading ?? '', pageDescription: row.pageDescription, body: row.body })));
    const depth = (ids: readonly number[]) => [...new Set(ids.map((id) => many[id].pagePath))].slice(0, 50);
    const position = (page: string) => index.pages.find((p) => p.path === page)!.position;
    for (const words of ['zebra', 'the zebra herd', 'zebra notes grass']) {
      const query = own(words);
      const lexical = index.rank(query, { limit: 80, includeHidden: true }).map((r) => r.page.path);
      expect(lexical.length, words).toBeGreaterThan(50);
      const score = new Map<string, number>();
      const lists: Array<[string[], number]> = [
        [lexical.slice(0, 50), 2],
        [depth(library.search(words, { boost: { pageTitle: 2, heading: 1.5 } }).map((r) => r.id as number)), 1],
        [depth(sectionRanking(data, query)), 1],
      ];
      for (const [list, weight] of lists) list.forEach((page, rank) => score.set(page, (score.get(page) ?? 0) + weight / (10 + rank + 1)));
      const expected = [...score].sort((a, b) => b[1] - a[1] || position(a[0]) - position(b[0])).map(([page]) => page);
      // Some page is in another list's 50 and not in the index's: it is scored by its rank there alone.
      expect(
        expected.some((page) => !lists[0][0].includes(page)),
        words,
      ).toBe(true);
      expect(
        index.rank(query, { limit: 80, includeHidden: true, text: words }).map((r) => r.page.path),
        words,
      ).toEqual(expected);
    }
  });

  it("scores a page only another list found by its rank there: a page of stop words MiniSearch ranks first and the index's ranking leaves past its 50", async () => {
    const pages = [
      ...Array.from({ length: 60 }, (_, i) =>
        section({ pagePath: `p${i}`, pageTitle: `Page ${i}`, body: `${'zebra '.repeat((i % 6) + 1)}${'grass '.repeat(i % 13)}` }),
      ),
      // One zebra in a long body: last of the index's 61; "the" (a stop word to the index, not to MiniSearch) on no other page.
      section({ pagePath: 'q', pageTitle: 'Other', body: `the the the zebra ${'grass '.repeat(60)}` }),
    ];
    const index = await SectionIndex.build(pages);
    const query = own('the zebra');
    const lexical = index.rank(query, { limit: 80, includeHidden: true }).map((r) => r.page.path);
    expect(lexical.indexOf('q')).toBeGreaterThanOrEqual(50);
    const library = new MiniSearch<{ id: number }>({ fields: ['pageTitle', 'heading', 'pageDescription', 'body'] });
    library.addAll(pages.map((row, id) => ({ id, pageTitle: row.pageTitle, heading: '', pageDescription: '', body: row.body })));
    expect(pages[library.search('the zebra', { boost: { pageTitle: 2, heading: 1.5 } })[0].id as number].pagePath).toBe('q');
    // 1/(10 + 1) from MiniSearch, and what the sections' own ranking gives it: among the index's tenth to twentieth.
    const fused = index.rank(query, { limit: 80, includeHidden: true, text: 'the zebra' }).map((r) => r.page.path);
    const data = await buildIndex(pages, false);
    const own50 = [...new Set(sectionRanking(data, query).map((id) => pages[id].pagePath))].slice(0, 50);
    const score = new Map<string, number>();
    lexical.slice(0, 50).forEach((page, rank) => score.set(page, (score.get(page) ?? 0) + 2 / (11 + rank)));
    [...new Set(library.search('the zebra', { boost: { pageTitle: 2, heading: 1.5 } }).map((r) => pages[r.id as number].pagePath))]
      .slice(0, 50)
      .forEach((page, rank) => score.set(page, (score.get(page) ?? 0) + 1 / (11 + rank)));
    own50.forEach((page, rank) => score.set(page, (score.get(page) ?? 0) + 1 / (11 + rank)));
    const position = (page: string) => index.pages.find((p) => p.path === page)!.position;
    expect(fused).toEqual([...score].sort((a, b) => b[1] - a[1] || position(a[0]) - position(b[0])).map(([page]) => page));
  });

  it('prefers the pages an earlier answer cited in each list: the fused one, the one fused with the nearest by embedding, and each list alone', async () => {
    // Two pages alike: each list ranks the earlier first; the cited one is preferred all the same.
    const twins = [
      section({ pagePath: 'a', pageTitle: 'Plans', body: 'Usage limits apply.' }),
      section({ pagePath: 'b', pageTitle: 'Plans', body: 'Usage limits apply.' }),
    ];
    const index = await SectionIndex.build(twins);
    const query = own('usage limits');
    const boost = new Map([['b', 1.3]]);
    const dense = new Float32Array([0.9, 0.8]);
    const order = (options: object) => index.rank(query, { limit: 5, includeHidden: true, ...options }).map((r) => r.page.path);
    for (const fused of [{ text: 'usage limits' }, { dense }, { text: 'usage limits', dense }]) {
      expect(order(fused), JSON.stringify(Object.keys(fused))).toEqual(['a', 'b']);
      expect(order({ ...fused, boost }), JSON.stringify(Object.keys(fused))).toEqual(['b', 'a']);
    }
    // No fusion: the boost is the index's own ranking's.
    expect(order({ boost })).toEqual(['b', 'a']);
    // Each list applies it to its own scores (section 1 is b's).
    const data = await buildIndex(twins, false);
    const of = (section: number) => (section === 1 ? 1.3 : 1);
    expect(sectionRanking(data, query)).toEqual([0, 1]);
    expect(sectionRanking(data, query, of)).toEqual([1, 0]);
    const library = await LibraryRanking.build(twins, false);
    expect(library.sections('usage limits')).toEqual([0, 1]);
    expect(library.sections('usage limits', of)).toEqual([1, 0]);
  });

  it('ranks a page by its nearest section by embedding (the first of two alike), times its boost', async () => {
    // No section holds the question's word: the ranking is the nearest by embedding alone.
    const index = await SectionIndex.build([
      section({ pagePath: 'a', body: 'one' }),
      section({ pagePath: 'a', heading: 'Two', anchor: 'two', body: 'two' }),
      section({ pagePath: 'a', heading: 'Three', anchor: 'three', body: 'three' }),
      section({ pagePath: 'b', body: 'four' }),
    ]);
    const rank = (similarities: number[], boost?: Map<string, number>) =>
      index.rank(own('yak'), { limit: 5, includeHidden: true, dense: new Float32Array(similarities), boost }).map((r) => [r.page.path, r.section]);
    // a's best section is its second: neither its first nor its last.
    expect(rank([0.5, 0.9, 0.3, 0.8])).toEqual([
      ['a', 1],
      ['b', 3],
    ]);
    // Two sections alike: the first.
    expect(rank([0.9, 0.9, 0.3, 0.8])).toEqual([
      ['a', 0],
      ['b', 3],
    ]);
    // b cited: 0.8 × 1.3 over 0.9.
    expect(rank([0.5, 0.9, 0.3, 0.8], new Map([['b', 1.3]]))).toEqual([
      ['b', 3],
      ['a', 1],
    ]);
  });

  it("without a fusion the boost is the index's alone, applied once; after one, pages alike stay in their order", async () => {
    const pages = [
      section({ pagePath: 'a', pageTitle: 'Usage limits', body: 'Usage limits apply to usage.' }),
      section({ pagePath: 'b', pageTitle: 'Plans', body: 'Usage limits apply.' }),
    ];
    const index = await SectionIndex.build(pages);
    const query = own('usage limits');
    const [first, second] = index.rank(query, { limit: 5, includeHidden: true });
    expect([first.page.path, second.page.path]).toEqual(['a', 'b']);
    // A boost under the ratio of the scores leaves b second; applied twice it would put b first.
    const ratio = first.score / second.score;
    const boost = new Map([['b', ratio ** 0.75]]);
    expect(index.rank(query, { limit: 5, includeHidden: true, boost }).map((r) => r.page.path)).toEqual(['a', 'b']);
    // Twins and a cited third page: the twins keep the order of the site after the boost.
    const three = await SectionIndex.build([
      section({ pagePath: 'x', pageTitle: 'Plans', body: 'Usage limits apply.' }),
      section({ pagePath: 'y', pageTitle: 'Plans', body: 'Usage limits apply.' }),
      section({ pagePath: 'z', pageTitle: 'Quotas', body: 'Usage limits.' }),
    ]);
    const cited = new Map([['z', 5]]);
    expect(three.rank(query, { limit: 5, includeHidden: true, text: 'usage limits', boost: cited }).map((r) => r.page.path)).toEqual(['z', 'x', 'y']);
  });
});
