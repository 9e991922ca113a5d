/**
 * Every page of the real documentation repositories (../shared/corpus/docs-repos/*) scans without
 * throwing, with its links' spans inside the page. Pages that do not parse are listed: the two are
 * `.md` files of an agent skill whose prose holds `</…>`-like text, which MDX (as the platform
 * parses every page, `.md` included) reads as a closing tag with no opening one.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { globSync } from 'tinyglobby';
import { describe, expect, it } from 'vitest';
import { scanPage } from '../../src/pages/scan.js';
import { corpus } from '../corpus-files.js';
import { hangGuard } from '../time-scale.mjs';

const repositories = ['mintlify', 'modelcontextprotocol', 'runpod'];
const EXPECTED_ERRORS = ['mintlify/agent-context/context/skills/mintlify/SKILL.md', 'mintlify/agent-context/context/skills/mintlify/reference/components.md'];

describe('scanPage on the docs repositories', () => {
  it(
    'scans every page without throwing; the pages that do not parse are the known ones',
    () => {
      const errors: string[] = [];
      let pages = 0;
      for (const repository of repositories) {
        const root = path.join(corpus, 'docs-repos', repository);
        for (const file of globSync('**/*.{md,mdx}', { cwd: root, ignore: ['**/node_modules/**'] }).sort()) {
          const text = readFileSync(path.join(root, file), 'utf8');
          const scan = scanPage(text);
          pages++;
          for (const link of scan.links) {
            expect(link.span[0]).toBeGreaterThanOrEqual(0);
            expect(link.span[1]).toBeLessThanOrEqual(text.length);
            expect(link.verbatim).toBe(text.slice(...link.span) === link.url);
          }
          if (scan.error) {
            expect(scan.error.offset).toBeLessThanOrEqual(text.length);
            errors.push(`${repository}/${file}`);
          }
        }
      }
      expect(pages).toBeGreaterThan(1500);
      expect(errors).toEqual(EXPECTED_ERRORS);
    },
    hangGuard(600_000),
  );
});
