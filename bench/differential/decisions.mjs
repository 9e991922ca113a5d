/**
 * The differences docsnav keeps on purpose: each a named decision with its reason, the evidence
 * from the site's own build or validator that it applies (never a code alone), and an example
 * site that test/differential/decisions.corpus.test.ts builds with the platform's own build to pin
 * it (the decision explains the example's difference, and nothing there is left unexplained).
 * docs/differential.md lists them (`node bench/differential.mjs --decisions` prints the table).
 *
 * A difference no decision explains is a gap: the differential exits 1 on it.
 */
import { isEndpointEntry, platformPagePath, speaksOf } from './classify.mjs';

const HEAD = { $schema: 'https://mintlify.com/docs.json', theme: 'mint', name: 'Decision', colors: { primary: '#0D9373' } };
const site = (navigation, files = {}, extra = {}) => ({ 'docs.json': JSON.stringify({ ...HEAD, ...extra, navigation }, null, 2), ...files });
const page = (title) => `---\ntitle: ${title}\n---\n\n${title}.\n`;

/** The value at a JSON pointer of `docs` (undefined when there is none). */
function valueAt(docs, pointer) {
  let value = docs;
  for (const part of pointer.split('/').slice(1)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = value[part.replaceAll('~1', '/').replaceAll('~0', '~')];
  }
  return value;
}

/** The page names the build says are listed with no file ("… is referenced in the docs.json navigation but the file does not exist."). */
function referencedWithoutFile(warnings) {
  const names = new Set();
  for (const line of warnings) {
    const match = /^warning - "(.*)" is referenced in the (?:docs|mint)\.json navigation but the file does not exist\.$/.exec(line);
    if (match) names.add(match[1]);
  }
  return names;
}

/** A link's path as a request reaches the site: percent-decoded, without `#fragment` or `?query`, no leading `/`. */
function requestPath(target) {
  const bare = target.replace(/[?#].*$/, '').replace(/^\/+/, '');
  try {
    return decodeURIComponent(bare);
  } catch {
    return bare; // a malformed escape: the path as written
  }
}

/**
 * Whether the built site answers a path: a page it serves, a file the platform deploys (page files
 * by their path without extension; `site.served`, asked of the platform's own code: not
 * `contributing.md`, what `.mintignore` leaves out, …).
 */
function siteAnswers(pathname, site) {
  const served = new Set(site.diff.pages.map((p) => p.url));
  if (served.has(pathname) || served.has(pathname.replace(/\/$/, ''))) return true;
  const files = site.served ?? site.files ?? [];
  return files.includes(pathname) || files.some((file) => file.replace(/\.mdx?$/, '') === pathname);
}

/** The redirects of docs.json (with `$ref`s followed) as the platform keeps them. */
const redirectsOf = (site) => (Array.isArray(site.drops.docs?.redirects) ? site.drops.docs.redirects.filter((r) => r && typeof r === 'object') : []);

/** `:name` parameters of a redirect path, and how many `*`. */
function patternOf(path) {
  const text = typeof path === 'string' ? path : '';
  return { names: new Set([...text.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1])), stars: (text.match(/\*/g) ?? []).length };
}

/**
 * A pattern redirect's source as the judge reads it, in path-to-regexp's common forms (written here,
 * not docsnav's code): `:name` one segment, `:name?` an optional one, `:name+` one or more,
 * `:name*` and `*` any rest (none included). Returns the path it sends a request to, or undefined.
 */
function patternRedirect(source, destination) {
  const names = [];
  let pattern = '';
  for (const segment of source.replace(/^\/+/, '').split('/')) {
    const param = /^:([A-Za-z0-9_]+)([?+*]?)$/.exec(segment);
    if (segment === '*' || param?.[2] === '*') pattern += '(?:/(.*))?';
    else if (param?.[2] === '+') pattern += '/(.+)';
    else if (param?.[2] === '?') pattern += '(?:/([^/]+))?';
    else if (param) pattern += '/([^/]+)';
    else pattern += `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    if (segment === '*' || param) names.push(segment === '*' ? '*' : param[1]);
  }
  const regex = new RegExp(`^${pattern}$`);
  return (path) => {
    const match = regex.exec(`/${path}`);
    if (!match) return undefined;
    const values = new Map(names.map((name, i) => [name, match[i + 1] ?? '']));
    return destination.replace(/:([A-Za-z0-9_]+)[?+*]?|\*/g, (token, name) => values.get(name ?? '*') ?? token);
  };
}

/** The evidence, from the site itself, that a redirect problem is real on the built site. */
function redirectEvidence(problem, site) {
  const at = /^\/redirects\/(\d+)/.exec(problem.at ?? '');
  if (!at) return false;
  const redirects = redirectsOf(site);
  const redirect = redirects[Number(at[1])];
  if (!redirect) return false;
  const destination = typeof redirect.destination === 'string' ? redirect.destination : '';
  if (problem.code === 'redirect-pattern') {
    // A destination that names a `:param` or more `*` than its source has, or a source no request matches.
    const source = patternOf(redirect.source);
    const target = patternOf(destination);
    const unfilled = [...target.names].some((name) => !source.names.has(name)) || target.stars > source.stars;
    const neverMatches =
      typeof redirect.source !== 'string' || redirect.source === '' || /[?#]/.test(redirect.source) || /^[a-z][a-z0-9+.-]*:/i.test(redirect.source);
    return unfilled || neverMatches;
  }
  if (!destination.startsWith('/')) return false;
  const exact = new Map(redirects.filter((r) => typeof r.source === 'string' && !/[:*]/.test(r.source)).map((r) => [requestPath(r.source), r.destination]));
  const patterns = redirects
    .filter((r) => typeof r.source === 'string' && /[:*]/.test(r.source) && typeof r.destination === 'string')
    .map((r) => patternRedirect(r.source, r.destination));
  // Followed through exact redirects, then pattern ones in order: a loop, or an end the site does not answer.
  const seen = new Set();
  for (let path = requestPath(destination); ;) {
    if (seen.has(path)) return problem.code === 'redirect-loop' || problem.code === 'redirect-not-found';
    seen.add(path);
    let next = exact.get(path);
    for (let i = 0; next === undefined && i < patterns.length; i++) next = patterns[i](path);
    if (typeof next !== 'string' || !next.startsWith('/')) return problem.code === 'redirect-not-found' && next === undefined && !siteAnswers(path, site);
    path = requestPath(next);
  }
}

export const DECISIONS = [
  {
    id: 'platform-drops',
    kinds: ['false-error'],
    reason:
      'The platform builds the site but its validator silently drops what docsnav reports (a malformed entry costs its whole array; an unknown key, a second primary pattern, a link that replaces children): an error where the platform drops something is the verdict the project promises.',
    matches: (difference, site) => (site.drops.drops ?? []).some((drop) => speaksOf(difference.problem, drop)),
    example: site({ tabs: [{ tab: 'Docs', groups: [{ group: 'A', pages: ['a'] }, { pages: ['b'] }] }] }, { 'a.mdx': page('A'), 'b.mdx': page('B') }),
  },
  {
    id: 'missing-page-file',
    kinds: ['false-error'],
    reason:
      'The build lists a page it has no file for and says so only as a warning ("is referenced in the docs.json navigation but the file does not exist"): the site serves an empty page under that URL. docsnav reports the broken page as an error (page-not-found, or endpoint-no-spec for a `METHOD /path` entry with no spec in scope); the platform profile deploys despite it, as the build does.',
    matches: (difference, site) => {
      const entry = difference.problem.at === undefined ? undefined : valueAt(site.drops.docs, difference.problem.at);
      return typeof entry === 'string' && referencedWithoutFile(site.diff.buildWarnings).has(platformPagePath(entry));
    },
    example: site({ pages: ['a', 'missing'] }, { 'a.mdx': page('A') }),
  },
  {
    id: 'endpoint-listed-as-page',
    kinds: ['only-platform'],
    reason:
      "A `METHOD /path` entry with no spec in scope is listed by the platform as a page of that name with no file behind it; docsnav's tree has no page for an entry that names none, and reports it (endpoint-no-spec).",
    matches: (difference, site) => isEndpointEntry(difference.url) && site.diff.problems.some((p) => p.code === 'endpoint-no-spec' && p.severity === 'error'),
    example: site({ pages: ['a', 'GET /users'] }, { 'a.mdx': page('A') }),
  },
  {
    id: 'md-mdx-race',
    kinds: ['title'],
    reason:
      "A page with both an `.md` and an `.mdx` file: the platform's build reads the two in parallel and keeps whichever its reader finishes last (a race: a different one from build to build). docsnav reads the `.mdx` and warns (slug-collision, in the `.mdx`).",
    matches: (difference, site) => site.diff.problems.some((p) => p.code === 'slug-collision' && p.file === `${difference.url}.mdx`),
    racy: true,
    example: site(
      { pages: ['a', 'b', 'c', 'd'] },
      Object.fromEntries(
        ['a', 'b', 'c', 'd'].flatMap((p) => [
          [`${p}.md`, page(`md ${p}`)],
          [`${p}.mdx`, page(`mdx ${p}`)],
        ]),
      ),
    ),
  },
  {
    id: 'broken-link',
    kinds: ['false-error'],
    reason:
      "The platform's build never checks links (its `mint broken-links` does, which test/links/incumbent.corpus.test.ts compares with docsnav): a link to a path the built site answers with no page, file or redirect is a broken link on the site, which docsnav reports (link-not-found). A link's path is matched as a request reaches the site: percent-decoded, without its fragment.",
    matches: (difference, site) => {
      if (difference.problem.code !== 'link-not-found') return false;
      const at = /leads nowhere: no page, file or redirect of the site is at \/(.*?)\.(?: |$)/.exec(difference.problem.message);
      return at !== null && !siteAnswers(at[1], site) && !redirectsOf(site).some((r) => typeof r.source === 'string' && requestPath(r.source) === at[1]);
    },
    // `/contributing`: the file is there, but the platform never deploys a CONTRIBUTING.md (its own ignores).
    example: site({ pages: ['a'] }, { 'a.mdx': `${page('A')}\nSee [the guide](/guide) and [how to help](/contributing).\n`, 'contributing.md': page('Help') }),
  },
  {
    id: 'redirect-unchecked',
    kinds: ['false-error'],
    reason:
      "The platform's build checks only that each redirect `source` is written once: a redirect to a path the site does not answer, one that loops, or one whose destination names a `:param` (or more `*`) its source lacks, deploys and fails readers (a 404, a redirect loop, a literal `:slug` in the URL). docsnav reports each (redirect-not-found, redirect-loop, redirect-pattern); the platform profile deploys despite them, as the build does. Evidence: the site's own pages, files and redirects, followed.",
    matches: (difference, site) => difference.problem.code.startsWith('redirect-') && redirectEvidence(difference.problem, site),
    example: site(
      { pages: ['a'] },
      // `Team/license.md` is there, but the platform takes a `.md` named license for no page (getFileCategory).
      { 'a.mdx': page('A'), 'Team/license.md': page('License') },
      {
        redirects: [
          { source: '/old', destination: '/missing' },
          { source: '/terms', destination: '/Team/license' },
          { source: '/x', destination: '/y/:slug' },
          // A pattern whose own destination it matches again: a loop the judge follows with its own matcher.
          { source: '/loop/:slug*', destination: '/loop/1' },
        ],
      },
    ),
  },
  {
    id: 'network-blocked',
    kinds: ['missed-error'],
    reason:
      'The harness blocks the network: a site that names a remote spec cannot be built here, so there is no verdict to compare (docsnav does not fetch either unless asked, `--allow-remote`, and says so: openapi-remote).',
    // The AsyncAPI reader reports the blocked fetch in its own words ("Failed to fetch AsyncAPI document from <url>").
    matches: (difference, site) =>
      site.diff.buildErrors.some((error) => /network access blocked|Failed to fetch (?:AsyncAPI|OpenAPI) document from https?:\/\//.test(error)),
    example: site({ groups: [{ group: 'API', openapi: 'https://example.com/openapi.yaml' }] }),
  },
];

/** The decision that explains a difference, if one does. */
export function decisionFor(difference, site) {
  return DECISIONS.find((decision) => decision.kinds.includes(difference.kind) && decision.matches(difference, site));
}

/** The decisions as a Markdown table (docs/differential.md). */
export function decisionsTable() {
  const rows = DECISIONS.map((d) => `| \`${d.id}\` | ${d.kinds.join(', ')} | ${d.reason.replaceAll('|', '\\|')} |`);
  return ['| decision | differences it explains | reason |', '|---|---|---|', ...rows].join('\n');
}
