/**
 * docsnav beside the platform's own build (@mintlify/prebuild, bench/prebuild.mjs) on one site:
 * page URLs (as sets), titles per URL, and the verdict (the build
 * passes / `validate --profile platform` has no error).
 *
 *   node bench/prebuild-diff.mjs <siteDir>...   a JSON line per site on stdout
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveFile } from 'docsnav';
import { prebuildSite } from './prebuild.mjs';

/**
 * The differences on one site: `{ site, build, docsnav, urls: { onlyPlatform, onlyDocsnav }, titles: [...] }`;
 * `reuse`: the build in a long-lived child of bench/prebuild.mjs (its lanes) instead of a fresh one;
 * `profile`: docsnav's profile (`platform`), or null for its defaults.
 */
export async function diffSite(siteDir, { pageFiles = true, reuse = false, profile = 'platform' } = {}) {
  const platform = await prebuildSite(siteDir, { reuse });
  // A site with only a mint.json: docsnav reads it as the platform's build does (upgraded).
  const docsJson = path.join(siteDir, 'docs.json');
  const file = existsSync(docsJson) || !existsSync(path.join(siteDir, 'mint.json')) ? docsJson : path.join(siteDir, 'mint.json');
  const rules = pageFiles ? {} : { 'page-not-found': 'off' };
  // `profile: null`: docsnav's defaults, as `docsnav validate` runs with no config.
  const { tree, problems } = await resolveFile(file, { ...(profile === null ? {} : { profile }), rules });
  const errors = problems.filter((p) => p.severity === 'error');
  const result = {
    site: path.basename(siteDir),
    build: platform.ok,
    buildErrors: platform.errors.slice(0, 5),
    docsnav: errors.length === 0,
    docsnavCodes: [...new Set(errors.map((p) => p.code))],
    docsnavErrors: errors.slice(0, 5).map((p) => `${p.code} ${path.basename(p.file)}${p.pointer ? ` ${p.pointer}` : `:${p.line}`}`),
    errorsAt: errors.map((p) => ({ code: p.code, file: path.relative(siteDir, p.file), pointer: p.pointer })),
    problems: problems.map((p) => ({ code: p.code, severity: p.severity, file: path.relative(siteDir, p.file), pointer: p.pointer, message: p.message })),
    buildWarnings: platform.warnings,
    pages: platform.pages,
    treePages: tree.pages.map((p) => ({ path: p.path, title: p.title, ...(p.hidden ? { hidden: true } : {}), ...(p.lostTo ? { lostTo: p.lostTo } : {}) })),
    platformPages: platform.pages.length,
    docsnavPages: tree.pages.length,
    onlyPlatform: [],
    onlyDocsnav: [],
    titles: [],
  };
  if (!platform.ok) return result;
  // URLs as sets: the platform's navigation lists a group's `root` again where its `pages` list it
  // too, docsnav's tree holds that page once. Pages hidden in the tree (`x-hidden` operations,
  // hidden elements) are left out of the platform's navigation: compared only where it lists them.
  const isLink = (url) => /^[a-z][a-z0-9+.-]*:/i.test(url);
  const theirs = new Set(platform.pages.map((p) => p.url).filter((url) => !isLink(url)));
  const ours = new Set(tree.pages.filter((p) => !isLink(p.path) && (!p.hidden || theirs.has(p.path))).map((p) => p.path));
  result.hiddenOnlyDocsnav = tree.pages.filter((p) => p.hidden && !theirs.has(p.path)).length;
  for (const url of theirs) if (!ours.has(url)) result.onlyPlatform.push(url);
  for (const url of ours) if (!theirs.has(url)) result.onlyDocsnav.push(url);
  const titleOf = new Map();
  for (const p of platform.pages) if (!titleOf.has(p.url)) titleOf.set(p.url, p.title);
  const seen = new Set();
  for (const page of tree.pages) {
    if (seen.has(page.path) || !titleOf.has(page.path)) continue;
    seen.add(page.path);
    const expected = titleOf.get(page.path);
    if (expected !== page.title) result.titles.push({ url: page.path, platform: expected, docsnav: page.title });
  }
  result.urlsCompared = theirs.size;
  result.titlesCompared = seen.size;
  return result;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const dir of process.argv.slice(2)) process.stdout.write(`${JSON.stringify(await diffSite(dir, { pageFiles: !dir.includes('/sites/') }))}\n`);
}
