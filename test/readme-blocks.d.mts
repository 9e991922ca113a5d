// Types of readme-blocks.mjs (plain JavaScript, so that the end-to-end script and CI can import it without a build).

export interface FencedBlock {
  /** The info string's first word (`sh`, `json`, …; empty for a bare fence). */
  lang: string;
  /** Its second word, the block's name, if any. */
  name?: string;
  words: string[];
  /** The opening fence's line, 1-based. */
  line: number;
  /** The closing fence's line. */
  endLine: number;
  /** The lines between the fences, each ending with a newline. */
  text: string;
  /** The document it is in (`docs/ci.md`), for a block found among the documents. */
  file?: string;
}

export interface ShellCommand {
  /** The block's line it starts on, 0-based. */
  offset: number;
  /** The command as written: continuation lines, here-document, comments. */
  text: string;
  /** The same without its comments. */
  code: string;
  comment: string;
  exits: number;
}

export interface RecipeStep {
  /** The document's line the command starts on. */
  line: number;
  command: string;
  /** The status its comment promises (0 unless it says `exits N`). */
  exits: number;
  /** Its exit status; undefined when it did not run (an earlier command broke its promise). */
  status?: number;
  stdout: string;
  stderr: string;
}

export interface RecipeRun {
  status: number | null;
  stdout: string;
  stderr: string;
  steps: RecipeStep[];
}

export interface RunRecipeOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  timeout?: number;
  /** `[from, to]` substitutions; each `from` must occur exactly once in the block. */
  replace?: Array<[string, string]>;
  /** Run only the first `until` commands. */
  until?: number;
}

export const DOCUMENTS: string[];
export function documentText(file: string): string;
export function documentBlocks(): Array<FencedBlock & { file: string }>;
export const SHELLS: Record<string, string>;
export function fencedBlocks(markdown: string): FencedBlock[];
export function readmeBlock(name: string, markdown?: string): FencedBlock;
export function shellCommands(text: string): ShellCommand[];
export function recipeScript(block: FencedBlock, options?: { marker?: string; until?: number }): string;
export function runRecipe(block: FencedBlock, options?: RunRecipeOptions): RecipeRun;
