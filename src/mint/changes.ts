/**
 * What the upgrade does not carry over as it is, found from the upgraded document's origins rather
 * than listed by hand (so a setting the upgrade's rules forget cannot be forgotten here too): every
 * part of the mint.json that no part of the docs.json came from is dropped, and every value that
 * arrives changed (a trimmed name, a normalized path, a mode renamed) is changed.
 */
import { childPointer, ownChild, parsePointer } from '../source/pointer.js';
import type { UpgradeOrigins } from './origins.js';

/**
 * - `navigation`: a page, group, tab, anchor or version the navigation the platform builds leaves out;
 * - `unknown-key`: a key the platform's legacy check drops without a word (it is no setting of its object);
 * - `setting`: a setting docs.json has no place for, which the upgrade drops;
 * - `changed`: a value the docs.json holds in another form.
 */
export type MintChangeKind = 'navigation' | 'unknown-key' | 'setting' | 'changed';

export interface MintChange {
  kind: MintChangeKind;
  /** JSON pointer into the mint.json (its `$ref`s followed). */
  pointer: string;
  /** For `changed`: where the value went in the docs.json, and what it is there. */
  docsPointer?: string;
  to?: unknown;
  /** One sentence: what happens to it. */
  message: string;
}

/** The parts of mint.json that make up its navigation: what leaves them out changes the site's sidebar. */
const NAVIGATION_KEYS: ReadonlySet<string> = new Set(['navigation', 'tabs', 'anchors', 'versions']);

/** What the upgrade of `mint` (as written) to `docs` drops or changes, in the mint.json's order. */
export function describeChanges(mint: unknown, docs: unknown, origins: UpgradeOrigins, unknownKeys: readonly string[]): MintChange[] {
  const changed = changedValues(mint, docs, origins);
  const used = new Set<string>();
  for (const source of origins.sources()) {
    // The value itself and every value holding it: something of each was carried over (up to one already said, at the latest the root: the parent of '' is '').
    for (let at = source; !used.has(at); at = at.slice(0, at.lastIndexOf('/'))) used.add(at);
  }
  const unknown = new Set(unknownKeys);
  // A part nothing came from, holding a key the legacy check drops: each of its parts is said on its own.
  const holdsUnknown = new Set<string>();
  for (const key of unknown)
    for (let at = key.slice(0, key.lastIndexOf('/')); !holdsUnknown.has(at); at = at.slice(0, at.lastIndexOf('/'))) holdsUnknown.add(at);
  return orderedChanges(mint, used, unknown, holdsUnknown, changed);
}

/** Walks the mint.json in order and says, for each part nothing came from, and each changed value, what happened. */
function orderedChanges(
  mint: unknown,
  used: ReadonlySet<string>,
  unknown: ReadonlySet<string>,
  holdsUnknown: ReadonlySet<string>,
  changed: ReadonlyMap<string, { docsPointer: string; to: unknown }>,
): MintChange[] {
  const out: MintChange[] = [];
  const stack: Array<{ value: unknown; at: string }> = [{ value: mint, at: '' }];
  while (stack.length > 0) {
    const { value, at } = stack.pop()!;
    // The root is always used (the docs.json is made from it) and never changed.
    if (!used.has(at) && !holdsUnknown.has(at)) {
      // An empty list or object loses nothing.
      if (!isEmpty(value)) out.push(dropped(at, value, unknown.has(at)));
      continue;
    }
    const change = changed.get(at);
    if (change)
      out.push({
        kind: 'changed',
        pointer: at,
        ...change,
        message: `${name(at)} ${shown(value)} is ${shown(change.to)} in docs.json (\`${dotted(change.docsPointer)}\`).`,
      });
    if (typeof value !== 'object' || value === null) continue;
    const children = Object.entries(value);
    for (let i = children.length - 1; i >= 0; i--) stack.push({ value: children[i][1], at: childPointer(at, children[i][0]) });
  }
  return out;
}

function isEmpty(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.keys(value).length === 0;
}

function dropped(at: string, value: unknown, isUnknownKey: boolean): MintChange {
  if (at === '/primaryTab' || at === '/topAnchor')
    return {
      kind: 'setting',
      pointer: at,
      message: `${name(at)} names the ${at === '/primaryTab' ? 'tab' : 'anchor'} that holds the pages no other takes; every page has one, so it is dropped.`,
    };
  if (isUnknownKey)
    return {
      kind: 'unknown-key',
      pointer: at,
      message: `${name(at)} is not a setting the platform knows here: its legacy check drops it, and the site never sees it.`,
    };
  const top = parsePointer(at)[0];
  if (NAVIGATION_KEYS.has(top)) {
    const segments = parsePointer(at);
    // A whole tab or anchor (a version is never left out alone): its url says which pages it wanted.
    const url = (top === 'tabs' || top === 'anchors') && segments.length === 2 ? ownChild(value, 'url') : undefined;
    const why = typeof url === 'string' ? `: no page of \`navigation\` it could hold (those whose path starts with its url "${url}" in its version)` : '';
    return {
      kind: 'navigation',
      pointer: at,
      message: `${navigationNoun(at, value)} is left out of the navigation the platform builds from this mint.json${why}.`,
    };
  }
  return { kind: 'setting', pointer: at, message: `${name(at)} is dropped: the platform's upgrade to docs.json does not carry it over.` };
}

/** "The page `intro`", "The group "Start"", "The tab "API"", … for a part of the navigation. */
function navigationNoun(at: string, value: unknown): string {
  const segments = parsePointer(at);
  const record = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  if (typeof value === 'string' && segments.at(-2) === 'pages') return `The page \`${value}\``;
  // A page is in a group's `pages`, which only `navigation` has.
  if (record && segments.length >= 2 && segments[0] === 'navigation' && typeof record.group === 'string') return `The group "${record.group}"`;
  // A version is never left out alone (each is made, or `versions` is left out whole): a tab or an anchor.
  if (record && segments.length === 2 && segments[0] !== 'navigation') {
    const label = typeof record.name === 'string' ? ` "${record.name}"` : '';
    return `The ${segments[0] === 'tabs' ? 'tab' : 'anchor'}${label}`;
  }
  return name(at);
}

/** Each value of the docs.json whose source holds a different value (a string trimmed, a mode renamed), by source. */
function changedValues(mint: unknown, docs: unknown, origins: UpgradeOrigins): Map<string, { docsPointer: string; to: unknown }> {
  const changed = new Map<string, { docsPointer: string; to: unknown }>();
  // Only objects are stacked (the docs.json is one).
  const stack: Array<{ value: object; at: string }> = [{ value: docs as object, at: '' }];
  while (stack.length > 0) {
    const { value, at } = stack.pop()!;
    for (const [key, child] of Object.entries(value) as Array<[string, unknown]>) {
      const childAt = childPointer(at, key);
      if (typeof child === 'object' && child !== null) {
        stack.push({ value: child, at: childAt });
        continue;
      }
      const source = origins.keyOrigin(value, key);
      if (source === undefined || changed.has(source)) continue;
      const before = valueAtPointer(mint, source);
      // A value the legacy check fills in where the file has none is no change of the author's: its
      // pointer names nothing of the mint.json, which orderedChanges walks, so it is never said.
      if ((typeof before === 'object' && before !== null) || before === child) continue;
      changed.set(source, { docsPointer: childAt, to: child });
    }
  }
  return changed;
}

function valueAtPointer(root: unknown, pointer: string): unknown {
  let value = root;
  for (const segment of parsePointer(pointer)) value = ownChild(value, segment);
  return value;
}

/** `api.playground.mode`, `navigation[0].pages[2]`: a pointer as a person reads it. */
function dotted(pointer: string): string {
  let out = '';
  for (const segment of parsePointer(pointer)) out += /^\d+$/.test(segment) ? `[${segment}]` : `${out === '' ? '' : '.'}${segment}`;
  return out;
}

function name(at: string): string {
  return `\`${dotted(at)}\``;
}

function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}
