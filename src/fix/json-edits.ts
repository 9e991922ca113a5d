import { keyText, locateAllInJson, skipSpace, skipString, skipValue, type Located } from '../source/json-locate.js';
import { parsePointer } from '../source/pointer.js';
import type { FixIntent, TextEdit } from './types.js';

/** A member of a JSON object (with its key) or an entry of an array: [start, end) offsets. */
interface Member {
  key?: string;
  start: number;
  end: number;
}

/**
 * Turns fix intents into text edits on JSON text that parses: only the key or value in question
 * is rewritten, so indentation, line breaks (CRLF too) and key order stay as written. All
 * pointers are located in one pass over the text; each container's members are listed once.
 */
export function jsonEdits(rawText: string, intents: readonly FixIntent[]): Array<TextEdit | undefined> {
  // A byte-order mark is not JSON whitespace to the scanner; a space keeps every offset where it was.
  const text = rawText.charCodeAt(0) === 0xfeff ? ' ' + rawText.slice(1) : rawText;
  const pointers: string[][] = [];
  for (const intent of intents) {
    const segments = parsePointer(intent.pointer);
    pointers.push(segments);
    if (intent.kind === 'remove') pointers.push(segments.slice(0, -1));
  }
  let located: Located[];
  try {
    located = locateAllInJson(text, pointers);
  } catch (error) {
    // Thousands of levels deep: the one-pass walk recurses. No fix is better than a slow one.
    if (error instanceof RangeError) return intents.map(() => undefined);
    throw error;
  }
  const membersByContainer = new Map<number, Members>();
  let next = 0;
  return intents.map((intent) => {
    const found = located[next++];
    if (intent.kind === 'rename-key') {
      if (!found.exact || !found.key) return undefined;
      return { start: found.key[0], end: found.key[1], text: JSON.stringify(intent.key) };
    }
    if (intent.kind === 'replace-value') {
      if (!found.exact || text.charCodeAt(found.value[0]) !== 34 /* " */) return undefined;
      return { start: found.value[0], end: found.value[1], text: JSON.stringify(intent.value) };
    }
    const container = located[next++];
    if (!found.exact || !container.exact) return undefined;
    const start = container.value[0];
    let members = membersByContainer.get(start);
    if (!members) membersByContainer.set(start, (members = membersOf(text, start)));
    return removal(members, found.value, container.value);
  });
}

/** A container's members in order, and each one's index by where its value ends (the last one for a duplicated key). */
interface Members {
  list: Member[];
  byEnd: Map<number, number>;
}

/** The members of the object or array that starts at `start`. */
function membersOf(text: string, start: number): Members {
  const members: Member[] = [];
  const isObject = text.charCodeAt(start) === 123; /* { */
  let pos = skipSpace(text, start + 1);
  while (pos < text.length) {
    const c = text.charCodeAt(pos);
    if (c === 125 || c === 93) break;
    let key: string | undefined;
    const memberStart = pos;
    if (isObject) {
      if (c !== 34) break;
      const keyEnd = skipString(text, pos);
      key = keyText(text, pos, keyEnd);
      pos = skipSpace(text, skipSpace(text, keyEnd) + 1);
    }
    const end = skipValue(text, pos);
    members.push({ key, start: memberStart, end });
    pos = skipSpace(text, end);
    if (text.charCodeAt(pos) !== 44 /* , */) break;
    pos = skipSpace(text, pos + 1);
  }
  return { list: members, byEnd: new Map(members.map((member, index) => [member.end, index])) };
}

/**
 * Removes one member with its comma: from the end of the previous member (`, "x": 1`), or for
 * the first one up to the next member; the only member leaves `{}`/`[]`.
 */
function removal({ list: members, byEnd }: Members, value: readonly [number, number], container: readonly [number, number]): TextEdit | undefined {
  // The member whose value ends where the located value ends.
  const index = byEnd.get(value[1]);
  if (index === undefined) return undefined;
  if (members.length === 1) return { start: container[0] + 1, end: container[1] - 1, text: '' };
  if (index > 0) return { start: members[index - 1].end, end: members[index].end, text: '' };
  return { start: members[0].start, end: members[1].start, text: '' };
}
