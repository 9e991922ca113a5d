/**
 * The hrefs the platform's schema accepts (src/navigation/platform-drops.ts isPlatformLink, as
 * @mintlify/validation's hrefSchema): each accepted shape alone, and what it refuses.
 */
import { describe, expect, it } from 'vitest';
import { isPlatformLink } from '../../src/navigation/platform-drops.js';

describe('isPlatformLink', () => {
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
  ])('accepts %j', (href) => expect(isPlatformLink(href)).toBe(true));

  it.each(['', 'guides/x', 'example.com', 'https://', 'https://exa mple.com', ' /x', 'mailto', '?q=1'])('refuses %j', (href) =>
    expect(isPlatformLink(href)).toBe(false),
  );
});
