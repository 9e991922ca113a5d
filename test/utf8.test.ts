/** invalidUtf8At (src/utf8.ts) against the platform's own strict decoder, on drawn bytes of every shape. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeInvalidUtf8, invalidUtf8At } from '../src/utf8.js';

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

describe('invalidUtf8At at the edges of each form, then a bad byte', () => {
  // [the sequence, where the first bad byte is when 0xFF follows it]: each boundary of the lead bytes, the largest code
  // point and the surrogates, on both sides (the mutation sample on 6f30839: 0xF4 and U+10FFFF, U+D7FF and U+E000).
  it.each([
    [[0xc2, 0x80], 2],
    [[0xc1, 0xbf], 0],
    [[0xdf, 0xbf], 2],
    [[0xe0, 0xa0, 0x80], 3],
    [[0xe0, 0x9f, 0xbf], 0],
    [[0xed, 0x9f, 0xbf], 3],
    [[0xed, 0xa0, 0x80], 0],
    [[0xed, 0xbf, 0xbf], 0],
    [[0xee, 0x80, 0x80], 3],
    [[0xf0, 0x90, 0x80, 0x80], 4],
    [[0xf0, 0x8f, 0xbf, 0xbf], 0],
    [[0xf4, 0x8f, 0xbf, 0xbf], 4],
    [[0xf4, 0x90, 0x80, 0x80], 0],
    [[0xf5, 0x80, 0x80, 0x80], 0],
    [[0xe0, 0xa0], 0],
  ])('%j then 0xFF: %i', (sequence, bad) => {
    const bytes = Uint8Array.from([...sequence, 0xff]);
    expect(invalidUtf8At(bytes)).toBe(bad);
    expect(decodes(Uint8Array.from(sequence))).toBe(bad === sequence.length);
  });
});

describe('describeInvalidUtf8', () => {
  it('names the byte, its offset and line; a UTF-16 byte order mark, either way round, is named as such', () => {
    expect(describeInvalidUtf8(Uint8Array.from([0x61, 0x0a, 0x62, 0xff]), 3)).toBe('it is not UTF-8: byte 0xFF at offset 3 (line 2); save it as UTF-8');
    expect(describeInvalidUtf8(Uint8Array.from([0xff, 0xfe, 0x7b, 0x00]), 0)).toBe(
      'it is not UTF-8 (it starts as UTF-16 does): byte 0xFF at offset 0 (line 1); save it as UTF-8',
    );
    expect(describeInvalidUtf8(Uint8Array.from([0xfe, 0xff]), 0)).toBe(
      'it is not UTF-8 (it starts as UTF-16 does): byte 0xFE at offset 0 (line 1); save it as UTF-8',
    );
    for (const start of [[0xff, 0xff], [0xfe, 0xfe], [0xff], [0xfe, 0x0a, 0xff]]) {
      expect(describeInvalidUtf8(Uint8Array.from(start), 0), JSON.stringify(start)).not.toContain('UTF-16');
    }
  });
});
