/**
 * micromark is the oracle of the page scanner's fast path (src/pages/fast-scan.ts): on pages
 * generated from a grammar of what hides or writes a link (test/pages/page-grammar.ts), every
 * page the fast path accepts scans exactly as micromark scans it. The default suite runs the same
 * property on fewer pages (test/pages/fast-scan.property.test.ts). Seeded: DOCSNAV_FC_SEED and
 * DOCSNAV_FC_RUNS explore further
 * (`DOCSNAV_FC_RUNS=200000 npx vitest run --project slow test/robustness/fast-scan.property.test.ts`).
 */
import { describe } from 'vitest';
import { fastPathAgreesWithMicromark } from '../pages/fast-scan-property.js';

const SEED = Number(process.env.DOCSNAV_FC_SEED ?? 20_261_124);
const RUNS = Number(process.env.DOCSNAV_FC_RUNS ?? 10_000);

describe('the fast path against micromark on generated pages', () => {
  fastPathAgreesWithMicromark({ seed: SEED, runs: RUNS, timeout: 1_200_000 });
});
