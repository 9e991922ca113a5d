/**
 * Fragment ids as the hosted platform writes them into a page (learned from @mintlify/common's
 * `slugify`, `cleanHeadingId`, `generateComponentId` and `generateParamFieldId`; no code copied).
 * The slugging itself is the package the platform uses, @sindresorhus/slugify, at the same version.
 */
import slugifyPackage, { type Options } from '@sindresorhus/slugify';

import { cleanHeadingId } from './ids.js';

export { cleanHeadingId, EMOJI } from './ids.js';

/**
 * The package's slugify, remembered: each call runs its transliteration table (some hundred
 * replacements) whatever the input, and a site repeats its headings across pages and languages.
 */
const slugs = new Map<string, string>();
const MAX_REMEMBERED = 50_000;
const MAX_TITLE = 2000;

function slugifyOnce(text: string, kind: string, options: Options): string {
  const key = `${kind}\0${text}`;
  let slug = slugs.get(key);
  if (slug === undefined) {
    if (slugs.size >= MAX_REMEMBERED) slugs.clear();
    // The package's contraction pattern backtracks over a long word: a title past this length (no
    // real one) is slugged by its start, so that no page can stall the scan.
    const title = text.length > MAX_TITLE ? text.slice(0, MAX_TITLE) : text;
    slug = ASCII.test(title) ? asciiSlugify(title, options.decamelize ?? true) : slugifyPackage(title, options);
    slugs.set(key, slug);
  }
  return slug;
}

/** Printable ASCII and white space: text the package's transliteration barely touches. */
const ASCII = /^[\x20-\x7e\t\n\r]*$/;

/**
 * The package's slugify (separator `-`, lower case) of ASCII text, without running its
 * transliteration, which tries each of its ~1,900 replacements as a new RegExp on every call
 * (the scan's largest cost after parsing). On ASCII text all it does is turn `&` into ` and ` (the
 * only ASCII key of its tables) and drop `^` and `` ` `` (the only ASCII diacritics). The rest is
 * the package's steps, in its order; test/pages/slug.test.ts checks it against the package.
 */
export function asciiSlugify(text: string, decamelize: boolean): string {
  let slug = text.replaceAll('&', ' and ').replace(/[\^`]/g, '');
  if (decamelize) slug = decamelized(slug);
  slug = slug.toLowerCase().replace(/[^a-z\d]+/g, '-');
  slug = slug.replace(/([a-zA-Z\d]+)-([ts])(-|$)/g, '$1$2$3');
  return slug.replace(/-{2,}/g, '-').replace(/^-|-$/g, '');
}

/** The package's decamelize step: capitalised words apart (`fooBar` → `foo Bar`, `APIKey` → `API Key`). */
function decamelized(text: string): string {
  return text
    .replace(/([A-Z]{2,})(\d+)/g, '$1 $2')
    .replace(/([a-z\d]+)([A-Z]{2,})/g, '$1 $2')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-rt-z\d]+)/g, '$1 $2');
}

/**
 * Slugs numbered as the package's `slugifyWithCounter` numbers them (the same counting, around
 * the remembered slugify): the second "Setup" is `setup-2`; a slug that already ends in a number
 * counts toward its numberless form.
 */
export type HeadingSlugger = (slug: string) => string;

export function headingSlugger(): HeadingSlugger {
  const occurrences = new Map<string, number>();
  return (slug) => {
    if (!slug) return '';
    const lower = slug.toLowerCase();
    const numberless = occurrences.get(withoutNumberSuffixes(lower)) ?? 0;
    const count = (occurrences.get(lower) ?? 0) + 1;
    occurrences.set(lower, count);
    return count >= 2 || numberless > 2 ? `${slug}-${count}` : slug;
  };
}

/** `slug` without its trailing `-<digits>` groups (`a-1-2` → `a`), as `/(?:-\d+?)+?$/` removes them, in one pass from the end. */
function withoutNumberSuffixes(slug: string): string {
  let end = slug.length;
  for (;;) {
    let digits = end;
    while (digits > 0 && slug.charCodeAt(digits - 1) >= 48 && slug.charCodeAt(digits - 1) <= 57) digits--;
    if (digits === end || digits === 0 || slug[digits - 1] !== '-') return slug.slice(0, end);
    end = digits - 1;
  }
}

/** Page modes (the front matter's `mode`) without headings' anchors. */
export const MODES_WITHOUT_HEADING_IDS: ReadonlySet<string> = new Set(['custom', 'frame']);

/**
 * The ids the platform's page gives its Markdown headings (levels 1 to 4), in the page's order:
 * call the function returned with each heading's text, one function per page. An id is the
 * heading's slug, numbered when it repeats (the second "Setup" is `setup-2`), as the page's DOM
 * carries it: percent escapes decoded, punctuation and emoji removed (`Step 2: Install` is
 * `step-2-install`, `ガイド` stays `ガイド`), then numbered again by the table of contents where
 * two are the same (`Setup 2` after two `Setup`s is `setup-2-2`). A link's `#fragment` names one.
 * A page whose front matter's `mode` is `custom` or `frame` gives its headings none (each is '').
 */
export function headingIds(options: { mode?: string } = {}): (title: string) => string {
  if (MODES_WITHOUT_HEADING_IDS.has(options.mode ?? '')) return () => '';
  const counter = headingSlugger();
  const deduplicate = tableOfContentsDeduplicator();
  // The table of contents takes the id cleaned, or, where nothing of it is left (a title of only
  // punctuation or emoji), the title's slug again, uncounted; the page carries that cleaned too,
  // so such a heading's id is empty: nothing links to it.
  return (title) => cleanHeadingId(deduplicate(cleanHeadingId(headingSlug(title, counter)) || headingSlug(title)));
}

/**
 * The table of contents' second numbering, over the ids the headings already have: a repeat of
 * one (`Setup 2` after two `Setup`s both give `setup-2`) is `-n` from its count, past those taken.
 */
export function tableOfContentsDeduplicator(): (slug: string) => string {
  const seen = new Map<string, number>();
  return (slug) => {
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    if (count === 0) return slug;
    let suffix = count + 1;
    while (seen.has(`${slug}-${suffix}`)) suffix++;
    const unique = `${slug}-${suffix}`;
    seen.set(unique, 1);
    return unique;
  };
}

/** A percent escape as the platform detects one (upper-case hex only, as `encodeURIComponent` writes). */
const PERCENT_ESCAPE = /%[0-9A-F]{2}/;

/**
 * A heading's slug: lower-cased, white space runs to `-`, percent-encoded; text that needed
 * encoding (non-ASCII, `?`, `&`, …) keeps its escapes and case, other text is slugged plainly.
 * Without a counter, each call stands alone (the table of contents de-duplicates by itself).
 */
export function headingSlug(title: string, counter?: HeadingSlugger): string {
  const encoded = encodeURIComponent(title.toLowerCase().trim().replace(/\s+/g, '-'));
  const slug = encodedSlug(encoded, PERCENT_ESCAPE.test(encoded));
  return counter === undefined ? slug : counter(slug);
}

/**
 * What the package makes of `encodeURIComponent`'s output (`A-Z a-z 0-9 - _ . ! ~ * ' ( ) %`)
 * with the platform's options (no decamelizing, `_` kept; with `escaped`, `%` and case kept too),
 * without its transliteration, which changes no such character (no replacement has an ASCII
 * key, `&` is escaped, no such character is a diacritic): other characters become one `-`, a
 * word's `-s`/`-t` joins it (`it's` → `its`), runs of `-` collapse, and none is left at either end.
 * Linear in the slug; test/pages/slug.test.ts checks it against the package.
 */
export function encodedSlug(encoded: string, escaped: boolean): string {
  const text = escaped ? encoded : encoded.toLowerCase();
  // Runs of kept characters are copied whole (a string a character made a heading's slug cost a
  // string per character: issue 66); a title of such characters only is its own slug.
  let dashed = '';
  let keptFrom = 0;
  let inRun = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const kept = (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code === 95 || (escaped && ((code >= 65 && code <= 90) || code === 37));
    if (kept) {
      if (inRun) keptFrom = i;
      inRun = false;
      continue;
    }
    if (inRun) continue;
    dashed += `${text.slice(keptFrom, i)}-`;
    inRun = true;
  }
  if (!inRun) dashed = keptFrom === 0 ? text : dashed + text.slice(keptFrom);
  return withoutMootDashes(joinContractions(dashed));
}

function isAlphanumeric(char: string | undefined): boolean {
  return char !== undefined && /^[a-zA-Z\d]$/.test(char);
}

/** `word-s`/`word-t` followed by `-` or the end loses its `-`, left to right, as `/([a-zA-Z\d]+)-([ts])(-|$)/g` does (a match takes the `-` after it). */
function joinContractions(slug: string): string {
  let out = '';
  let copied = 0;
  let matchedTo = 0;
  for (let dash = slug.indexOf('-'); dash !== -1; dash = slug.indexOf('-', dash + 1)) {
    const letter = slug[dash + 1];
    if (dash - 1 < matchedTo || !isAlphanumeric(slug[dash - 1]) || (letter !== 't' && letter !== 's')) continue;
    if (dash + 2 < slug.length && slug[dash + 2] !== '-') continue;
    out += slug.slice(copied, dash);
    copied = dash + 1;
    matchedTo = Math.min(slug.length, dash + 3);
  }
  return copied === 0 ? slug : out + slug.slice(copied);
}

function withoutMootDashes(slug: string): string {
  let start = 0;
  let end = slug.length;
  while (start < end && slug[start] === '-') start++;
  while (end > start && slug[end - 1] === '-') end--;
  return slug.slice(start, end);
}

/** The id of an `<Accordion>` or `<View>` from its title: its n-th use (from 0) gets `-n`. */
export function componentId(title: string, count: number): string {
  const base = slugifyOnce(title.replace(':', '-'), 'component', { decamelize: false });
  return count > 0 ? `${base}-${count}` : base;
}

/** The id of a `<ParamField>`/`<ResponseField>` named `name`, its n-th use (from 0). */
export function paramFieldId(name: string, count: number): string {
  return slugifyOnce(`param-${name}${count > 0 ? `_${count}` : ''}`, 'param', { decamelize: true, separator: '-' });
}
