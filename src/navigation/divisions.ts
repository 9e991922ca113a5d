import { CHILD_KEYS, childKind, isPlainObject, type ElementKind } from './model.js';

/** An element's place, as a link to its parent's (a copy per element would be quadratic in the depth). */
export interface DivisionPath {
  readonly up: DivisionPath | undefined;
  readonly key: string | number;
}

/** The keys from `navigation` down to an element. */
export function pathSegments(at: DivisionPath): Array<string | number> {
  const out: Array<string | number> = [];
  for (let step: DivisionPath | undefined = at; step; step = step.up) out.push(step.key);
  return out.reverse();
}

/**
 * Every element of `navigation` that is not a group: the root, each division (tab, anchor,
 * dropdown, product, version, language) and menu item, with its kind and place. Groups, the pages
 * they hold and their nested groups are not entered: they hold no division, `global`, language or
 * link of a division, so a check of those costs the site's divisions, not its pages (50,000 pages in
 * some thousands of groups). Each object is visited once; the walk is a stack, not a recursion.
 */
export function eachDivision(docs: unknown, visit: (value: Readonly<Record<string, unknown>>, kind: ElementKind, path: DivisionPath) => void): void {
  if (!isPlainObject(docs) || !isPlainObject(docs.navigation)) return;
  const stack: Array<{ value: Readonly<Record<string, unknown>>; kind: ElementKind; path: DivisionPath }> = [
    { value: docs.navigation, kind: 'navigation', path: { up: undefined, key: 'navigation' } },
  ];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value, kind, path } = item;
    visit(value, kind, path);
    for (const key of CHILD_KEYS) {
      const child = childKind(kind, key);
      const entries = value[key];
      if (child === undefined || child === 'group' || !Array.isArray(entries)) continue;
      for (let i = 0; i < entries.length; i++) {
        const entry: unknown = entries[i];
        if (isPlainObject(entry)) stack.push({ value: entry, kind: child, path: { up: { up: path, key }, key: i } });
      }
    }
  }
}
