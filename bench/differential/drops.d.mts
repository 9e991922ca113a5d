/** What the platform's validator silently drops of a docs.json (bench/differential/drops.mjs). */
export interface PlatformDrops {
  accepted: boolean;
  drops: string[];
  docs?: unknown;
  mounts: Array<{ file: string; pointer: string }>;
}
export declare function platformValidation(): Promise<unknown>;
export declare function platformDrops(siteDir: string): Promise<PlatformDrops>;
/** The files of a site the platform deploys (its own ignores and getFileCategory asked). */
export declare function platformServedFiles(files: Record<string, string>): Promise<string[]>;
