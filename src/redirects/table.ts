/** One entry of docs.json's `redirects`, as the platform reads it. */
export interface Redirect {
  /** The URL path redirected from: `/old`, with `:name` parameters and `*` wildcards. */
  source: string;
  /** Where to: a URL path (parameters and wildcards of the source filled in) or an external URL. */
  destination: string;
  permanent?: boolean;
  /** JSON pointer of the entry in docs.json (`/redirects/3`). */
  pointer: string;
}

/** A redirect that matched a URL path: the entry, and the destination with its parameters filled in. */
export interface RedirectMatch {
  redirect: Redirect;
  destination: string;
}

/**
 * The redirects of docs.json, read once: entries with a string `source` and `destination`
 * (what the schema reports is not repeated here), each with its pointer.
 */
export function redirectsOf(document: unknown): Redirect[] {
  const list = (document as { redirects?: unknown } | null)?.redirects;
  if (!Array.isArray(list)) return [];
  const redirects: Redirect[] = [];
  list.forEach((entry: unknown, index) => {
    if (typeof entry !== 'object' || entry === null) return;
    const { source, destination, permanent } = entry as Record<string, unknown>;
    if (typeof source !== 'string' || typeof destination !== 'string') return;
    const redirect: Redirect = { source, destination, pointer: `/redirects/${index}` };
    if (typeof permanent === 'boolean') redirect.permanent = permanent;
    redirects.push(redirect);
  });
  return redirects;
}

/** A pattern's parts: `:name` (one segment), `*` (anything), or literal text. */
const PATTERN_PART = /:([A-Za-z_][A-Za-z0-9_]*)|\*/g;

interface Compiled {
  /** Its place among the patterns, to keep the order listed when two buckets are merged. */
  order: number;
  redirect: Redirect;
  regex: RegExp;
  /** The capture groups in order: a parameter's name, or undefined for a wildcard. */
  names: Array<string | undefined>;
}

/**
 * Looks URL paths up in the redirects as the platform applies them: an exact source first, then
 * the first pattern (`:name` matches one segment, `*` any rest) that matches, in the order listed.
 * Paths are compared without the leading and trailing `/`.
 */
export class RedirectTable {
  private readonly exact = new Map<string, Redirect>();
  /**
   * The patterns by their first path segment when it is literal (`docs` for `/docs/:slug*`): a path
   * is tried only against the patterns that can match it, so thousands of patterns cost a lookup,
   * not a scan, per path. Patterns whose first segment is not literal are tried for every path.
   */
  private readonly patternsByFirst = new Map<string, Compiled[]>();
  private readonly anyFirst: Compiled[] = [];
  private patternCount = 0;

  constructor(readonly redirects: readonly Redirect[]) {
    for (const redirect of redirects) {
      const source = trimSlashes(redirect.source);
      if (!/[:*]/.test(source)) {
        if (!this.exact.has(source)) this.exact.set(source, redirect);
        continue;
      }
      const names: Array<string | undefined> = [];
      let regex = '';
      let last = 0;
      for (const match of source.matchAll(PATTERN_PART)) {
        regex += escapeRegex(source.slice(last, match.index));
        regex += match[1] === undefined ? '(.*)' : '([^/]+)';
        names.push(match[1]);
        last = match.index + match[0].length;
      }
      regex += escapeRegex(source.slice(last));
      const compiled: Compiled = { order: this.patternCount++, redirect, regex: new RegExp(`^${regex}$`), names };
      const first = firstSegment(source);
      if (/[:*]/.test(first)) this.anyFirst.push(compiled);
      else {
        const bucket = this.patternsByFirst.get(first);
        if (bucket) bucket.push(compiled);
        else this.patternsByFirst.set(first, [compiled]);
      }
    }
  }

  /** The redirect that applies to a URL path (no leading `/`), with its destination filled in; undefined when none does. */
  match(urlPath: string): RedirectMatch | undefined {
    const path = trimSlashes(urlPath);
    const exact = this.exact.get(path);
    if (exact) return { redirect: exact, destination: exact.destination };
    for (const { redirect, regex, names } of inOrder(this.patternsByFirst.get(firstSegment(path)) ?? [], this.anyFirst)) {
      const found = regex.exec(path);
      if (!found) continue;
      const values = new Map<string, string>();
      const wildcards: string[] = [];
      names.forEach((name, i) => (name === undefined ? wildcards.push(found[i + 1]) : values.set(name, found[i + 1])));
      let wildcard = 0;
      const destination = redirect.destination.replace(PATTERN_PART, (part, name: string | undefined) =>
        name === undefined ? (wildcards[wildcard++] ?? '') : (values.get(name) ?? part),
      );
      return { redirect, destination };
    }
    return undefined;
  }
}

/** A path's (or a source's) first segment: up to the first `/`. */
function firstSegment(path: string): string {
  const slash = path.indexOf('/');
  return slash === -1 ? path : path.slice(0, slash);
}

/** Two lists of patterns, each in the order listed, merged into that order. */
function* inOrder(a: readonly Compiled[], b: readonly Compiled[]): Generator<Compiled> {
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i].order < b[j].order)) yield a[i++];
    else yield b[j++];
  }
}

function trimSlashes(path: string): string {
  return path.replace(/^\/+/, '').replace(/\/+$/, '');
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
