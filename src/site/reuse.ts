/**
 * What an editor's next check of a site can take from its last one (src/site/check.ts's
 * `CheckedSite`): a keystroke in a 23,000-page docs.json changes a label, not the site's pages,
 * files or redirects, so the site, the page bodies and the page rules' findings are the same.
 */
import type { Finding } from '../problem.js';
import type { PageTree } from '../resolve/types.js';
import type { PageBody } from './pages.js';

/** What a site is made of: the same inputs make the same site. */
export interface SiteInputs {
  /** The tree's pages (path, kind, file are what the site reads of them). */
  treePages: PageTree['pages'];
  alsoListed: readonly string[];
  /** The listing (kept while unchanged, so the same object). */
  files: unknown;
  /** The `.mintignore` text, and the test made of it (the last check's while the text is the same, so the same object). */
  mintignore: string | undefined;
  ignored: (relativePath: string) => boolean;
  /** docs.json's `redirects`, as JSON. */
  redirects: string;
}

/** True when two checks' sites are made of the same inputs. */
export function sameSite(a: SiteInputs, b: SiteInputs): boolean {
  if (a.files !== b.files || a.ignored !== b.ignored || a.redirects !== b.redirects) return false;
  if (a.treePages.length !== b.treePages.length || !sameStrings(a.alsoListed, b.alsoListed)) return false;
  return a.treePages.every((page, i) => {
    const other = b.treePages[i];
    return page.path === other.path && page.kind === other.kind && page.file === other.file;
  });
}

export function sameStrings(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

/** A page rule's finding in a page file, as the rules reported it (kept to report again). */
export interface PageFinding {
  file: string;
  text: string;
  finding: Finding;
}

/** What the page rules' findings depend on besides the site: the bodies, the rules, the profile, `since`. */
export interface FindingInputs {
  bodies: ReadonlyMap<string, PageBody | undefined>;
  rules: string;
  profile: string;
  base: unknown;
  maxPerFile: number;
}

export function sameFindingInputs(a: FindingInputs, b: FindingInputs): boolean {
  return (
    a.bodies === b.bodies && a.rules === b.rules && a.profile === b.profile && a.maxPerFile === b.maxPerFile && a.base === undefined && b.base === undefined
  );
}
