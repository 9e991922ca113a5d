import { parseEntry, type PageEntry } from './entries.js';
import { CHILD_KEYS, ELEMENT_OF_KEY, isPlainObject, type ChildKey, type ElementKind } from './model.js';
import { escapeSegment } from '../source/pointer.js';
import { openapiSources } from './openapi.js';

/** Where a node is: a chain of keys, turned into a JSON pointer only when a problem needs it. */
export interface Path {
  readonly parent: Path | undefined;
  readonly key: string | number;
}

export function pointerOf(path: Path, ...more: Array<string | number>): string {
  const segments: Array<string | number> = [];
  for (let p: Path | undefined = path; p; p = p.parent) segments.push(p.key);
  let out = '';
  for (let i = segments.length - 1; i >= 0; i--) out += '/' + escapeSegment(segments[i]);
  for (const key of more) out += '/' + escapeSegment(key);
  return out;
}

/** The `openapi` value that applies to an element: its own or the nearest one above it. */
export interface OpenapiScope {
  value: unknown;
  owner: ElementNode;
}

/** An object in `navigation`: the root, a group, a tab, …, `global` or one of its entries. */
export interface ElementNode {
  kind: ElementKind;
  value: Record<string, unknown>;
  path: Path;
  parent: ElementNode | undefined;
  /** The key of the parent that holds this element (`tabs`, `pages`, `menu`, `anchors`, …). */
  parentKey: string | undefined;
  /** For groups: how many groups are above it (0 = a top-level group). */
  groupDepth: number;
  openapi: OpenapiScope | undefined;
  /** The nearest version or language above (or the root): the section pages are counted in. */
  section: ElementNode;
}

/** A string in a `pages` array. */
export interface PageNode {
  value: string;
  entry: PageEntry;
  path: Path;
  /** The element whose `pages` hold it. */
  parent: ElementNode;
}

export interface NavigationVisitor {
  /** Called for each element before its children. */
  element?(node: ElementNode): void;
  /** Called for each string in a `pages` array. */
  page?(node: PageNode): void;
  /** Called for each element after all of its children. */
  leave?(node: ElementNode): void;
}

/** Marks, on the walk's stack, the point where an element's children are done. */
interface Leave {
  leave: ElementNode;
}

const CHILD_KEY_SET: ReadonlySet<string> = new Set(CHILD_KEYS);

/**
 * Visits every element and page of `docs.navigation` once, in document order, calling every
 * visitor at each node: one walk for all rules. Iterative, so nesting depth cannot overflow
 * the stack; values of the wrong type are skipped (the schema reports them).
 */
export function walkNavigation(docs: unknown, visitors: readonly NavigationVisitor[]): void {
  if (!isPlainObject(docs) || !isPlainObject(docs.navigation)) return;
  const elementVisitors = visitors.filter((v) => v.element);
  const pageVisitors = visitors.filter((v) => v.page);
  const leaveVisitors = visitors.filter((v) => v.leave);
  const rootPath: Path = { parent: undefined, key: 'navigation' };
  const root = makeElement('navigation', docs.navigation, rootPath, undefined, undefined);
  const stack: Array<ElementNode | PageNode | Leave> = [root];
  const children: Array<ElementNode | PageNode> = [];

  while (stack.length > 0) {
    const node = stack.pop()!;
    if ('leave' in node) {
      for (const v of leaveVisitors) v.leave!(node.leave);
      continue;
    }
    if (!('kind' in node)) {
      for (const v of pageVisitors) v.page!(node);
      continue;
    }
    for (const v of elementVisitors) v.element!(node);
    if (leaveVisitors.length > 0) stack.push({ leave: node });
    if (node.kind === 'global-item') continue;
    children.length = 0;
    for (const key in node.value) {
      const child = node.value[key];
      if (key === 'global' && (node.kind === 'navigation' || node.kind === 'version' || node.kind === 'language')) {
        if (isPlainObject(child)) children.push(makeElement('global', child, { parent: node.path, key }, node, key));
        continue;
      }
      if (!Array.isArray(child)) continue;
      if (node.kind === 'global') {
        const arrayPath: Path = { parent: node.path, key };
        for (let i = 0; i < child.length; i++) {
          if (isPlainObject(child[i])) children.push(makeElement('global-item', child[i] as Record<string, unknown>, { parent: arrayPath, key: i }, node, key));
        }
        continue;
      }
      if (!CHILD_KEY_SET.has(key)) continue;
      const kind = ELEMENT_OF_KEY[key as ChildKey];
      const arrayPath: Path = { parent: node.path, key };
      for (let i = 0; i < child.length; i++) {
        const item = child[i];
        if (typeof item === 'string' && key === 'pages') {
          children.push({ value: item, entry: parseEntry(item), path: { parent: arrayPath, key: i }, parent: node });
        } else if (isPlainObject(item)) {
          children.push(makeElement(kind, item, { parent: arrayPath, key: i }, node, key));
        }
      }
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
}

function makeElement(
  kind: ElementKind,
  value: Record<string, unknown>,
  path: Path,
  parent: ElementNode | undefined,
  parentKey: string | undefined,
): ElementNode {
  const node: ElementNode = {
    kind,
    value,
    path,
    parent,
    parentKey,
    groupDepth: kind === 'group' && parent?.kind === 'group' ? parent.groupDepth + 1 : 0,
    openapi: parent?.openapi,
    section: undefined as unknown as ElementNode,
  };
  // Only a value that names a spec starts a scope (`openapi: []` or `{}` is the schema's to report).
  if (value.openapi !== undefined && kind !== 'global' && kind !== 'global-item' && openapiSources(value.openapi).length > 0) {
    node.openapi = { value: value.openapi, owner: node };
  }
  node.section = !parent || kind === 'version' || kind === 'language' ? node : parent.section;
  return node;
}
