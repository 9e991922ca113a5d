/**
 * The fast path's differential property (fast-scan-property.ts) in the default suite, on a bounded
 * number of generated pages (a few seconds): a bug that the corpus differential cannot see (no
 * real page has its shape) is caught by `npm test`, not only by the slow suite's longer run
 * (test/robustness/fast-scan.property.test.ts). A six-hash heading left unread as one was such a
 * bug: it passed the corpus differential and was caught by this run.
 */
import { describe } from 'vitest';
import { fastPathAgreesWithMicromark } from './fast-scan-property.js';

describe('the fast path against micromark on generated pages (bounded)', () => {
  fastPathAgreesWithMicromark({ seed: 20_261_124, runs: 2_000, timeout: 120_000 });
});
