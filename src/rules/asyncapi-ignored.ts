import { asyncapiLostToOpenapi, asyncapiReadAbove } from '../navigation/asyncapi.js';
import { ELEMENTS } from '../navigation/model.js';
import { openapiSources } from '../navigation/openapi.js';
import { pointerOf } from '../navigation/walk.js';
import type { NavigationRule } from './types.js';

/**
 * An `asyncapi` the platform never reads, so no page comes from it: on the navigation root, on a
 * group that also has an `openapi` (the platform's validator drops the `asyncapi`), or inside an
 * element whose own `asyncapi` the platform reads (it generates that element's channels and does
 * not look below it). Said, since the schema accepts all three silently. What the platform does is
 * said under every profile; the platform profile's tree leaves the pages out too.
 */
export const asyncapiIgnored: NavigationRule = {
  code: 'asyncapi-ignored',
  create: (context) => ({
    element(node) {
      const specs = openapiSources(node.value.asyncapi);
      const pointer = pointerOf(node.path, 'asyncapi');
      if (specs.length === 0) {
        // An empty array names nothing, but the validator still removes it beside an `openapi`: said, never dropped in silence.
        if (Array.isArray(node.value.asyncapi) && asyncapiLostToOpenapi(node)) {
          context.report({
            message:
              "The platform drops this empty `asyncapi` (its validator removes a group's `asyncapi` when the group also has an `openapi`); it names no spec, so remove it.",
            pointer,
          });
        }
        return;
      }
      if (node.kind === 'navigation') {
        context.report({
          message:
            'The platform makes no pages from an `asyncapi` on the navigation root (it reads one only on a group, tab, anchor, dropdown, product, version, language or menu item). Move it to the element that should hold the channel pages.',
          pointer,
        });
        return;
      }
      if (asyncapiLostToOpenapi(node)) {
        const names = specs.map(({ source }) => `"${source}"`).join(', ');
        context.report({
          message: `The platform drops this \`asyncapi\`: its validator removes a group's \`asyncapi\` when the group also has an \`openapi\`, so none of the channel pages of ${names} is built (only the OpenAPI pages are). Move the \`asyncapi\` to a group of its own beside this one, or to the tab (or other division) above it.`,
          pointer,
        });
        return;
      }
      const outer = asyncapiReadAbove(node, true);
      if (!outer) return;
      context.report({
        message: `The platform makes no pages from this \`asyncapi\`: it reads only the outermost one on a path from the root, here the ${ELEMENTS[outer.kind].noun}'s at ${pointerOf(outer.path, 'asyncapi')}, and does not look below it. Move one of them so that neither is inside the other.`,
        pointer,
      });
    },
  }),
};
