import { childKind, ELEMENTS, type ChildKey } from '../navigation/model.js';
import { pointerOf } from '../navigation/walk.js';
import type { NavigationRule } from './types.js';
import { capitalize } from '../text.js';
import { describeElement, keptChildren } from './describe.js';

/**
 * Spec rule 3: one type of child element per level. And an element whose pages are generated
 * (a tab with `graphql` or `sdk`) holds no children or only what the platform allows beside them.
 */
export const mixedChildren: NavigationRule = {
  code: 'mixed-children',
  create: (context) => ({
    element(node) {
      // The root's children are primary-pattern's; `global` holds one array per kind of link.
      const spec = ELEMENTS[node.kind];
      if (node.kind === 'navigation' || spec.childrenSideBySide) return;
      // In the order written: the first key is the child type, the later ones are the extras.
      const present = Object.keys(node.value).filter((key) => childKind(node.kind, key) !== undefined);
      for (const key of present.slice(1)) {
        context.report({
          message: `${capitalize(describeElement(node))} holds both \`${present[0]}\` and \`${key}\`; an element holds one type of child per level (spec rule 3). ${keptChildren(node, present, present[0], key, context.lostArrays)}`,
          pointer: pointerOf(node.path, key),
          at: 'key',
        });
      }
      const allowed = spec.generatedChildren;
      const generator = allowed && spec.generators?.find((field) => node.value[field] !== undefined);
      if (!allowed || !generator) return;
      for (const key of present) {
        if (allowed.includes(key as ChildKey)) continue;
        context.report({
          message: `${capitalize(describeElement(node))} has \`${generator}\`, which generates its pages, so it holds no children or only ${allowed.map((k) => `\`${k}\``).join(', ')}; \`${key}\` is not allowed beside it.`,
          pointer: pointerOf(node.path, key),
          at: 'key',
        });
      }
    },
  }),
};
