/**
 * Checking a site's pages again after its last check (kept between runs, `KeptPages.keptCheck`):
 * while the site's shape is the same (its pages, files, ignore files, redirects, rules and
 * profile), a page rule's findings in a content file depend on that file's text alone and on the
 * anchors of the pages its `#fragment` links arrive at. So only the files whose text changed,
 * and those linking with a fragment into a file whose anchors changed, are checked again; every
 * other file's findings are the last check's. A page rule that reads anything else of other
 * pages must be added here (test/cache/edit-kinds.test.ts holds a warm run to a cold one).
 */
import { createHash } from 'node:crypto';
import type { KeptFileCheck, KeptSiteCheck, Place } from '../pages/kept.js';
import type { Finding, Range } from '../problem.js';
import type { SiteRule } from './rule.js';
import type { PageBody } from './pages.js';
import type { ResolvedPageLink } from './links.js';
import type { SiteInputs } from './reuse.js';

/** What a site's shape is made of, as one string: another shape, another check. Undefined when the listing cannot be told. */
export function shapeOf(
  made: SiteInputs,
  rules: readonly SiteRule[],
  input: { files: { fingerprint?(): string } | undefined; profile: { name: string }; root: string | undefined; maxPerFile: number },
  checked: readonly string[],
): string | undefined {
  const listing = input.files?.fingerprint?.();
  if (listing === undefined) return undefined;
  return createHash('sha256')
    .update(
      JSON.stringify({
        tree: made.treePages.map((page) => [page.path, page.kind, page.file ?? null]),
        alsoListed: made.alsoListed,
        listing,
        mintignore: made.mintignore ?? null,
        redirects: made.redirects,
        rules: rules.map((rule) => rule.code),
        profile: input.profile.name,
        root: input.root ?? null,
        // A check kept under another cap holds other findings (a page's past the cap are counted).
        maxPerFile: input.maxPerFile,
        checked,
      }),
    )
    .digest('base64url');
}

/** The files to check again: all of them without a last check; else those changed, and those whose links arrive at a file whose anchors changed. */
export function filesToCheck(last: KeptSiteCheck | undefined, checked: readonly string[], bodies: ReadonlyMap<string, PageBody | undefined>): Set<string> {
  if (!last) return new Set(checked);
  const changed = new Set(checked.filter((file) => last.files[file] === undefined || keyOf(bodies.get(file)) !== last.files[file].key));
  const anchorsChanged = new Map<string, boolean>();
  const anchorsChangedIn = (file: string): boolean => {
    if (!changed.has(file)) return false;
    let answer = anchorsChanged.get(file);
    // Stryker disable next-line ConditionalExpression: a memo; the digest taken again gives the same answer (only the cost differs).
    if (answer === undefined) {
      // A file whose anchors were not taken (none arrived at it) counts as changed: a digest is never undefined.
      anchorsChanged.set(file, (answer = anchorsDigest(bodies.get(file)) !== last.files[file]?.anchors));
    }
    return answer;
  };
  return new Set(checked.filter((file) => changed.has(file) || last.files[file].deps.some(anchorsChangedIn)));
}

/**
 * The check to keep: the files checked again with what was found in them now (each finding placed
 * by `placeOf`), the others as the last check had them; the anchors' digest of each file some
 * link's fragment arrives at.
 */
export function checkToKeep(
  shape: string,
  last: KeptSiteCheck | undefined,
  checked: readonly string[],
  again: ReadonlySet<string>,
  bodies: ReadonlyMap<string, PageBody | undefined>,
  linksOf: (page: PageBody) => Iterable<ResolvedPageLink>,
  found: ReadonlyMap<string, Finding[]>,
  placeOf: (file: string, finding: Finding) => Range,
): KeptSiteCheck {
  const files: Record<string, KeptFileCheck> = {};
  for (const file of checked) {
    const kept = last?.files[file];
    if (kept && !again.has(file)) {
      files[file] = { key: kept.key, deps: kept.deps, findings: kept.findings, places: kept.places };
      continue;
    }
    const body = bodies.get(file);
    const findings = found.get(file) ?? [];
    files[file] = {
      key: keyOf(body),
      deps: body ? fragmentTargets(body, linksOf) : [],
      findings,
      places: findings.map((finding) => asPlace(placeOf(file, finding))),
    };
  }
  // A digest of the anchors of each file a fragment arrives at: taken again only for a file checked again (its text changed).
  for (const target of new Set(Object.values(files).flatMap((file) => file.deps))) {
    const entry = files[target];
    if (!entry) continue;
    const before = last?.files[target]?.anchors;
    entry.anchors = before !== undefined && !again.has(target) ? before : anchorsDigest(bodies.get(target));
  }
  return { shape, files };
}

/**
 * Each file's findings in the order a whole check reports them (rule by rule, file by file):
 * those found now in the files checked again, the last check's in the others.
 */
export function inReportOrder(
  rules: readonly SiteRule[],
  checked: readonly string[],
  again: ReadonlySet<string>,
  found: ReadonlyMap<string, Finding[]>,
  last: KeptSiteCheck | undefined,
): Array<{ file: string; finding: Finding }> {
  const out: Array<{ file: string; finding: Finding }> = [];
  for (const rule of rules) {
    for (const file of checked) {
      const findings = again.has(file) ? found.get(file) : last?.files[file]?.findings;
      // Stryker disable next-line ArrayDeclaration: a made-up string holds no finding of the rule's code either.
      for (const finding of findings ?? []) if (finding.code === rule.code) out.push({ file, finding });
    }
  }
  return out;
}

/**
 * Where the last check placed each finding it holds, by finding: those it gives again (the files
 * not checked again, whose text is the one it placed them in) are placed so.
 */
export function keptPlaces(last: KeptSiteCheck | undefined): Map<Finding, Range> {
  const places = new Map<Finding, Range>();
  for (const kept of Object.values(last?.files ?? {})) {
    kept.findings.forEach((finding, i) => {
      const [line, column, endLine, endColumn] = kept.places[i];
      places.set(finding, { line, column, endLine, endColumn });
    });
  }
  return places;
}

function asPlace({ line, column, endLine, endColumn }: Range): Place {
  return [line, column, endLine, endColumn];
}

/** The content files whose anchors a page's `#fragment` links were checked against (a link to this very page: its own). */
function fragmentTargets(body: PageBody, linksOf: (page: PageBody) => Iterable<ResolvedPageLink>): string[] {
  const targets = new Set<string>();
  for (const { resolved } of linksOf(body)) {
    if (!resolved || !resolved.target.fragment) continue;
    if (resolved.target.base === 'same-page') {
      targets.add(body.file);
      continue;
    }
    const arrival = resolved.arrival;
    const page = arrival?.to === 'page' || arrival?.to === 'redirect' ? arrival.page : undefined;
    if (page?.file !== undefined) targets.add(page.file);
  }
  return [...targets].sort();
}

function keyOf(body: PageBody | undefined): string | null {
  return body ? (body.key ?? '') : null;
}

/** What a file's anchors are (none when it has no body, or its scan failed: the rules check no fragment against it). */
function anchorsDigest(body: PageBody | undefined): string {
  if (!body || body.scan.error) return '';
  return createHash('sha256')
    .update([...body.scan.anchors].sort().join('\0'))
    .digest('base64url');
}
