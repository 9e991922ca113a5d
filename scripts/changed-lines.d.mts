// Types of changed-lines.mjs (plain JavaScript: scripts/mutate.mjs runs it before anything is built).

/** Trimmed text this long or longer, deleted by the diff, makes an added line of the same text a move. */
export const MOVED_MIN: number;

/** The lines `diff` (git diff -U0) adds and did not move, as `file:start-end` ranges by target. */
export function changedRanges(targetOf: (file: string) => string | undefined, diff: string): Map<string, string[]>;
