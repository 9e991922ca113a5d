import { asyncapiReadAbove } from '../navigation/asyncapi.js';
import { ELEMENTS } from '../navigation/model.js';
import { openapiSources } from '../navigation/openapi.js';
import { pointerOf } from '../navigation/walk.js';
import type { NavigationRule } from './types.js';

/**
 * An `asyncapi` the platform never reads, so no page comes from it: on the navigation root, or
 * inside an element whose own `asyncapi` the platform reads (it generates that element's
 * channels and does not look below it). Said, since the schema accepts both silently.
 */
export const asyncapiIgnored: NavigationRule = {
  code: 'asyncapi-ignored',
  create: (context) => ({
    element(node) {
      if (node.value.asyncapi === undefined || openapiSources(node.value.asyncapi).length === 0) return;
      if (node.kind === 'navigation') {
        context.report({
          message:
            'The platform makes no pages from an `asyncapi` on the navigation root (it reads one only on a group, tab, anchor, dropdown, product, version, language or menu item). Move it to the element that should hold the channel pages.',
          pointer: pointerOf(node.path, 'asyncapi'),
        });
        return;
      }
      const outer = asyncapiReadAbove(node);
      if (!outer) return;
      context.report({
        message: `The platform makes no pages from this \`asyncapi\`: it reads only the outermost one on a path from the root, here the ${ELEMENTS[outer.kind].noun}'s at ${pointerOf(outer.path, 'asyncapi')}, and does not look below it. Move one of them so that neither is inside the other.`,
        pointer: pointerOf(node.path, 'asyncapi'),
      });
    },
  }),
};
