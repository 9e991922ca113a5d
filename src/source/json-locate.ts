/**
 * Finds where a JSON pointer's key or value is in JSON text that is known to parse, by
 * scanning from the start and skipping every sibling it passes: no tree is built, so
 * locating the few problems of a 50,000-page file costs a fraction of one parse.
 */
import { isArrayIndex } from './pointer.js';

/** [start, end) text offsets of the key and of the value a pointer names. */
export interface Located {
  key?: [number, number];
  value: [number, number];
  /** False when the pointer went further than the text: the range is its nearest ancestor's. */
  exact: boolean;
}

/**
 * @param lastKeyWins scan whole objects so a duplicated key resolves to its last occurrence,
 *   as `JSON.parse` does (only needed when the text has duplicate keys).
 */
export function locateInJson(text: string, segments: readonly string[], lastKeyWins: boolean): Located {
  let start = skipSpace(text, 0);
  let key: [number, number] | undefined;
  for (let depth = 0; depth < segments.length; depth++) {
    const segment = segments[depth];
    const c = text.charCodeAt(start);
    let found = -1;
    let foundKey: [number, number] | undefined;
    if (c === 123 /* { */) {
      let pos = skipSpace(text, start + 1);
      while (text.charCodeAt(pos) === 34 /* " */) {
        const keyEnd = skipString(text, pos);
        const valueStart = skipSpace(text, skipSpace(text, keyEnd) + 1);
        if (keyText(text, pos, keyEnd) === segment) {
          found = valueStart;
          foundKey = [pos, keyEnd];
          if (!lastKeyWins) break;
        }
        pos = skipSpace(text, skipValue(text, valueStart));
        // Stryker disable next-line ConditionalExpression: past the last member comes `}`, then never a `"` in JSON that parses.
        if (text.charCodeAt(pos) !== 44 /* , */) break;
        pos = skipSpace(text, pos + 1);
      }
    } else if (c === 91 /* [ */ && isArrayIndex(segment)) {
      let index = Number(segment);
      let pos = skipSpace(text, start + 1);
      if (text.charCodeAt(pos) !== 93 /* ] */) {
        while (index > 0) {
          pos = skipSpace(text, skipValue(text, pos));
          if (text.charCodeAt(pos) !== 44) break;
          pos = skipSpace(text, pos + 1);
          index--;
        }
        if (index === 0) found = pos;
      }
    }
    // Stryker disable next-line EqualityOperator: a member's value never starts at offset 0.
    if (found < 0) return { key, value: [start, skipValue(text, start)], exact: false };
    start = found;
    key = foundKey;
  }
  return { key, value: [start, skipValue(text, start)], exact: true };
}

/** The key a quoted JSON string spells (text offsets of its quotes). */
export function keyText(text: string, start: number, end: number): string {
  const raw = text.slice(start + 1, end - 1);
  // Stryker disable next-line StringLiteral: a fast path: JSON.parse spells a key without escapes as it is.
  return raw.includes('\\') ? (JSON.parse(text.slice(start, end)) as string) : raw;
}

export function skipSpace(text: string, pos: number): number {
  let c = text.charCodeAt(pos);
  while (c === 32 || c === 10 || c === 13 || c === 9) c = text.charCodeAt(++pos);
  return pos;
}

/** From an opening quote to just after the closing one. */
export function skipString(text: string, pos: number): number {
  let end = pos;
  for (;;) {
    end = text.indexOf('"', end + 1);
    // Stryker disable next-line ConditionalExpression: an unterminated string is not in JSON that parses.
    if (end === -1) return text.length;
    let backslashes = 0;
    // Stryker disable next-line UpdateOperator: counting down keeps the parity.
    for (let k = end - 1; text.charCodeAt(k) === 92; k--) backslashes++;
    if (backslashes % 2 === 0) return end + 1;
  }
}

/** From the first character of a value to just after it. */
export function skipValue(text: string, pos: number): number {
  const c = text.charCodeAt(pos);
  if (c === 34) return skipString(text, pos);
  if (c === 123 || c === 91) {
    // Strings are jumped over with indexOf; only the short gaps between them are read char by char.
    let depth = 0;
    let i = pos;
    for (;;) {
      const quote = text.indexOf('"', i);
      const stop = quote === -1 ? text.length : quote;
      // Stryker disable next-line EqualityOperator: the character at `stop` is a quote (or none), never a bracket.
      for (; i < stop; i++) {
        const d = text.charCodeAt(i);
        if (d === 123 || d === 91) depth++;
        else if ((d === 125 || d === 93) && --depth === 0) return i + 1;
      }
      // Stryker disable next-line ConditionalExpression: a container that does not close is not in JSON that parses.
      if (quote === -1) return text.length;
      i = skipString(text, quote);
    }
  }
  let i = pos;
  for (; i < text.length; i++) {
    const d = text.charCodeAt(i);
    if (d === 44 || d === 125 || d === 93 || d === 32 || d === 10 || d === 13 || d === 9) break;
  }
  return i;
}

interface Trie {
  children: Map<string, Trie>;
  /** Indexes of the requests whose pointer ends here. */
  targets: number[];
}

/**
 * Locates many pointers in one pass over the text: containers on no wanted path are skipped
 * whole, so the cost is one scan however many problems there are. A pointer that goes
 * further than the text gets its nearest existing ancestor's range (`exact: false`).
 */
export function locateAllInJson(text: string, pointers: ReadonlyArray<readonly string[]>): Located[] {
  const root: Trie = { children: new Map(), targets: [] };
  pointers.forEach((segments, index) => {
    let node = root;
    for (const segment of segments) {
      let child = node.children.get(segment);
      if (!child) node.children.set(segment, (child = { children: new Map(), targets: [] }));
      node = child;
    }
    node.targets.push(index);
  });
  // Stryker disable next-line ArrayDeclaration: every pointer gets its result, so the array grows to the same length.
  const results = new Array<Located>(pointers.length);
  visitAll(text, skipSpace(text, 0), root, results);
  return results;
}

/** A container being scanned for wanted paths: where the scan is, and which children were met. */
interface Frame {
  trie: Trie;
  start: number;
  key: [number, number] | undefined;
  isArray: boolean;
  /** The next character to read. */
  pos: number;
  index: number;
  seen: Set<Trie>;
}

/**
 * Visits the value at `rootStart`: containers on a wanted path are entered, any other value is
 * skipped whole. Iterative (an explicit stack of frames), so nesting depth cannot overflow
 * the call stack.
 */
function visitAll(text: string, rootStart: number, root: Trie, results: Located[]): void {
  const stack: Frame[] = [];
  /** Enters a value: a frame for a container with wanted children, or its result right away. Returns its end when done. */
  const enter = (trie: Trie, start: number, key: [number, number] | undefined): number | undefined => {
    const c = text.charCodeAt(start);
    // Stryker disable next-line EqualityOperator: entered, a container with no wanted child is skipped member by member to the same end.
    if (trie.children.size > 0 && (c === 123 /* { */ || c === 91) /* [ */) {
      stack.push({ trie, start, key, isArray: c === 91, pos: skipSpace(text, start + 1), index: 0, seen: new Set() });
      return undefined;
    }
    const end = skipValue(text, start);
    finish(trie, start, end, key, undefined, results);
    return end;
  };
  /** A member's value ended at `end`: the frame reads on after it. */
  const memberDone = (frame: Frame, end: number) => {
    frame.pos = skipSpace(text, end);
  };
  enter(root, rootStart, undefined);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    let pos = frame.pos;
    // A member read: a `,` comes next, or the end (JSON that parses has no `,` before the first member).
    if (text.charCodeAt(pos) === 44 /* , */) pos = skipSpace(text, pos + 1);
    // Stryker disable next-line EqualityOperator: the scan never passes the end of the text (this stops it there).
    const closed = frame.isArray ? text.charCodeAt(pos) === 93 /* ] */ || pos >= text.length : text.charCodeAt(pos) !== 34; /* " */
    if (closed) {
      // Stryker disable next-line ConditionalExpression: in JSON that parses, a container ends with its bracket.
      const end = text.charCodeAt(pos) === (frame.isArray ? 93 : 125) ? pos + 1 : pos;
      stack.pop();
      finish(frame.trie, frame.start, end, frame.key, frame.seen, results);
      if (stack.length > 0) memberDone(stack[stack.length - 1], end);
      continue;
    }
    let child: Trie | undefined;
    let childKey: [number, number] | undefined;
    let valueStart: number;
    if (frame.isArray) {
      child = frame.trie.children.get(String(frame.index++));
      valueStart = pos;
    } else {
      const keyEnd = skipString(text, pos);
      valueStart = skipSpace(text, skipSpace(text, keyEnd) + 1);
      child = frame.trie.children.get(keyText(text, pos, keyEnd));
      childKey = [pos, keyEnd];
    }
    if (!child) {
      memberDone(frame, skipValue(text, valueStart));
      continue;
    }
    frame.seen.add(child);
    const end = enter(child, valueStart, childKey);
    // Stryker disable next-line ConditionalExpression: a container entered sets this frame's place again when it closes.
    if (end !== undefined) memberDone(frame, end);
  }
}

/** A value's range is known: it is the result of the pointers ending here, and the nearest ancestor of wanted paths it lacks. */
function finish(trie: Trie, start: number, end: number, key: [number, number] | undefined, seen: Set<Trie> | undefined, results: Located[]): void {
  const here: Located = { key, value: [start, end], exact: true };
  for (const index of trie.targets) results[index] = here;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a fast path: with every child seen, none is marked missing.
  if ((seen?.size ?? 0) < trie.children.size) {
    for (const child of trie.children.values()) if (!seen?.has(child)) markMissing(child, start, end, results);
  }
}

function markMissing(trie: Trie, start: number, end: number, results: Located[]): void {
  const stack = [trie];
  while (stack.length > 0) {
    const node = stack.pop()!;
    for (const index of node.targets) results[index] = { value: [start, end], exact: false };
    for (const child of node.children.values()) stack.push(child);
  }
}
