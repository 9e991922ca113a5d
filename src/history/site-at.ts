import path from 'node:path';
import { allCodes, type Code } from '../codes.js';
import { textOf } from '../files.js';
import type { SeveritySetting } from '../problem.js';
import type { DocsFiles } from '../rules/types.js';
import { ignoredTest, MINTIGNORE } from '../site/ignored.js';
import { buildSite, type Site } from '../site/site.js';
import { filesOf, readerFor, startPipeline, type ValidateOptions } from '../validate.js';

/** Every code off: only the page tree is wanted, no check runs (page bodies are not read for links). */
const NO_CHECKS = Object.fromEntries(allCodes.map((code) => [code, 'off'])) as Record<Code, SeveritySetting>;

/** What resolving a site takes: its docs file's text and name, and its root (on disk, or `files` + `readFile` in memory). */
type SiteOptions = Pick<ValidateOptions, 'file' | 'root' | 'files' | 'readFile' | 'profile' | 'languageCodes'>;

/** The site a docs file makes (every page URL it serves, listed or hidden, endpoint pages included), as the pipeline resolves it. */
export function siteOf(text: string, options: SiteOptions): Site {
  const pipeline = startPipeline(text, { ...options, rules: NO_CHECKS });
  const tree = pipeline.finish();
  const files: DocsFiles | undefined = filesOf(options);
  const reader = readerFor(options);
  let mintignore: string | undefined;
  if (files?.hasFile(MINTIGNORE) && options.root !== undefined) {
    const read = reader(path.join(path.resolve(options.root), MINTIGNORE));
    if (read.ok) mintignore = textOf(read.bytes);
  }
  return buildSite(tree, files, ignoredTest(mintignore));
}
