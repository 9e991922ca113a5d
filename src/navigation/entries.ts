import { HTTP_METHODS, type HttpMethod } from './model.js';

/** What a string in a `pages` array means (platform-facts §2). */
export type PageEntry =
  | { kind: 'page'; page: string }
  | { kind: 'endpoint'; method: HttpMethod; path: string; specfile?: string }
  | { kind: 'webhook'; name: string; specfile?: string };

const METHODS: ReadonlySet<string> = new Set(HTTP_METHODS);

/**
 * `METHOD /path`, `specfile METHOD /path`, `webhook name` and `specfile webhook name` are
 * endpoint entries (split on whitespace, method case-insensitive); anything else is a page path.
 */
export function parseEntry(raw: string): PageEntry {
  // Cheap exit for the common case: a page path has no inner whitespace.
  if (!/\S\s+\S/.test(raw)) return { kind: 'page', page: raw };
  const tokens = raw.trim().split(/\s+/);
  if (tokens.length === 2 || tokens.length === 3) {
    const specfile = tokens.length === 3 ? tokens[0] : undefined;
    const verb = tokens[tokens.length - 2].toLowerCase();
    const target = tokens[tokens.length - 1];
    if (verb === 'webhook') return { kind: 'webhook', name: target, specfile };
    if (METHODS.has(verb) && target.startsWith('/')) return { kind: 'endpoint', method: verb as HttpMethod, path: target, specfile };
  }
  return { kind: 'page', page: raw };
}

/** A stable text for an endpoint entry: `GET /users`, `webhook petDeleted`, with the spec file when named. */
export function entryKey(entry: PageEntry): string {
  if (entry.kind === 'page') return entry.page;
  const spec = entry.specfile ? entry.specfile.replace(/^\/+/, '') + ' ' : '';
  return entry.kind === 'webhook' ? `${spec}webhook ${entry.name}` : `${spec}${entry.method.toUpperCase()} ${entry.path}`;
}

/** The tidy form of a page path: trimmed, forward slashes, no `./` or `/` at the start, no `/` or extension at the end. */
export function cleanPagePath(page: string): string {
  return page
    .trim()
    .replace(/\\/g, '/')
    .replace(/^(\.\/|\/)+/, '')
    .replace(/\/+$/, '')
    .replace(/\.mdx?$/i, '');
}
