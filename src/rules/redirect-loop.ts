import { followRedirects } from '../redirects/follow.js';
import type { Redirect } from '../redirects/table.js';
import { message } from '../messages.js';
import type { SiteRule } from '../site/rule.js';

const MESSAGES = {
  toItself: 'Redirect {steps} redirects to itself: readers never reach a page.',
  loop: 'Redirects loop: {steps} ({pointers}); readers never reach a page.',
} as const;

/**
 * Following redirects comes back to where it started: the browser gives up ("too many
 * redirects") and no page is reached. Reported once per loop, at the destination of its first
 * entry in docs.json, naming every redirect on it. Redirects that only lead into a loop are
 * `redirect-not-found`'s.
 */
export const redirectLoop: SiteRule = {
  code: 'redirect-loop',
  reads: ['redirects'],
  messages: MESSAGES,
  checkSite(context) {
    const { site, redirects } = context;
    // Every redirect into one loop shares its cycle (one array, however many ways lead in): each cycle is said once, not once per redirect.
    const seen = new WeakSet<readonly Redirect[]>();
    for (const { ending } of followRedirects(redirects, site)) {
      if (ending.kind !== 'loop' || seen.has(ending.cycle)) continue;
      seen.add(ending.cycle);
      const cycle = fromFirstEntry(ending.cycle);
      const steps = cycle.map((step) => `"${step.source}" → "${step.destination}"`).join(', ');
      context.report({
        message:
          cycle.length === 1
            ? message(MESSAGES, 'toItself', { steps })
            : message(MESSAGES, 'loop', { steps, pointers: cycle.map((step) => step.pointer).join(', ') }),
        pointer: `${cycle[0].pointer}/destination`,
      });
    }
  },
};

/** The cycle turned to start at its redirect listed first in docs.json, keeping its order. */
function fromFirstEntry(cycle: readonly Redirect[]): Redirect[] {
  let first = 0;
  cycle.forEach((step, i) => {
    // Stryker disable next-line EqualityOperator: equivalent: two redirects of a cycle never share a place in the list.
    if (indexOf(step) < indexOf(cycle[first])) first = i;
  });
  return [...cycle.slice(first), ...cycle.slice(0, first)];
}

function indexOf(redirect: Redirect): number {
  return Number(redirect.pointer.slice(redirect.pointer.lastIndexOf('/') + 1));
}
