import path from 'node:path';
import { HTTP_METHODS, type HttpMethod } from './model.js';
import { isUrl, rootRelative } from './openapi.js';
import { stripLeadingSlashes, stripTrailingSlashes } from '../text.js';

/** What a string in a `pages` array means (platform-facts §2). */
export type PageEntry =
  | {
      kind: 'page';
      /** As written. */
      page: string;
      /** Tidy and relative to the docs root (`./a/b.mdx` -> `a/b`); URLs stay as written. */
      clean: string;
    }
  | { kind: 'endpoint'; method: HttpMethod; path: string; specfile?: string }
  | { kind: 'webhook'; name: string; specfile?: string };

const METHODS: ReadonlySet<string> = new Set(HTTP_METHODS);

/**
 * `METHOD /path`, `specfile METHOD /path`, `webhook name` and `specfile webhook name` are
 * endpoint entries (split on whitespace, method case-insensitive); anything else is a page path.
 */
export function parseEntry(raw: string): PageEntry {
  if (isTidyPage(raw)) return { kind: 'page', page: raw, clean: raw };
  if (!/\S\s+\S/.test(raw)) return pageEntry(raw);
  const tokens = raw.trim().split(/\s+/);
  if (tokens.length === 2 || tokens.length === 3) {
    const specfile = tokens.length === 3 ? tokens[0] : undefined;
    const verb = tokens[tokens.length - 2].toLowerCase();
    const target = tokens[tokens.length - 1];
    if (verb === 'webhook') return { kind: 'webhook', name: target, specfile };
    if (METHODS.has(verb) && target.startsWith('/')) return { kind: 'endpoint', method: verb as HttpMethod, path: target, specfile };
  }
  return pageEntry(raw);
}

/**
 * True for the common case, a page path already in its tidy form (no whitespace, so no
 * endpoint entry either): one regex test, so 50,000 pages cost 50,000 tests and nothing more.
 */
export function isTidyPage(raw: string): boolean {
  return !NEEDS_CARE.test(raw);
}

/**
 * True for the commonest page path of all: tidy (`isTidyPage`) and made only of ASCII letters,
 * digits, `-`, `_`, `.` and `/`, no segment starting with `.`. Such a path is no URL and no
 * endpoint entry, climbs nowhere, and has nothing a URL or a file system trips on: the rules
 * and the tree skip their pattern checks for it. One pass over its characters.
 */
export function isPlainPage(raw: string): boolean {
  const n = raw.length;
  if (n === 0) return false;
  // As if after a `/`: the first character may be neither `/` nor `.`.
  let prev = 47;
  for (let i = 0; i < n; i++) {
    const c = raw.charCodeAt(i);
    if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 45 || c === 95) {
      prev = c;
      continue;
    }
    // `//`, a leading `/`, or a segment that starts with `.` (`.`, `..`, `.hidden`): not plain.
    if ((c !== 47 && c !== 46) || prev === 47) return false;
    prev = c;
  }
  return prev !== 47 && !endsWithMarkdownExtension(raw, n);
}

/** `.md` or `.mdx` at the end, in any case. */
function endsWithMarkdownExtension(raw: string, n: number): boolean {
  const last = raw.charCodeAt(n - 1) | 32;
  const end = last === 120 /* x */ ? n - 1 : n;
  return end >= 3 && raw.charCodeAt(end - 3) === 46 && (raw.charCodeAt(end - 2) | 32) === 109 /* m */ && (raw.charCodeAt(end - 1) | 32) === 100; /* d */
}

/** Anything that may make a string not a tidy page path: whitespace, `\`, `.`/`/` at the edges, `.md(x)`, `.`/`..` segments, `//`. */
const NEEDS_CARE = /[\s\\]|^[./]|\/$|\.mdx?$|\/\.\.?(?:\/|$)|\/\//i;

function pageEntry(raw: string): PageEntry {
  return { kind: 'page', page: raw, clean: tidyPage(raw) };
}

/** A page path as the site uses it: tidy and relative to the docs root; URLs stay as written (trimmed). */
export function tidyPage(raw: string): string {
  return isTidyPage(raw) ? raw : isUrl(raw) ? raw.trim() : rootRelative(cleanPagePath(raw));
}

/**
 * A page entry as the platform tells pages apart: the URL it gives it (platformPagePath's key).
 * `/p4`, `./p4` and `p4/` are `p4`; white space around the path and an extension are kept, so a
 * group's `root` `"p4"` and an entry `" p4"` or `"p4.mdx"` are two pages at two URLs (differential
 * seed 40,000,000, site 40008314, and the cases beside it, measured with prebuild 1.0.1341). A URL
 * is itself, trimmed.
 */
export function pageIdentity(raw: string): string {
  if (isTidyPage(raw)) return raw;
  return isUrl(raw) ? raw.trim() : platformPagePath(raw).key;
}

/** What an entry names, without its spec file: the page path, `GET /users` or `webhook petDeleted`. */
export function entryKey(entry: PageEntry): string {
  if (entry.kind === 'page') return entry.page;
  return entry.kind === 'webhook' ? `webhook ${entry.name}` : `${entry.method.toUpperCase()} ${entry.path}`;
}

/** The tidy form of a page path: trimmed, forward slashes, no `./` or `/` at the start, no `/` or extension at the end. */
export function cleanPagePath(page: string): string {
  return stripTrailingSlashes(stripLeadingSlashes(page.trim().replace(/\\/g, '/'))).replace(/\.mdx?$/i, '');
}

/**
 * Where the platform looks for an ordinary page entry's file, and what it links to when there is
 * none (platform-facts §1a). Its validator normalizes the entry (`path.posix.resolve('/', entry)`,
 * one trailing `/` kept: `missing`); its navigation looks the page up by that path's segments, split
 * on `/` and `\`, empty ones dropped (`key`), among the page files' paths without extension. So
 * `./a/`, `//a` and `a\b` find their page, while `a.mdx` (it looks for `a.mdx.mdx`), ` a` and `a `
 * do not: the sidebar links to `missing`, as written.
 */
export function platformPagePath(raw: string): { key: string; missing: string } {
  let missing = path.posix.resolve('/', raw).slice(1);
  if (raw.endsWith('/') && missing !== '' && !missing.endsWith('/')) missing += '/';
  const key = missing
    .split(/[\\/]/)
    .filter((segment) => segment !== '')
    .join('/');
  return { key, missing };
}
