import path from 'node:path';
import { textOf, type FileReader } from '../files.js';
import type { Profile } from '../config/profiles.js';
import type { Finding } from '../problem.js';
import { RedirectTable, redirectsOf } from '../redirects/table.js';
import type { PageTree } from '../resolve/types.js';
import type { DocsFiles, SiteRule } from '../rules/types.js';
import { ignoredTest, MINTIGNORE } from './ignored.js';
import type { ValidationCache } from '../cache.js';
import { pageBodies, scanBody, type PageBody } from './pages.js';
import type { SiteBase } from './base.js';
import { buildSite } from './site.js';

/** What the pipeline hands the site rules once the page tree is built. */
export interface SiteCheckInput {
  tree: PageTree;
  /** Listed page paths the tree does not hold. */
  alsoListed?: Iterable<string>;
  /** The docs.json value, `$ref`s resolved. */
  document: unknown;
  files: DocsFiles | undefined;
  /** The docs root (absolute) when files are read from one. */
  root: string | undefined;
  reader: FileReader;
  /** Keeps each page's scan while its bytes are unchanged (an editor validating again). */
  cache?: ValidationCache;
  profile: Profile;
  /** Pages whose bodies are not checked (`ignore`'s page globs), by page path without extension. */
  ignoredPage?: (page: string) => boolean;
  /** The site at a git ref (`since`), when one was given. */
  base?: SiteBase;
  report(finding: Finding): void;
  /** A finding in a page file (root-relative), whose text it is: located by `span`. */
  reportIn(relative: string, text: string, finding: Finding): void;
}

/** Runs the enabled site rules over the site the tree and the docs root make, each once. */
export function checkSite(rules: readonly SiteRule[], input: SiteCheckInput): void {
  const site = buildSite(input.tree, input.files, ignoredTest(readRootFile(input, MINTIGNORE)), input.alsoListed);
  const redirects = new RedirectTable(redirectsOf(input.document));
  const ignoredPage = input.ignoredPage;
  const checked = ignoredPage ? site.contentFiles.filter((file) => !ignoredPage(file.replace(/\.mdx?$/i, ''))) : site.contentFiles;
  const pages = pageBodies(checked, (relative) => loadBody(input, relative));
  for (const rule of rules) {
    rule.checkSite({
      report: (finding) => input.report({ ...finding, code: rule.code }),
      document: input.document,
      site,
      redirects,
      pages,
      reportInPage: (page, finding) => input.reportIn(page.file, page.text, { ...finding, pointer: '', code: rule.code }),
      profile: input.profile,
      base: input.base,
    });
  }
}

/** A page file's body, read through the pipeline's reader and scanned (once per unchanged file with a cache). */
function loadBody(input: SiteCheckInput, relative: string): PageBody | undefined {
  if (input.root === undefined || !input.files?.hasFile(relative)) return undefined;
  const absolute = path.join(input.root, relative);
  const read = input.reader(absolute);
  if (!read.ok) return undefined;
  const scan = () => scanBody(relative, textOf(read.bytes));
  return input.cache ? input.cache.parse(absolute, read.bytes, 'page-body', scan) : scan();
}

/** A root-relative file's text, read through the pipeline's reader (never outside the root), or undefined. */
function readRootFile(input: Pick<SiteCheckInput, 'root' | 'reader' | 'files'>, relative: string): string | undefined {
  if (input.root === undefined || !input.files?.hasFile(relative)) return undefined;
  const read = input.reader(path.join(input.root, relative));
  return read.ok ? textOf(read.bytes) : undefined;
}
