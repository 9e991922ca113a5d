import path from 'node:path';
import { movedPages } from '../site/base.js';
import { readText } from '../read.js';
import { readSiteBase, type HistoryOptions } from './base.js';
import { siteOf } from './site-at.js';

/** The page URLs a site gained, lost and moved between a git ref and the working tree (URL paths with a leading `/`, sorted). */
export interface SiteDiff {
  /** The ref as given, and the commit it named. */
  ref: string;
  commit: string;
  /** Served now, not at the ref (and not a moved page's new URL). */
  added: string[];
  /** Served at the ref, not now (and not moved). */
  removed: string[];
  /** A page whose file git saw move (`git mv`, or an untracked copy of a removed file): its URL at the ref and now. */
  moved: Array<{ from: string; to: string }>;
}

/**
 * Compares the site a docs file makes now (the working tree) with the site it made at a git ref.
 * A page whose URL changed without its file moving (an OpenAPI operation whose path changed) is
 * one URL removed and one added. Throws a GitError (one line) when git cannot answer.
 */
export function diffSite(docsFile: string, ref: string, options: HistoryOptions = {}): SiteDiff {
  const base = readSiteBase(docsFile, ref, options);
  const root = path.dirname(docsFile);
  const now = siteOf(readText(docsFile), { ...options, file: docsFile, root });
  const moves = movedPages(base, now.pages);
  const moved = [...moves].map(([from, to]) => ({ from: `/${from}`, to: `/${to}` }));
  const targets = new Set(moves.values());
  const removed = [...base.pages.keys()].filter((url) => !now.pages.has(url) && !moves.has(url)).map((url) => `/${url}`);
  const added = [...now.pages.keys()].filter((url) => !base.pages.has(url) && !targets.has(url)).map((url) => `/${url}`);
  // UTF-16 order; the URLs of each list are distinct (map keys), so none compare equal.
  const byUrl = (a: string, b: string) => (a < b ? -1 : 1);
  return {
    ref,
    commit: base.commit,
    added: added.sort(byUrl),
    removed: removed.sort(byUrl),
    moved: moved.sort((a, b) => byUrl(a.from, b.from)),
  };
}
