/**
 * Issue 58, the row of server/src/search: retrieve.ts not passing the fusion depth when it ranks
 * for a rewriter (the question's own ranking, or a rewritten query's, cut at the answer's limit
 * before fusion). A page that both rankings find just past that limit is the page fusion exists to
 * bring up (issue 53: the reader's words and the documentation's each find it, neither first);
 * cut at 5, it stays unfound. Through retrieval's entry point, `retrieve`, on a built index.
 */
import { describe, expect, it } from 'vitest';
import { retrieve, type QuestionRewriter } from '../src/search/retrieve.js';
import { SectionIndex } from '../src/search/section-index.js';
import { section } from './sections.js';

/** Six pages that the question's word finds first, six that the rewritten query's does, and one both find, weakly. */
const SITE = [
  ...Array.from({ length: 6 }, (_, i) =>
    section({ pagePath: `lockout-${i}`, pageTitle: `Lockout ${i}`, body: `Lockout lockout lockout: case ${i} of a lockout.` }),
  ),
  ...Array.from({ length: 6 }, (_, i) => section({ pagePath: `expiry-${i}`, pageTitle: `Expiry ${i}`, body: `Expiry expiry expiry: case ${i} of an expiry.` })),
  section({
    pagePath: 'sessions',
    pageTitle: 'Sessions',
    body: `A session ends with a lockout or an expiry. ${'Sessions keep their settings between visits and devices. '.repeat(12)}`,
  }),
];

async function ask(limit: number, rewrite?: QuestionRewriter) {
  const index = await SectionIndex.build(SITE);
  const retrieval = await retrieve({ get: () => Promise.resolve(index) } as never, 'd', [{ role: 'user', content: 'lockout' }], { limit, rewrite });
  return retrieval.passages.map((passage) => passage.pagePath);
}

describe('issue 58: retrieve.ts, the rankings fused with a rewriter are read to the fusion depth, not cut at the limit', () => {
  it('the page both rankings find past the first 5 comes first once fused', async () => {
    // Alone, each ranking has it past the limit of 5.
    expect(await ask(5)).not.toContain('sessions');
    expect((await ask(20)).indexOf('sessions')).toBeGreaterThanOrEqual(5);
    const fused = await ask(5, () => Promise.resolve(['expiry']));
    expect(fused[0]).toBe('sessions');
    expect(fused).toHaveLength(5);
  });
});
