/**
 * The differences of one site between the platform's build and docsnav, one by one, and the
 * decision that explains each (bench/differential/decisions.mjs) or none (a gap). Nothing is
 * discarded before it is counted: every error docsnav reports on a site the build passes is a
 * difference of its own, explained only by evidence from that site's build or validator.
 *
 * Kinds (each difference `{ kind, key, … }`; `key` groups differences of one cause):
 * - `missed-error`: the build fails and docsnav's verdict is "passes" (no error, or only errors the
 *   platform profile deploys despite), whatever else it said;
 * - `false-error`: the build passes and docsnav reports an error (one difference per error);
 * - `silent-drop`: the build passes and drops something of the author's (the validator parses it
 *   away, or a listed page is not among the pages the build serves) where docsnav says nothing;
 * - `only-platform`, `only-docsnav`: a page URL one of them has (one difference per URL);
 * - `title`: a page both have, titled differently.
 */
import path from 'node:path';
import { PROFILES } from 'docsnav';

/** Errors a deployment under the platform profile goes ahead despite: docsnav's verdict is still "passes". */
const DEPLOYS_DESPITE = PROFILES.platform.deploysDespite;

/** The first platform error in a form that does not change from site to site: quoted words, numbers and paths masked. */
function platformErrorShape(errors) {
  const lines = errors
    .flatMap((error) => error.split('\n'))
    .map((line) => line.trim())
    .filter((line) => line && !/^🚨 Invalid docs\.json:?$/.test(line));
  const first = lines[0] ?? '(no message)';
  return first
    .replace(/"[^"]*"|'[^']*'|`[^`]*`/g, 'Q')
    .replace(/\d+/g, 'N')
    .replace(/<site>\S*/g, 'PATH')
    .replace(/[\w./%-]+\.(ya?ml|json|mdx?)\b/gi, 'FILE')
    .replace(/\b(in|defined in) (group|tab|anchor|dropdown|product|version|language|item|navigation)\b/g, '$1 ELEMENT')
    .slice(0, 120);
}

/** A pointer with its array indices masked: `/navigation/tabs/N/groups`. */
const pointerShape = (pointer) => pointer.replace(/\/\d+(?=\/|$)/g, '/N');

/** Where a docsnav problem sits in docs.json with its `$ref`s followed, or undefined (a page or spec file). */
function placed(problem, mounts) {
  if (problem.file === 'docs.json' || problem.file === 'mint.json') return problem.pointer;
  const mount = mounts.find((m) => m.file === problem.file);
  return mount ? `${mount.pointer}${problem.pointer}` : undefined;
}

/** Codes about an element's children, at one key of it: what they report dropped is beside that key. */
const ELEMENT_CODES = new Set(['href-drops-pages', 'mixed-children', 'primary-pattern']);

/**
 * Whether a placed problem speaks of what the platform dropped at `pointer`: at, under or above
 * it; or, for a code about an element's children (`href-drops-pages` at the `href`, `mixed-children`
 * and `primary-pattern` at one array), of another key of the same element.
 */
export function speaksOf(problem, pointer) {
  if (problem.at === undefined) return false;
  if (related(problem.at, pointer)) return true;
  return ELEMENT_CODES.has(problem.code) && pointer.replace(/\/[^/]*$/, '') === problem.at.replace(/\/[^/]*$/, '');
}

/** One JSON pointer at or under the other. */
function related(a, b) {
  return a === b || b.startsWith(`${a}/`) || a.startsWith(`${b}/`);
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'webhook']);
/** An entry the platform reads as an endpoint (`METHOD /path`, `spec METHOD /path`), as its parser splits it. */
export function isEndpointEntry(entry) {
  const parts = entry.trim().split(/\s+/);
  if (parts.length < 2 || parts.length > 3) return false;
  return METHODS.has(parts[parts.length - 2].toLowerCase());
}

/** The platform's page path for a listed entry: resolved against the root, one trailing `/` kept. */
export function platformPagePath(entry) {
  const normalized = path.posix.resolve('/', entry).slice(1);
  return entry.endsWith('/') && normalized.length > 0 && !normalized.endsWith('/') ? `${normalized}/` : normalized;
}

const CHILD_KEYS = ['pages', 'groups', 'tabs', 'anchors', 'dropdowns', 'products', 'versions', 'languages', 'menu'];

/** Every page an author listed (strings of `pages` arrays and group roots), with its pointer; under hidden elements marked. */
function listedPages(docs) {
  const found = [];
  const walk = (node, pointer, hidden) => {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return;
    const hides = hidden || node.hidden === true;
    if (typeof node.root === 'string') found.push({ entry: node.root, pointer: `${pointer}/root`, hidden: hides });
    for (const key of CHILD_KEYS) {
      if (!Array.isArray(node[key])) continue;
      node[key].forEach((item, i) => {
        const at = `${pointer}/${key}/${i}`;
        if (typeof item === 'string') found.push({ entry: item, pointer: at, hidden: hides });
        else walk(item, at, hides);
      });
    }
  };
  if (docs && typeof docs === 'object') walk(docs.navigation, '/navigation', false);
  return found;
}

/**
 * Whether the build serves a listed page: at its path, or (an entry written with a trailing `/`)
 * at the path without it: the platform strips the `/` where it finds the page's file, and keeps it
 * where it finds none. The build of `{"pages": ["a/", "c/"]}` with a.mdx and c/index.mdx serves `a`,
 * and a link to `c/` with no page (test/resolve/build-cases.ts, checked against the build).
 */
function isServed(served, pagePath) {
  return served.has(pagePath) || (pagePath.endsWith('/') && served.has(pagePath.slice(0, -1)));
}

/** Whether docsnav's verdict on the site is "passes": no error but those the platform profile deploys despite. */
const verdictPasses = (diff) => diff.problems.every((p) => p.severity !== 'error' || DEPLOYS_DESPITE.has(p.code));

/**
 * The differences of one site (`site`: `{ diff, drops: { accepted, drops, docs, mounts } }`, the
 * build and docsnav as bench/prebuild-diff.mjs gives them, and what the validator dropped).
 */
export function differencesOf(site) {
  const { diff } = site;
  const mounts = site.drops.mounts ?? [];
  const found = [];
  if (!diff.build) {
    if (verdictPasses(diff)) found.push({ kind: 'missed-error', key: `missed-error ${platformErrorShape(diff.buildErrors)}` });
    return found;
  }
  const problems = diff.problems.map((problem) => ({ ...problem, at: placed(problem, mounts) }));
  for (const problem of problems) {
    if (problem.severity !== 'error') continue;
    found.push({ kind: 'false-error', key: `false-error ${problem.code}`, problem });
  }
  // What the author wrote and the platform dropped: said aloud by an error at, under or above it, or
  // by a warning at it exactly (asyncapi-ignored on a group's asyncapi beside its openapi: the build
  // passes, so the warning is the platform's verdict, test/resolve/asyncapi.corpus.test.ts, and an
  // error there would be a false one).
  const said = (pointer) => problems.some((p) => (p.severity === 'error' && speaksOf(p, pointer)) || (p.severity === 'warning' && p.at === pointer));
  for (const pointer of site.drops.drops ?? []) {
    if (!said(pointer)) found.push({ kind: 'silent-drop', key: `silent-drop validator ${pointerShape(pointer)}`, pointer, problems });
  }
  const served = new Set(diff.pages.map((p) => p.url));
  for (const { entry, pointer, hidden } of listedPages(site.drops.docs)) {
    if (hidden || isEndpointEntry(entry) || isServed(served, platformPagePath(entry))) continue;
    if ((site.drops.drops ?? []).some((drop) => related(drop, pointer))) continue; // counted above
    if (!said(pointer)) found.push({ kind: 'silent-drop', key: 'silent-drop build (a listed page the build does not serve)', pointer, entry, problems });
  }
  for (const url of diff.onlyPlatform) found.push({ kind: 'only-platform', key: 'only-platform', url });
  for (const url of diff.onlyDocsnav) found.push({ kind: 'only-docsnav', key: 'only-docsnav', url });
  for (const title of diff.titles) found.push({ kind: 'title', key: 'title', url: title.url, title });
  return found;
}
