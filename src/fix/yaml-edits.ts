import type * as Yaml from 'yaml';
import type { Node, Pair, Scalar, YAMLMap, YAMLSeq } from 'yaml';
import { lazy } from '../lazy.js';
import { parsePointer } from '../source/pointer.js';
import type { FixIntent } from './types.js';
import type { TextEdit } from '../text-edit.js';

const yaml = lazy<typeof Yaml>('yaml');

/** Where a pointer ends in a YAML document: the collection holding it, and the pair or item. */
interface Place {
  parent: YAMLMap | YAMLSeq;
  /** The pair (in a map) or the item node (in a sequence). */
  member: Pair | Node;
  key?: Scalar;
  value: Node | null;
}

/**
 * Turns fix intents into text edits on YAML text: a key or scalar is rewritten in its own
 * quoting style, a member is removed with its whole line, so comments, indentation and key
 * order stay as written. Anything unusual (block scalars, a member sharing its line) gets no edit.
 */
export function yamlEdits(text: string, intents: readonly FixIntent[]): Array<TextEdit | undefined> {
  const { parseDocument } = yaml();
  const doc = parseDocument(text, { uniqueKeys: false });
  if (doc.errors.length > 0) return intents.map(() => undefined);
  const layouts = new WeakMap<YAMLMap | YAMLSeq, Layout>();
  return intents.map((intent) => {
    const place = placeOf(doc.contents, parsePointer(intent.pointer));
    if (!place) return undefined;
    if (intent.kind === 'rename-key') return place.key ? rewriteScalar(text, place.key, intent.key) : undefined;
    if (intent.kind === 'replace-value') return isScalar(place.value) ? rewriteScalar(text, place.value, intent.value) : undefined;
    let layout = layouts.get(place.parent);
    // Stryker disable next-line ConditionalExpression: a cache; a collection's layout worked out again is the same.
    if (!layout) layouts.set(place.parent, (layout = layoutOf(place.parent)));
    return removal(text, place, layout);
  });
}

/** A test for the pair of a map with this key (a scalar spelling it): the YAML edits' and the redirect edits' lookup. */
export function keyed(key: string): (pair: unknown) => boolean {
  const { isPair } = yaml();
  return (pair) => isPair(pair) && isScalar(pair.key) && String(pair.key.value) === key;
}

function isScalar(node: unknown): node is Scalar {
  return yaml().isScalar(node);
}

function placeOf(root: Node | null, segments: readonly string[]): Place | undefined {
  const { isMap, isSeq } = yaml();
  let node: Node | null = root;
  let place: Place | undefined;
  for (const segment of segments) {
    place = undefined;
    if (isMap(node)) {
      // The last pair with this key, as the parser's value keeps the last one.
      const pair = node.items.findLast(keyed(segment)) as Pair<Scalar, unknown> | undefined;
      if (pair) place = { parent: node, member: pair, key: pair.key, value: (pair.value as Node | null) ?? null };
    } else if (isSeq(node) && /^(0|[1-9]\d*)$/.test(segment)) {
      const item = node.items[Number(segment)] as Node | undefined;
      // Stryker disable next-line ConditionalExpression: an index past the end would be a place with no node, which no intent edits either.
      if (item) place = { parent: node, member: item, value: item };
    }
    if (!place) return undefined;
    node = place.value;
  }
  return place;
}

/** A scalar rewritten in the same style: plain stays plain when it reads back the same, quotes stay quotes. */
function rewriteScalar(text: string, scalar: Scalar, value: string): TextEdit | undefined {
  // Every node of a parsed document has its range.
  const range = scalar.range!;
  let written: string;
  switch (scalar.type) {
    case 'PLAIN':
      written = isPlainSafe(value) ? value : JSON.stringify(value);
      break;
    case 'QUOTE_DOUBLE':
      written = JSON.stringify(value);
      break;
    case 'QUOTE_SINGLE':
      written = `'${value.replace(/'/g, "''")}'`;
      break;
    default:
      return undefined; // block scalars: rare here, and easy to get wrong
  }
  return { start: range[0], end: range[1], text: written };
}

/** True when `value` written plain (also inside a flow collection) reads back as this same string. */
function isPlainSafe(value: string): boolean {
  // The empty string is no exception: it reads back as null.
  if (/[,[\]{}#:"'&*!|>%@`]/.test(value) || value.trim() !== value || /^[-?]/.test(value)) return false;
  try {
    return yaml().parse(value) === value;
    // Stryker disable next-line BlockStatement: an empty catch returns undefined, as falsy here as false.
  } catch {
    return false;
  }
}

/**
 * The offset where the line holding `offset` starts. Only LF ends a line, as the YAML parser reads
 * it (CRLF ends with one; a lone CR, as in a comment, is no line break to it).
 */
export function lineStart(text: string, offset: number): number {
  let i = offset;
  while (i > 0 && text.charCodeAt(i - 1) !== 10) i--;
  return i;
}

/** The offset just after the line break that ends the line holding `offset` (or the end of the text). */
function nextLineStart(text: string, offset: number): number {
  const lf = text.indexOf('\n', offset);
  return lf === -1 ? text.length : lf + 1;
}

/** A member's text: a pair from its key to its value (a pair with no value, `? key`, is its key), an item its node. Every node of a parsed document has its range. */
function rangeOfMember(member: Pair | Node): [number, number] {
  if (yaml().isPair(member)) {
    const key = (member.key as Node).range!;
    return [key[0], ((member.value as Node | null)?.range ?? key)[1]];
  }
  return [member.range![0], member.range![1]];
}

/** A collection's members' text ranges, and each member's index: worked out once per collection. */
interface Layout {
  ranges: Array<[number, number]>;
  indexOf: Map<unknown, number>;
}

function layoutOf(parent: YAMLMap | YAMLSeq): Layout {
  const members = parent.items as Array<Pair | Node>;
  return { ranges: members.map(rangeOfMember), indexOf: new Map(members.map((member, index) => [member, index])) };
}

function removal(text: string, place: Place, { ranges, indexOf }: Layout): TextEdit | undefined {
  const index = indexOf.get(place.member)!;
  const own = ranges[index];
  if (ranges.length === 1) return undefined; // would leave an empty value (null), not an empty collection
  if (place.parent.flow) {
    // `[a, b, a]`, `{group: A, expanded: true}`: as in JSON, take the comma with it.
    if (index > 0) return { start: ranges[index - 1][1], end: own[1], text: '' };
    return { start: own[0], end: ranges[1][0], text: '' };
  }
  const start = lineStart(text, own[0]);
  const before = text.slice(start, own[0]);
  const isMapMember = yaml().isPair(place.member);
  // The member has its line(s) to itself (`  expanded: true  # note`, `  - page`): drop them whole.
  // Not an item whose dash is on a line before it (`-` then `    page`): that would leave the dash, a null item.
  if (isMapMember ? /^[ \t]*$/.test(before) : /^[ \t]*-[ \t]+$/.test(before)) {
    // A block collection's range already ends after its line break.
    const end = text.charCodeAt(own[1] - 1) === 10 ? own[1] : nextLineStart(text, own[1]);
    const next = ranges[index + 1];
    // Stryker disable next-line ConditionalExpression: a guard; no block member starts on the line another ends on (a fuzz of 300 000 parsed documents found none).
    if (next && next[0] < end) return undefined;
    return { start, end, text: '' };
  }
  // `- expanded: true` then `  group: A`: the next key moves up after the dash (a pair: an item after its dash is dropped above).
  if (!/^[ \t]*-[ \t]+$/.test(before)) return undefined;
  // Stryker disable next-line ConditionalExpression: a guard; only a map's first pair can follow the dash on its line.
  return index === 0 ? { start: own[0], end: ranges[1][0], text: '' } : undefined;
}
