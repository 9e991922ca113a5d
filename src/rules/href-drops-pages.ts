import { elementNoun, NAME_FIELD } from '../navigation/model.js';
import { childArraysLostToHref, pageList, pagesInside } from '../navigation/platform-drops.js';
import { pointerOf } from '../navigation/walk.js';
import { capitalize } from '../text.js';
import type { NavigationRule } from './types.js';

/**
 * A tab, anchor, dropdown, product, version, language or menu item with both a link `href` and
 * children: the hosted platform makes it the link and drops every child array, pages and all,
 * without a word (platform-drops.ts). The platform profile's tree leaves them out too.
 */
export const hrefDropsPages: NavigationRule = {
  code: 'href-drops-pages',
  create: (context) => ({
    element(node) {
      const lost = childArraysLostToHref(node.kind, node.value);
      if (lost.length === 0) return;
      const field = NAME_FIELD[node.kind];
      const name = field && typeof node.value[field] === 'string' ? ` "${node.value[field]}"` : '';
      const arrays = lost.map((key) => `\`${key}\``).join(' and ');
      const pages = pagesInside(lost.map((key) => node.value[key]));
      context.report({
        message:
          `${capitalize(elementNoun(node.kind))}${name} has an \`href\` and ${arrays}: the platform makes it a link to "${String(node.value.href)}" and drops ${arrays} (${pageList(pages)}). ` +
          `Remove \`href\` to keep them, or move them elsewhere and keep the link.`,
        pointer: pointerOf(node.path, 'href'),
        at: 'key',
      });
    },
  }),
};
