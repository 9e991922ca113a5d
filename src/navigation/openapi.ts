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

/** The specs an `openapi` value names, in its three forms (string, array, `{source, directory}`). */
export function openapiSources(value: unknown): OpenapiSource[] {
  if (typeof value === 'string') return [{ source: value, at: [] }];
  if (Array.isArray(value)) {
    const out: OpenapiSource[] = [];
    value.forEach((item, i) => typeof item === 'string' && out.push({ source: item, at: [i] }));
    return out;
  }
  if (isPlainObject(value) && typeof value.source === 'string') {
    return [{ source: value.source, at: ['source'], directory: typeof value.directory === 'string' ? value.directory : undefined }];
  }
  return [];
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
