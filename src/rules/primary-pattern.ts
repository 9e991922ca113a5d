import { PRIMARY_KEYS } from '../navigation/model.js';
import { keptChildren } from './describe.js';
import { pointerOf } from '../navigation/walk.js';
import type { NavigationRule } from './types.js';

const list = PRIMARY_KEYS.join(', ');
const PRIMARY: ReadonlySet<string> = new Set(PRIMARY_KEYS);

/** The navigation root holds exactly one primary pattern. */
export const primaryPattern: NavigationRule = {
  code: 'primary-pattern',
  create: (context) => ({
    element(node) {
      if (node.kind !== 'navigation') return;
      // In the order written: the first key is the pattern, the later ones are the extras.
      const present = Object.keys(node.value).filter((key) => PRIMARY.has(key));
      if (present.length === 0) {
        context.report({
          message: `\`navigation\` holds no primary pattern: add exactly one of ${list}.`,
          pointer: pointerOf(node.path),
        });
        return;
      }
      for (const key of present.slice(1)) {
        context.report({
          message: `\`navigation\` holds both \`${present[0]}\` and \`${key}\`; the root holds exactly one primary pattern. ${keptChildren(node, present, present[0], key, context.lostArrays)}`,
          pointer: pointerOf(node.path, key),
          at: 'key',
        });
      }
    },
  }),
};
