/**
 * A tab's `graphql` value as the platform reads it (@mintlify/validation's graphqlSchema): a
 * schema path or an `https:` URL, as a string or `{source, directory?}`. Which tabs generate
 * pages from it, and where the schema and pages are. The pages themselves are resolve/graphql.ts's.
 */
import path from 'node:path';
import { isPlainObject } from './model.js';
import type { ElementNode } from './walk.js';

/** The folder of generated pages when the `graphql` value names no `directory`. */
const DEFAULT_DIRECTORY = 'graphql-reference';

/** A `graphql` value's schema and the folder of its pages, and where the source is written (`[]` or `['source']`). */
export interface GraphqlSource {
  source: string;
  directory: string;
  at: string[];
}

/**
 * The platform's normalizeRelativePath, which its schema applies to a local `graphql` source and
 * `directory`: resolved against `/` and the `/` dropped, so `../s.graphql` and `/s.graphql` are
 * both `s.graphql` (nothing climbs out). It keeps a trailing `/`, which changes nothing here: the
 * build resolves the source's path and joins the directory's, and both drop it; so does this.
 */
function platformRelative(value: string): string {
  return path.posix.resolve('/', value).slice(1);
}

/** Whether the platform takes a `graphql` source for a URL (any string `URL` parses); it reads only an `https:` one. */
export function isGraphqlUrl(source: string): boolean {
  return URL.canParse(source.trim());
}

/** A source the platform takes for a URL (isGraphqlUrl) and refuses: one that is not `https:`. */
export function refusedGraphqlUrl(source: string): boolean {
  return isGraphqlUrl(source) && new URL(source).protocol !== 'https:'; // URL trims the spaces around it itself
}

/**
 * The schema a tab's `graphql` value names, as the platform reads it: a string, or `{source,
 * directory?}` (trimmed; a local source and the directory normalised). Undefined for a value the
 * platform's schema refuses (the schema rules say why).
 */
export function graphqlSource(value: unknown): GraphqlSource | undefined {
  const object = isPlainObject(value);
  const written = object ? value.source : value;
  if (typeof written !== 'string' || written.trim() === '') return undefined;
  const directory = object && typeof value.directory === 'string' ? value.directory.trim() : undefined;
  if (directory === '') return undefined;
  const trimmed = written.trim();
  return {
    source: isGraphqlUrl(trimmed) ? trimmed : platformRelative(trimmed),
    directory: directory === undefined ? DEFAULT_DIRECTORY : platformRelative(directory),
    at: object ? ['source'] : [],
  };
}

/**
 * Whether the platform generates pages from this element's `graphql`: a tab's (any other
 * element's fails the build, which the schema check says) whose value its schema accepts.
 */
export function generatesGraphql(node: ElementNode): boolean {
  if (node.kind !== 'tab' || node.value.graphql === undefined) return false;
  const source = graphqlSource(node.value.graphql);
  return source !== undefined && !refusedGraphqlUrl(source.source);
}
