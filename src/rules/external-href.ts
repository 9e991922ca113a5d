import { pointerOf } from '../navigation/walk.js';
import type { Rule } from './types.js';

/** A `global.anchors` `href` is an absolute http(s) URL. */
export const externalHref: Rule = {
  code: 'external-href',
  create: (context) => ({
    element(node) {
      if (node.kind !== 'global-anchor') return;
      const href = node.value.href;
      if (typeof href !== 'string' || isExternalUrl(href)) return;
      const suggest = /^\/\/[^/\s]/.test(href)
        ? `https:${href}`
        : /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}(\/\S*)?$/i.test(href) && !/\.(mdx?|html?|json|ya?ml)$/i.test(href)
          ? `https://${href}`
          : undefined;
      context.report({
        message: `Global anchor href "${href}" is not an external URL: global anchors link out of the site and need an absolute http(s) URL.${suggest ? '' : ' For a page of this site, use a tab or anchor with pages instead.'}`,
        pointer: pointerOf(node.path, 'href'),
        suggest,
      });
    },
  }),
};

export function isExternalUrl(href: string): boolean {
  if (!/^https?:\/\//i.test(href)) return false;
  try {
    return new URL(href).hostname !== '';
  } catch {
    return false;
  }
}
