/**
 * Where a file's bytes stop being UTF-8, for the one line that names it (`readText`): a docs.json
 * is JSON, and JSON is UTF-8; decoded anyway, each bad byte became U+FFFD and the only trace was a
 * page name that matched no file. Linear in the bytes; Node's `isUtf8` answers the usual case.
 */
import { isUtf8 } from 'node:buffer';

/** The offset of the first byte that is not part of a well-formed UTF-8 sequence, or undefined when all are. */
export function invalidUtf8At(bytes: Uint8Array): number | undefined {
  // Stryker disable next-line ConditionalExpression: the loop below finds no bad byte where isUtf8 finds none (this is its faster form).
  if (isUtf8(bytes)) return undefined;
  // Stryker disable next-line EqualityOperator: reached only for bytes isUtf8 refuses, the loop returns at their bad byte, before the end.
  for (let i = 0; i < bytes.length;) {
    const first = bytes[i];
    if (first < 0x80) {
      i++;
      continue;
    }
    // The number of continuation bytes, and the smallest code point that many may encode (no overlong forms).
    const [more, min] =
      first >= 0xc2 && first <= 0xdf ? [1, 0x80] : first >= 0xe0 && first <= 0xef ? [2, 0x800] : first >= 0xf0 && first <= 0xf4 ? [3, 0x10000] : [0, 0];
    // A sequence cut short by the end fails the test of its continuation bytes below (past the end, a byte reads undefined).
    if (more === 0) return i;
    let point = first & (0x3f >> more);
    for (let k = 1; k <= more; k++) {
      const next = bytes[i + k];
      if ((next & 0xc0) !== 0x80) return i;
      point = (point << 6) | (next & 0x3f);
    }
    if (point < min || point > 0x10ffff || (point >= 0xd800 && point <= 0xdfff)) return i;
    i += more + 1;
  }
  return undefined;
}

/** "byte 0xFF at offset 11 (line 1)", and what the file likely is when it starts with a UTF-16 byte order mark. */
export function describeInvalidUtf8(bytes: Uint8Array, offset: number): string {
  // Lines as problems count them (source/lines.ts): `\r\n`, `\n` and a lone `\r` each end one.
  let line = 1;
  // Stryker disable next-line EqualityOperator: the byte at `offset` is a bad one, never a line break (ASCII is UTF-8).
  for (let i = 0; i < offset; i++) {
    if (bytes[i] === 0x0a || (bytes[i] === 0x0d && bytes[i + 1] !== 0x0a)) line++;
  }
  const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  // Two hex digits: a bad byte is 0x80 or above (ASCII is UTF-8).
  const byte = `0x${bytes[offset].toString(16).toUpperCase()}`;
  return `it is not UTF-8${utf16 ? ' (it starts as UTF-16 does)' : ''}: byte ${byte} at offset ${offset} (line ${line}); save it as UTF-8`;
}
