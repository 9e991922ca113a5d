/**
 * The way back from an upgraded docs.json to the mint.json it was made from: each object the
 * upgrade makes, and each key it sets, remembers the mint.json pointer its value came from. A
 * pointer into the upgraded document goes back to the nearest part of it that has a source (a
 * default the upgrade adds, such as the primary tab's name, has none: its parent's source
 * stands for it), so every problem found in the upgraded navigation lands inside the author's
 * file.
 */
import { childPointer, ownChild, parsePointer } from '../source/pointer.js';

export class UpgradeOrigins {
  /** An object's own source. */
  private readonly ofObject = new WeakMap<object, string>();
  /** The source of a key's value, for values that cannot carry one (strings, numbers, booleans). */
  private readonly ofKey = new WeakMap<object, Map<string, string>>();
  /** mint.json values read but carried over as nothing (counted as used). */
  private readonly consumed: string[] = [];
  /** How many parts of the finished document each mint.json pointer is the source of (`count`). */
  private uses: Map<string, number> | undefined;

  /** Marks `value` as made from the mint.json value at `from` (nothing when `from` is undefined); returns it. */
  object<T extends object>(value: T, from: string | undefined): T {
    if (from !== undefined && !this.ofObject.has(value)) this.ofObject.set(value, from);
    return value;
  }

  /** A new object made from the mint.json value at `from` (nothing when undefined). */
  record(from: string | undefined): Record<string, unknown> {
    return this.object<Record<string, unknown>>({}, from);
  }

  /** Marks `holder[key]` as made from the mint.json value at `from`. */
  key(holder: object, key: string | number, from: string | undefined): void {
    if (from === undefined) return;
    let keys = this.ofKey.get(holder);
    if (!keys) this.ofKey.set(holder, (keys = new Map<string, string>()));
    const name = String(key);
    if (!keys.has(name)) keys.set(name, from);
  }

  /** Counts the mint.json value at `from` as used although nothing of the upgraded document is made from it (a `version` that places a group, a link's `type`). */
  consume(from: string): void {
    this.consumed.push(from);
  }

  /** The source recorded for `holder[key]`, when there is one. */
  keyOrigin(holder: object, key: string | number): string | undefined {
    return this.ofKey.get(holder)?.get(String(key));
  }

  /**
   * Sets `holder[key] = value` (an own property, whatever the key), its source `from`; a
   * value that is undefined is not set, as `JSON.stringify` would drop it.
   */
  set(holder: Record<string, unknown>, key: string, value: unknown, from: string | undefined): void {
    if (value === undefined) return;
    Object.defineProperty(holder, key, { value, enumerable: true, writable: true, configurable: true });
    this.key(holder, key, from);
  }

  /**
   * A deep copy of a mint.json value (plain data) whose every part keeps its source below `from`:
   * settings and navigation the upgrade carries over as they are.
   */
  copy(value: unknown, from: string): unknown {
    if (typeof value !== 'object' || value === null) return value;
    // Iterative: a value nested thousands deep cannot overflow the stack.
    const root: unknown = Array.isArray(value) ? [] : {};
    const stack: Array<{ source: object; target: Record<string, unknown> | unknown[]; at: string }> = [
      { source: value, target: root as Record<string, unknown>, at: from },
    ];
    this.object(root as object, from);
    while (stack.length > 0) {
      const { source, target, at } = stack.pop()!;
      for (const [key, child] of Object.entries(source) as Array<[string, unknown]>) {
        const childAt = childPointer(at, key);
        let copied: unknown = child;
        if (typeof child === 'object' && child !== null) {
          copied = this.object(Array.isArray(child) ? [] : {}, childAt);
          stack.push({ source: child, target: copied as Record<string, unknown>, at: childAt });
        }
        // An array's entry too: its index is its key (defined in order, the array grows with it).
        this.set(target as Record<string, unknown>, key, copied, childAt);
      }
    }
    return root;
  }

  /**
   * The mint.json pointer a pointer into the upgraded document (`root`) came from: the source of
   * the deepest part along it that has one ('' when none has).
   */
  originOf(root: unknown, pointer: string): string {
    let value = root;
    let current = (isObject(value) && this.ofObject.get(value)) || '';
    for (const segment of parsePointer(pointer)) {
      const keyed = isObject(value) ? this.ofKey.get(value)?.get(segment) : undefined;
      value = ownChild(value, segment);
      const own = isObject(value) ? this.ofObject.get(value) : undefined;
      if (own !== undefined) current = own;
      else if (keyed !== undefined) current = keyed;
      if (value === undefined) break;
    }
    return current;
  }

  /**
   * Counts, once the upgrade is done, where each part of the finished document (`root`) came from:
   * parts made and then left out (a division that gets no page) count for nothing.
   */
  count(root: object): void {
    const uses = new Map<string, number>();
    const use = (from: string | undefined) => {
      if (from !== undefined) uses.set(from, (uses.get(from) ?? 0) + 1);
    };
    for (const from of this.consumed) use(from);
    const stack: object[] = [root];
    while (stack.length > 0) {
      const value = stack.pop()!;
      use(this.ofObject.get(value));
      for (const [key, child] of Object.entries(value) as Array<[string, unknown]>) {
        if (typeof child === 'object' && child !== null) {
          // A child object's own source stands for it; a key's is counted where the object has none.
          if (!this.ofObject.has(child)) use(this.keyOrigin(value, key));
          stack.push(child);
        } else use(this.keyOrigin(value, key));
      }
    }
    this.uses = uses;
  }

  /** How many parts of the finished document came from the mint.json value at `pointer` (0: the upgrade dropped it). */
  usesOf(pointer: string): number {
    return this.uses?.get(pointer) ?? 0;
  }

  /** Every mint.json pointer something of the finished document came from. */
  sources(): IterableIterator<string> {
    return (this.uses ?? new Map<string, number>()).keys();
  }
}

function isObject(value: unknown): value is object {
  // Stryker disable next-line ConditionalExpression,LogicalOperator: its callers only look a value up in a WeakMap, whose get of a primitive or null is undefined, as of an object it does not hold.
  return typeof value === 'object' && value !== null;
}
