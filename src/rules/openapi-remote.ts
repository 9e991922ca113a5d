import { isUrl, openapiSources } from '../navigation/openapi.js';
import { pointerOf } from '../navigation/walk.js';
import type { Rule } from './types.js';

/** Says once that `openapi` URLs were not fetched, so the user knows what was not checked. */
export const openapiRemote: Rule = {
  code: 'openapi-remote',
  create(context) {
    let reported = false;
    return {
      element(node) {
        if (reported || node.openapi?.owner !== node) return;
        const remote = openapiSources(node.value.openapi).find(({ source }) => isUrl(source));
        if (!remote) return;
        reported = true;
        context.report({
          message: `"${remote.source}" is a URL: docsnav does not fetch URLs, so this and any other remote OpenAPI specs were not checked.`,
          pointer: pointerOf(node.path, 'openapi', ...remote.at),
        });
      },
    };
  },
};
