// Types of fresh-build.mjs (plain JavaScript, so that the scripts outside vitest run it without a build).

/** One package's build, as the tests load it. */
export interface BuildCheck {
  /** What to call it in the one line. */
  name: string;
  /** The folder the command runs in; `sources` and `outputs` are relative to it. */
  root: string;
  /** Files, or folders whose every file is a source of the build. */
  sources: string[];
  /** Files the build writes last or always, that tests load. */
  outputs: string[];
  /** The command that builds it. */
  build: string[];
}

export const LIBRARY: BuildCheck;
export const SERVER: BuildCheck;
export function staleness(check: BuildCheck): string | undefined;
export function ensureFresh(check: BuildCheck, say?: (line: string) => void): 'fresh' | 'rebuilt';
export function checksFor(root: string): BuildCheck[];
/** The program: builds what is stale of `argv[0]` (library, the default, or server) and what it depends on; 2 and one line on a failed build or an unknown name. */
export function freshBuildProgram(argv: string[], options?: { say?: (line: string) => void; checksOf?: (which: 'library' | 'server') => BuildCheck[] }): number;
