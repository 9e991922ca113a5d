import { followRedirects, suffixOf, type Followed } from '../redirects/follow.js';
import { isExternalUrl } from '../link-target.js';
import { plural } from '../text.js';
import { message } from '../messages.js';
import type { SiteRule } from '../site/rule.js';

const MESSAGES = {
  chain: 'Redirect destination "{destination}" is redirected again ({next}, {hops}) to "{last}": redirect straight there.',
  chainViaAlias:
    'Redirect destination "{destination}" is redirected again ({next}, {hops}) to "{last}": redirect straight there, unless the pattern or temporary redirect on the way is an alias meant to move.',
} as const;

/**
 * A destination that is itself redirected: readers take two (or more) redirects where one would
 * do, and each one is a round trip (and a hop search engines may stop following). The platform
 * follows the chain, so nothing breaks. When the chain ends at a page (or a file), the final
 * destination is the suggestion and `--fix` writes it in.
 */
export const redirectChain: SiteRule = {
  code: 'redirect-chain',
  reads: ['redirects'],
  messages: MESSAGES,
  checkSite(context) {
    const { site, redirects } = context;
    for (const followed of followRedirects(redirects, site)) {
      const { redirect, hops, next, last, ending } = followed;
      if (hops === 0 || (ending.kind !== 'page' && ending.kind !== 'external' && ending.kind !== 'pattern')) continue;
      const pointer = `${redirect.pointer}/destination`;
      const text = message(MESSAGES, followed.viaAlias ? 'chainViaAlias' : 'chain', {
        destination: redirect.destination,
        next: next!.pointer,
        hops: plural(hops, 'more redirect'),
        last,
      });
      if (ending.kind === 'page') {
        const final = finalDestination(followed);
        context.report({
          message: text,
          pointer,
          // Stryker disable next-line ConditionalExpression: equivalent: a suggestion of undefined is none to every reader (each tests `suggest !== undefined`).
          ...(final === undefined ? {} : { suggest: final }),
        });
      } else {
        context.report({ message: text, pointer });
      }
    }
  },
};

/**
 * What the destination becomes: the chain's last destination, its path with a leading `/`, and
 * the `?query`/`#fragment` the reader ends with (browsers keep a fragment across a redirect that
 * writes none); undefined when two destinations along the way write one, which a person decides.
 */
function finalDestination({ redirect, last, suffix, suffixes, viaAlias }: Followed): string | undefined {
  if (isExternalUrl(last) || suffixes > 1 || viaAlias) return undefined;
  const path = last.slice(0, last.length - suffixOf(last).length);
  const final = (path.startsWith('/') ? path : `/${path}`) + suffix;
  return final === redirect.destination ? undefined : final;
}
