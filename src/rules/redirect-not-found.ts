import { followRedirects } from '../redirects/follow.js';
import type { Redirect } from '../redirects/table.js';
import { plural } from '../text.js';
import type { SiteRule } from './types.js';

/**
 * A redirect whose destination (an internal path, `?query` and `#fragment` aside) is no page, no
 * file and no further redirect of the site; or that leads into a redirect loop. External URLs are
 * not fetched, and a destination left as a pattern (`/new/:slug*`) has no one path to look up,
 * as in the platform's own check (`mint broken-links --check-redirects`). Site rules run only
 * when a docs root is known.
 */
export const redirectNotFound: SiteRule = {
  code: 'redirect-not-found',
  checkSite(context) {
    const { site, redirects } = context;
    const members = new WeakMap<readonly Redirect[], Set<Redirect>>();
    const onCycle = (redirect: Redirect, cycle: readonly Redirect[]): boolean => {
      let set = members.get(cycle);
      if (!set) members.set(cycle, (set = new Set(cycle)));
      return set.has(redirect);
    };
    for (const { redirect, hops, next, ending } of followRedirects(redirects, site)) {
      const pointer = `${redirect.pointer}/destination`;
      const destination = redirect.destination;
      if (ending.kind === 'missing') {
        if (hops === 0) {
          const near = site.closest(ending.path);
          context.report({
            message: `Redirect destination "${destination}" is no page, file or redirect of this site.`,
            pointer,
            ...(near === undefined ? {} : { suggest: `/${near}` }),
          });
        } else {
          context.report({
            message: `Redirect destination "${destination}" redirects on (${next!.pointer}, ${plural(hops, 'redirect')} in all) to "/${ending.path}", which is no page, file or redirect of this site.`,
            pointer,
          });
        }
      } else if (ending.kind === 'into-loop' || (ending.kind === 'loop' && !onCycle(redirect, ending.cycle))) {
        context.report({
          message: `Redirect destination "${destination}" leads into a redirect loop (${ending.cycle.map((step) => step.pointer).join(' → ')}) and never reaches a page.`,
          pointer,
        });
      }
    }
  },
};
