import { pointerOf } from '../navigation/walk.js';
import type { NavigationRule } from './types.js';

/** A `METHOD /path` entry needs an `openapi` in scope, or a spec file named in the entry. */
export const endpointNoSpec: NavigationRule = {
  code: 'endpoint-no-spec',
  create: (context) => ({
    // A plain page path is no endpoint entry.
    plainPages: false,
    page(node) {
      const entry = node.entry;
      if (entry.kind === 'page' || entry.specfile || node.parent.openapi) return;
      const example = entry.kind === 'webhook' ? `openapi.json webhook ${entry.name}` : `openapi.json ${entry.method.toUpperCase()} ${entry.path}`;
      context.report({
        message: `"${node.value}" is an endpoint entry, but no \`openapi\` is set on this element or any above it, so the platform would leave it as a broken page. Set \`openapi\` on an enclosing element, or name the spec in the entry ("${example}").`,
        pointer: pointerOf(node.path),
      });
    },
  }),
};
