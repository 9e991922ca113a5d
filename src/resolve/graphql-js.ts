/**
 * What docsnav uses of graphql-js, the platform's own GraphQL parser (a dev dependency, not
 * installed with docsnav): scripts/bundle.mjs builds this file into one of its own,
 * dist/cli/graphql.js, which the bundles require() on the first schema read (graphql-load.ts).
 */
export { buildSchema, isEnumType, isInputObjectType, isInterfaceType, isObjectType, isUnionType, validateSchema } from 'graphql';
export type { GraphQLObjectType, GraphQLSchema } from 'graphql';
