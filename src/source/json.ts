import type * as JsoncParser from 'jsonc-parser';
import { lazy } from '../lazy.js';
import type { Finding } from '../problem.js';
import { keyText, locateAllInJson, locateInJson, skipString, type Located } from './json-locate.js';
import { LineIndex } from './lines.js';
import { childPointer, parsePointer } from './pointer.js';
import type { SourceFile } from './types.js';

/**
 * JSON text -> value with `JSON.parse` (the fastest parser there is), plus what it cannot
 * tell: where things are and whether a key was written twice. Both come from jsonc-parser,
 * and only when needed: locations when a problem is reported, the duplicate-key scan only
 * when a cheap key count says the parsed value lost keys.
 */
export function parseJsonSource(file: string, rawText: string): SourceFile {
  // A byte-order mark is not JSON; a space keeps every offset where it was.
  const text = rawText.charCodeAt(0) === 0xfeff ? ' ' + rawText.slice(1) : rawText;
  const lines = new LineIndex(rawText);
  // Stryker disable next-line BooleanLiteral: with no key written twice, the last match of a key is its only one
  let hasDuplicates = false;
  const toRange = (found: Located, at: 'key' | 'value' | undefined) => {
    const [start, end] = at === 'key' && found.exact && found.key ? found.key : found.value;
    return lines.range(start, end);
  };

  const source: SourceFile = {
    file,
    text: rawText,
    format: 'json',
    value: undefined,
    findings: [],
    rangeOf: (start, end) => lines.range(start, end),
    locate(pointer, at) {
      if (source.value === undefined) return lines.range(0, 0);
      return toRange(locateInJson(text, parsePointer(pointer), hasDuplicates), at);
    },
    locateAll(requests) {
      if (source.value === undefined) return requests.map(() => lines.range(0, 0));
      const found = locateAllInJson(
        text,
        requests.map((r) => parsePointer(r.pointer)),
      );
      return requests.map((r, i) => toRange(found[i], r.at));
    },
  };

  try {
    source.value = JSON.parse(text);
  } catch (error) {
    source.findings = syntaxFindings(text, error);
    return source;
  }
  if (countKeysInText(text) !== countKeysInValue(source.value)) {
    // A key the value lost was written twice: a pointer then names its last occurrence, as JSON.parse keeps.
    source.findings = duplicateKeyFindings(text, lines);
    hasDuplicates = true;
  }
  return source;
}

/** jsonc-parser is needed only for a syntax error or a duplicate key: loaded then. */
const jsonc = lazy<typeof JsoncParser>('jsonc-parser');

/** By jsonc-parser's error name (printParseErrorCode). */
const syntaxMessages: Readonly<Record<string, string>> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'malformed number',
  PropertyNameExpected: 'a property name in double quotes is expected here (is there a trailing comma before it?)',
  ValueExpected: 'a value is expected here',
  ColonExpected: 'a colon is expected after the property name',
  CommaExpected: 'a comma is expected here',
  CloseBraceExpected: 'a closing `}` is expected here',
  CloseBracketExpected: 'a closing `]` is expected here',
  EndOfFileExpected: 'unexpected text after the end of the JSON value',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'unterminated comment',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'unterminated number',
  InvalidUnicode: 'invalid unicode escape',
  InvalidEscapeCharacter: 'invalid escape character in string',
  InvalidCharacter: 'invalid character in string (control characters must be escaped)',
};

/** At most this many syntax errors per file: after the first few, they are echoes of it. */
const MAX_SYNTAX_ERRORS = 5;

function syntaxFindings(text: string, error: unknown): Finding[] {
  const errors: JsoncParser.ParseError[] = [];
  try {
    jsonc().parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  } catch (scanError) {
    // The tolerant parser recurses per level: on thousands of levels, fall back to JSON.parse's own words.
    if (!(scanError instanceof RangeError)) throw scanError;
    errors.length = 0;
  }
  const findings: Finding[] = [];
  let lastEnd = -1;
  for (const e of errors) {
    // An error right where the previous one ended is an echo of it, not a second mistake.
    if (e.offset <= lastEnd) continue;
    lastEnd = e.offset + Math.max(1, e.length);
    findings.push({
      code: 'parse-error',
      // Stryker disable next-line StringLiteral: every error jsonc-parser names has its words above (test/source/json-findings.test.ts); the fallback is for a name a later version adds
      message: `JSON syntax error: ${syntaxMessages[jsonc().printParseErrorCode(e.error)] ?? 'unexpected input'}.`,
      pointer: '',
      span: [e.offset, lastEnd],
    });
    if (findings.length === MAX_SYNTAX_ERRORS) break;
  }
  if (findings.length > 0) return findings;
  // JSON.parse refused something the tolerant scanner let through: use its own words.
  const message = error instanceof Error ? error.message : String(error);
  const position = /position (\d+)/.exec(message);
  const offset = position ? Number(position[1]) : 0;
  return [{ code: 'parse-error', message: `JSON syntax error: ${message}.`, pointer: '', span: [offset, offset + 1] }];
}

/** A quote, then whitespace, then a colon: a key written `"key" :`. */
const SPACE_BEFORE_COLON = /"\s+:/;
/** An opening quote followed by a colon: a string that starts with `:`. */
const STRING_STARTING_WITH_COLON = /[:,[{]\s*":/;

/** How many `"key":` tokens the text has: one pass over string boundaries. */
export function countKeysInText(text: string): number {
  // The common case: every key written `"key":`, no string that starts with `:`, none holding `\":`.
  // Then each `":` in the text ends a key, and the native searches below count them without
  // walking the text's every string (a tenth of the calls on a site of 50,000 pages).
  // Stryker disable next-line StringLiteral,ConditionalExpression,BlockStatement: the condition only picks the quicker of two exact counts, held equal by test/source/json.test.ts
  if (!text.includes('\\":') && !SPACE_BEFORE_COLON.test(text) && !STRING_STARTING_WITH_COLON.test(text)) {
    let keys = 0;
    for (let at = text.indexOf('":'); at !== -1; at = text.indexOf('":', at + 2)) keys++;
    return keys;
  }
  return countKeysByStrings(text);
}

/** The same, walking every string of the text: for any text. */
export function countKeysByStrings(text: string): number {
  let count = 0;
  let quote = text.indexOf('"');
  while (quote !== -1) {
    let end = quote;
    for (;;) {
      end = text.indexOf('"', end + 1);
      if (end === -1) return count;
      let escaped = false;
      for (let k = end - 1; text.charCodeAt(k) === 92; k--) escaped = !escaped;
      if (!escaped) break;
    }
    let next = end + 1;
    let c = text.charCodeAt(next);
    while (c === 32 || c === 10 || c === 13 || c === 9) c = text.charCodeAt(++next);
    if (c === 58) count++;
    quote = text.indexOf('"', next);
  }
  return count;
}

/** How many keys the parsed value has, over all its objects. */
export function countKeysInValue(value: unknown): number {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null) continue;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const item: unknown = v[i];
        if (typeof item === 'object' && item !== null) stack.push(item);
      }
    } else {
      for (const key in v) {
        count++;
        const item = (v as Record<string, unknown>)[key];
        if (typeof item === 'object' && item !== null) stack.push(item);
      }
    }
  }
  return count;
}

/** Where the scan is: an object (the keys seen so far) or an array (the index reached). */
type Frame = ({ keys: Map<string, number>; key: string; expectKey: boolean } | { index: number }) & {
  /** The container's own pointer, built from its parent's: one step per container, whatever the depth. */
  pointer: string;
};

const TOKEN = /["{}[\],]/g;

/** The pointer of a container that opens inside `parent` (at its current key or index). */
function framePointer(parent: Frame | undefined): string {
  if (!parent) return '';
  return childPointer(parent.pointer, 'keys' in parent ? parent.key : parent.index);
}

/**
 * Every key written a second time in its object. One iterative scan of text that is known
 * to parse (so nesting depth cannot overflow the stack), run only when a key count says
 * some key was lost.
 */
function duplicateKeyFindings(text: string, lines: LineIndex): Finding[] {
  const findings: Finding[] = [];
  const stack: Frame[] = [];
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(text); match; match = TOKEN.exec(text)) {
    const at = match.index;
    const top = stack[stack.length - 1];
    switch (text.charCodeAt(at)) {
      case 34 /* " */: {
        const end = skipString(text, at);
        TOKEN.lastIndex = end;
        if (!top || !('keys' in top) || !top.expectKey) break;
        const name = keyText(text, at, end);
        top.expectKey = false;
        top.key = name;
        const first = top.keys.get(name);
        if (first === undefined) {
          top.keys.set(name, at);
          break;
        }
        findings.push({
          code: 'duplicate-key',
          message: `\`${name}\` is written twice in this object (first on line ${lines.position(first).line}); only this last value is used.`,
          pointer: childPointer(top.pointer, name),
          at: 'key',
          span: [at, end],
        });
        break;
      }
      case 123 /* { */:
        stack.push({ keys: new Map(), key: '', expectKey: true, pointer: framePointer(top) });
        break;
      case 91 /* [ */:
        stack.push({ index: 0, pointer: framePointer(top) });
        break;
      case 125 /* } */:
      case 93 /* ] */:
        stack.pop();
        break;
      default:
        /* , */ if (top && 'keys' in top) top.expectKey = true;
        else if (top) top.index++;
    }
  }
  return findings;
}
