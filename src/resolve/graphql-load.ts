/**
 * graphql-js, loaded on the first schema read. Imported statically here, for the sources and
 * tests; scripts/bundle.mjs replaces this file so that the bundles `require()` it from a file of
 * its own (dist/cli/graphql.js): a run whose site has no GraphQL tab neither reads nor parses it,
 * and graphql-js is not one of the installed package's dependencies.
 */
import * as graphqlJs from './graphql-js.js';

export function loadGraphql(): typeof graphqlJs {
  return graphqlJs;
}
