import slugify from '@sindresorhus/slugify';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asciiSlugify, encodedSlug, headingSlug, headingSlugger } from '../../src/pages/slug.js';

/** The characters encodeURIComponent leaves or writes, which are all encodedSlug is given. */
const ENCODED = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()%"];

describe('encodedSlug: the package without its transliteration, on encodeURIComponent output', () => {
  it('agrees with @sindresorhus/slugify (plain and escaped options)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ENCODED, '-', 's', 't', '%2F'), { maxLength: 40 }), (parts) => {
        const text = parts.join('');
        expect(encodedSlug(text, false)).toBe(slugify(text, { decamelize: false, preserveCharacters: ['_'] }));
        expect(encodedSlug(text, true)).toBe(slugify(text, { decamelize: false, preserveCharacters: ['%', '_'], lowercase: false }));
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees on whole headings, encoded as the platform encodes them', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), (title) => {
        const encoded = encodeURIComponent(title.toLowerCase().trim().replace(/\s+/g, '-'));
        const escaped = /%[0-9A-F]{2}/.test(encoded);
        const expected = escaped
          ? slugify(encoded, { decamelize: false, preserveCharacters: ['%', '_'], lowercase: false })
          : slugify(encoded, { decamelize: false, preserveCharacters: ['_'] });
        expect(headingSlug(title)).toBe(expected);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('asciiSlugify: the package on ASCII text, without its 1,900 regular expressions', () => {
  /** Every printable ASCII character, white space, and what the package's steps treat apart. */
  const ASCII_PARTS = [
    ...Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)),
    '\t',
    '\n',
    '-s',
    '-t',
    'API',
    'Key',
    'fooBar',
    'V2',
    '&',
    '^',
    '`',
  ];

  it('agrees with @sindresorhus/slugify, decamelizing or not', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ASCII_PARTS), { maxLength: 40 }), (parts) => {
        const text = parts.join('');
        expect(asciiSlugify(text, false)).toBe(slugify(text, { decamelize: false }));
        expect(asciiSlugify(text, true)).toBe(slugify(text, { decamelize: true, separator: '-' }));
      }),
      { numRuns: 1500 },
    );
  });

  it('agrees on the ids components and fields are given', () => {
    for (const text of ['param-user_id', 'param-X-API-Key_2', 'Getting Started: Tom & Jerry', "What's new?", 'OAuth2Token', 'a^b`c', 'param-items[].name']) {
      expect(asciiSlugify(text, false)).toBe(slugify(text, { decamelize: false }));
      expect(asciiSlugify(text, true)).toBe(slugify(text, { decamelize: true, separator: '-' }));
    }
  });
});

describe('headingSlugger: numbered as slugifyWithCounter numbers them', () => {
  it('agrees with the package on repeated and numbered slugs', async () => {
    const { slugifyWithCounter } = await import('@sindresorhus/slugify');
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'a-2', 'a-1', 'b', 'a-2-2', 'setup', 'setup-3', ''), { maxLength: 12 }), (slugs) => {
        const ours = headingSlugger();
        const theirs = slugifyWithCounter();
        for (const slug of slugs) expect(ours(slug)).toBe(theirs(slug));
      }),
    );
  });
});
