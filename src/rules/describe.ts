import { NAME_FIELD, type ElementKind } from '../navigation/model.js';
import type { ElementNode } from '../navigation/walk.js';

const KIND_WORDS: Readonly<Record<ElementKind, string>> = {
  navigation: '`navigation`',
  group: 'group',
  tab: 'tab',
  anchor: 'anchor',
  dropdown: 'dropdown',
  product: 'product',
  version: 'version',
  language: 'language',
  item: 'menu item',
  global: '`global`',
  'global-item': 'global entry',
};

/** `the tab "Guides"`, `a group`, `an anchor`, for messages. */
export function describeElement(node: ElementNode): string {
  const word = KIND_WORDS[node.kind];
  const field = NAME_FIELD[node.kind];
  const name = field ? node.value[field] : undefined;
  if (typeof name === 'string' && name !== '') return `the ${word} "${name}"`;
  if (word.startsWith('`')) return word;
  return `${/^[aeiou]/.test(word) ? 'an' : 'a'} ${word}`;
}
