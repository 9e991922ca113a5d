import { pointerOf } from '../navigation/walk.js';
import type { NavigationRule } from './types.js';

/** Spec rule 2: `expanded` affects only nested groups. */
export const expandedTopLevel: NavigationRule = {
  code: 'expanded-top-level',
  create: (context) => ({
    element(node) {
      if (node.kind !== 'group' || node.groupDepth !== 0 || !('expanded' in node.value)) return;
      context.report({
        message:
          '`expanded` has no effect on a top-level group: top-level groups are always expanded (spec rule 2). Remove it, or nest this group inside another.',
        pointer: pointerOf(node.path, 'expanded'),
        at: 'key',
      });
    },
  }),
};
