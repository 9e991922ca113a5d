/**
 * What kind of difference a site shows between the platform's build and docsnav (a SiteDiff of
 * bench/prebuild-diff.mjs), and which of them are decisions: docsnav differs on purpose, for the
 * reason given. Everything else is a gap to fix.
 */
import { PROFILES } from 'docsnav';

/** Errors the build lets through and docsnav rightly reports (a listed page with no file, …): the platform profile's list. */
const GENUINE = PROFILES.platform.deploysDespite;

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
    .replace(/[\w./-]+\.(ya?ml|json|mdx?)\b/g, 'FILE')
    .replace(/\b(in|defined in) (group|tab|anchor|dropdown|product|version|language|item|navigation)\b/g, '$1 ELEMENT')
    .slice(0, 120);
}

/**
 * The differences of one site, each `{ kind, key }`: `kind` one of false-error (the build passes,
 * docsnav errs), missed-error (the build fails, docsnav passes), only-platform / only-docsnav (page
 * URLs), title; `key` groups differences of the same cause.
 */
export function differencesOf(diff) {
  const found = [];
  if (diff.build && !diff.docsnav) {
    const codes = diff.docsnavCodes.filter((code) => !GENUINE.has(code));
    if (codes.length > 0) found.push({ kind: 'false-error', key: `false-error ${codes.sort().join(',')}` });
  }
  if (!diff.build && diff.docsnav) found.push({ kind: 'missed-error', key: `missed-error ${platformErrorShape(diff.buildErrors)}` });
  if (diff.build) {
    if (diff.onlyPlatform.length > 0) found.push({ kind: 'only-platform', key: 'only-platform' });
    if (diff.onlyDocsnav.length > 0) found.push({ kind: 'only-docsnav', key: 'only-docsnav' });
    if (diff.titles.length > 0) found.push({ kind: 'title', key: 'title' });
  }
  return found;
}

/**
 * Differences docsnav keeps on purpose: `{ id, matches(difference, diff), reason }`. A difference
 * that one of these matches is reported as explained, never as a gap.
 */
const DECISIONS = [
  {
    id: 'platform-drops',
    matches: (difference, diff) =>
      difference.kind === 'false-error' &&
      diff.drops.length > 0 &&
      diff.errorsAt
        .filter((error) => !GENUINE.has(error.code))
        .every((error) => error.file === 'docs.json' && diff.drops.some((drop) => related(drop, elementOf(error)))),
    reason:
      'The platform builds the site but silently drops the entries docsnav reports (its validator parses them away): an error where the platform drops something is the verdict the issue asks for.',
  },
  {
    id: 'broken-page',
    matches: (difference, diff) =>
      (difference.kind === 'false-error' && diff.errorsAt.every((error) => GENUINE.has(error.code) || error.code === 'endpoint-no-spec')) ||
      // The platform's navigation lists the entry as it is (`DELETE /users/{id}`, no page behind it); docsnav's tree has no page for it.
      (difference.kind === 'only-platform' &&
        diff.errorsAt.some((error) => error.code === 'endpoint-no-spec') &&
        diff.onlyPlatform.every((url) => /^(get|post|put|patch|delete|head|options|trace|webhook) /i.test(url))),
    reason:
      'A `METHOD /path` entry with no spec in scope is a page the platform lists but has no file for ("is referenced in the docs.json navigation but the file does not exist", as for a missing page): a genuine broken page, which default validate reports.',
  },
  {
    id: 'network-blocked',
    matches: (difference, diff) => difference.kind === 'missed-error' && diff.buildErrors.some((error) => /network access blocked/.test(error)),
    reason: 'The harness blocks the network: a site that names a remote spec cannot be built here, so there is no verdict to compare.',
  },
];

/** Where an error's drop is: href-drops-pages points at the `href`, and the arrays beside it are what the platform drops. */
function elementOf(error) {
  return error.code === 'href-drops-pages' ? error.pointer.replace(/\/href$/, '') : error.pointer;
}

/** One JSON pointer at or under the other. */
function related(a, b) {
  return a === b || b.startsWith(`${a}/`) || a.startsWith(`${b}/`);
}

/** The decision that explains a difference, if one does. */
export function decisionFor(difference, diff) {
  return DECISIONS.find((decision) => decision.matches(difference, diff));
}
