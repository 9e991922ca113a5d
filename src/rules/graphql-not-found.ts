import { generatesGraphql, graphqlSource, isGraphqlUrl } from '../navigation/graphql.js';
import { pointerOf } from '../navigation/walk.js';
import { kindIn } from '../docs-root.js';
import type { NavigationRule } from './types.js';

/**
 * Every tab's `graphql` schema path names a regular file under the docs root. The path is read as
 * the platform reads it (navigation/graphql.ts): trimmed, and resolved against the root, so
 * `/schema.graphql` and `../schema.graphql` both name `schema.graphql`.
 */
export const graphqlNotFound: NavigationRule = {
  code: 'graphql-not-found',
  create(context) {
    const files = context.files;
    if (!files) return {};
    return {
      element(node) {
        if (!generatesGraphql(node)) return;
        const { source, at } = graphqlSource(node.value.graphql)!;
        if (isGraphqlUrl(source)) return;
        const kind = source === '' ? 'folder' : kindIn(files, source);
        // path-outside-root's: a symlink out of the root.
        if (kind === 'file' || kind === 'outside-root') return;
        const shown = source === '' ? '/' : source;
        context.report({
          message:
            kind === undefined
              ? `No GraphQL schema "${shown}" under the docs root (${files.root}); the platform fails the build.`
              : `"${shown}" is ${kind === 'folder' ? 'a folder' : kind}, not a GraphQL schema file; the platform fails the build.`,
          pointer: pointerOf(node.path, 'graphql', ...at),
        });
      },
    };
  },
};
