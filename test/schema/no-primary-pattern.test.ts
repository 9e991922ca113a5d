/**
 * A navigation with no primary pattern (src/schema/index.ts): no form of the platform's navigation
 * union matches it, and the build fails ("Field did not match any types in union";
 * test/resolve/build-cases.ts). A missing-field error under every profile, not primary-pattern's.
 */
import { describe, expect, it } from 'vitest';
import { validateText } from '../../src/validate.js';
import { REQUIRED_SETTINGS } from '../required-settings.js';

const NEEDS =
  '`navigation` needs one of `pages`, `groups`, `tabs`, `anchors`, `dropdowns`, `products`, `versions`, `languages`, and the platform rejects the whole docs.json without one.';

function problemsOf(navigation: unknown, profile: 'platform' | 'spec' = 'platform') {
  return validateText(JSON.stringify({ ...REQUIRED_SETTINGS, navigation }), { profile }).problems.map(({ severity, code, pointer, message }) => ({
    severity,
    code,
    pointer,
    message,
  }));
}

describe('a navigation with no primary pattern', () => {
  it.each([
    ['empty', {}],
    ['only global', { global: { anchors: [{ anchor: 'Blog', href: 'https://blog.example.com' }] } }],
    ['a misspelled pattern', { page: ['a'] }],
  ])('%s: missing-field at /navigation, under both profiles', (_, navigation) => {
    for (const profile of ['platform', 'spec'] as const)
      expect(problemsOf(navigation, profile).filter((problem) => problem.pointer === '/navigation')).toEqual([
        { severity: 'error', code: 'missing-field', pointer: '/navigation', message: NEEDS },
      ]);
  });

  it.each([
    ['an empty pages', { pages: [] }],
    ['an empty products', { products: [] }],
    ['two patterns (primary-pattern says it)', { pages: ['a'], groups: [{ group: 'G', pages: ['b'] }] }],
  ])('%s: no missing-field at /navigation', (_, navigation) => {
    expect(problemsOf(navigation).some((problem) => problem.code === 'missing-field' && problem.pointer === '/navigation')).toBe(false);
  });

  it('a navigation that is no object is the type check’s, not this one’s', () => {
    expect(problemsOf(['pages']).filter((problem) => problem.code === 'missing-field')).toEqual([]);
  });
});
