import { generatesAsyncapi } from '../navigation/asyncapi.js';
import { generatesGraphql, graphqlSource, isGraphqlUrl } from '../navigation/graphql.js';
import { escapesRoot, isUrl, localOpenapiFiles, rootRelative } from '../navigation/openapi.js';
import { listedInOwnPages, pointerOf, type ElementNode } from '../navigation/walk.js';
import type { NavigationRule } from './types.js';

/** A tab's GraphQL schema cannot climb out (the platform resolves it against the root): only a symlink can take it out. */
function graphqlThroughLink(node: ElementNode, throughLink: (file: string) => boolean): { message: string; pointer: string } | undefined {
  if (!generatesGraphql(node)) return undefined;
  const { source, at } = graphqlSource(node.value.graphql)!;
  // Stryker disable next-line ConditionalExpression: equivalent: an https URL (the only one generatesGraphql takes) names no path a listing holds (`//` is no folder).
  if (isGraphqlUrl(source)) return undefined;
  if (!throughLink(source)) return undefined;
  return {
    message: `GraphQL schema "${source}" is a symlink (or inside a symlinked folder) that leads outside the docs root; it is not read, and the platform fails the build.`,
    pointer: pointerOf(node.path, 'graphql', ...at),
  };
}

/**
 * No page or spec path leads out of the docs root: by climbing (`../`) or through a symlink
 * (file or folder) whose real path is outside the root's real path. Such files are never read.
 */
export const pathOutsideRoot: NavigationRule = {
  code: 'path-outside-root',
  create: (context) => {
    const files = context.files;
    // Only a listed disk root knows symlinks (kindOf); an in-memory root has none.
    let linksOutside: boolean | undefined;
    const anyLinksOutside = () => (linksOutside ??= files?.kindOf !== undefined && (files.hasLinksOutside?.() ?? true));
    const throughLink = (file: string) => anyLinksOutside() && file !== '' && files!.kindOf!(file) === 'outside-root';
    return {
      // A plain page path climbs nowhere: only a symlink could take it out.
      // Stryker disable next-line ObjectLiteral: equivalent: a speed hint; page() says nothing of a plain page on a root with no symlink out.
      ...(anyLinksOutside() ? {} : { plainPages: false as const }),
      element(node) {
        const fields = [
          node.openapi?.owner === node && ('openapi' as const),
          generatesAsyncapi(node, context.profile.name === 'platform') && ('asyncapi' as const),
        ];
        for (const field of fields) {
          if (!field) continue;
          const noun = field === 'openapi' ? 'OpenAPI' : 'AsyncAPI';
          for (const { source, file, at } of localOpenapiFiles(node.value[field])) {
            if (escapesRoot(file)) {
              context.report({
                message: `${noun} path "${source}" climbs out of the docs root; specs must live inside it.`,
                pointer: pointerOf(node.path, field, ...at),
              });
            } else if (throughLink(file)) {
              context.report({
                message: `${noun} file "${file}" is a symlink (or inside a symlinked folder) that leads outside the docs root; it is not read.`,
                pointer: pointerOf(node.path, field, ...at),
              });
            }
          }
        }
        const graphql = graphqlThroughLink(node, throughLink);
        if (graphql) context.report(graphql);
      },
      page(node) {
        // A `root` its group's `pages` list too is reported there, once.
        if (listedInOwnPages(node)) return;
        const entry = node.entry;
        const file = entry.kind === 'page' ? entry.clean : entry.specfile;
        if (file === undefined || isUrl(file)) return;
        // A page's clean path is root-relative already; a spec's may start with `/` or `./`.
        const relative = rootRelative(file);
        if (escapesRoot(relative)) {
          context.report({
            message: `${entry.kind === 'page' ? 'Page' : 'Spec'} path "${file}" climbs out of the docs root; pages and specs must live inside it.`,
            pointer: pointerOf(node.path),
          });
          return;
        }
        if (!anyLinksOutside()) return;
        // A page is its .mdx or .md file (not reported when a regular one of the two is there); a spec is its own path.
        const candidates = entry.kind === 'page' ? [`${relative}.mdx`, `${relative}.md`] : [relative];
        const linked = candidates.find(throughLink);
        if (linked === undefined) return;
        if (entry.kind === 'page' && candidates.some((candidate) => files!.hasFile(candidate))) return;
        context.report({
          message: `${entry.kind === 'page' ? 'Page' : 'Spec'} file "${linked}" is a symlink (or inside a symlinked folder) that leads outside the docs root; it is not read.`,
          pointer: pointerOf(node.path),
        });
      },
    };
  },
};
