// Types of check-boundaries.mjs (plain JavaScript: run as `node scripts/check-boundaries.mjs`).

/** The module specifiers a source file names, with their line (1-based). */
export declare function importsOf(text: string): { specifier: string; line: number }[];
/** Every import that crosses the boundary the wrong way, as `file:line: message` lines (empty: none); `root`: the repository's top folder. */
export declare function boundaryViolations(root?: string): string[];
/** The program: the violations and their count on `err` and 1, or one line on `out` and 0. */
export declare function checkBoundaries(root?: string, out?: (text: string) => void, err?: (text: string) => void): number;
