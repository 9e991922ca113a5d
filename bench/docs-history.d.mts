export interface DocsHistory {
  /** The repository, which is also the docs root (docs.json at its top). */
  dir: string;
  /** The commit of the corpus as it is. */
  baseRef: string;
  /** The reorganisation on top of it. */
  headRef: string;
  /** Page paths without a leading slash; files relative to `dir`; `redirect` when the head has a redirect for it. */
  moved: { from: string; to: string; fromFile: string; toFile: string; redirect: boolean }[];
  deleted: { page: string; file: string }[];
  /** The redirects the head adds to redirects.json. */
  redirects: { source: string; destination: string }[];
}
/** Makes the two-commit repository of ../shared/corpus/docs-repos/mintlify in `dir` (default: a new temp folder, the caller removes it). */
export declare function createDocsHistory(dir?: string): DocsHistory;
