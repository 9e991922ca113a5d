import { platformAlsoAccepts } from '../config/profiles.js';
import { isPlatformLink } from '../navigation/platform-drops.js';
import { pointerOf } from '../navigation/walk.js';
import type { NavigationRule } from './types.js';

/**
 * A `global.anchors` `href` links out of the site. Under the spec it is an absolute http(s)
 * URL; under the platform profile also any other absolute URL, a `/path`, a `#hash` or a
 * `mailto:` link, as the hosted platform accepts.
 */
export const externalHref: NavigationRule = {
  code: 'external-href',
  create: (context) => ({
    element(node) {
      if (node.kind !== 'global-anchor') return;
      const href = node.value.href;
      if (typeof href !== 'string' || isExternalUrl(href)) return;
      const underPlatform = context.profile.globalAnchorHrefs === 'platform';
      if (underPlatform && isPlatformHref(href)) return;
      const suggest = /^\/\/[^/\s]/.test(href)
        ? `https:${href}`
        : /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}(\/\S*)?$/i.test(href) && !/\.(mdx?|html?|json|ya?ml)$/i.test(href)
          ? `https://${href}`
          : underPlatform && /^[\w.-]+(\/[\w.-]+)*\/?$/.test(href) && !href.startsWith('.')
            ? `/${href}`
            : undefined;
      let message: string;
      let severity: 'warning' | 'info' | undefined;
      if (underPlatform && isPlatformLink(href)) {
        // The platform's schema takes any string `URL` parses (measured with prebuild 1.0.1341: `javascript:`, `data:`,
        // `file:`, `mailto:` alone, a leading space): it builds, so this is a warning, never an error.
        message = isScriptUrl(href)
          ? `Global anchor href "${href}" is a script URL: the platform builds it as written, and it runs in the reader's browser when the anchor is clicked, on every page. Use an https URL, a /path or a #hash.`
          : `Global anchor href "${href}" is not a plain link (an absolute http(s) URL, a /path, a #hash or a mailto: address): the platform builds it as written, but a reader's browser may not follow it.`;
        severity = 'warning';
      } else if (underPlatform) {
        message = `Global anchor href "${href}" is not a link the hosted platform accepts: use an absolute URL, a /path, a #hash or a mailto: link.`;
      } else if (isPlatformHref(href)) {
        message = `Global anchor href "${href}" is not an external URL: the spec allows only absolute http(s) URLs for global anchors, which link out of the site; ${platformAlsoAccepts(href)}.`;
        // The platform builds it: a warning, unless `rules` ask for more.
        severity = context.profile.beyondPlatform;
      } else {
        message = `Global anchor href "${href}" is not an external URL: global anchors link out of the site and need an absolute http(s) URL.${suggest ? '' : ' For a page of this site, use a tab or anchor with pages instead.'}`;
      }
      context.report({ message, pointer: pointerOf(node.path, 'href'), suggest, severity });
    },
  }),
};

function isExternalUrl(href: string): boolean {
  if (!/^https?:\/\//i.test(href)) return false;
  try {
    return new URL(href).hostname !== '';
  } catch {
    return false;
  }
}

/** `javascript:`, `vbscript:` and `data:` URLs run or embed content on click. */
function isScriptUrl(href: string): boolean {
  return /^\s*(javascript|vbscript|data):/i.test(href);
}

/** What the hosted platform accepts as a global anchor href: an absolute URL, `/path`, `#hash`, `mailto:`. */
function isPlatformHref(href: string): boolean {
  if (href.startsWith('/') || href.startsWith('#')) return true;
  if (/^mailto:\S/i.test(href)) return true;
  if (!/^[a-z][a-z\d+.-]*:\/\/[^\s/]/i.test(href) || isScriptUrl(href)) return false;
  try {
    return new URL(href).hostname !== '';
  } catch {
    return false;
  }
}
