import { PRIMARY_KEYS } from '../navigation/model.js';
import { keptChildren } from './describe.js';
import { pointerOf } from '../navigation/walk.js';
import type { NavigationRule } from './types.js';

const PRIMARY: ReadonlySet<string> = new Set(PRIMARY_KEYS);

/** The navigation root holds at most one primary pattern (none: src/schema's missing-field). */
export const primaryPattern: NavigationRule = {
  code: 'primary-pattern',
  create: (context) => ({
    element(node) {
      if (node.kind !== 'navigation') return;
      // In the order written: the first key is the pattern, the later ones are the extras. None is the
      // schema's (missing-field): the platform's build fails on it, where it deploys despite two.
      const present = Object.keys(node.value).filter((key) => PRIMARY.has(key));
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
