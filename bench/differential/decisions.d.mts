/** The differences docsnav keeps on purpose (bench/differential/decisions.mjs). */
import type { CheckedSite, Difference } from '../differential.mjs';
export interface Decision {
  id: string;
  kinds: string[];
  reason: string;
  /** A site (path -> text) whose difference this decision explains, built by test/differential/decisions.corpus.test.ts. */
  example: Record<string, string>;
  /** The platform's result on the example is a race (two page files for one page): the difference may or may not show. */
  racy?: boolean;
  matches(difference: Difference, site: CheckedSite): boolean;
}
export declare const DECISIONS: readonly Decision[];
export declare function decisionFor(difference: Difference, site: CheckedSite): Decision | undefined;
export declare function decisionsTable(): string;
