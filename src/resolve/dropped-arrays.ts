/**
 * Under the platform profile, the parts of the navigation the platform builds nothing of, found as
 * the tree builder (tree.ts) walks it: of an element holding several child arrays, the arrays
 * other than the one the platform keeps; every child array of a division that is a link (`href`);
 * the array of the nearest division around a malformed entry (platform-drops.ts). Their elements
 * and pages are left out of the tree. No I/O.
 */
import { childKind, ELEMENTS, platformKeptChild } from '../navigation/model.js';
import { childArraysLostToHref } from '../navigation/platform-drops.js';
import { pointerOf, type ElementNode, type PageNode } from '../navigation/walk.js';

export class DroppedArrays {
  /**
   * Under the platform profile: of each element holding several child arrays (the root's `pages`
   * beside `languages`, a language's `groups` beside `tabs`), the one the platform keeps. The
   * others' elements and pages are left out of the tree, as the platform builds none of them
   * (primary-pattern and mixed-children say which).
   */
  private readonly keptChildren = new Map<ElementNode, string>();
  /**
   * Under the platform profile: child arrays the platform drops whole (platform-drops.ts), by
   * element: every child array of a division that is a link (`href`), and the array of the nearest
   * division around a malformed entry (`loseArraysAround`, by pointer until the element is walked).
   */
  private readonly lostArrays = new Map<ElementNode, ReadonlySet<string>>();
  private readonly lostAt = new Map<string, Set<string>>();
  /** The elements inside a dropped array (a parent is seen before its children, so one lookup each). */
  private readonly droppedElements = new Set<ElementNode>();

  /** `platform`: the platform profile's (under the others, nothing is dropped). */
  constructor(private readonly platform: boolean) {}

  /**
   * Under the platform profile: the platform drops these child arrays whole, each named by its
   * division's pointer and key (a malformed entry inside it: `arrayLostTo`). Given before the walk.
   */
  loseArraysAround(lost: Iterable<{ division: string; key: string }>): void {
    if (!this.platform) return;
    for (const { division, key } of lost) {
      let keys = this.lostAt.get(division);
      if (!keys) this.lostAt.set(division, (keys = new Set()));
      keys.add(key);
    }
  }

  /** Whether an element is inside a child array the platform drops (and remembers it, for its children). */
  dropped(node: ElementNode): boolean {
    if (!this.dropsAny() || !node.parent) return false;
    const inside = this.droppedElements.has(node.parent) || this.dropsArray(node.parent, node.parentKey);
    if (inside) this.droppedElements.add(node);
    return inside;
  }

  /** Whether a page entry is in a child array the platform drops (`pages`, when it is not in a field of its own such as a group's `root`). */
  pageDropped(node: PageNode): boolean {
    return this.dropsAny() && (this.droppedElements.has(node.parent) || this.dropsArray(node.parent, node.field === undefined ? 'pages' : undefined));
  }

  /** Whether the element was left out (`dropped` said so when it was entered). */
  leftOut(node: ElementNode): boolean {
    return this.droppedElements.has(node);
  }

  /** Notes which child array the platform keeps of an element that holds several, and which it drops whole. */
  noteKeptChild(node: ElementNode): void {
    const linkLoses = childArraysLostToHref(node.kind, node.value);
    const malformed = this.lostAt.size > 0 ? this.lostAt.get(pointerOf(node.path)) : undefined;
    if (linkLoses.length > 0 || malformed) this.lostArrays.set(node, new Set([...linkLoses, ...(malformed ?? [])]));
    let count = 0;
    for (const key in ELEMENTS[node.kind].children) if (Object.hasOwn(node.value, key)) count++;
    if (count < 2) return;
    // An array lost to a malformed entry is never the one kept: the platform keeps the next.
    const kept = platformKeptChild(node.kind, node.value, malformed);
    if (kept !== undefined) this.keptChildren.set(node, kept);
  }

  /** The platform drops this child array of the element (`key` undefined: not a child array, such as `global`). */
  private dropsArray(element: ElementNode, key: string | undefined): boolean {
    if (key === undefined || childKind(element.kind, key) === undefined) return false;
    const kept = this.keptChildren.get(element);
    return (kept !== undefined && key !== kept) || (this.lostArrays.get(element)?.has(key) ?? false);
  }

  private dropsAny(): boolean {
    return this.keptChildren.size > 0 || this.lostArrays.size > 0;
  }
}
