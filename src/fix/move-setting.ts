import { locateInJson, skipSpace, skipValue } from '../source/json-locate.js';
import { removal } from './json-edits.js';
import type { TextEdit } from '../text-edit.js';

/**
 * A top-level setting written inside `navigation` (`"navigation": { "interaction": {…}, … }`),
 * moved out beside it: the member is removed from `navigation` (with its comma) and the same text
 * inserted before the `navigation` key, its later lines indented as the key's line is. Nothing
 * else in the file changes. `keySpan`: the offsets of the member's key, as the problem located
 * it. Undefined when the text is not what that says (or `navigation` is not in this text).
 */
export function moveSettingOutOfNavigation(text: string, keySpan: readonly [number, number]): TextEdit[] | undefined {
  const [keyStart, keyEnd] = keySpan;
  const colon = skipSpace(text, keyEnd);
  if (text.charCodeAt(keyStart) !== 34 /* " */ || text.charCodeAt(colon) !== 58 /* : */) return undefined;
  const valueEnd = skipValue(text, skipSpace(text, colon + 1));
  const navigation = locateInJson(text, ['navigation'], true);
  if (!navigation.exact || !navigation.key || keyStart < navigation.value[0] || valueEnd > navigation.value[1]) return undefined;
  const removed = removal(text, keyStart, valueEnd);
  if (!removed) return undefined;
  const at = navigation.key[0];
  const indent = indentOf(text, at);
  const memberIndent = indentOf(text, keyStart);
  // The member's own later lines, one level less deep: their indentation minus the difference.
  const shift = memberIndent !== undefined && indent !== undefined && memberIndent.startsWith(indent) ? memberIndent.length - indent.length : 0;
  const member = text
    .slice(keyStart, valueEnd)
    .split('\n')
    .map((line, i) => (i > 0 && shift > 0 && /^[ \t]*$/.test(line.slice(0, shift)) ? line.slice(shift) : line))
    .join('\n');
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  const separator = indent === undefined ? ', ' : `,${newline}${indent}`;
  return [{ start: at, end: at, text: member.replace(/\r?\n/g, newline) + separator }, removed];
}

/** The whitespace from the start of `offset`'s line to it, when only whitespace is there. */
function indentOf(text: string, offset: number): string | undefined {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const before = text.slice(lineStart, offset);
  return /^[ \t]*$/.test(before) ? before : undefined;
}
