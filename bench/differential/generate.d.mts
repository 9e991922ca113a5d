/** Seeded generator of whole docs sites for the differential run (bench/differential/generate.mjs). */
import type { PlatformModel } from './schema.mjs';
export interface Random {
  next(): number;
  int(n: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
}
export declare function random(seed: number): Random;
export interface GeneratedCase {
  seed: number;
  /** Path under the docs root -> text; docs.json (or, for a mint.json-only site, mint.json) is among them. */
  files: Record<string, string>;
  /** The coverage targets this site wrote (`kind.field`, `kind>key:child`, EXTRA_TARGETS). */
  written: Set<string>;
}
export declare function makeGenerator(model: PlatformModel): (seed: number) => GeneratedCase;
export declare const EXTRA_TARGETS: readonly string[];
