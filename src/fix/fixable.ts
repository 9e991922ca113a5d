import type { Code } from '../codes.js';

/**
 * The codes whose problems can get an automatic fix: the one place that says so (README's rule
 * table and SARIF's `fixes` follow it). A problem of these codes carries `fix` only when the
 * fix is safe for that problem (one clear suggestion, the same list, the spec profile, …).
 */
export const FIXABLE_CODES: ReadonlySet<Code> = new Set<Code>([
  'unknown-field',
  'invalid-value',
  'language-code',
  'expanded-top-level',
  'duplicate-page',
  'page-path',
  'link-not-found',
  'anchor-not-found',
  'redirect-missing',
  'redirect-chain',
]);

export function isFixable(code: Code): boolean {
  return FIXABLE_CODES.has(code);
}
