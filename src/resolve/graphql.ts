/**
 * The pages the platform makes from a tab's `graphql` schema (platform-facts: "graphql/sdk
 * generate pages like openapi"): one per query, one per mutation and one per named type that is
 * not a root (object, input, interface, union and enum; no scalar), in the groups "Queries",
 * "Mutations" and "Types" (each only when it has pages), after the tab's own groups, at
 * `<directory>/queries/<name>` (`mutations`, `types`), the name as written, titled by it.
 * Read from @mintlify/prebuild 1.0.1341 (generateGraphqlDivisions) and @mintlify/scraping
 * (parseGraphqlSdl), and confirmed by running the build (test/resolve/build-cases.ts).
 *
 * The schema is read with graphql-js, the platform's own parser (the same release): its
 * `buildSchema` and `validateSchema` decide which schema fails the build, so docsnav's verdict
 * cannot drift from a reader of its own. It is loaded on the first schema read (graphql-load.ts).
 */
import path from 'node:path';
import type * as Graphql from './graphql-js.js';
import { loadGraphql } from './graphql-load.js';
import { fail, firstLine, quote, type SpecFailure } from './spec-result.js';

/** The largest schema the platform reads (its MAX_GRAPHQL_SCHEMA_BYTES): a larger one fails the build. */
export const MAX_GRAPHQL_SCHEMA_BYTES = 5 * 1024 * 1024;

/** The three sections of a schema's pages, in the platform's order, with the group each is in. */
export const GRAPHQL_SECTIONS = [
  { section: 'queries', group: 'Queries', kind: 'query' },
  { section: 'mutations', group: 'Mutations', kind: 'mutation' },
  { section: 'types', group: 'Types', kind: 'type' },
] as const;

export type GraphqlSection = (typeof GRAPHQL_SECTIONS)[number]['section'];

/** One generated page's subject: a root field (query, mutation) or a named type. */
interface GraphqlEntry {
  name: string;
  /** The label the platform shows beside the title: `QUERY`, `MUTATION`, or the type's kind (`OBJECT`, `INPUT`, `INTERFACE`, `UNION`, `ENUM`). */
  tag: string;
  description?: string;
  /** A deprecated query or mutation (a type's deprecation is not shown). */
  deprecated?: boolean;
}

/** What a schema generates: each section's entries, sorted as the platform sorts them. */
type GraphqlReference = Record<GraphqlSection, GraphqlEntry[]>;

/** A schema that loaded. */
export interface GraphqlLoaded {
  ok: true;
  file: string;
  reference: GraphqlReference;
  warnings: string[];
}

export type GraphqlResult = GraphqlLoaded | SpecFailure;

/** The page path of an entry: the directory, section and name joined as the platform joins them (posix, normalised). */
export function graphqlPagePath(directory: string, section: GraphqlSection, name: string): string {
  return path.posix.join(directory, section, name);
}

/** The key two generated routes collide on (the platform's getGeneratedRouteKey): `\` as `/`, NFC, lower case. */
export function graphqlRouteKey(route: string): string {
  return route.replaceAll('\\', '/').normalize('NFC').toLowerCase();
}

const byName = (left: GraphqlEntry, right: GraphqlEntry): number => left.name.localeCompare(right.name);

function entryOf(name: string, tag: string, description: string | null | undefined, deprecation?: string | null): GraphqlEntry {
  const entry: GraphqlEntry = { name, tag };
  if (description) entry.description = description;
  if (typeof deprecation === 'string') entry.deprecated = true;
  return entry;
}

/** The visible fields of a root type (none when it is missing or not an object type). */
function rootFields(api: typeof Graphql, type: Graphql.GraphQLObjectType | null | undefined, tag: string): GraphqlEntry[] {
  if (!type || !api.isObjectType(type)) return [];
  return Object.values(type.getFields())
    .filter(({ name }) => !name.startsWith('__'))
    .map((field) => entryOf(field.name, tag, field.description, field.deprecationReason))
    .sort(byName);
}

/** graphql-js's sentence without its full stop, for the middle of docsnav's. */
function withoutStop(message: string): string {
  return message.replace(/\.$/, '');
}

/**
 * A schema's text read as the platform reads it (graphql-js `buildSchema`, then `validateSchema`):
 * its pages' entries, or why the platform fails the build on it (graphql-js's message, first line).
 */
export function parseGraphqlText(file: string, text: string): GraphqlResult {
  const api = loadGraphql();
  let schema: Graphql.GraphQLSchema;
  try {
    schema = api.buildSchema(text);
  } catch (error) {
    // graphql-js throws a GraphQLError for a syntax error, an Error for an SDL that does not hold
    // together (an unknown type), a RangeError past the stack on a schema nested deep; a TypeError is a bug.
    if (!(error instanceof Error) || error instanceof TypeError) throw error;
    const why = error instanceof RangeError ? 'it is nested too deep to parse' : withoutStop(firstLine(error));
    return fail('invalid', file, `${quote(file)} is not a GraphQL schema the platform reads: ${why}; the platform fails the build.`);
  }
  const errors = api.validateSchema(schema);
  if (errors.length > 0) {
    return fail('invalid', file, `${quote(file)} is not a valid GraphQL schema: ${withoutStop(firstLine(errors[0]))}; the platform fails the build.`);
  }
  const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()];
  const rootNames = new Set(roots.flatMap((type) => (type ? [type.name] : [])));
  const types: GraphqlEntry[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__') || rootNames.has(type.name)) continue;
    const tag = api.isObjectType(type)
      ? 'OBJECT'
      : api.isInputObjectType(type)
        ? 'INPUT'
        : api.isInterfaceType(type)
          ? 'INTERFACE'
          : api.isUnionType(type)
            ? 'UNION'
            : api.isEnumType(type)
              ? 'ENUM'
              : undefined;
    // A scalar has no page.
    if (tag !== undefined) types.push(entryOf(type.name, tag, type.description));
  }
  types.sort(byName);
  return {
    ok: true,
    file,
    reference: { queries: rootFields(api, roots[0], 'QUERY'), mutations: rootFields(api, roots[1], 'MUTATION'), types },
    warnings: [],
  };
}
