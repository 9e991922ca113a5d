/**
 * A generated site of `pages` pages in groups of 500 (`p/page-<n>`), committed on main in a new
 * repository at `repo`; each page holds `filler` after its one sentence (to give it a size).
 * Returns `repo`.
 */
export declare function bigSiteRepo(repo: string, pages: number, filler?: string): string;
