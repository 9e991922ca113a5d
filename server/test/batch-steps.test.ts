/** A batch of page texts cut into short writes: every row once, in order, no step over its size. */
import { describe, expect, it } from 'vitest';
import { batchSteps, type SectionsBatch, type StoredSection } from '../src/store/deployments.js';
import { section } from './sections.js';

const stored = (position: number): StoredSection => ({ ...section({ pagePath: `page-${position}` }), position, pageKey: null });

const cases: { name: string; batch: SectionsBatch; rows: number; copiedRows?: number; steps: number }[] = [
  { name: 'nothing', batch: { sections: [], copies: [] }, rows: 100, steps: 0 },
  { name: 'fewer sections than a step', batch: { sections: [0, 1, 2].map(stored), copies: [] }, rows: 100, steps: 1 },
  { name: 'sections over several steps', batch: { sections: Array.from({ length: 250 }, (_, i) => stored(i)), copies: [] }, rows: 100, steps: 3 },
  { name: 'one long copied run, cut', batch: { sections: [], copies: [{ from: 10, to: 0, count: 230 }] }, rows: 100, steps: 3 },
  {
    name: 'sections, then runs sharing steps',
    batch: {
      sections: [stored(0)],
      copies: [
        { from: 0, to: 1, count: 60 },
        { from: 100, to: 61, count: 60 },
      ],
    },
    rows: 100,
    steps: 3,
  },
  {
    name: 'copied rows in steps of their own size',
    batch: { sections: Array.from({ length: 120 }, (_, i) => stored(i)), copies: [{ from: 0, to: 120, count: 600 }] },
    rows: 50,
    copiedRows: 250,
    steps: 6,
  },
];

describe('batchSteps', () => {
  for (const { name, batch, rows, copiedRows, steps } of cases) {
    it(name, () => {
      const cut = batchSteps(batch, rows, copiedRows);
      expect(cut).toHaveLength(steps);
      for (const step of cut) {
        expect(step.sections.length).toBeLessThanOrEqual(rows);
        expect(step.copies.reduce((n, run) => n + run.count, 0)).toBeLessThanOrEqual(copiedRows ?? rows);
        expect(step.sections.length === 0 || step.copies.length === 0).toBe(true);
      }
      expect(cut.flatMap((step) => step.sections)).toEqual(batch.sections);
      // Every copied row once, at its place: the runs expand to the same (from, to) pairs.
      const rowsOf = (runs: SectionsBatch['copies']) => runs.flatMap((run) => Array.from({ length: run.count }, (_, i) => [run.from + i, run.to + i]));
      expect(rowsOf(cut.flatMap((step) => step.copies))).toEqual(rowsOf(batch.copies));
    });
  }
});
