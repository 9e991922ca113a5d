/**
 * `docsnav mv` on the three whole docs repositories of the corpus, as bench/mv.mjs measures it (which
 * moves 50 pages and 5 folders of each; this is its short form): a random linked page (into a new
 * folder, so its relative links are re-based) and a folder of pages (seeded), each moved in a fresh git copy; after each, `validate --since` the base reports no
 * problem the base did not have, and the `--dry-run` before it left the tree and `git status` as they were.
 */
import path from 'node:path';
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { candidates, docsnav, newProblems, pick, problemsOf, random, repoOf, reset, SITES, targetOf, treeState } from '../../bench/mv.mjs';
import { hangGuard } from '../time-scale.mjs';

describe.each(SITES)('docsnav mv on %s', (site) => {
  it(
    'a linked page into a new folder, and a folder, each moved: nothing new broken, and --dry-run wrote nothing',
    async () => {
      const { repo, base } = repoOf(site);
      try {
        const before = problemsOf(repo);
        const { pages, folders } = await candidates(repo);
        const next = random(7 + SITES.indexOf(site));
        const moves = [
          ...pick(pages, 1, next).map((from) => ({ from, to: targetOf('page', from, 1) })),
          ...pick(folders, 1, next).map((from, i) => ({ from, to: targetOf('folder', from, i) })),
        ];
        expect(moves).toHaveLength(2);
        for (const { from, to } of moves) {
          reset(repo);
          const state = treeState(repo);
          expect(docsnav(['mv', from, to, '--dry-run'], repo).code, `${from} --dry-run`).toBe(0);
          expect(treeState(repo), `${from} --dry-run`).toBe(state);
          const run = docsnav(['mv', from, to], repo);
          expect(run.code, run.stderr).not.toBe(2);
          expect(newProblems(before, problemsOf(repo, base), from, to), `${from} -> ${to}`).toEqual([]);
        }
      } finally {
        rmSync(path.dirname(repo), { recursive: true, force: true });
      }
    },
    hangGuard(900_000),
  );
});
