/**
 * Where a docs file stops being UTF-8, as `readText` names it (src/utf8.ts): the byte, its offset
 * and its line, counted as problems count lines (`\r\n`, `\n` and a lone `\r` each end one), on real
 * shapes (a BOM, tabs, blank lines, multi-byte and astral characters before the bad byte); and the
 * lead bytes past U+10FFFF (0xF5–0xFF), refused whatever follows them.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readText } from '../src/read.js';
import { describeInvalidUtf8, invalidUtf8At } from '../src/utf8.js';
import { tempTrees } from './config/temp-tree.js';

const tree = tempTrees('docsnav-utf8-lines-');

/** The text's UTF-8 bytes with `bad` put where `@` is. */
function withBad(text: string, bad = 0xff): Buffer {
  const at = text.indexOf('@');
  return Buffer.concat([Buffer.from(text.slice(0, at)), Buffer.from([bad]), Buffer.from(text.slice(at + 1))]);
}

describe('describeInvalidUtf8: the line of the bad byte', () => {
  it.each<[string, string, number, number]>([
    ['on the first line', '{"a": "@"}', 7, 1],
    ['after \\n', '{\n  "a": "@"\n}', 10, 2],
    ['after \\r\\n', '{\r\n  "a": "@"\r\n}', 11, 2],
    ['after lone \\r', '{\r  "a": "@"\r}', 10, 2],
    ['after blank lines of each kind', '{\n\n\r\n\r\r"a": "@"}', 13, 6],
    ['right after a lone \\r', '{\r@}', 2, 2],
    ['right after \\n', '{\n@}', 2, 2],
    ['\\r then \\r\\n: two lines', 'a\r\r\n@', 4, 3],
    ['\\n then \\r: two lines', 'a\n\r@', 3, 3],
    ['after tabs', '{\n\t\t"a":\t"@"}', 10, 2],
    ['after a UTF-8 BOM (offsets are bytes)', '\uFEFF{\n"a": "@"}', 11, 2],
    ['after multi-byte and astral characters (offsets are bytes)', '{"é": "𝒳\n☕@"}', 16, 2],
  ])('%s', (_name, text, offset, line) => {
    const bytes = withBad(text);
    expect(invalidUtf8At(bytes)).toBe(offset);
    expect(describeInvalidUtf8(bytes, offset)).toBe(`it is not UTF-8: byte 0xFF at offset ${offset} (line ${line}); save it as UTF-8`);
  });

  it('readText names the same byte, offset and line of a real file', () => {
    const file = path.join(tree({}), 'docs.json');
    writeFileSync(file, withBad('{\r\n  "name": "Docs",\r  "a": "@"\n}', 0xc0));
    expect(() => readText(file)).toThrow(`cannot read ${file}: it is not UTF-8: byte 0xC0 at offset 29 (line 3); save it as UTF-8`);
  });

  it.each([0x80, 0xbf, 0xc0, 0xc1, 0xf5, 0xff].map((bad) => [bad.toString(16).toUpperCase(), bad] as const))(
    'byte 0x%s is written in upper-case hex',
    (hex, bad) => {
      const bytes = withBad('{"a": "@"}', bad);
      expect(describeInvalidUtf8(bytes, invalidUtf8At(bytes)!)).toBe(`it is not UTF-8: byte 0x${hex} at offset 7 (line 1); save it as UTF-8`);
    },
  );
});

describe('invalidUtf8At: lead bytes past U+10FFFF', () => {
  // 0xF8–0xFC would carry code points up to U+10FFFF and beyond were they lead bytes of four; UTF-8 has none of them.
  it.each([0xf5, 0xf7, 0xf8, 0xf9, 0xfb, 0xfc, 0xfd, 0xff].map((lead) => [lead.toString(16).toUpperCase(), lead] as const))(
    '0x%s, then three continuation bytes, is bad at its own offset',
    (_hex, lead) => {
      for (const tail of [
        [0x80, 0x80, 0x80],
        [0x88, 0x80, 0x80],
        [0xbf, 0xbf, 0xbf],
      ]) {
        const bytes = Buffer.concat([Buffer.from('{"a": "'), Buffer.from([lead, ...tail]), Buffer.from('"}')]);
        expect(invalidUtf8At(bytes), JSON.stringify(tail)).toBe(7);
      }
    },
  );

  it.each<[string, number[], number]>([
    ['a two-byte form cut by the end', [0x61, 0xc3], 1],
    ['a three-byte form cut by the end', [0x61, 0xe2, 0x98], 1],
    ['a four-byte form cut by the end', [0xf0, 0x9d, 0x92], 0],
    ['a four-byte form cut one byte from the end', [0x61, 0x62, 0xf0, 0x9d, 0x92], 2],
  ])('%s is bad at its lead byte', (_name, bytes, offset) => {
    expect(invalidUtf8At(Uint8Array.from(bytes))).toBe(offset);
  });
});
