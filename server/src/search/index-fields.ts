/**
 * The fields of the section index (BM25F) and the text each holds of a section: page title,
 * section heading, page description, navigation labels, page path (its segments and their pairs),
 * body (its start), and the words of the links into the page from other pages. No I/O.
 */
import type { PageSection } from '../store/deployments.js';

export const FIELDS = ['title', 'heading', 'description', 'trail', 'path', 'body', 'anchors'] as const;
export type Field = (typeof FIELDS)[number];
export const FIELD_COUNT = FIELDS.length;
/** Most link texts kept per page (distinct ones; a page linked from every page's footer says the same words each time). */
const MAX_ANCHORS = 200;
/** Longest body text indexed per section (characters). */
const MAX_BODY = 60_000;

/** Each field's text of a section (`anchors`: the words of the links into its page, from `anchorTexts`). */
export function fieldTexts(row: PageSection, anchors: string): Record<Field, string> {
  const trail = Array.isArray(row.trail)
    ? (row.trail as Array<{ label?: unknown }>)
        .map((item) => (typeof item?.label === 'string' ? item.label : ''))
        .filter(Boolean)
        .join(' ')
    : '';
  return {
    title: row.pageTitle,
    heading: row.heading ?? '',
    description: row.pageDescription,
    trail,
    path: pathText(row.pagePath),
    body: row.body.length > MAX_BODY ? row.body.slice(0, MAX_BODY) : row.body,
    anchors,
  };
}

/**
 * The words of the links into each page (by the target's path; a link to a folder reaches its
 * `index` page), each distinct text once per page, from other pages only.
 */
export function anchorTexts(sections: readonly PageSection[]): Map<string, string> {
  const paths = new Set(sections.map((section) => section.pagePath));
  const texts = new Map<string, Set<string>>();
  for (const section of sections) {
    for (const link of section.links ?? []) {
      const target = paths.has(link.href) ? link.href : paths.has(`${link.href}/index`) ? `${link.href}/index` : undefined;
      if (!target || target === section.pagePath) continue;
      let set = texts.get(target);
      if (!set) texts.set(target, (set = new Set()));
      if (set.size < MAX_ANCHORS) set.add(link.text.toLowerCase());
    }
  }
  return new Map([...texts].map(([target, set]) => [target, [...set].join(' \n ')]));
}

/** Joins the two words of a pair term (pairs are indexed in the short fields: title, heading, description, labels, path). */
export const PAIR = '\u0001';

/**
 * The terms with each pair of neighbouring words added as a term of its own: a question's
 * "network volume" then outranks a page that says "network" and "volume" apart.
 */
export function withPairs(terms: string[]): string[] {
  const n = terms.length;
  for (let i = 0; i + 1 < n; i++) terms.push(`${terms[i]}${PAIR}${terms[i + 1]}`);
  return terms;
}

/**
 * A page path as searchable text: its segments, and each pair of neighbouring segments as one
 * identifier (`server/discover` of `specification/2025-06-18/server/discover`), which a question
 * naming a method or route matches whole.
 */
function pathText(pagePath: string): string {
  const segments = pagePath.split('/').filter(Boolean);
  const pairs = segments.slice(1).map((segment, index) => `${segments[index]}/${segment}`);
  return [...segments.map((segment) => segment.replace(/[_-]+/g, ' ')), ...pairs].join(' ');
}
