/**
 * The text helpers every message and terminal line goes through (src/text.ts): `shorten` (never
 * between the halves of a surrogate pair, at each edge of the high surrogates' range),
 * `shortenQuoted` (each quoted value over MAX_QUOTED cut, the rest of the message kept as it is),
 * `visible` (controls shown as symbols, one UTF-16 unit for one, tabs kept) and `plural`.
 */
import { describe, expect, it } from 'vitest';
import { MAX_QUOTED, plural, shorten, shortenQuoted, visible } from '../src/text.js';

const x = (count: number) => 'x'.repeat(count);

describe('shorten', () => {
  it.each<[string, string, number, string]>([
    ['shorter than max: kept', 'ab', 3, 'ab'],
    ['as long as max: kept', 'abc', 3, 'abc'],
    ['one longer: cut at max', 'abcd', 3, 'abc…'],
    ['a tab and CRLF are characters like any', 'a\t\r\nb', 3, 'a\t\r…'],
    ['a multi-byte BMP character at the cut is kept', 'abécd', 3, 'abé…'],
    ['U+D7FF, just below the surrogates, is kept', 'ab\uD7FFcd', 3, 'ab\uD7FF…'],
    ['U+E000, just above them, is kept', 'ab\uE000cd', 3, 'ab\uE000…'],
    ['U+FFFD is kept', 'ab\uFFFDcd', 3, 'ab\uFFFD…'],
    ['an astral character whose high half is last: left out whole', 'ab𝒳cd', 3, 'ab…'],
    ['U+10000 (high half U+D800) is left out whole', 'ab\u{10000}cd', 3, 'ab…'],
    ['U+10FFFF (high half U+DBFF) is left out whole', 'ab\u{10FFFF}cd', 3, 'ab…'],
    ['an astral character whose low half is last: kept whole', 'a𝒳cd', 3, 'a𝒳…'],
    ['an astral character after the cut: not looked at', 'abc𝒳', 3, 'abc…'],
    ['an astral character two after the cut: not looked at', 'abcd𝒳', 3, 'abc…'],
    ['an emoji of two astral characters, cut between them', '👩‍👩x', 3, '👩\u200D…'],
  ])('%s', (_name, text, max, shortened) => {
    expect(shorten(text, max)).toBe(shortened);
  });

  it('cuts at MAX_QUOTED (200) by default, and never between the halves of a pair', () => {
    expect(MAX_QUOTED).toBe(200);
    expect(shorten(x(200))).toBe(x(200));
    expect(shorten(x(201))).toBe(`${x(200)}…`);
    expect(shorten(`${x(199)}𝒳`)).toBe(`${x(199)}…`);
    expect(shorten(`${x(198)}𝒳x`)).toBe(`${x(198)}𝒳…`);
  });
});

describe('shortenQuoted', () => {
  it.each<[string, string, string]>([
    ['no quotes', 'Page not found.', 'Page not found.'],
    ['short quoted values', 'No page file "a.mdx" or `a.md`.', 'No page file "a.mdx" or `a.md`.'],
    ['a value of exactly 200', `No page "${x(200)}" here.`, `No page "${x(200)}" here.`],
    ['a value of 201', `No page "${x(201)}" here.`, `No page "${x(200)}…" here.`],
    ['a long value in backticks', `Use \`${x(250)}\` instead.`, `Use \`${x(200)}…\` instead.`],
    ['a short value, then a long one', `"a" is not "${x(250)}", see "b".`, `"a" is not "${x(200)}…", see "b".`],
    ['a long value, then a short one', `"${x(250)}" is not "a".`, `"${x(200)}…" is not "a".`],
    ['two long values', `From "${x(300)}" to \`${'y'.repeat(300)}\`.`, `From "${x(200)}…" to \`${'y'.repeat(200)}…\`.`],
    ['a backtick inside double quotes is part of the value', `"${x(150)}\`${x(100)}" then \`a\`.`, `"${x(150)}\`${x(49)}…" then \`a\`.`],
    ['a cut that would split an astral character', `"${x(199)}𝒳${x(10)}"`, `"${x(199)}…"`],
    ['multi-line values keep their line breaks', `"a\r\nb" and "${x(250)}\n"`, `"a\r\nb" and "${x(200)}…"`],
    ['a quote with no partner ends the scan', `"${x(250)}" and "${x(300)}`, `"${x(200)}…" and "${x(300)}`],
    ['an unclosed quote first: nothing cut', `He said "${x(300)}`, `He said "${x(300)}`],
  ])('%s', (_name, message, shortened) => {
    expect(shortenQuoted(message)).toBe(shortened);
  });

  it('cuts a message over 2,000 characters whatever it holds', () => {
    expect(shortenQuoted(x(2000))).toBe(x(2000));
    expect(shortenQuoted(x(2001))).toBe(`${x(2000)}…`);
    const quoted = Array.from({ length: 20 }, (_, i) => `"${String.fromCharCode(65 + i).repeat(150)}"`).join(' ');
    expect(shortenQuoted(quoted)).toBe(`${quoted.slice(0, 2000)}…`);
  });
});

describe('visible', () => {
  it.each<[string, string, string]>([
    ['NUL', '\u0000', '\u2400'],
    ['ESC', 'a\u001b[31mred', 'a\u241b[31mred'],
    ['a line feed', 'a\nb', 'a\u240ab'],
    ['CRLF', 'a\r\nb', 'a\u240d\u240ab'],
    ['a lone CR', 'a\rb', 'a\u240db'],
    ['U+001F, the last C0 control', '\u001f', '\u241f'],
    ['DEL', 'a\u007fb', 'a\u2421b'],
    ['U+0080, the first C1 control', '\u0080', '\uFFFD'],
    ['U+009F, the last C1 control', '\u009f', '\uFFFD'],
    ['the line and paragraph separators', '\u2028\u2029', '\uFFFD\uFFFD'],
    ['bidi overrides and isolates', '\u202a\u202e\u2066\u2069', '\uFFFD\uFFFD\uFFFD\uFFFD'],
    ['a lone high surrogate', 'a\uD835b', 'a\uFFFDb'],
    ['a lone low surrogate', 'a\uDCB3b', 'a\uFFFDb'],
    ['a tab, a space, U+00A0, a BOM, é and an astral character are kept', '\t \u00a0\uFEFFé𝒳', '\t \u00a0\uFEFFé𝒳'],
  ])('%s', (_name, text, shown) => {
    expect(visible(text)).toBe(shown);
    expect(visible(text).length).toBe(text.length);
  });
});

describe('plural', () => {
  it.each<[number, string]>([
    [0, '0 pages'],
    [1, '1 page'],
    [2, '2 pages'],
    [21, '21 pages'],
  ])('%i', (count, text) => {
    expect(plural(count, 'page')).toBe(text);
  });
});
