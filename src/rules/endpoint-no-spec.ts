import { isUrl, openapiSources, rootRelative } from '../navigation/openapi.js';
import { pointerOf } from '../navigation/walk.js';
import type { NavigationRule } from './types.js';

/**
 * A `METHOD /path` entry needs a spec: an `openapi` in scope that names one, or a spec file named in
 * the entry. An `openapi` of `/` or `./` names the docs root, from which the platform reads no spec
 * (openapi-not-found's warning): the entry is then served as a page of its own name with no file
 * behind it, as with no `openapi` at all (built with the platform's packages; differential seed 12,000,000).
 */
export const endpointNoSpec: NavigationRule = {
  code: 'endpoint-no-spec',
  create: (context) => ({
    // A plain page path is no endpoint entry.
    plainPages: false,
    page(node) {
      const entry = node.entry;
      if (entry.kind === 'page' || entry.specfile) return;
      const scope = node.parent.openapi;
      if (scope !== undefined && !namesOnlyTheRoot(scope.value)) return;
      const example = entry.kind === 'webhook' ? `openapi.json webhook ${entry.name}` : `openapi.json ${entry.method.toUpperCase()} ${entry.path}`;
      const [why, fix] =
        scope === undefined
          ? ['no `openapi` is set on this element or any above it', 'Set `openapi` on an enclosing element']
          : [
              `the \`openapi\` in scope (${JSON.stringify(scope.value)}) names the docs root, from which the platform reads no spec`,
              'Name the spec file in that `openapi`',
            ];
      context.report({
        message: `"${node.value}" is an endpoint entry, but ${why}, so the platform would leave it as a broken page. ${fix}, or name the spec in the entry ("${example}").`,
        pointer: pointerOf(node.path),
      });
    },
  }),
};

/**
 * Every spec the value names is the docs root itself (`/`, `./`, `.`): no URL, no file, no blank value. A scope's
 * value names one at least (startsOpenapiScope).
 */
function namesOnlyTheRoot(value: unknown): boolean {
  return openapiSources(value).every(({ source }) => !isUrl(source) && source.trim() !== '' && rootRelative(source) === '');
}
