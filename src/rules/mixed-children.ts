import { CHILD_KEYS } from '../navigation/model.js';
import { pointerOf } from '../navigation/walk.js';
import type { Rule } from './types.js';
import { capitalize } from '../text.js';
import { describeElement } from './describe.js';

const CHILD: ReadonlySet<string> = new Set(CHILD_KEYS);

/** Spec rule 3: one type of child element per level. */
export const mixedChildren: Rule = {
  code: 'mixed-children',
  create: (context) => ({
    element(node) {
      if (node.kind === 'navigation' || node.kind === 'global' || node.kind === 'global-item') return;
      // In the order written: the first key is the child type, the later ones are the extras.
      const present = Object.keys(node.value).filter((key) => CHILD.has(key));
      for (const key of present.slice(1)) {
        const hint = present[0] === 'groups' && key === 'pages' || present[0] === 'pages' && key === 'groups'
          ? ' Put the loose pages into a group.'
          : ` Nest the \`${key}\` inside the \`${present[0]}\` entries, or move them one level up.`;
        context.report({
          message: `${capitalize(describeElement(node))} holds both \`${present[0]}\` and \`${key}\`; an element holds one type of child per level (spec rule 3).${hint}`,
          pointer: pointerOf(node.path, key),
          at: 'key',
        });
      }
    },
  }),
};
