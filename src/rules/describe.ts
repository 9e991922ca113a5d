import { ELEMENTS, elementNoun, NAME_FIELD } from '../navigation/model.js';
import type { ElementNode } from '../navigation/walk.js';

/** `the tab "Guides"`, `a group`, `an anchor`, for messages (words from the element model). */
export function describeElement(node: ElementNode): string {
  const field = NAME_FIELD[node.kind];
  const name = field ? node.value[field] : undefined;
  if (typeof name === 'string' && name !== '') return `the ${ELEMENTS[node.kind].noun} "${name}"`;
  return elementNoun(node.kind);
}
