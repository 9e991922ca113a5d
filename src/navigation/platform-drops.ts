/**
 * Where the hosted platform's validator (@mintlify/validation) drops navigation without failing the
 * build, measured against it (test/navigation/platform-drops.corpus.test.ts):
 *
 * - A division (tab, anchor, dropdown, product, version, language, menu item) whose `href` is a link
 *   the platform accepts (`/path`, `#hash`, `mailto:`, any absolute URL) becomes that link: every
 *   child array it holds (`pages`, `groups`, `tabs`, …, `menu`) is dropped.
 * - One malformed entry anywhere inside a division's child array (a group without `group`, a page
 *   that is not a non-empty string, a field of the wrong type) drops that whole array of the nearest
 *   division above it, valid pages and all. At the navigation root the build fails instead.
 */
import { CHILD_KEYS, childKind, isGeneratingTab, isPlainObject, type ElementKind } from './model.js';

/** The element kinds that keep a link and drop their children when `href` is set. */
export const LINKING_KINDS: ReadonlySet<ElementKind> = new Set(['tab', 'anchor', 'dropdown', 'product', 'version', 'language', 'item']);

/**
 * What the platform's `href` accepts (@mintlify/validation's hrefSchema): a `/path`, a `#hash`, a
 * `mailto:` link or anything `new URL` parses. Anything else (`guides/x`, an empty string) fails
 * it: on a global link the build fails (no form falls back); on a division the platform drops the
 * `href` and keeps the division's children (test/resolve/build-cases.ts).
 */
export function isPlatformLink(href: unknown): href is string {
  if (typeof href !== 'string') return false;
  if (href.startsWith('/') || href.startsWith('#') || href.startsWith('mailto:')) return true;
  try {
    new URL(href);
    return true;
  } catch {
    return false;
  }
}

/** The child arrays a division with a link `href` loses (empty when it keeps them). */
export function childArraysLostToHref(kind: ElementKind, value: Readonly<Record<string, unknown>>): string[] {
  if (!LINKING_KINDS.has(kind) || !isPlatformLink(value.href)) return [];
  return CHILD_KEYS.filter((key) => Array.isArray(value[key]) && childKind(kind, key) !== undefined);
}

/** The page paths listed inside a value (a child array, an element), in order: at most `limit` kept, all counted. */
export function pagesInside(value: unknown, limit = 8): { count: number; first: string[] } {
  const found = { count: 0, first: [] as string[] };
  const stack: unknown[] = [value];
  // Depth first, in document order: children pushed in reverse.
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (item.trim() === '') continue;
      if (found.first.length < limit) found.first.push(item);
      found.count++;
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push(item[i]);
    } else if (isPlainObject(item)) {
      for (let i = CHILD_KEYS.length - 1; i >= 0; i--) if (Array.isArray(item[CHILD_KEYS[i]])) stack.push(item[CHILD_KEYS[i]]);
    }
  }
  return found;
}

/** "3 pages: a, b, c" (with "and N more" past the first few). */
export function pageList(pages: { count: number; first: readonly string[] }): string {
  if (pages.count === 0) return 'no pages';
  const shown = pages.first.map((page) => `"${page}"`).join(', ');
  const more = pages.count > pages.first.length ? `, and ${pages.count - pages.first.length} more` : '';
  return `${pages.count} page${pages.count === 1 ? '' : 's'}: ${shown}${more}`;
}

/** The child array a malformed entry costs: the nearest division above it and the key of its array holding the entry. */
export interface LostArray {
  /** The JSON pointer segments of the division. */
  division: readonly string[];
  kind: ElementKind;
  /** Its child array that the platform drops (`pages`, `groups`, …). */
  key: string;
}

/**
 * The division array the platform drops for a malformed value at `segments` (a schema problem's
 * pointer), or undefined when the build fails on it instead (at the root, on a division's own
 * field) or it is outside the navigation's child arrays (`global`).
 */
export function arrayLostTo(docs: unknown, segments: readonly string[]): LostArray | undefined {
  if (segments[0] !== 'navigation' || !isPlainObject(docs)) return undefined;
  let value: unknown = docs.navigation;
  let kind: ElementKind = 'navigation';
  let lost: LostArray | undefined;
  // Walks element by element: `<childKey>/<index>` pairs below the navigation root.
  for (let i = 1; i + 1 < segments.length; i += 2) {
    const key = segments[i];
    const childOf = childKind(kind, key);
    if (!isPlainObject(value) || childOf === undefined || !Array.isArray(value[key])) break;
    const entry: unknown = (value[key] as unknown[])[Number(segments[i + 1])];
    // A tab that generates its pages has no form without its `groups` (issue 65): what fails them fails the tab, and the array around it goes.
    // (LINKING_KINDS holds no navigation root: at the root the build fails, and nothing is lost.)
    if (LINKING_KINDS.has(kind) && !(kind === 'tab' && isGeneratingTab(value))) lost = { division: segments.slice(0, i), kind, key };
    // A string entry (a page) ends the walk: the problem is this entry.
    if (!isPlainObject(entry)) break;
    value = entry;
    kind = key === 'pages' ? 'group' : childOf;
  }
  return lost;
}

/**
 * The group whose `openapi` or `asyncapi` holds the value at `segments` (a schema problem's
 * pointer), if any: the platform's validator drops such a value alone, without a word, and keeps
 * the group (groupDropsSpecValue), so the array around the group is not lost.
 */
export function groupSpecValueAt(docs: unknown, segments: readonly string[]): { group: readonly string[]; field: 'openapi' | 'asyncapi' } | undefined {
  if (segments[0] !== 'navigation' || !isPlainObject(docs)) return undefined;
  let value: unknown = docs.navigation;
  let kind: ElementKind = 'navigation';
  for (let i = 1; i < segments.length; i += 2) {
    const key = segments[i];
    if (kind === 'group' && (key === 'openapi' || key === 'asyncapi')) return { group: segments.slice(0, i), field: key };
    const childOf = childKind(kind, key);
    if (!isPlainObject(value) || childOf === undefined || !Array.isArray(value[key])) return undefined;
    const entry: unknown = (value[key] as unknown[])[Number(segments[i + 1])];
    if (!isPlainObject(entry)) return undefined;
    value = entry;
    kind = key === 'pages' ? 'group' : childOf;
  }
  return undefined;
}
