// Types of bundle.mjs (plain JavaScript: `npm run build` runs it after tsc).
import type { Plugin } from 'esbuild';

/** Builds every bundle into `dist` (the project's dist/ by default) from `project`'s sources. */
export declare function bundle(options?: { project?: string; dist?: string }): Promise<void>;
/** The scanner bundle's @sindresorhus/transliterate: src/pages/transliterate.ts over the package's table; the build stops on another package's code. */
export declare function oneScanTransliteration(project: string): Plugin;
