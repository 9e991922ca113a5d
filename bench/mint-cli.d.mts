export declare const MINT_CLI: string;
/** The three whole documentation folders of ../shared/corpus/docs-repos: name and the folder holding docs.json. */
export declare const DOCS_REPOS: readonly { name: string; dir: string }[];
/** The complete sites of ../shared/corpus/complete-sites (page files with front matter only): name and the folder holding docs.json. */
export declare const COMPLETE_SITES: readonly { name: string; dir: string }[];
/** One broken link `mint broken-links` printed. `line`/`column`: where the link's text first occurs in the file (it prints none). */
export interface MintFinding {
  /** Relative to the docs root, `/`-separated, as it printed it. */
  file: string;
  /** As the page wrote it (a redirect's destination for `redirect`). */
  link: string;
  line?: number;
  column?: number;
  /** The fragment after `#`, when the link has one. */
  anchor?: string;
  /** With `redirects`: a redirect of docs.json whose destination resolves nowhere. */
  redirect?: { source: string; destination: string };
}
export interface BrokenLinksRun {
  ok: boolean;
  findings: MintFinding[];
  /** Spawn to exit of the command's process (a fresh one). */
  wallMs: number;
  /** User + system CPU time of the command and its child process, and their peak RSS (from GNU time, when the system has it). */
  cpuMs?: number;
  peakRssMb?: number;
  exitCode: number | null;
  /** Pages it could not parse, left out through the copy's .mintignore so that it checks the rest (with `skipUnparsable`). */
  unparsable: { file: string; error: string }[];
  error?: string;
}
/** Whether the pinned version is installed in bench/.mint (installs nothing). */
export declare function mintCliInstalled(): boolean;
/** Installs it into bench/.mint unless it is there (throws when npm install fails); returns its entry file. */
export declare function ensureMintCli(): string;
/** Reads what `mint broken-links` printed: links by file, or why it could not. */
export declare function parseBrokenLinksOutput(output: string): { files: Record<string, string[]>; error?: undefined } | { error: string; files?: undefined };
/**
 * Runs `mint broken-links` on a copy of `siteDir` (the folder holding docs.json) in a fresh process. A page it cannot
 * parse stops it with no list: with `skipUnparsable` that page is mintignored in the copy and it runs again.
 */
export declare function brokenLinks(
  siteDir: string,
  options?: { anchors?: boolean; snippets?: boolean; redirects?: boolean; skipUnparsable?: boolean; timeoutMs?: number },
): Promise<BrokenLinksRun>;
