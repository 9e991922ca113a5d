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
