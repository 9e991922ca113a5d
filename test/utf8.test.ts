/** invalidUtf8At (src/utf8.ts) against the platform's own strict decoder, on drawn bytes of every shape. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invalidUtf8At } from '../src/utf8.js';

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const decodes = (bytes: Uint8Array) => {
  try {
    strict.decode(bytes);
    return true;
  } catch {
    return false;
  }
};

describe('invalidUtf8At', () => {
  it('finds a bad byte exactly when the strict decoder refuses, and everything before it decodes', () => {
    // Bytes near the edges of UTF-8's ranges, so that lead and continuation bytes meet often.
    const byte = fc.oneof(
      fc.integer({ min: 0, max: 255 }),
      fc.constantFrom(0x7f, 0x80, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff),
    );
    fc.assert(
      fc.property(fc.array(byte, { maxLength: 24 }), fc.string({ unit: 'grapheme' }), (drawn, text) => {
        const bytes = Buffer.concat([Buffer.from(text), Buffer.from(drawn)]);
        const at = invalidUtf8At(bytes);
        expect(at === undefined).toBe(decodes(bytes));
        if (at !== undefined) {
          expect(decodes(bytes.subarray(0, at))).toBe(true);
          expect(at).toBeGreaterThanOrEqual(Buffer.byteLength(text));
        }
      }),
      { numRuns: 5000, seed: 71 },
    );
  });
});
