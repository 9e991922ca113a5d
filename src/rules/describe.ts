import { childKind, ELEMENTS, elementNoun, NAME_FIELD, platformKeptChild } from '../navigation/model.js';
import { pointerOf, type ElementNode } from '../navigation/walk.js';

/** `the tab "Guides"`, `a group`, `an anchor`, for messages (words from the element model). */
export function describeElement(node: ElementNode): string {
  const field = NAME_FIELD[node.kind];
  const name = field ? node.value[field] : undefined;
  if (typeof name === 'string' && name !== '') return `the ${ELEMENTS[node.kind].noun} "${name}"`;
  return elementNoun(node.kind);
}

/**
 * What the platform does with an element holding several child arrays (`present`, as written), and
 * a fix for `first` beside `other` in a shape the platform keeps: loose pages into a group; else the
 * array of the pair it drops nested inside the entries of the one it keeps, where those entries hold
 * it; else the other way; else keep one. (A group holds only pages, and a `pages` entry is a page or
 * a group: neither takes other arrays, which the platform would strip without a word.)
 */
export function keptChildren(node: ElementNode, present: readonly string[], first: string, other: string, lostArrays?: ReadonlySet<string>): string {
  // An array lost to a malformed entry is never the one kept (its schema finding says so).
  const lost = lostArrays ? new Set(present.filter((key) => lostArrays.has(pointerOf(node.path, key)))) : undefined;
  // None kept: every array is empty (the schema says what the platform does with them).
  const kept = platformKeptChild(node.kind, node.value, lost) ?? first;
  const dropped = present.filter((key) => key !== kept).map((key) => `\`${key}\``);
  const said = `The platform keeps \`${kept}\` and silently drops ${dropped.join(' and ')} (no page of it is built).`;
  if ((first === 'groups' && other === 'pages') || (first === 'pages' && other === 'groups')) return `${said} Put the loose pages into a group.`;
  // Stryker disable next-line BooleanLiteral: equivalent: platformKeptChild reads which arrays are there, not their values.
  const pairKept = platformKeptChild(node.kind, { [first]: true, [other]: true })!;
  const pairDropped = pairKept === first ? other : first;
  const holds = (outer: string, inner: string): boolean => {
    // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent: read through the model, `pages` holds none of the arrays it is paired with (checked over every kind and pair).
    const kind = outer === 'pages' ? undefined : childKind(node.kind, outer);
    return kind !== undefined && childKind(kind, inner) !== undefined;
  };
  if (holds(pairKept, pairDropped)) return `${said} Nest the \`${pairDropped}\` inside the \`${pairKept}\` entries.`;
  // Stryker disable next-line ConditionalExpression: equivalent in today's model: of every pair the two rules ask about, one nests in the other (only `global`'s do not, and neither rule asks of `global`).
  if (holds(pairDropped, pairKept)) return `${said} Nest the \`${pairKept}\` inside the \`${pairDropped}\` entries.`;
  return `${said} Keep one of them.`;
}
