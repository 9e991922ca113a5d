/**
 * The site as it was at a git ref (`docsnav validate --since <ref>`): the page URLs it served and
 * the page files git saw move since. Read by src/history; the `redirect-missing` rule compares the
 * site now against it.
 */
export interface SiteBase {
  /** The ref as the user gave it (`origin/main`), for messages. */
  ref: string;
  /** The commit it named. */
  commit: string;
  /** Every page URL path the site served at the ref (no leading `/`), with its page file (root-relative) when it had one. */
  pages: ReadonlyMap<string, string | undefined>;
  /**
   * Page files moved since the ref (root-relative, old -> new): git's rename detection between the
   * ref and the working tree, plus untracked files identical to a removed one.
   */
  renames: ReadonlyMap<string, string>;
}

/**
 * The base's page URLs that moved (old -> new, no leading `/`): a URL no longer served whose page
 * file git saw move to a file now served at a URL the base did not have. Each new URL is the
 * target of one move at most.
 */
export function movedPages(base: SiteBase, now: ReadonlyMap<string, { path: string; file?: string }>): Map<string, string> {
  const urlOfFile = new Map<string, string>();
  for (const page of now.values()) if (page.file !== undefined && !urlOfFile.has(page.file)) urlOfFile.set(page.file, page.path);
  const moved = new Map<string, string>();
  const targets = new Set<string>();
  for (const [url, file] of base.pages) {
    if (now.has(url) || file === undefined) continue;
    const renamed = base.renames.get(file);
    const to = renamed === undefined ? undefined : urlOfFile.get(renamed);
    if (to === undefined || base.pages.has(to) || targets.has(to)) continue;
    moved.set(url, to);
    targets.add(to);
  }
  return moved;
}
