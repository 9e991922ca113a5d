/** docsnav beside the platform's build on one site (bench/prebuild-diff.mjs). */
export interface SiteDiff {
  site: string;
  /** The platform's build passed. */
  build: boolean;
  buildErrors: string[];
  /** `resolve --profile platform` reported no error. */
  docsnav: boolean;
  /** The codes of its errors, and the first five errors. */
  docsnavCodes: string[];
  docsnavErrors: string[];
  /** Every error: its code, file (relative to the site) and JSON pointer. */
  errorsAt: Array<{ code: string; file: string; pointer: string }>;
  /** Every problem docsnav reported (any severity), its file relative to the site. */
  problems: Array<{ code: string; severity: 'error' | 'warning' | 'info'; file: string; pointer: string; message: string }>;
  /** What the build logged beside its errors (each line, the temp copy's path as <site>). */
  buildWarnings: string[];
  /** The build's pages (bench/prebuild.mjs) and docsnav's tree pages. */
  pages: Array<{ url: string; title: string | null; file?: string; openapi?: string }>;
  treePages: Array<{ path: string; title: string; hidden?: boolean; lostTo?: string }>;
  platformPages: number;
  docsnavPages: number;
  /** Page URLs in the platform's navigation only, and in docsnav's tree only. */
  onlyPlatform: string[];
  onlyDocsnav: string[];
  /** Hidden pages of the tree that the platform's navigation leaves out. */
  hiddenOnlyDocsnav?: number;
  titles: Array<{ url: string; platform: string | null; docsnav: string }>;
  urlsCompared?: number;
  titlesCompared?: number;
}
export declare function diffSite(siteDir: string, options?: { pageFiles?: boolean; reuse?: boolean; profile?: 'spec' | 'platform' | null }): Promise<SiteDiff>;
