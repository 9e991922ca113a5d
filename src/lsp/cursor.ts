/**
 * Where a cursor is in a docs file, as the editor features need it: the keys from the document
 * root down to what is under the cursor, whether a key or a value is being written there, and
 * the document's value read tolerantly (a file being typed is rarely valid). JSON through
 * jsonc-parser's error-tolerant scanner, YAML through the `yaml` package's document model.
 */
import { findNodeAtLocation, getLocation, getNodeValue, parseTree, type Node as JsonNode } from 'jsonc-parser';
import { isMap, isScalar, isSeq, parseDocument, type Node as YamlNode } from 'yaml';
import { isPlainObject } from '../navigation/model.js';
import type { SourceFormat } from '../source/types.js';

export type Segment = string | number;

export interface Cursor {
  /**
   * `key`: a key of the object at `path.slice(0, -1)` is being written (`path`'s last segment
   * is what is there so far); `value`: the value at `path`.
   */
  at: 'key' | 'value';
  path: Segment[];
  /** The text the cursor is in: [start, end) offsets of the string or word to replace (empty at a new one). */
  span: [number, number];
  /** JSON: the span is a quoted string (its quotes included). */
  quoted: boolean;
  /** The value of the object or array holding the cursor, read tolerantly. */
  container: unknown;
  /** The whole document's value, read tolerantly (for what applies from above: `openapi`). */
  document: unknown;
}

export function cursorAt(text: string, format: SourceFormat, offset: number): Cursor | undefined {
  return format === 'yaml' ? yamlCursor(text, offset) : jsonCursor(text, offset);
}

function jsonCursor(text: string, offset: number): Cursor | undefined {
  const location = getLocation(text, offset);
  // Stryker disable next-line ArrayDeclaration,ObjectLiteral,BooleanLiteral: the errors are not read, and jsonc-parser builds the same tree past a trailing comma with the option or without it (the option only leaves the error out).
  const tree = parseTree(text, [], { allowTrailingComma: true });
  if (!tree) return undefined;
  const path = [...location.path];
  const node = location.previousNode;
  // A string value, or a key in quotes (jsonc-parser's `property` node): either is replaced whole, quotes included.
  // (getLocation keeps a node as previousNode only when the offset is at or past its start.)
  const onString = node !== undefined && (node.type === 'string' || node.type === 'property') && offset <= node.offset + node.length;
  const span: [number, number] = onString ? [node.offset, node.offset + node.length] : wordAround(text, offset);
  // A key being written, or a value: either way what holds it is one level up.
  const container = valueAt(tree, path.slice(0, -1));
  return {
    at: location.isAtPropertyKey ? 'key' : 'value',
    path,
    span,
    quoted: onString,
    container,
    document: getNodeValue(tree),
  };
}

function valueAt(tree: JsonNode, path: Segment[]): unknown {
  const node = findNodeAtLocation(tree, path); // the root itself for an empty path
  return node ? getNodeValue(node) : undefined;
}

/** Unquoted letters typed at the cursor (JSON without a quote yet): replaced by the completion. */
function wordAround(text: string, offset: number): [number, number] {
  let start = offset;
  while (start > 0 && /[\w/.-]/.test(text[start - 1])) start--;
  return [start, offset];
}

function yamlCursor(text: string, offset: number): Cursor | undefined {
  const doc = parseDocument(text);
  const document = valueOf(doc);
  const path: Segment[] = [];
  let node: unknown = doc.contents;
  let container: unknown = document;
  // Stryker disable next-line EqualityOperator,UpdateOperator: a guard only: each step goes one node down and returns at the first that is no map or list; the yaml package gives out long before 10,000 levels (out of memory on 10,000 nested flow lists).
  for (let depth = 0; depth < 10_000; depth++) {
    if (isMap(node)) {
      let next: { key: string; value: YamlNode | null } | undefined;
      for (const pair of node.items) {
        const key = pair.key as YamlNode | null;
        if (!isScalar(key) || !key.range) continue;
        const keyName = String(key.value);
        if (offset >= key.range[0] && offset <= key.range[1]) {
          const lineEnd = text.indexOf('\n', key.range[0]);
          if (lineEnd === -1 || lineEnd >= key.range[1]) {
            return { at: 'key', path: [...path, keyName], span: [key.range[0], key.range[1]], quoted: false, container, document };
          }
          // A word typed above a key (`ic` over `groups:`) reads as one key over two lines: the
          // word is what is being typed; the rest is the key that was there.
          const typed = text.slice(key.range[0], lineEnd).trim();
          const rest = keyName.slice(keyName.indexOf(' ') + 1);
          const holder = isPlainObject(container) ? { ...container, [rest]: container[keyName] } : {};
          delete holder[keyName];
          return { at: 'key', path: [...path, typed], span: [key.range[0], lineEnd], quoted: false, container: holder, document };
        }
        const value = pair.value as YamlNode | null;
        if (value?.range && offset >= value.range[0] && offset <= value.range[1]) next = { key: keyName, value };
        // Stryker disable next-line EqualityOperator: a cursor at the key's end is on the key, answered above.
        else if (!value && offset > key.range[1] && sameLine(text, key.range[1], offset)) next = { key: keyName, value: null };
      }
      if (!next) return { at: 'key', path: [...path, ''], span: [offset, offset], quoted: false, container, document };
      path.push(next.key);
      container = child(container, next.key);
      // No value yet (null): a value at the cursor, below.
      node = next.value;
      continue;
    }
    if (isSeq(node)) {
      const index = node.items.findIndex((item) => {
        // Stryker disable next-line OptionalChaining: a parsed list's items are nodes (an empty one too, `- `), never null.
        const range = (item as YamlNode | null)?.range;
        return range != null && offset >= range[0] && offset <= range[1];
      });
      if (index < 0) return { at: 'value', path: [...path, node.items.length], span: [offset, offset], quoted: false, container, document };
      path.push(index);
      container = child(container, index);
      node = node.items[index];
      continue;
    }
    const range = isScalar(node) ? node.range : undefined;
    const span: [number, number] = range ? [range[0], range[1]] : [offset, offset];
    return { at: 'value', path, span, quoted: false, container: parentOf(document, path), document };
  }
  return undefined;
}

/** The document's value; undefined while it cannot be read (an alias to an anchor not written yet, too many aliases). */
function valueOf(doc: ReturnType<typeof parseDocument>): unknown {
  try {
    return doc.toJS(); // aliases capped at the library's default, 100
  } catch {
    // No value: undefined, below.
  }
  return undefined;
}

function sameLine(text: string, from: number, to: number): boolean {
  return !text.slice(from, to).includes('\n');
}

function child(value: unknown, key: Segment): unknown {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
}

/** The value holding the last segment of `path`. */
function parentOf(document: unknown, path: Segment[]): unknown {
  let value = document;
  for (const key of path.slice(0, -1)) value = child(value, key);
  return value;
}
