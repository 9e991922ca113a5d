/**
 * One page checked again in the time of a keystroke: an editor's page edit needs that page's
 * problems now, not the whole site's. The page's links, anchors, MDX and front matter are checked
 * by the same rules and reported through the same sink as `validateText` does, against the rest
 * of the site as the last `validateText` with the same cache saw it (its pages, redirects and the
 * other pages' ids); no other page is read or scanned. What the edit changes elsewhere (another
 * page's link to an anchor it removed, docs.json's hrefs) is the next `validateText`'s to report.
 */
import path from 'node:path';
import type { ValidationCache } from './cache/memory.js';
import { attachFixes } from './fix/compute.js';
import type { ValidationResult } from './result.js';
import { PageFrontMatterReader } from './resolve/page-front-matter.js';
import { SpecLoader } from './resolve/specs.js';
import { siteRules } from './rules/index.js';
import { checkPage, type CheckedSite } from './site/check.js';
import type { LoadedDocument } from './source/refs.js';
import { textSource } from './source/text.js';
import { ProblemSink } from './pipeline/sink.js';
import { reporterIn, sourcesOf } from './pipeline/sources.js';
import type { ValidateOptions } from './pipeline/options.js';

/**
 * The problems `validateText` reports in one page (or snippet) file of a docs root, its text read
 * now (an editor's unsaved text when `cache.setText` holds it), checked against the site the last
 * `validateText` of that root with this `cache` and these options checked. Undefined when the cache
 * holds no such check (a file was created or deleted since) or that check did not read the file's
 * body (not a page of the site, or an ignored one): validate the site instead.
 */
export function validatePage(pageFile: string, options: ValidateOptions & { cache: ValidationCache; root: string }): ValidationResult | undefined {
  const root = path.resolve(options.root);
  const last = options.cache.lastCheck<CheckedSite>(root);
  if (!last) return undefined;
  const relative = path.relative(root, path.resolve(pageFile)).split(path.sep).join('/');
  const file = options.file ?? 'docs.json';
  // docs.json is not checked here: the page joins an empty document's files as the pipeline's pages do.
  // Stryker disable next-line StringLiteral: nothing is reported in docs.json here and it is not among the files reported in, so its text is never read.
  const main = textSource(file, '');
  const document: LoadedDocument = {
    main,
    value: undefined,
    files: [],
    // Stryker disable next-line ArrayDeclaration: the document's findings are read only by the pipeline's checkDocument, which validatePage does not run.
    findings: [],
    // Stryker disable next-line ArrowFunction,ObjectLiteral: origin is read only by ProblemSink.add (findings into docs.json); here every finding comes through reportIn, which calls addInFile.
    origin: (pointer) => ({ source: main, pointer }),
    // Stryker disable next-line ArrowFunction,BooleanLiteral: isUnresolved is read only by ProblemSink.add; here every finding comes through reportIn, which calls addInFile.
    isUnresolved: () => false,
  };
  const sink = new ProblemSink(document, options.rules, options.ignore, options.maxProblemsPerFile);
  const reportIn = reporterIn(document, sink, options.root);
  const rules = siteRules.filter((rule) => sink.enabled(rule.code));
  if (checkPage(rules, last, relative, (page, text, finding) => reportIn(page, text, 'page', finding), sink.maxPerFile) === 'not-checked') return undefined;
  // Its front matter: as a listed page's, or as the platform's build checks every other page file's.
  const listed = last.site.pages.get(relative.replace(/\.mdx?$/i, ''));
  const { files, reader, cache } = last.input;
  if (listed?.listed && (listed.file === undefined || listed.file === relative)) {
    const loader = options.specs === false ? undefined : new SpecLoader({ root, reader, files, cache });
    new PageFrontMatterReader({ files, reader, absoluteRoot: root, cache, loader, reportIn }).read(listed.path);
  } else if (sink.enabled('front-matter-invalid')) {
    new PageFrontMatterReader({ files, reader, absoluteRoot: root, cache, reportIn }).checkUnlisted(last.made.ignored, [relative]);
  }
  const problems = sink.sorted();
  attachFixes(problems, document.files, options);
  return { file, problems, sources: sourcesOf(document.files) };
}
