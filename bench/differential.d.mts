/** The differential run (bench/differential.mjs). */
import type { PlatformDrops } from './differential/drops.mjs';
import type { SiteDiff } from './prebuild-diff.mjs';
import type { Decision } from './differential/decisions.mjs';
export interface CheckedSite {
  diff: SiteDiff;
  drops: PlatformDrops;
  /** The site's files (root-relative paths). */
  files: string[];
  /** The files the platform deploys (bench/differential/drops.mjs platformServedFiles). */
  served?: string[];
}
export interface Difference {
  kind: 'missed-error' | 'false-error' | 'silent-drop' | 'only-platform' | 'only-docsnav' | 'title';
  key: string;
  url?: string;
  pointer?: string;
  problem?: { code: string; severity: string; file: string; pointer: string; message: string; at?: string };
  [key: string]: unknown;
}
export declare function checkSite(files: Record<string, string>, profile?: 'platform' | 'spec' | null): Promise<CheckedSite>;
export declare function judge(site: CheckedSite): Array<{ difference: Difference; decision: Decision | undefined }>;
export declare function commitSeed(cwd?: string): number;
export declare function runDifferential(options?: {
  count?: number;
  seed?: number;
  shrinkPerKind?: number;
  shrinkBudget?: number;
  workers?: number;
  profile?: 'platform' | 'spec' | null;
  out?: string;
  log?: (line: string) => void;
}): Promise<Record<string, unknown>>;
