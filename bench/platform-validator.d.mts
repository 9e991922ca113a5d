export declare const PACKAGE: string;
export declare const VERSIONS: readonly string[];
/** The installed validator's version and module URL, or why none could be installed. */
export declare function ensurePlatformValidator(options?: { quiet?: boolean }): { version: string; url: string; skipped: string[] } | { reason: string };
