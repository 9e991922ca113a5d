/**
 * Reciprocal rank fusion of page rankings (Cormack et al. 2009): each page scores the sum, over
 * the rankings it is in, of 1 / (k + its rank). Used to join the ranking of a question with the
 * rankings of the queries a configured model rewrote it into (issue 53): a page the reader's words
 * miss but the documentation's words find comes up, and a page both find comes first. A page is
 * kept with the entry of the first ranking that has it (the question's own when it does: its
 * section and coverage are the question's).
 */
import type { RankedPage } from './rank.js';

/** The usual constant of reciprocal rank fusion, and how deep each ranking is read. */
const FUSION_K = 60;
export const FUSION_DEPTH = 50;

export function fuseRankings(rankings: ReadonlyArray<readonly RankedPage[]>, limit: number): RankedPage[] {
  const fused = new Map<string, { entry: RankedPage; score: number; first: number }>();
  rankings.forEach((ranking, list) =>
    ranking.slice(0, FUSION_DEPTH).forEach((entry, rank) => {
      const known = fused.get(entry.page.path);
      const score = 1 / (FUSION_K + rank + 1);
      if (known) known.score += score;
      else fused.set(entry.page.path, { entry, score, first: list * FUSION_DEPTH + rank });
    }),
  );
  return [...fused.values()]
    .sort((a, b) => b.score - a.score || a.first - b.first)
    .slice(0, limit)
    .map(({ entry, score }) => ({ ...entry, score }));
}
