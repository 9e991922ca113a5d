/**
 * `invalid-character`: text no documentation site can store or serve, a NUL (U+0000) or a
 * UTF-16 surrogate without its other half. Neither can be typed; both come from escapes
 * (`"\u0000"`, `"\ud800"` in JSON; `"\0"`, `"\x00"` in YAML) or from binary bytes pasted into
 * a file. PostgreSQL refuses both, and a browser shows U+FFFD at best.
 */
import type { Finding, Range } from '../problem.js';
import { LineIndex } from './lines.js';

/** A NUL, or a surrogate without its other half. */
export const INVALID_CHARACTER = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Text that may hold one: the character itself, or an escape that can make one. */
const RISKY_TEXT = /\u0000|\\(?:u0000|u[dD][89a-fA-F]|0|x00|U00000000)|[\ud800-\udfff]/;

/** The first invalid character of `text` and where it is, or undefined. */
export function findInvalidCharacter(text: string): { index: number; character: string } | undefined {
  const match = INVALID_CHARACTER.exec(text);
  return match ? { index: match.index, character: match[0] } : undefined;
}

/** `a NUL character (U+0000)`, `an unpaired surrogate (U+D800)`. */
export function describeInvalidCharacter(character: string): string {
  const code = character.charCodeAt(0);
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return code === 0 ? `a NUL character (${hex})` : `an unpaired surrogate (${hex})`;
}

/**
 * Where in `text` (a file's source) an invalid character found in a value parsed from it was
 * written: the character itself when it is there, else the first escape that can make it, else
 * the start of the text. Lines and columns as every problem has them (1-based; any line break).
 */
export function locateInvalidCharacter(text: string, character: string): Range {
  const raw = text.indexOf(character);
  const offset = raw >= 0 ? raw : (/\\(?:u0000|u[dD][89a-fA-F][0-9a-fA-F]{2}|0|x00|U00000000)/.exec(text)?.index ?? 0);
  // An empty range covers one column: the character's.
  return new LineIndex(text).range(offset, offset);
}

/** Most findings of this kind per file: one bad paste can repeat a NUL thousands of times. */
const MAX_FINDINGS = 20;

/**
 * Every key and string value of a parsed document that holds an invalid character: its JSON
 * pointer, the character, and whether the key or the value holds it. Iterative; a consumer
 * that needs only the first stops the walk there.
 */
export function* invalidCharactersIn(value: unknown): Generator<{ pointer: string; character: string; at: 'key' | 'value' }> {
  const stack: Array<{ value: unknown; pointer: string }> = [{ value, pointer: '' }];
  while (stack.length > 0) {
    const { value: current, pointer } = stack.pop()!;
    if (typeof current === 'string') {
      const found = findInvalidCharacter(current);
      if (found) yield { pointer, character: found.character, at: 'value' };
    } else if (current !== null && typeof current === 'object') {
      // An array too: its entries are its indexes, in order, and no index holds an invalid character.
      const entries: Array<[string, unknown]> = Object.entries(current as Record<string, unknown>);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, child] = entries[index];
        const childPointer = `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
        const found = findInvalidCharacter(key);
        if (found) yield { pointer: childPointer, character: found.character, at: 'key' };
        stack.push({ value: child, pointer: childPointer });
      }
    }
  }
}

/** The keys and string values of a parsed file that hold an invalid character, as findings. */
export function invalidCharacterFindings(text: string, value: unknown): Finding[] {
  // Stryker disable next-line ConditionalExpression,LogicalOperator: a fast path: the walk finds nothing in a value whose text has no risky character or escape.
  if (value === undefined || !RISKY_TEXT.test(text)) return [];
  const findings: Finding[] = [];
  for (const found of invalidCharactersIn(value)) {
    findings.push(finding(found.pointer, found.character, found.at));
    if (findings.length >= MAX_FINDINGS) break;
  }
  return findings;
}

function finding(pointer: string, character: string, at: 'key' | 'value'): Finding {
  return {
    code: 'invalid-character',
    message: `This ${at} holds ${describeInvalidCharacter(character)}, which no documentation site can store or show: remove the escape (or the pasted bytes) that made it.`,
    pointer,
    at,
  };
}
