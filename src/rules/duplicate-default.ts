import { isPlainObject } from '../navigation/model.js';
import { pointerOf } from '../navigation/walk.js';
import type { NavigationRule } from './types.js';

/** At most one sibling version or language says `default: true`. */
export const duplicateDefault: NavigationRule = {
  code: 'duplicate-default',
  create: (context) => ({
    element(node) {
      for (const key of ['versions', 'languages'] as const) {
        const list = node.value[key];
        if (!Array.isArray(list)) continue;
        const field = key === 'versions' ? 'version' : 'language';
        let first: string | undefined;
        list.forEach((item, index) => {
          if (!isPlainObject(item) || item.default !== true) return;
          if (first === undefined) {
            first = String(item[field]);
            return;
          }
          context.report({
            message: `More than one ${field} says \`default: true\` ("${first}" already does); only one can be the default.`,
            pointer: pointerOf(node.path, key, index, 'default'),
          });
        });
      }
    },
  }),
};
