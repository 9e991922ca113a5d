/**
 * What a site rule is (src/rules/ holds them, src/rules/index.ts lists them): what it reads of a
 * site, and what it is given when the site check (check.ts) runs it once the page tree is built.
 */
import type { Code } from '../codes.js';
import type { Profile } from '../config/profiles.js';
import type { MessageTable } from '../messages.js';
import type { Finding } from '../problem.js';
import type { RedirectTable } from '../redirects/table.js';
import type { SiteBase } from './base.js';
import type { NavigationLink, ResolvedPageLink } from './links.js';
import type { PageBodies, PageBody } from './pages.js';
import type { Site } from './site.js';

/** What a site rule sees: the site the page tree makes, its redirects, and where to report. */
interface SiteRuleContext {
  /** A finding in docs.json: its pointer is into the whole document (`$ref`s followed). */
  readonly report: (finding: Omit<Finding, 'code'>) => void;
  /** The docs.json value (`$ref`s resolved). */
  readonly document: unknown;
  /** The pages and files the site serves. */
  readonly site: Site;
  /** docs.json's `redirects`, compiled once. */
  readonly redirects: RedirectTable;
  /** The bodies of the site's page and snippet files, read and scanned before the rules run. */
  readonly pages: PageBodies;
  /** A page's links, each with where it leads on the site (undefined: an external link); resolved once per run. */
  readonly linksOf: (page: PageBody) => Iterable<ResolvedPageLink>;
  /** The navigation's internal hrefs, each with where it leads; resolved once per run. */
  readonly navigationLinks: () => readonly NavigationLink[];
  /**
   * A finding in a page's body, at `span` (offsets into its text). Given as a function, it is made
   * only when the page shows it (a page shows its first `maxProblemsPerFile`; the rest are only
   * counted), at the code's own severity: a page of half a million broken links builds a thousand
   * messages, not half a million.
   */
  readonly reportInPage: (page: PageBody, finding: FindingInPage | (() => Omit<FindingInPage, 'severity'>)) => void;
  readonly profile: Profile;
  /** The site at a git ref to compare with (`validate --since`), when one was given. */
  readonly base: SiteBase | undefined;
}

/** A finding in a page's body, at `span` (offsets into its text). */
export type FindingInPage = Omit<Finding, 'code' | 'pointer'> & { span: readonly [number, number] };

/** What a site rule reads: page bodies, the navigation's internal hrefs, docs.json's redirects, the site at a git ref (`since`). */
export type SiteInput = 'pages' | 'navigation-links' | 'redirects' | 'base';

/** A rule over the whole site, run once after the page tree is built (links, redirects). */
export interface SiteRule {
  code: Code;
  /** Every sentence it reports, by id (src/messages.ts); tests assert the ids. */
  messages: MessageTable;
  /** Reads page bodies (`context.pages`): the pages are read and scanned before it runs. */
  readsPages?: true;
  /**
   * What of a site it reads besides its pages and files: it runs only when the site has one of
   * them, and a site no enabled rule reads is not built at all (a navigation-only run).
   */
  reads: readonly SiteInput[];
  checkSite(context: SiteRuleContext): void;
}
