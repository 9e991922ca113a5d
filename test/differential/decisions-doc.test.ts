import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decisionsTable } from '../../bench/differential/decisions.mjs';

/**
 * docs/differential.md lists the differential's decisions as bench/differential/decisions.mjs has
 * them (`node bench/differential.mjs --decisions` prints the table): a decision added, removed or
 * reworded shows there, where anyone reads them.
 */
describe('docs/differential.md', () => {
  it('lists every decision as decisions.mjs has it', () => {
    const doc = readFileSync(path.join(import.meta.dirname, '..', '..', 'docs', 'differential.md'), 'utf8');
    const listed = /<!-- generated:decisions -->\n([\s\S]*?)\n<!-- \/generated:decisions -->/.exec(doc)?.[1];
    expect(listed, 'run: node bench/differential.mjs --decisions, and paste the table between the markers').toBe(decisionsTable());
  });
});
