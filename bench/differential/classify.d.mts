/** The judge of bench/differential.mjs (bench/differential/classify.mjs). */
import type { PlatformDrops } from './drops.mjs';

export interface DiffProblem {
  severity: 'error' | 'warning' | 'info';
  code: string;
  file: string;
  pointer: string;
}
export interface SiteDiff {
  build: boolean;
  buildErrors: string[];
  problems: DiffProblem[];
  pages: Array<{ url: string; title?: string }>;
  onlyPlatform: string[];
  onlyDocsnav: string[];
  titles: unknown[];
}
export interface Difference {
  kind: string;
  key: string;
  pointer?: string;
  url?: string;
  entry?: string;
}
export declare function differencesOf(site: { diff: SiteDiff; drops: PlatformDrops }): Difference[];
export declare function speaksOf(problem: { code: string; at?: string }, pointer: string): boolean;
export declare function isEndpointEntry(entry: string): boolean;
export declare function platformPagePath(entry: string): string;
