/** Seeded generator of whole docs sites for the differential run (bench/differential/generate.mjs). */
export interface Random {
  next(): number;
  int(n: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
}
export declare function random(seed: number): Random;
export interface GeneratedCase {
  seed: number;
  /** Path under the docs root -> text; docs.json is among them. */
  files: Record<string, string>;
}
export declare function generateCase(seed: number): GeneratedCase;
