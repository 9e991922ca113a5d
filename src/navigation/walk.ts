import { isPlainPage, isTidyPage, pageIdentity, parseEntry, tidyPage, type PageEntry } from './entries.js';
import { childKind, ELEMENTS, isPlainObject, isSourceRef, PAGE_FIELDS, type ElementKind, type FieldName } from './model.js';
import { escapeSegment } from '../source/pointer.js';
import { groupDropsSpecValue, openapiSources } from './openapi.js';

/** Where a node is: a chain of keys, turned into a JSON pointer only when a problem needs it. */
export interface Path {
  readonly parent: Path | undefined;
  readonly key: string | number;
}

export function pointerOf(path: Path, ...more: Array<string | number>): string {
  let out = pathPointer(path);
  for (const key of more) out += '/' + escapeSegment(key);
  return out;
}

/** Each path's pointer, built from its parent's: a problem at every level of deep nesting costs one step each, not its depth. */
const pointers = new WeakMap<Path, string>();

function pathPointer(path: Path): string {
  const uncached: Path[] = [];
  let out = '';
  for (let p: Path | undefined = path; p; p = p.parent) {
    const known = pointers.get(p);
    if (known !== undefined) {
      out = known;
      break;
    }
    uncached.push(p);
  }
  for (let i = uncached.length - 1; i >= 0; i--) {
    out += '/' + escapeSegment(uncached[i].key);
    // Ancestors are shared and worth keeping; the path itself is usually a page's, made for this call.
    if (i > 0) pointers.set(uncached[i], out);
  }
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

/** A string in a `pages` array, or a page-valued field of an element (a group's `root`). */
export interface PageNode {
  readonly value: string;
  readonly entry: PageEntry;
  readonly path: Path;
  /** The element whose `pages` hold it (or whose field it is). */
  readonly parent: ElementNode;
  /** The field that names the page (`root`); undefined for an entry of `pages`. */
  readonly field?: FieldName;
  /** The value is a plain page path (`isPlainPage`): a tidy relative path that no path or URL check can fault. */
  readonly plain: boolean;
}

/**
 * Pages are the bulk of a site, so a page costs one object: its path object is made only
 * when a problem asks for it, and a tidy page path is its own entry.
 */
class Page implements PageNode {
  // Declared, not initialized: class fields are defined one by one at each construction, and
  // 50,000 pages are mostly constructed before the optimizing compiler steps in.
  declare readonly value: string;
  declare readonly parent: ElementNode;
  declare readonly entry: PageEntry;
  declare readonly plain: boolean;
  declare private readonly arrayPath: Path;
  declare private readonly index: number;

  constructor(value: string, parent: ElementNode, arrayPath: Path, index: number) {
    this.value = value;
    this.parent = parent;
    this.arrayPath = arrayPath;
    this.index = index;
    this.plain = isPlainPage(value);
    this.entry = this.plain || isTidyPage(value) ? this : parseEntry(value);
  }

  get kind(): 'page' {
    return 'page';
  }

  get page(): string {
    return this.value;
  }

  get clean(): string {
    return this.value;
  }

  get path(): Path {
    return { parent: this.arrayPath, key: this.index };
  }
}

/**
 * A page named by an element's field (`root`): always a page path, never an endpoint entry. It
 * comes before the element's children, as the page opened when the element is clicked.
 */
class FieldPage implements PageNode {
  readonly entry: PageEntry;
  readonly path: Path;
  /** The element's own `pages` list it too (written the same once tidied): worked out once, asked by several visitors. */
  readonly alsoListed: boolean;
  readonly plain: boolean;

  constructor(
    readonly value: string,
    readonly parent: ElementNode,
    readonly field: FieldName,
  ) {
    const clean = tidyPage(value);
    this.entry = { kind: 'page', page: value, clean };
    this.plain = isPlainPage(value);
    this.path = { parent: parent.path, key: field };
    const pages = parent.value.pages;
    const identity = pageIdentity(value);
    this.alsoListed = Array.isArray(pages) && pages.some((item) => typeof item === 'string' && pageIdentity(item) === identity);
  }
}

/** A field page that the element's own `pages` list too: one page, not two (the entry in `pages` counts). */
export function listedInOwnPages(node: PageNode): boolean {
  return node instanceof FieldPage && node.alsoListed;
}

export interface NavigationVisitor {
  /**
   * Called once with the whole document (the top-level object), before the navigation, even
   * when it has no `navigation`: for the few top-level keys a rule checks (`$schema`).
   */
  document?(docs: Readonly<Record<string, unknown>>): void;
  /** Called for each element before its children. */
  element?(node: ElementNode): void;
  /** Called for each string in a `pages` array, and each page-valued field (`root`, before the element's children). */
  page?(node: PageNode): void;
  /**
   * `false`: `page` has nothing to say of a plain page path (`PageNode.plain`), and is not
   * called for one. Most pages are plain, so a visitor that only looks at the others says so.
   */
  plainPages?: false;
  /** Called for each element after all of its children. */
  leave?(node: ElementNode): void;
}

/** Marks, on the walk's stack, the point where an element's children are done. */
class Leave {
  constructor(readonly element: ElementNode) {}
}

/** The rest of one child array, from `index` on: arrays are walked in place, not copied. */
class Items {
  constructor(
    readonly items: unknown[],
    readonly kind: ElementKind,
    readonly key: string,
    readonly path: Path,
    readonly parent: ElementNode,
    public index: number,
  ) {}
}

/**
 * Visits every element and page of `docs.navigation` once, in document order, calling every
 * visitor at each node: one walk for all rules (after each visitor's `document`, with the
 * top-level object). Iterative, so nesting depth cannot overflow the stack; values of the
 * wrong type are skipped (the schema reports them).
 */
export function walkNavigation(docs: unknown, visitors: readonly NavigationVisitor[]): void {
  if (!isPlainObject(docs)) return;
  for (const v of visitors) v.document?.(docs);
  if (!isPlainObject(docs.navigation)) return;
  const elementVisitors = visitors.filter((v) => v.element !== undefined);
  const pageVisitors = visitors.filter((v) => v.page !== undefined);
  const plainPageVisitors = pageVisitors.filter((v) => v.plainPages !== false);
  const leaveVisitors = visitors.filter((v) => v.leave !== undefined);
  const root = makeElement('navigation', docs.navigation, { parent: undefined, key: 'navigation' }, undefined, undefined);
  const stack: Array<ElementNode | Items | Leave> = [root];
  const pending: Array<Items | ElementNode> = [];

  while (stack.length > 0) {
    const top = stack.pop()!;
    if (top instanceof Items) {
      const { items, parent } = top;
      for (let i = top.index; i < items.length; i++) {
        const item = items[i];
        if (typeof item === 'string') {
          if (top.key !== 'pages') continue;
          const page = new Page(item, parent, top.path, i);
          // Indexed: the first thousands of pages run before the optimizing compiler, where `for…of` costs an iterator each.
          const called = page.plain ? plainPageVisitors : pageVisitors;
          for (let k = 0; k < called.length; k++) called[k].page!(page);
        } else if (isPlainObject(item) && !isSourceRef(item)) {
          // The element and everything under it come before the rest of this array.
          top.index = i + 1;
          stack.push(top, makeElement(top.kind, item, { parent: top.path, key: i }, parent, top.key));
          break;
        }
      }
      continue;
    }
    if (top instanceof Leave) {
      for (const v of leaveVisitors) v.leave!(top.element);
      continue;
    }
    const node = top;
    for (const v of elementVisitors) v.element!(node);
    for (const field of PAGE_FIELDS[node.kind]) {
      const value = node.value[field];
      if (typeof value !== 'string') continue;
      const page = new FieldPage(value, node, field);
      const called = page.plain ? plainPageVisitors : pageVisitors;
      for (let k = 0; k < called.length; k++) called[k].page!(page);
    }
    if (leaveVisitors.length > 0) stack.push(new Leave(node));
    pending.length = 0;
    // What the model says this kind holds: child arrays and `global`. Keys the platform strips
    // (`tab.tabs`, …) are the schema's to report; their contents are not part of the site.
    const spec = ELEMENTS[node.kind];
    for (const key in node.value) {
      const child = node.value[key];
      if (key === 'global') {
        if (spec.fields.includes('global') && isPlainObject(child)) pending.push(makeElement('global', child, { parent: node.path, key }, node, key));
        continue;
      }
      const kind = Array.isArray(child) ? childKind(node.kind, key) : undefined;
      if (kind !== undefined) pending.push(new Items(child as unknown[], kind, key, { parent: node.path, key }, node, 0));
    }
    for (let i = pending.length - 1; i >= 0; i--) stack.push(pending[i]);
  }
}

/**
 * An element whose `openapi` names a spec starts a scope (`openapi: []` or `{}` is the schema's to
 * report), unless it is a group's value the platform drops (groupDropsSpecValue).
 */
export function startsOpenapiScope(kind: ElementKind, value: Record<string, unknown>): boolean {
  return (
    // Stryker disable next-line ConditionalExpression: a fast path for the elements with no `openapi` (nearly all, on every walk); openapiSources names none for undefined.
    value.openapi !== undefined &&
    ELEMENTS[kind].fields.includes('openapi') &&
    openapiSources(value.openapi).length > 0 &&
    !groupDropsSpecValue(kind, value, 'openapi')
  );
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
  if (startsOpenapiScope(kind, value)) node.openapi = { value: value.openapi, owner: node };
  node.section = !parent || ELEMENTS[kind].section ? node : parent.section;
  return node;
}
