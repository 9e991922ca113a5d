/** What the platform's validator silently drops of a docs.json (bench/differential/drops.mjs). */
export interface PlatformDrops {
  accepted: boolean;
  drops: string[];
  docs?: unknown;
  mounts: Array<{ file: string; pointer: string }>;
}
export declare function platformValidation(): Promise<unknown>;
export declare function platformDrops(siteDir: string): Promise<PlatformDrops>;
