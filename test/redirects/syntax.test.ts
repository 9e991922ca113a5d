/**
 * How a redirect is written (src/redirects/syntax.ts syntaxIssues), as a table of whole messages:
 * each way a source can never match, an empty or blank field, a destination's parameters and
 * wildcards the source does not have, and the shapes that are fine (a space inside a path, an
 * optional `:name?`, a port in a destination URL, a query after the path).
 */
import { describe, expect, it } from 'vitest';
import { syntaxIssues, type SyntaxIssue } from '../../src/redirects/syntax.js';

const issues = (source: string, destination = '/new') => syntaxIssues({ source, destination } as Parameters<typeof syntaxIssues>[0]);
const source = (message: string): SyntaxIssue => ({ field: 'source', message });
const destination = (message: string): SyntaxIssue => ({ field: 'destination', message });

describe('syntaxIssues: the source', () => {
  it.each([
    ['', [source('Redirect source is empty: write the path readers come from (`/old-page`).')]],
    [' \t', [source('Redirect source is empty: write the path readers come from (`/old-page`).')]],
    [
      'https://example.com/old',
      [source('Redirect source "https://example.com/old" is a URL: a source is a path of this site (`/old-page`), matched without the host.')],
    ],
    ['//example.com/old', [source('Redirect source "//example.com/old" is a URL: a source is a path of this site (`/old-page`), matched without the host.')]],
    [
      '/old\tpage',
      [
        source(
          'Redirect source "/old\tpage" has a tab, a line break, or whitespace at its start or end, which no requested path has (a URL drops them; a space inside a path is matched, as `%20` is read back as one).',
        ),
      ],
    ],
    [
      ' /old',
      [
        source(
          'Redirect source " /old" has a tab, a line break, or whitespace at its start or end, which no requested path has (a URL drops them; a space inside a path is matched, as `%20` is read back as one).',
        ),
      ],
    ],
    [
      '/old#part',
      [
        source(
          'Redirect source "/old#part" has a `#fragment`, which browsers never send to the server: the redirect never applies (redirect the page itself, or link to the new anchor).',
        ),
      ],
    ],
    ['/old?x=1', [source('Redirect source "/old?x=1" has a `?query`: sources match the path only, so the redirect never applies.')]],
    ['/old/:id?/x?y', [source('Redirect source "/old/:id?/x?y" has a `?query`: sources match the path only, so the redirect never applies.')]],
    // Fine: a space inside the path, an optional parameter, a path that ends with slashes.
    ['/Old Name', []],
    ['/old/:id?', []],
    ['/old/:slug?/:page_2?', []],
    ['/old//', []],
    ['old//', []],
  ])('%j: %j', (written, expected) => {
    expect(issues(written)).toEqual(expected);
  });
});

describe('syntaxIssues: the destination', () => {
  it.each([
    ['/old', '', [destination('Redirect destination is empty: write the path (`/new-page`) or URL readers are sent to.')]],
    // Blank: said as empty, and nothing else is checked (its `*` would be an extra wildcard).
    ['/old', '  ', [destination('Redirect destination is empty: write the path (`/new-page`) or URL readers are sent to.')]],
    [
      '',
      ' ',
      [
        source('Redirect source is empty: write the path readers come from (`/old-page`).'),
        destination('Redirect destination is empty: write the path (`/new-page`) or URL readers are sent to.'),
      ],
    ],
    ['/old/:id', '/new/:id', []],
    ['/old/:id', 'https://example.com:8080/new/:id', []],
    ['/old/:id', '/new/:id?from=:ref#:part', []],
    [
      '/old/:id',
      '/new/:slug',
      [destination('Redirect destination uses `:slug`, which the source "/old/:id" does not have: it stays in the URL as written instead of being filled in.')],
    ],
    [
      '/old',
      '/new/:a/:b/:a',
      [destination('Redirect destination uses `:a`, `:b`, which the source "/old" does not have: it stays in the URL as written instead of being filled in.')],
    ],
    ['/old/*', '/new/*', []],
    ['/old', '/new/*', [destination('Redirect destination has one `*` but the source "/old" has none: the platform fills the extra ones with nothing.')]],
    ['/old/*', '/new/*/*/*', [destination('Redirect destination has 3 `*` but the source "/old/*" has 1: the platform fills the extra ones with nothing.')]],
  ])('%j to %j: %j', (from, to, expected) => {
    expect(issues(from, to)).toEqual(expected);
  });
});
