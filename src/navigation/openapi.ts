import path from 'node:path';
import { isPlainObject } from './model.js';

/** One spec named by an `openapi` value, and where in that value it is written. */
export interface OpenapiSource {
  /** The path or URL as written. */
  source: string;
  /** Keys from the `openapi` value down to this string: `[]`, `[2]` or `["source"]`. */
  at: Array<string | number>;
  /** `directory` of the object form. */
  directory?: string;
}

/** The specs an `openapi` value names: a string, `{source, directory}`, or an array of either (platform-facts §1a). */
export function openapiSources(value: unknown): OpenapiSource[] {
  if (Array.isArray(value)) {
    const out: OpenapiSource[] = [];
    value.forEach((item, i) => {
      const source = sourceOf(item, [i]);
      if (source) out.push(source);
    });
    return out;
  }
  const source = sourceOf(value, []);
  return source ? [source] : [];
}

function sourceOf(value: unknown, at: Array<string | number>): OpenapiSource | undefined {
  if (typeof value === 'string') return { source: value, at };
  if (isPlainObject(value) && typeof value.source === 'string') {
    return { source: value.source, at: [...at, 'source'], directory: typeof value.directory === 'string' ? value.directory : undefined };
  }
  return undefined;
}

/** The keys of the object forms the platform's schema accepts (both are strict: any other key fails them). */
const OBJECT_KEYS: Readonly<Record<'openapi' | 'asyncapi', ReadonlySet<string>>> = {
  openapi: new Set(['source', 'directory', 'overlays']),
  asyncapi: new Set(['source', 'directory']),
};

/** A spec path or URL the platform's schema accepts (openapiStringSchema): not blank once trimmed, and a URL only with http(s). */
function acceptedSource(value: unknown): boolean {
  const trimmed = typeof value === 'string' ? value.trim() : '';
  return trimmed !== '' && (!URL.canParse(trimmed) || /^https?:$/.test(new URL(trimmed).protocol));
}

/** `{ source, directory?, overlays? }` (`overlays` for `openapi` only) as the platform's schema accepts it. */
function acceptedObject(field: 'openapi' | 'asyncapi', value: unknown): boolean {
  return (
    isPlainObject(value) &&
    Object.keys(value).every((key) => OBJECT_KEYS[field].has(key)) &&
    acceptedSource(value.source) &&
    (value.directory === undefined || typeof value.directory === 'string') &&
    (value.overlays === undefined || (Array.isArray(value.overlays) && value.overlays.every(acceptedSource)))
  );
}

/**
 * Whether the platform's validator keeps an `openapi` or `asyncapi` value (@mintlify/validation
 * 0.1.878, reusable/openapi.js and asyncapi.js): a string, an array (of strings and, for `openapi`,
 * objects; even empty), or an object.
 */
export function platformKeepsSpecValue(field: 'openapi' | 'asyncapi', value: unknown): boolean {
  if (Array.isArray(value)) return value.every((item) => acceptedSource(item) || (field === 'openapi' && acceptedObject(field, item)));
  return acceptedSource(value) || acceptedObject(field, value);
}

/**
 * A group's `openapi` or `asyncapi` that the platform's validator drops without a word (groups.js:
 * `silentlyDropInvalid`, `.catch(undefined)`): no page comes from it, and the group takes the
 * `openapi` in scope above it. On any other element the same value fails the element (issue 65:
 * `"asyncapi": ""` on a group builds, on a tab it fails the build).
 */
export function groupDropsSpecValue(kind: string, value: Readonly<Record<string, unknown>>, field: 'openapi' | 'asyncapi'): boolean {
  return kind === 'group' && value[field] !== undefined && !platformKeepsSpecValue(field, value[field]);
}

/** A spec value that names nothing: a blank string. */
export function isBlankSpecValue(value: unknown): boolean {
  return typeof value === 'string' && value.trim() === '';
}

/** The local spec files an `openapi` value names (URLs left out): as written, root-relative, and where below `openapi`. */
export function localOpenapiFiles(value: unknown): Array<{ source: string; file: string; at: Array<string | number> }> {
  return openapiSources(value).flatMap(({ source, at }) => (isUrl(source) ? [] : [{ source, file: rootRelative(source), at }]));
}

export function isUrl(source: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(source);
}

/** A spec or page path as a path relative to the docs root (`/api/openapi.json` -> `api/openapi.json`). */
export function rootRelative(file: string): string {
  const normal = path.posix.normalize(file.trim().replace(/\\/g, '/').replace(/^\/+/, ''));
  return normal === '.' ? '' : normal.replace(/^\.\//, '');
}

/** True when a root-relative path climbs out of the root. */
export function escapesRoot(relative: string): boolean {
  return relative === '..' || relative.startsWith('../');
}
