// Types of prepare.mjs (plain JavaScript: npm runs it as `prepare` before anything is built).
import type { BuildCheck } from './fresh-build.mjs';

/** Builds the package `check` names, in its root, unless its build is as new as its sources, installing the build tools first when missing. Returns the exit code. */
export declare function prepare(options?: { check?: BuildCheck; env?: NodeJS.ProcessEnv; say?: (line: string) => void }): number;
