import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPlainPage } from '../../src/navigation/entries.js';
import { walkNavigation, type PageNode } from '../../src/navigation/walk.js';
import { docs, files } from '../corpus-files.js';
import { passesEveryCheck } from './plain-checks.js';

describe('isPlainPage on the corpus', () => {
  it('implies every path and URL check passes, for every page string of the corpus', () => {
    let plain = 0;
    let other = 0;
    for (const name of files) {
      let value: unknown;
      try {
        value = JSON.parse(readFileSync(path.join(docs, name), 'utf8'));
      } catch {
        continue;
      }
      walkNavigation(value, [
        {
          page(node: PageNode) {
            if (!isPlainPage(node.value)) {
              other++;
              return;
            }
            plain++;
            if (!passesEveryCheck(node.value)) throw new Error(`${name}: "${node.value}" is plain but fails a check`);
            expect(node.plain).toBe(true);
          },
        },
      ]);
    }
    // Most real page paths are plain: that is what makes the short way worth having.
    expect(plain).toBeGreaterThan(10 * other);
  });
});
