/**
 * The parse budget (src/pages/markdown.ts, issue 66) on real pages: no page of the corpus' sites
 * and repositories comes near it. Each page is parsed by micromark with acorn, as a page the fast
 * path declines is, and the characters handed to acorn are counted: the most, for its size, must
 * stay under half the budget's rate, so the budget refuses only what no real page does.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { globSync } from 'tinyglobby';
import { describe, expect, it } from 'vitest';
import { lastParseCost, parseMarkdown, ParseBudgetExceeded, PARSE_BUDGET_PER_CHAR } from '../../src/pages/markdown.js';
import { corpus } from '../corpus-files.js';
import { hangGuard } from '../time-scale.mjs';

const FOLDERS = ['complete-sites', 'docs-repos', 'mint-sites', 'sites', 'platform-examples', 'docs'];

describe('the parse budget on the corpus', () => {
  it(
    'refuses no real page, whose acorn work stays under half the budget’s rate',
    () => {
      let pages = 0;
      let worst = { ratio: 0, file: '' };
      const refused: string[] = [];
      for (const folder of FOLDERS) {
        const root = path.join(corpus, folder);
        for (const file of globSync('**/*.mdx', { cwd: root, ignore: ['**/node_modules/**'] })) {
          const text = readFileSync(path.join(root, file), 'utf8');
          pages++;
          try {
            parseMarkdown(text, true);
          } catch (error) {
            if (error instanceof ParseBudgetExceeded) refused.push(`${folder}/${file}`);
          }
          const ratio = lastParseCost() / Math.max(1, text.length);
          if (ratio > worst.ratio) worst = { ratio, file: `${folder}/${file}` };
        }
      }
      console.log(
        `parse budget: ${pages} pages; the most acorn work for a page's size ${worst.ratio.toFixed(2)}× (${worst.file}); budget ${PARSE_BUDGET_PER_CHAR}× plus a base`,
      );
      expect(pages).toBeGreaterThan(5000);
      expect(refused).toEqual([]);
      expect(worst.ratio).toBeLessThan(PARSE_BUDGET_PER_CHAR / 2);
    },
    hangGuard(600_000),
  );
});
