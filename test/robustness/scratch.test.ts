import { it } from 'vitest';
import fc from 'fast-check';
import { mutationArb, textMutationsArb } from './mutations.js';

it('scratch', () => {
  const s = fc.sample(fc.tuple(fc.array(mutationArb, { minLength: 1, maxLength: 3 }), textMutationsArb), { numRuns: 40, seed: 20_251_121 });
  const kinds: Record<string, number> = {};
  for (const [ms, ts] of s) { for (const m of ms) kinds[m.kind] = (kinds[m.kind] ?? 0) + 1; for (const t of ts) kinds['text:' + t.kind] = (kinds['text:' + t.kind] ?? 0) + 1; }
  console.log(kinds);
});
