/**
 * Front matter of the plain shapes read without js-yaml: one `key: value` a line, where a value is
 * a plain word or sentence, a quoted string without escapes, a decimal number, a boolean or null,
 * or a list of such values on the following lines (`- value`). Nearly every page's front matter
 * has only these shapes, and js-yaml on a thousand pages costs as much as starting Node (issue 68).
 * Anything else (an escape, a comment after a value, a nested mapping, a multi-line scalar, a key
 * that is not a plain name, a value YAML would read as a date or another number form, a character
 * js-yaml refuses) returns undefined and is left to js-yaml: the result, when there is one, is
 * js-yaml's (held by test/pages/front-matter-fast*.test.ts over the corpus and generated shapes).
 * Linear in the text: each line is looked at once, each value's characters once or twice.
 */

/**
 * A key the fast path reads: a plain name, `:` inside it allowed (js-yaml reads `__proto__` specially, and a key such as
 * `True` or `NULL` as the value it names, `true` or `null`: left to it).
 */
const KEY = /^[A-Za-z_][A-Za-z0-9_:-]{0,99}$/;
/** Characters js-yaml refuses or treats specially anywhere (its PATTERN_NON_PRINTABLE, tabs, CR, BOM). */
const REFUSED = /[\x00-\x09\x0B-\x1F\x7F-\x9F\uFEFF\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:[^\uD800-\uDBFF]|^)[\uDC00-\uDFFF]/;
/** A plain scalar's first character that YAML reads as an indicator, a number, a date or a special float. */
const NOT_FIRST = /[-?:,[\]{}#&*!|>'"%@`0-9+.~ ]/;
/** js-yaml reads `-0` as 0 (and `-0.0` as -0, as Number does): `-0` is left to it. */
const INTEGER = /^(?:0|-?[1-9][0-9]{0,14})$/;
const DECIMAL = /^-?(?:0|[1-9][0-9]{0,7})\.[0-9]{1,7}$/;
const WORDS: ReadonlyMap<string, unknown> = new Map<string, unknown>([
  ['true', true],
  ['True', true],
  ['TRUE', true],
  ['false', false],
  ['False', false],
  ['FALSE', false],
  ['null', null],
  ['Null', null],
  ['NULL', null],
  ['~', null],
]);
/** Not a value: the fast path does not read the text. */
const NO = Symbol('not plain');

/** The block's data when every line has a plain shape; undefined to leave it to js-yaml. `yaml`: the block's trimmed text. */
export function plainFrontMatter(yaml: string): Record<string, unknown> | undefined {
  if (yaml === '' || REFUSED.test(yaml)) return undefined;
  const data: Record<string, unknown> = {};
  const lines = yaml.split('\n');
  let keys = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line === '' || line.startsWith('#')) continue;
    const read = keyOf(line);
    if (!read) return undefined;
    const [key, colon] = read;
    if (key === '__proto__' || Object.hasOwn(data, key)) return undefined;
    let value: unknown;
    if (colon === line.length - 1) {
      // `key:` and a list on the next lines, each `- value` at one indentation.
      const items: unknown[] = [];
      const indent = i + 1 < lines.length ? lines[i + 1].length - lines[i + 1].trimStart().length : 0;
      while (i + 1 < lines.length && lines[i + 1].startsWith('- ', indent) && isIndentation(lines[i + 1], indent)) {
        const item = scalar(lines[i + 1].slice(indent + 2));
        if (item === NO) return undefined;
        items.push(item);
        i++;
      }
      if (items.length === 0) return undefined;
      value = items;
    } else {
      if (line.charCodeAt(colon + 1) !== 32) return undefined;
      value = scalar(line.slice(colon + 2));
      if (value === NO) return undefined;
    }
    data[key] = value;
    keys++;
  }
  // Only comments: js-yaml reads no mapping (null).
  return keys === 0 ? undefined : data;
}

/**
 * A line's key and the offset of the `:` after it: a plain name (which may hold a `:` not
 * followed by a space, as `og:title`), or a quoted one without escapes; undefined otherwise.
 */
function keyOf(line: string): [string, number] | undefined {
  const first = line.charCodeAt(0);
  if (first === 34 || first === 39) {
    const close = line.indexOf(line[0], 1);
    // Never closed (-1), this looks at the opening quote, which is no colon either.
    if (line.charCodeAt(close + 1) !== 58) return undefined;
    const key = line.slice(1, close);
    if (key.length > 100 || (first === 34 && key.includes('\\'))) return undefined;
    return [key, close + 1];
  }
  let colon = line.indexOf(': ');
  if (colon < 0 && line.endsWith(':')) colon = line.length - 1;
  if (colon <= 0) return undefined;
  const key = line.slice(0, colon);
  // Stryker disable next-line MethodExpression: a key ending in `:` (`a:: b`) is left to js-yaml as a precaution; js-yaml reads it as the fast path would (`{"a:": "b"}`), so reading it here differs in nothing the property test can see.
  return KEY.test(key) && !key.endsWith(':') && !WORDS.has(key) ? [key, colon] : undefined;
}

/** `count` spaces, then something else, at the start of `line`. */
function isIndentation(line: string, count: number): boolean {
  for (let i = 0; i < count; i++) if (line.charCodeAt(i) !== 32) return false;
  return true;
}

/** `[]` or `["a", 'b']`: quoted strings without escapes, one `, ` between them; or NO. */
function flowList(value: string): unknown {
  // Stryker disable next-line ConditionalExpression,StringLiteral: a shortcut: without it `[]` is NO here, and js-yaml reads the same empty list.
  if (value === '[]') return [];
  if (!value.endsWith(']')) return NO;
  const items: string[] = [];
  for (let at = 1; ;) {
    const quote = value[at];
    if (quote !== '"' && quote !== "'") return NO;
    const close = value.indexOf(quote, at + 1);
    // Never closed (-1): neither the end nor a `, ` follows, so the list is NO below.
    const item = value.slice(at + 1, close);
    if (quote === '"' && item.includes('\\')) return NO;
    items.push(item);
    if (close === value.length - 2) return items;
    if (!value.startsWith(', ', close + 1)) return NO;
    at = close + 3;
  }
}

/** A single-line value of a plain shape (after `key: ` or `- `), or NO. */
function scalar(text: string): unknown {
  const value = text.trimEnd();
  if (value === '' || value.length !== text.length) return NO;
  const first = value.charCodeAt(0);
  if (first === 34 || first === 39) {
    // A quoted string: the same quote closes it at the line's end, none inside, no escapes.
    const quote = value[0];
    if (value.length < 2 || value[value.length - 1] !== quote) return NO;
    const inner = value.slice(1, -1);
    if (inner.includes(quote) || (first === 34 && inner.includes('\\'))) return NO;
    return inner;
  }
  if (first === 91) return flowList(value);
  if (INTEGER.test(value) || DECIMAL.test(value)) return Number(value);
  const word = WORDS.get(value);
  if (word !== undefined) return word;
  if (NOT_FIRST.test(value[0])) return NO;
  // A plain scalar: no `: ` or ` #` inside, no `:` at its end (a mapping or a comment).
  if (value.includes(': ') || value.includes(' #') || value.endsWith(':')) return NO;
  return value;
}
