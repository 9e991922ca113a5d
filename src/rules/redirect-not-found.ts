import { followRedirects } from '../redirects/follow.js';
import type { Redirect } from '../redirects/table.js';
import { plural } from '../text.js';
import { message } from '../messages.js';
import type { SiteRule } from '../site/rule.js';

const MESSAGES = {
  missing: 'Redirect destination "{destination}" is no page, file or redirect of this site.',
  missingFurther: 'Redirect destination "{destination}" redirects on ({next}, {hops} in all) to "/{path}", which is no page, file or redirect of this site.',
  intoLoop: 'Redirect destination "{destination}" leads into a redirect loop ({cycle}) and never reaches a page.',
} as const;

/**
 * A redirect whose destination (an internal path, `?query` and `#fragment` aside) is no page, no
 * file and no further redirect of the site; or that leads into a redirect loop. External URLs are
 * not fetched, and a destination left as a pattern (`/new/:slug*`) has no one path to look up,
 * as in the platform's own check (`mint broken-links --check-redirects`). Site rules run only
 * when a docs root is known.
 */
export const redirectNotFound: SiteRule = {
  code: 'redirect-not-found',
  reads: ['redirects'],
  messages: MESSAGES,
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
            message: message(MESSAGES, 'missing', { destination }),
            pointer,
            ...(near === undefined ? {} : { suggest: `/${near}` }),
          });
        } else {
          context.report({
            message: message(MESSAGES, 'missingFurther', { destination, next: next!.pointer, hops: plural(hops, 'redirect'), path: ending.path }),
            pointer,
          });
        }
      } else if (ending.kind === 'into-loop' || (ending.kind === 'loop' && !onCycle(redirect, ending.cycle))) {
        context.report({
          message: message(MESSAGES, 'intoLoop', { destination, cycle: ending.cycle.map((step) => step.pointer).join(' → ') }),
          pointer,
        });
      }
    }
  },
};
