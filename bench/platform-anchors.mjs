/**
 * The platform's own anchors beside the page scanner's: the platform's CLI, `mint`, installed on demand
 * into bench/.mint (git-ignored; never a dependency of docsnav), its packages' functions run on every page
 * of ../shared/corpus/docs-repos/*, and `scanPage` (src/pages/scan.ts, from the build in dist/) on the same
 * text. Two references:
 * - `link-rot`: what `mint broken-links` counts as a page's anchors (@mintlify/link-rot's
 *   decorateGraphNodeFromPageContent: the table of contents' slugs, cleaned, and the component ids);
 * - `hosted`: the same passes as the hosted build runs them (@mintlify/common's coreRemark with
 *   remarkParseTitleMarkdown before remarkComponentIds, and the page's front matter `mode`), which is what
 *   the scanner follows.
 *
 *   node bench/platform-anchors.mjs [--verbose]    a line per repository: pages, pages whose anchor sets are
 *                                                  identical per reference, pages the platform fails to parse;
 *                                                  --verbose lists each differing page with what differs
 *   node bench/platform-anchors.mjs --json         the same as JSON
 *
 * Build first (`npm run build`): the scanner is read from dist/pages/scan.js.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { glob } from 'tinyglobby';
import { hasVersion, installPinned } from './pinned.mjs';

export const MINT = 'mint@4.2.941';
const here = path.dirname(fileURLToPath(import.meta.url));
const folder = path.join(here, '.mint');
const modules = path.join(folder, 'node_modules');
const corpus = path.resolve(here, '..', '..', 'shared', 'corpus', 'docs-repos');

/** Installs `mint` into bench/.mint unless it is there; returns the folder of its node_modules. */
export function ensureMint() {
  if (!hasVersion(path.join(modules, 'mint', 'package.json'), MINT.split('@').at(-1))) {
    const run = installPinned(folder, MINT, { project: 'docsnav-bench-mint', label: 'bench/.mint' });
    if (run.status !== 0) throw new Error(`npm install ${MINT} failed`);
  }
  return modules;
}

const url = (file) => pathToFileURL(file).href;

/** The platform's two anchor functions: (content) => Promise<Set<string>>, throwing when the page does not parse. */
async function platformAnchors() {
  ensureMint();
  const common = await import(url(path.join(modules, '@mintlify', 'common', 'dist', 'index.js')));
  const linkRot = await import(url(path.join(modules, '@mintlify', 'link-rot', 'dist', 'static-checking', 'getBrokenInternalLinks.js')));
  const yaml = await import(url(path.join(modules, 'js-yaml', 'index.js')));
  const linkRotAnchors = async (content) => {
    const node = { addPath() {}, headingSlugs: new Set() };
    await linkRot.decorateGraphNodeFromPageContent(node, content);
    return node.headingSlugs;
  };
  const hostedAnchors = async (content) => {
    const extracts = {};
    const tree = common.coreRemark().parse(common.preprocessCustomHeadingIds(content));
    const pageMetadata = { mode: frontMatterMode(tree, yaml) };
    const processor = common
      .coreRemark()
      .use(common.remarkParseTitleMarkdown)
      .use(common.remarkComponentIds, pageMetadata)
      .use(common.remarkExtractTableOfContents, extracts, pageMetadata);
    await processor.run(tree);
    const slugs = linkRot.flattenTableOfContentsSlugs(extracts.tableOfContents ?? []);
    return new Set([...slugs, ...linkRot.extractComponentAnchorIds(tree)]);
  };
  return { 'link-rot': linkRotAnchors, hosted: hostedAnchors };
}

function frontMatterMode(tree, yaml) {
  const first = tree.children[0];
  if (first?.type !== 'yaml') return undefined;
  try {
    const value = yaml.load(first.value);
    return typeof value?.mode === 'string' ? value.mode : undefined;
  } catch {
    return undefined;
  }
}

const difference = (a, b) => [...a].filter((item) => !b.has(item));

/** Per repository: pages, identical anchor sets per reference, platform parse failures, the differing pages. */
export async function compareAnchors() {
  const references = await platformAnchors();
  const { scanPage } = await import(url(path.join(here, '..', 'dist', 'pages', 'scan.js')));
  const repositories = [];
  for (const name of ['mintlify', 'modelcontextprotocol', 'runpod']) {
    const root = path.join(corpus, name);
    if (!existsSync(root)) continue;
    const files = (await glob('**/*.{md,mdx}', { cwd: root, ignore: ['**/node_modules/**'] })).sort();
    const result = { name, pages: files.length, identical: {}, platformFailed: 0, scannerFailed: 0, differing: [] };
    for (const reference of Object.keys(references)) result.identical[reference] = 0;
    for (const file of files) {
      const content = readFileSync(path.join(root, file), 'utf8');
      const ours = scanPage(content);
      if (ours.error) result.scannerFailed++;
      let failed = false;
      for (const [reference, anchorsOf] of Object.entries(references)) {
        let theirs;
        try {
          theirs = await anchorsOf(content);
        } catch {
          failed = true;
          continue;
        }
        const missing = difference(theirs, ours.anchors);
        const extra = difference(ours.anchors, theirs);
        if (missing.length === 0 && extra.length === 0) result.identical[reference]++;
        else result.differing.push({ file, reference, missing, extra });
      }
      if (failed) result.platformFailed++;
    }
    repositories.push(result);
  }
  return repositories;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const repositories = await compareAnchors();
  if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify(repositories)}\n`);
  else {
    for (const repository of repositories) {
      const identical = Object.entries(repository.identical)
        .map(([reference, count]) => `${count} identical to ${reference}`)
        .join(', ');
      process.stdout.write(
        `${repository.name}: ${repository.pages} pages, ${identical}; the platform fails to parse ${repository.platformFailed}, the scanner ${repository.scannerFailed}\n`,
      );
      if (process.argv.includes('--verbose'))
        for (const page of repository.differing)
          process.stdout.write(
            `  ${page.reference} ${page.file}: only the platform ${JSON.stringify(page.missing)}, only the scanner ${JSON.stringify(page.extra)}\n`,
          );
    }
  }
}
