/**
 * js-yaml is the oracle of the front-matter fast path (src/pages/front-matter-fast.ts): over every
 * page file of the complete sites and the docs repositories in ../shared/corpus, each front matter
 * the fast path reads must equal js-yaml's reading of it (the same keys in the same order, the same
 * values and types), and the fast path must read most of them (issue 68).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { load } from 'js-yaml';
import { globSync } from 'tinyglobby';
import { describe, expect, it } from 'vitest';
import { plainFrontMatter } from '../../src/pages/front-matter-fast.js';
import { frontMatterYaml } from '../../src/pages/front-matter.js';
import { corpus } from '../corpus-files.js';
import { hangGuard } from '../time-scale.mjs';
import { canonical } from './yaml-canon.js';

describe('the front-matter fast path against js-yaml on the corpus', () => {
  it(
    'reads every front matter it accepts as js-yaml does, and accepts most of them',
    () => {
      let blocks = 0;
      let accepted = 0;
      const differing: string[] = [];
      for (const folder of ['complete-sites', 'docs-repos']) {
        const root = path.join(corpus, folder);
        for (const file of globSync('**/*.{md,mdx}', { cwd: root, ignore: ['**/node_modules/**'] }).sort()) {
          const yaml = frontMatterYaml(readFileSync(path.join(root, file), 'utf8'));
          if (yaml === undefined) continue;
          blocks++;
          const fast = plainFrontMatter(yaml);
          if (fast === undefined) continue;
          accepted++;
          try {
            expect(canonical(fast)).toEqual(canonical(load(yaml)));
          } catch (error) {
            differing.push(`${folder}/${file}: ${String(error).slice(0, 1000)}`);
          }
        }
      }
      console.log(`front-matter fast path: ${accepted} of ${blocks} blocks`);
      expect(blocks).toBeGreaterThan(2000);
      expect(differing).toEqual([]);
      expect(accepted / blocks).toBeGreaterThan(0.8);
    },
    hangGuard(300_000),
  );
});
