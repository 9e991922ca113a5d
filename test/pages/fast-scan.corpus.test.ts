/**
 * micromark is the oracle of the fast path (src/pages/fast-scan.ts): over every page of the real
 * documentation repositories (../shared/corpus/docs-repos/*), each page the fast path accepts
 * must scan exactly as micromark scans it (every link's kind, URL, element, attribute, span and
 * verbatim; every anchor), and what it leaves to micromark stays under 1% of the bytes (issue 51).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { globSync } from 'tinyglobby';
import { describe, expect, it } from 'vitest';
import { fastScanPageText, micromarkScanPageText } from '../../src/pages/scanner.js';
import { corpus } from '../corpus-files.js';
import { hangGuard } from '../time-scale.mjs';

const repositories = ['mintlify', 'modelcontextprotocol', 'runpod'];
/** At most this share of the pages' bytes goes to micromark (issue 51's target; 4.3% of the platform docs' bytes before). */
const MAX_FALLBACK_BYTES_SHARE = 0.01;

describe('the fast path against micromark on the docs repositories', () => {
  it(
    'scans every page it accepts exactly as micromark does, and leaves less than 1% of the bytes to micromark',
    () => {
      let pages = 0;
      let bytes = 0;
      let fellBackBytes = 0;
      const fellBack: string[] = [];
      const differing: string[] = [];
      for (const repository of repositories) {
        const root = path.join(corpus, 'docs-repos', repository);
        for (const file of globSync('**/*.{md,mdx}', { cwd: root, ignore: ['**/node_modules/**'] }).sort()) {
          const text = readFileSync(path.join(root, file), 'utf8');
          const mdx = !file.endsWith('.md');
          pages++;
          bytes += Buffer.byteLength(text);
          const fast = fastScanPageText(text, mdx);
          if (fast === undefined) {
            fellBack.push(`${repository}/${file}`);
            fellBackBytes += Buffer.byteLength(text);
            continue;
          }
          const oracle = micromarkScanPageText(text, mdx);
          try {
            expect({ links: fast.links, anchors: [...fast.anchors].sort(), error: fast.error }).toEqual({
              links: oracle.links,
              anchors: [...oracle.anchors].sort(),
              error: oracle.error,
            });
          } catch (error) {
            differing.push(`${repository}/${file}: ${String(error).slice(0, 2000)}`);
          }
        }
      }
      const share = fellBackBytes / bytes;
      console.log(
        `fast path: ${pages - fellBack.length} of ${pages} pages; ${fellBack.length} (${(share * 100).toFixed(2)}% of the bytes) left to micromark: ${fellBack.join(', ')}`,
      );
      expect(pages).toBeGreaterThan(1500);
      expect(differing).toEqual([]);
      expect(share).toBeLessThanOrEqual(MAX_FALLBACK_BYTES_SHARE);
    },
    hangGuard(600_000),
  );
});
