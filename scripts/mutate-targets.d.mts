// Types of mutate-targets.mjs (plain JavaScript: scripts/mutate.mjs runs it before anything is built).

export const LIBRARY: string;
export const SERVER: string;
export const TARGETS: Record<string, { configFile: string; paths: string[]; tests: string[]; env?: Record<string, string>; cost?: { perLine: number } }>;
export const THRESHOLD: number;
export const FLOOR: number;
export function globsOf(paths: readonly string[]): string[];
export function isSource(file: string): boolean;
export function targetOf(file: string): string | undefined;
