// Types of generate-docs.mjs (plain JavaScript: `npm run docs` runs it).

/** A generated document: its path from the project, and its text. */
export interface GeneratedDoc {
  file: string;
  text: string;
}
/** What scripts/generated-docs.ts generates from `project`'s registries, bundled with esbuild and run. */
export declare function generatedDocs(project?: string): Promise<GeneratedDoc[]>;
/** Writes each file whose copy under `root` differs (whole), or with `check` names it as stale; the exit code. */
export declare function writeGeneratedDocs(files: GeneratedDoc[], root: string, options?: { check?: boolean; say?: (line: string) => void }): number;
