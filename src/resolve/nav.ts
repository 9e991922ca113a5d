import { ELEMENTS, isGlobalEntry, isPlainObject, NAME_FIELD, type ElementKind } from '../navigation/model.js';
import { pointerOf, type ElementNode, type NavigationVisitor, type PageNode } from '../navigation/walk.js';
import { generatesAsyncapi } from '../navigation/asyncapi.js';
import { initialDisplay } from './group-moves.js';
import {
  PAGE_TREE_VERSION,
  type GlobalLink,
  type NavIcon,
  type NavKind,
  type NavNode,
  type NavPageRef,
  type PageTree,
  type ResolvedGroup,
  type ResolvedPage,
} from './types.js';

/** The `nav` kind of an element that is a node: the root, and every kind with a trail kind (global entries are links, not nodes). */
function navKind(kind: ElementKind): NavKind | undefined {
  return kind === 'navigation' ? 'navigation' : ELEMENTS[kind].trail;
}

/** What the walk saw of one element, before any spec is read. */
interface Recorded {
  /** The node's fields but `children` (made in `finish`, in a fixed key order). */
  fields: Omit<NavNode, 'children'>;
  global?: GlobalLink[];
  /** Children in document order: elements, entries, and where bulk-generated groups go. */
  slots: Slot[];
  /** The pointer of the element's own `openapi` (bulk-generated groups hang here). */
  openapiPointer?: string;
  /** The pointer of its own `asyncapi`, when the platform makes channel pages from it (their groups come after the OpenAPI ones). */
  asyncapiPointer?: string;
  /** Divisions and groups from the root down to it, itself included (the root: 0). */
  depth: number;
  /** Its `root` page's node, when it has one. */
  rootEntry?: PageNode;
}

/** `bulk`: where the groups generated from the spec value at `openapiPointer` (an `openapi` or `asyncapi`) go. */
type Slot = { type: 'element'; recorded: Recorded } | { type: 'entry'; node: PageNode } | { type: 'bulk'; openapiPointer: string };

/**
 * Builds the nested navigation (`nav`) and the global links of the page tree. It records the
 * shape of `navigation` during the resolver's one walk (a visitor), and once the flat pages and
 * groups are made, puts them in place: entry pages as the resolver hands them over
 * (`entryPage`), generated groups and pages by the `openapi` value that made them. Linear in
 * elements + pages.
 */
export class NavBuilder {
  private root: Recorded | undefined;
  private readonly recorded = new Map<ElementNode, Recorded>();
  private readonly global: GlobalLink[] = [];
  /** The page each entry became (entries with an error become none). */
  private readonly entryPages = new Map<PageNode, ResolvedPage>();

  /** The resolver made this page from this entry. */
  entryPage(node: PageNode, page: ResolvedPage): void {
    this.entryPages.set(node, page);
  }

  /** Elements nested deeper than `maxDepth` divisions and groups are left out, as the resolver leaves out their pages. */
  constructor(
    private readonly maxDepth: number,
    /** The platform profile: an `asyncapi` the platform's validator drops makes no slot (navigation/asyncapi.ts). */
    private readonly platform: boolean,
  ) {}

  readonly visitor: NavigationVisitor = {
    element: (element) => this.enter(element),
    page: (page) => {
      const recorded = this.recorded.get(page.parent);
      if (!recorded) return;
      // A field page (`root`) is the element's own page, not one of its children.
      if (page.field === undefined) recorded.slots.push({ type: 'entry', node: page });
      else recorded.rootEntry = page;
    },
    leave: (element) => {
      const recorded = this.recorded.get(element);
      if (recorded?.openapiPointer !== undefined) recorded.slots.push({ type: 'bulk', openapiPointer: recorded.openapiPointer });
      if (recorded?.asyncapiPointer !== undefined) recorded.slots.push({ type: 'bulk', openapiPointer: recorded.asyncapiPointer });
    },
  };

  private enter(element: ElementNode): void {
    if (isGlobalEntry(element.kind)) return this.globalLink(element);
    const kind = navKind(element.kind);
    if (kind === undefined) return;
    const parent = element.parent ? this.recorded.get(element.parent) : undefined;
    if (element.parent && !parent) return; // under an element left out
    const depth = parent ? parent.depth + 1 : 0;
    if (depth > this.maxDepth) return;
    const value = element.value;
    const field = NAME_FIELD[element.kind];
    const fields: Omit<NavNode, 'children'> = {
      id: pointerOf(element.path),
      kind,
      label: field && typeof value[field] === 'string' ? value[field] : '',
      hidden: (parent?.fields.hidden ?? false) || value.hidden === true,
    };
    const icon = iconOf(value.icon);
    if (icon !== undefined) fields.icon = icon;
    if (typeof value.href === 'string') fields.href = value.href;
    if (typeof value.tag === 'string') fields.tag = value.tag;
    if (kind === 'version' || kind === 'language') fields.default = value.default === true;
    if (kind === 'group') fields.display = initialDisplay(element.groupDepth === 0, value.expanded);
    const recorded: Recorded = { fields, slots: [], depth };
    if (element.openapi?.owner === element) recorded.openapiPointer = pointerOf(element.path, 'openapi');
    if (generatesAsyncapi(element, this.platform)) recorded.asyncapiPointer = pointerOf(element.path, 'asyncapi');
    this.recorded.set(element, recorded);
    if (parent) parent.slots.push({ type: 'element', recorded });
    else this.root = recorded;
  }

  private globalLink(element: ElementNode): void {
    const holder = element.parent?.parent;
    const scope = holder ? this.recorded.get(holder) : undefined;
    const nameField = NAME_FIELD[element.kind];
    if (!scope || nameField === undefined) return;
    const value = element.value;
    const link: GlobalLink = {
      id: pointerOf(element.path),
      // `global-anchor` -> `anchor`
      kind: element.kind.slice('global-'.length) as GlobalLink['kind'],
      label: typeof value[nameField] === 'string' ? value[nameField] : '',
      hidden: value.hidden === true,
    };
    if (typeof value.href === 'string') link.href = value.href;
    const icon = iconOf(value.icon);
    if (icon !== undefined) link.icon = icon;
    if (scope === this.root) this.global.push(link);
    else (scope.global ??= []).push(link);
  }

  /**
   * Puts the resolved pages and groups in place and writes `nav` and `global` into the tree.
   * Gives every generated group and page its id (the resolver names them by their `openapi` value).
   */
  finish(tree: PageTree): void {
    const byOwner = generatedSets(tree);
    const groupsById = new Map(tree.groups.filter((g) => !g.generated).map((g) => [g.id, g]));
    const root = this.root;
    tree.global = this.global;
    if (!root) return;
    const nodeOf = (recorded: Recorded): NavNode => {
      const group = recorded.fields.kind === 'group' ? groupsById.get(recorded.fields.id) : undefined;
      return navNode({
        ...recorded.fields,
        ...(group && { hidden: group.hidden, display: group.display, root: group.root, rootPage: this.rootPageOf(recorded), generated: false }),
        global: recorded.global,
        children: [],
      });
    };
    tree.nav = nodeOf(root);
    // Depth first without recursion: nesting can be deep.
    const stack: Array<[Recorded, NavNode]> = [[root, tree.nav]];
    while (stack.length > 0) {
      const [recorded, node] = stack.pop()!;
      for (const slot of recorded.slots) {
        if (slot.type === 'element') {
          const child = nodeOf(slot.recorded);
          node.children.push(child);
          stack.push([slot.recorded, child]);
        } else if (slot.type === 'entry') {
          const page = this.entryPages.get(slot.node);
          if (page) node.children.push(pageRef(page));
        } else {
          for (const set of byOwner.get(slot.openapiPointer) ?? []) for (const group of generatedNodes(set)) node.children.push(group);
        }
      }
      markDefault(node);
    }
  }

  /**
   * The id of the page a group's `root` names: its own page, or (when its `pages` list the
   * same path, and the tree holds the page once) that entry's page.
   */
  private rootPageOf(recorded: Recorded): string | undefined {
    const entry = recorded.rootEntry;
    if (!entry || entry.entry.kind !== 'page') return undefined;
    const own = this.entryPages.get(entry);
    if (own) return own.id;
    const clean = entry.entry.clean;
    for (const slot of recorded.slots) {
      if (slot.type !== 'entry' || slot.node.entry.kind !== 'page' || slot.node.entry.clean !== clean) continue;
      return this.entryPages.get(slot.node)?.id;
    }
    return undefined;
  }
}

/** The groups one `openapi` source generated, and their pages. */
interface GeneratedSet {
  groups: ResolvedGroup[];
  pages: Map<ResolvedGroup, ResolvedPage[]>;
  /** The group the last page went to, and that page's trail. */
  cursor: number;
  trail: unknown;
}

/**
 * The generated groups and their pages, per `openapi` source (each source's pages follow its
 * groups), gathered by the element whose `openapi` it is; generated groups and pages get their
 * ids here, made unique.
 */
function generatedSets(tree: PageTree): Map<string, GeneratedSet[]> {
  const bySource = new Map<string, GeneratedSet>();
  const byOwner = new Map<string, GeneratedSet[]>();
  for (const group of tree.groups) {
    if (!group.generated) continue;
    group.id = `${group.source}#group:${group.label}`;
    let set = bySource.get(group.source);
    if (!set) {
      bySource.set(group.source, (set = { groups: [], pages: new Map(), cursor: -1, trail: undefined }));
      const owner = openapiOwner(group.source);
      const sets = byOwner.get(owner);
      if (sets) sets.push(set);
      else byOwner.set(owner, [set]);
    }
    set.groups.push(group);
  }
  disambiguate(tree.groups);
  // Entry pages' ids are their entries' pointers, unique by construction; only generated ones can clash.
  const generatedPages: ResolvedPage[] = [];
  for (const page of tree.pages) {
    if (bySource.size === 0) break;
    const set = bySource.get(page.source);
    if (!set) continue;
    page.id = `${page.source}#${page.openapi ? `${page.openapi.method} ${page.openapi.path}` : page.asyncapi ? `channel ${page.asyncapi.channel}` : page.path}`;
    generatedPages.push(page);
    const group = groupOf(set, page);
    if (!group) continue;
    const pages = set.pages.get(group);
    if (pages) pages.push(page);
    else set.pages.set(group, [page]);
  }
  disambiguate(generatedPages);
  return byOwner;
}

/** The `nav` nodes of one source's generated groups, each with its pages. */
function generatedNodes(set: GeneratedSet): NavNode[] {
  return set.groups.map((generated) =>
    navNode({
      id: generated.id,
      kind: 'group',
      label: generated.label,
      hidden: generated.hidden,
      display: generated.display,
      generated: true,
      children: (set.pages.get(generated) ?? []).map(pageRef),
    }),
  );
}

/**
 * The generated group a generated page belongs to. The resolver writes each group's pages right
 * after it, with the group's label last in their (shared) trail, so pages are matched in order:
 * a page stays in the current group unless its label differs, or it starts a new trail and the
 * next group has the same label (two tags with one `x-group`).
 */
function groupOf(set: GeneratedSet, page: ResolvedPage): ResolvedGroup | undefined {
  const label = page.trail.at(-1)?.label;
  const { groups } = set;
  let index = set.cursor;
  const stay = index >= 0 && groups[index].label === label && !(page.trail !== set.trail && groups[index + 1]?.label === label);
  if (!stay) {
    index++;
    while (index < groups.length && groups[index].label !== label) index++;
    if (index >= groups.length) return undefined;
  }
  set.cursor = index;
  set.trail = page.trail;
  return groups[index];
}

/** An empty `nav` root, for a document with no navigation to walk. */
function emptyNav(): NavNode {
  return { id: '/navigation', kind: 'navigation', label: '', hidden: false, children: [] };
}

/** A page tree with nothing in it yet (or for a document that does not parse). */
export function emptyPageTree(): PageTree {
  return { version: PAGE_TREE_VERSION, pages: [], groups: [], nav: emptyNav(), global: [] };
}

/** A node with its keys in one order (children last), optional ones only when set. */
function navNode(n: NavNode): NavNode {
  const node: NavNode = { id: n.id, kind: n.kind, label: n.label } as NavNode;
  if (n.icon !== undefined) node.icon = n.icon;
  if (n.href !== undefined) node.href = n.href;
  node.hidden = n.hidden;
  if (n.default !== undefined) node.default = n.default;
  if (n.tag !== undefined) node.tag = n.tag;
  if (n.display !== undefined) node.display = n.display;
  if (n.root !== undefined) node.root = n.root;
  if (n.rootPage !== undefined) node.rootPage = n.rootPage;
  if (n.generated !== undefined) node.generated = n.generated;
  if (n.global !== undefined) node.global = n.global;
  node.children = n.children;
  return node;
}

function pageRef(page: ResolvedPage): NavPageRef {
  return { kind: 'page', page: page.id };
}

/** The pointer of the element whose `openapi` a source pointer is in (`/navigation/tabs/0/openapi/1` -> `/navigation/tabs/0/openapi`). */
function openapiOwner(source: string): string {
  const field = /\/(?:openapi|asyncapi)(?=\/|$)/.exec(source);
  return field ? source.slice(0, field.index + field[0].length) : source;
}

/** An icon as docs.json or front matter gives it: a name, or `{ name, style?, library? }`. */
export function iconOf(value: unknown): NavIcon | undefined {
  if (typeof value === 'string') return value;
  if (isPlainObject(value) && typeof value.name === 'string') {
    const icon: Exclude<NavIcon, string> = { name: value.name };
    if (typeof value.style === 'string') icon.style = value.style;
    if (typeof value.library === 'string') icon.library = value.library;
    return icon;
  }
  return undefined;
}

/** Among sibling versions (and, apart, languages): the first with `default: true`, else the first, is the default. */
function markDefault(node: NavNode): void {
  for (const kind of ['version', 'language'] as const) {
    let first: NavNode | undefined;
    let chosen: NavNode | undefined;
    for (const child of node.children) {
      if (child.kind !== kind) continue;
      const sibling = child;
      first ??= sibling;
      if (sibling.default && !chosen) chosen = sibling;
      else sibling.default = false;
    }
    if (first) (chosen ?? first).default = true;
  }
}

/** Ids are unique: a second item with an id already taken gets `~2`, `~3`, … (a hostile spec could repeat an operation). */
function disambiguate(items: Array<{ id: string }>): void {
  const taken = new Map<string, number>();
  for (const item of items) {
    const count = taken.get(item.id);
    if (count === undefined) {
      taken.set(item.id, 1);
      continue;
    }
    let n = count + 1;
    while (taken.has(`${item.id}~${n}`)) n++;
    taken.set(item.id, n);
    const id = `${item.id}~${n}`;
    taken.set(id, 1);
    item.id = id;
  }
}
