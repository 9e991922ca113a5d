/**
 * Small text helpers. Those that take user input are loops, not regexes, so that no input
 * (a million slashes, an unclosed brace) can make them slow or overflow a regex stack.
 */

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `text` without any run of `/` and `./` at its start. */
export function stripLeadingSlashes(text: string, dotSlashToo = true): string {
  let i = 0;
  for (;;) {
    if (text.charCodeAt(i) === 47) i++;
    else if (dotSlashToo && text.charCodeAt(i) === 46 && text.charCodeAt(i + 1) === 47) i += 2;
    else break;
  }
  return i === 0 ? text : text.slice(i);
}

/** `text` without any run of `/` at its end. */
export function stripTrailingSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 47) end--;
  return end === text.length ? text : text.slice(0, end);
}

/** Each `{…}` (from a `{` to the first `}` after it) replaced, as `/\{[^}]*\}/g` would, in one pass. */
export function replaceBraced(text: string, replacement: string): string {
  let out = '';
  let from = 0;
  for (;;) {
    const open = text.indexOf('{', from);
    if (open === -1) break;
    const close = text.indexOf('}', open + 1);
    if (close === -1) break; // no `}` after this `{`: none after any later `{` either
    out += text.slice(from, open) + replacement;
    from = close + 1;
  }
  return from === 0 ? text : out + text.slice(from);
}

/**
 * The most characters of a value a message quotes; longer values are cut with `…`. Real page
 * paths and labels stay whole (in the corpus, 99.9% of strings are under 200 characters).
 */
export const MAX_QUOTED = 200;

/** `text`, cut to `max` characters with `…` when longer (never between the halves of a surrogate pair). */
export function shorten(text: string, max: number = MAX_QUOTED): string {
  if (text.length <= max) return text;
  let end = max;
  const c = text.charCodeAt(end - 1);
  if (c >= 0xd800 && c <= 0xdbff) end--;
  return text.slice(0, end) + '…';
}

/** Past this length a message is cut whatever it holds (a value with quotes inside it fools the span finder). */
const MAX_MESSAGE = 2000;

/**
 * A message with every quoted value (`"…"` or `` `…` ``) longer than MAX_QUOTED cut with `…`:
 * the one place values from the input are shortened, applied to every problem's message.
 * One pass; a quote with no partner ends the scan.
 */
export function shortenQuoted(message: string): string {
  let out = '';
  let from = 0;
  // Stryker disable next-line EqualityOperator: one step past the end reads NaN, no quote.
  for (let i = 0; i < message.length; i++) {
    const c = message.charCodeAt(i);
    if (c !== 34 /* " */ && c !== 96 /* ` */) continue;
    const close = message.indexOf(message[i], i + 1);
    if (close === -1) break;
    // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator: a speed path; shorten leaves a value of MAX_QUOTED or fewer as it is.
    if (close - i - 1 > MAX_QUOTED) {
      out += message.slice(from, i + 1) + shorten(message.slice(i + 1, close));
      from = close;
    }
    i = close;
  }
  return shorten(out + message.slice(from), MAX_MESSAGE);
}

/**
 * Text safe to print on a terminal, one UTF-16 unit for one, so columns are kept:
 * C0 controls (ESC, line breaks, …) become their visible symbols (␛), and C1 controls,
 * Unicode line separators, bidi overrides and isolates and lone surrogates become U+FFFD.
 * Tabs are kept (code frames align carets under them). Every human-facing format prints
 * text from the input through this; JSON and SARIF escape instead.
 */
const UNSAFE =
  /[\u0000-\u0008\u000A-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function visible(text: string): string {
  return text.replace(UNSAFE, (ch) => {
    const code = ch.charCodeAt(0);
    if (code <= 0x1f) return String.fromCharCode(0x2400 + code);
    if (code === 0x7f) return '\u2421';
    return '\uFFFD';
  });
}

/** `1 page`, `2 pages`: a count with its noun (nouns whose plural is `+s`). */
export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}
