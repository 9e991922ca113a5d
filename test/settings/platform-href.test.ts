/**
 * The hrefs the platform's schema accepts on a global link (src/settings/platform-href.ts, as
 * @mintlify/validation's hrefSchema): each accepted shape alone, and what fails the build.
 */
import { describe, expect, it } from 'vitest';
import { platformAcceptsHref } from '../../src/settings/platform-href.js';

describe('platformAcceptsHref', () => {
  it.each([
    '/guides/x',
    '/',
    '//cdn.example.com/x',
    '#install',
    'mailto:docs@example.com',
    'https://example.com',
    'https://example.com/a b',
    'http://localhost:3000/x',
    'tel:+1555',
  ])('accepts %j', (href) => expect(platformAcceptsHref(href)).toBe(true));

  it.each(['', 'guides/x', 'example.com', 'https://', 'https://exa mple.com', ' /x', 'mailto', '?q=1'])('refuses %j', (href) =>
    expect(platformAcceptsHref(href)).toBe(false),
  );
});
