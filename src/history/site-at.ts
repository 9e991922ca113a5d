import path from 'node:path';
import { allCodes, type Code } from '../codes.js';
import { diskReader, ReadFailure, textOf, type ReadFileHook } from '../files.js';
import type { SeveritySetting } from '../problem.js';
import type { DocsFiles } from '../docs-root.js';
import { ignoredTest, MINTIGNORE } from '../site/ignored.js';
import { buildSite, type Site } from '../site/site.js';
import { filesOf } from '../read.js';
import { startPipeline } from '../pipeline/start.js';
import type { ValidateOptions } from '../pipeline/options.js';

/** Every code off: only the page tree is wanted, no check runs (page bodies are not read for links). */
const NO_CHECKS = Object.fromEntries(allCodes.map((code) => [code, 'off'])) as Record<Code, SeveritySetting>;

/** A page file: its text is not needed for the site's URLs. */
export const PAGE_FILE = /\.mdx?$/i;

/** What resolving a site takes: its docs file's text and name, and its root (on disk, or `files` + `readFile` in memory). */
type SiteOptions = Pick<ValidateOptions, 'file' | 'files' | 'readFile' | 'profile' | 'languageCodes'> & { root: string };

/**
 * The site a docs file makes (every page URL it serves, listed or hidden, endpoint pages
 * included), as the pipeline resolves it. Page files are listed, never read: a page's URL is its
 * file's path, whatever its front matter says, and reading a thousand pages would double the time.
 */
export function siteOf(text: string, options: SiteOptions): Site {
  const read = withoutPages(options);
  const pipeline = startPipeline(text, { ...options, readFile: read, rules: NO_CHECKS });
  const tree = pipeline.finish();
  const files: DocsFiles | undefined = filesOf(options);
  let mintignore: string | undefined;
  if (files?.hasFile(MINTIGNORE)) mintignore = read(path.join(path.resolve(options.root), MINTIGNORE));
  return buildSite(tree, files, ignoredTest(mintignore));
}

/** The options' reader (the caller's `readFile`, else the disk under `root`, with its rules), answering "" for page files. */
function withoutPages(options: SiteOptions): ReadFileHook {
  const disk = options.readFile ? undefined : diskReader(path.resolve(options.root));
  return (absolute) => {
    if (PAGE_FILE.test(absolute)) return '';
    if (options.readFile) return options.readFile(absolute);
    const outcome = disk!(absolute);
    if (outcome.ok) return textOf(outcome.bytes);
    if (outcome.reason === 'missing') return undefined;
    throw new ReadFailure(outcome);
  };
}
