import { describe, expect, it } from 'vitest';
import type { CheckedSite, Difference } from '../../bench/differential.mjs';
import { decisionFor } from '../../bench/differential/decisions.mjs';

/**
 * The judge's evidence for a redirect problem (redirect-unchecked): the site's redirects followed
 * from the problem's destination, exact ones and then pattern ones (`:slug*`, `*`, `:id`), read by
 * the judge's own matcher. A loop it can follow is explained; one it cannot find is not, so a false
 * redirect-loop from docsnav stays a difference.
 */
function judged(code: string, redirects: Array<{ source: string; destination: string }>, pages: string[] = []) {
  const diff = { pages: pages.map((url) => ({ url })), buildWarnings: [], buildErrors: [] };
  const site = { drops: { docs: { redirects } }, diff, files: [] } as unknown as CheckedSite;
  const difference: Difference = {
    kind: 'false-error',
    key: `false-error ${code}`,
    problem: { code, severity: 'error', file: 'docs.json', pointer: '/redirects/0/destination', message: '', at: '/redirects/0/destination' },
  };
  return decisionFor(difference, site)?.id;
}

describe('redirect-unchecked follows pattern redirects', () => {
  it.each([
    ['`:slug*` whose destination it matches again', [{ source: '/old/:slug*', destination: '/old/1' }]],
    ['`*` whose destination it matches again', [{ source: '/docs/*', destination: '/docs/a' }]],
    [
      'two patterns sending a request back and forth',
      [
        { source: '/a/:id', destination: '/b/x' },
        { source: '/b/:id', destination: '/a/:id' },
      ],
    ],
    [
      'an exact redirect into a pattern that sends it back',
      [
        { source: '/x', destination: '/p/1' },
        { source: '/p/:n', destination: '/x' },
      ],
    ],
  ])('explains a loop through %s', (_name, redirects) => {
    expect(judged('redirect-loop', redirects)).toBe('redirect-unchecked');
  });

  it.each([
    ['its destination matches no source', [{ source: '/old/:slug*', destination: '/new/1' }], ['new/1']],
    ['`:id` takes one segment only', [{ source: '/old/:id', destination: '/old/a/b' }], ['old/a/b']],
    [
      'the substituted destination is a page',
      [
        { source: '/a/:id', destination: '/b/:id' },
        { source: '/b/:id', destination: '/c/:id' },
      ],
      ['c/x'],
    ],
  ])('does not explain a loop claimed where %s', (_name, redirects, pages) => {
    expect(judged('redirect-loop', redirects, pages)).toBeUndefined();
  });
});
