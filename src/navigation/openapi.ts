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
