/**
 * Random damage to a docs.json, as fast-check arbitraries. A mutation is a small description
 * (a kind, a path index, a size), not the damaged text itself, so a counterexample prints
 * short and shrinks well; `mutateText` applies the descriptions to a parsed value and writes
 * the text, building what `JSON.stringify` cannot (thousands of levels) as text.
 */
import fc from 'fast-check';
import { stringify as stringifyYaml } from 'yaml';

type Key = string | number;
type Container = Record<string, unknown> | unknown[];

/** Strings that have broken text tools before: lone surrogates, bidi overrides, NUL, line separators, case maps that change length. */
const ODD_STRINGS: readonly string[] = [
  '\uD800',
  '\uDC00tail',
  'head\uDBFF',
  '\u202Etxt.exe',
  '\u2066isolate\u2069',
  'a\u0000b',
  '\u0000',
  '😀/👍🏽/👨‍👩‍👧',
  'e\u0301\u0301\u0301\u0301',
  'Z\u0351\u0354\u0355\u0356\u0357\u0358\u0359',
  'line\u2028sep\u2029para',
  '\uFEFFbom',
  '',
  ' ',
  '\t\n\r',
  'İstanbul',
  'straße',
  'ﬃ',
  '../../../../etc/passwd',
  'C:\\Windows\\system32',
  '%00%2e%2e%2f',
  'a?b#c:d&e%f',
  '{id}',
  '~0~1/',
  '\\u0000',
  'GET /\uD800',
  'webhook \u202E',
];

/** Keys that are special somewhere: prototype names, `$ref`, pointer escapes, navigation fields. */
const ODD_KEYS: readonly string[] = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '$ref',
  '',
  '~',
  '/',
  '~1',
  'a/b~c',
  '\uD800',
  '\u202E',
  'group',
  'pages',
  'groups',
  'tabs',
  'languages',
  'versions',
  'openapi',
  'navigation',
  'global',
  'expanded',
  'hidden',
  'root',
  'default',
  'language',
];

/**
 * `$ref` values: nowhere, outside the root, at the file itself (a cycle), at files the test
 * site has (JSON, YAML, a folder, an empty file), with fragments, and not strings at all.
 * `#/__proto__` is left to regressions.test.ts: it breaks the pointer contract today, and
 * here it would hide every other failure.
 */
const REF_VALUES: readonly unknown[] = [
  'nowhere.json',
  './missing/deeper.yaml',
  '../outside.json',
  '../../../../etc/passwd',
  '/etc/passwd',
  './docs.json',
  'docs.json#/navigation',
  './part.json',
  'part.json#/pages',
  'part.json#/pages/0',
  'part.json#/nothing/here',
  'part.json#/constructor',
  './part.yaml',
  'part.yaml#/group',
  './empty.json',
  './folder.json',
  './broken.json',
  '#/navigation',
  '#',
  '',
  'https://example.invalid/nav.json',
  'file:///etc/passwd',
  'part.json#/%',
  'part.json#~',
  '\uD800.json',
  42,
  null,
  true,
  {},
  [],
];

/** `openapi` values: the test site's spec, missing files, escapes, a folder, URLs, every form, wrong types. */
export const OPENAPI_VALUES: readonly unknown[] = [
  'openapi.json',
  '/openapi.json',
  './spec.yaml',
  'missing.json',
  '../../etc/passwd',
  '..',
  '/',
  '.',
  'folder.json',
  'empty.json',
  'broken.json',
  'https://example.invalid/openapi.json',
  'ftp://example.invalid/x',
  ['openapi.json', 'spec.yaml', 'missing.json', 7],
  [],
  { source: 'openapi.json', directory: 'api/{weird} dir/' },
  { source: 'spec.yaml', directory: '../..' },
  { source: 5 },
  {},
  null,
  12,
  true,
];

/** Strings for `pages` arrays: endpoint entries that match, miss, name other specs or climb out. */
export const ENTRIES: readonly string[] = [
  'GET /resource0/{id}',
  'openapi.json POST /resource1/{id}',
  'post /resource0/{id}',
  'get    /resource0/{id}',
  'DELETE /nowhere',
  'PATCH /resource0/{id}',
  'webhook ping',
  'webhook missing',
  'spec.yaml GET /pets',
  'spec.yaml webhook newPet',
  'missing.json GET /x',
  '../../etc/passwd GET /x',
  'https://example.invalid/spec.json GET /x',
  'index',
  '/index.mdx',
  './broken',
  '../outside',
  'a?b#c',
  'pages/',
  'GET',
  ' ',
  '',
];

type DeepShape = 'pages' | 'groups' | 'arrays' | 'objects';

/** Text mutations pick a place by a fraction of the text's length. */
export type TextMutation =
  | { kind: 'truncate'; fraction: number }
  | { kind: 'stray-comma'; fraction: number }
  | { kind: 'duplicate-key'; nth: number }
  | { kind: 'insert'; fraction: number; text: string }
  | { kind: 'bom' }
  | { kind: 'crlf' };

/** `at` picks one of the candidate places (modulo their number). */
export type Mutation =
  | { kind: 'delete'; at: number }
  | { kind: 'replace'; at: number; value: unknown }
  | { kind: 'duplicate-item'; at: number; item: number }
  | { kind: 'deep'; at: number; depth: number; shape: DeepShape }
  | { kind: 'huge-string'; at: number; size: number; unit: string }
  | { kind: 'odd-string'; at: number; value: string }
  | { kind: 'odd-key'; at: number; key: string; value: unknown }
  | { kind: 'ref'; at: number; ref: unknown; sibling: boolean }
  | { kind: 'openapi'; at: number; value: unknown }
  | { kind: 'entry'; at: number; entry: string };

const at = fc.nat();
const oddString = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...ODD_STRINGS) }, { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) });
/** A value of some type, mostly not the one that was there. */
const otherType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.constantFrom(0, -1, 1e308, -0, 2 ** 53 + 1, 0.1),
  fc.constant([]),
  fc.constant({}),
  oddString,
  fc.jsonValue({ maxDepth: 2 }),
);

/** Bytes of a huge string, per unit: what the slug, page-path and endpoint regexes see. */
const HUGE_UNITS = ['a', ' ', 'a/', '/', '{', '{a}', '.', 'é', '😀', 'GET /', '\\', '\u202E', '-'];

export const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('delete' as const), at }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('replace' as const), at, value: otherType }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('duplicate-item' as const), at, item: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('deep' as const),
      at,
      depth: fc.integer({ min: 300, max: 3000 }),
      shape: fc.constantFrom<DeepShape>('pages', 'groups', 'arrays', 'objects'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('huge-string' as const),
      at,
      size: fc.integer({ min: 1 << 20, max: 5 << 20 }),
      unit: fc.constantFrom(...HUGE_UNITS),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('odd-string' as const), at, value: oddString }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('odd-key' as const), at, key: fc.oneof(fc.constantFrom(...ODD_KEYS), oddString), value: otherType }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('ref' as const), at, ref: fc.constantFrom(...REF_VALUES), sibling: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('openapi' as const), at, value: fc.constantFrom(...OPENAPI_VALUES) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('entry' as const), at, entry: fc.constantFrom(...ENTRIES) }) },
);

const fraction = fc.double({ min: 0, max: 1, noNaN: true });

const textMutationArb: fc.Arbitrary<TextMutation> = fc.oneof(
  fc.record({ kind: fc.constant('truncate' as const), fraction }),
  fc.record({ kind: fc.constant('stray-comma' as const), fraction }),
  fc.record({ kind: fc.constant('duplicate-key' as const), nth: fc.nat() }),
  fc.record({
    kind: fc.constant('insert' as const),
    fraction,
    text: fc.constantFrom('\u0000', '\u2028', '\uD800', '\t', '/* c */', '// c\n', '}', ']', '"', '\\', 'NaN', '\uFEFF'),
  }),
  fc.constant({ kind: 'bom' as const }),
  fc.constant({ kind: 'crlf' as const }),
);

/** Mostly no text damage (so pointers are checked against a file that parses), sometimes one or two. */
export const textMutationsArb: fc.Arbitrary<readonly TextMutation[]> = fc.oneof(
  { weight: 3, arbitrary: fc.constant<TextMutation[]>([]) },
  { weight: 1, arbitrary: fc.array(textMutationArb, { minLength: 1, maxLength: 2 }) },
);

export const indentArb = fc.constantFrom<number | string>(2, 0, '\t', 4);

interface Place {
  path: Key[];
  value: unknown;
  parent: Container | undefined;
}

/** Every place in the value, in document order (iteratively: the value may already be deep). */
function placesOf(root: unknown): Place[] {
  const places: Place[] = [];
  const stack: Place[] = [{ path: [], value: root, parent: undefined }];
  while (stack.length > 0) {
    const place = stack.pop()!;
    places.push(place);
    const { value, path } = place;
    if (typeof value !== 'object' || value === null) continue;
    const children: Place[] = Array.isArray(value)
      ? value.map((item, i) => ({ path: [...path, i], value: item, parent: value }))
      : Object.keys(value).map((key) => ({ path: [...path, key], value: (value as Record<string, unknown>)[key], parent: value as Container }));
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return places;
}

function pick<T>(list: readonly T[], index: number): T | undefined {
  return list.length === 0 ? undefined : list[index % list.length];
}

/** Sets an own property, even `__proto__` (plain assignment would change the prototype instead). */
function setOwn(container: Container, key: Key, value: unknown): void {
  if (Array.isArray(container)) container[key as number] = value;
  else Object.defineProperty(container, key, { value, writable: true, enumerable: true, configurable: true });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What `JSON.stringify` cannot write: `depth` levels, as text. */
function deepText(depth: number, shape: DeepShape): string {
  const [open, leaf, close] = {
    pages: ['{"group":"G","pages":[', '"leaf"', ']}'],
    groups: ['{"group":"G","groups":[', '{"group":"leaf","pages":["index"]}', ']}'],
    arrays: ['[', '"leaf"', ']'],
    objects: ['{"a":', '"leaf"', '}'],
  }[shape];
  return open.repeat(depth) + leaf + close.repeat(depth);
}

/** A damaged copy of a value; `markers` are strings in it that stand for deep chains, to be put in as text. */
export interface Mutated {
  value: unknown;
  markers: Map<string, string>;
}

/** Applies value mutations to a copy of `value` (a mutation with no place to act does nothing). */
export function mutate(value: unknown, mutations: readonly Mutation[]): Mutated {
  let root = structuredClone(value);
  const markers = new Map<string, string>();
  const replaceAt = (place: Place, next: unknown) => {
    if (!place.parent) root = next;
    else setOwn(place.parent, place.path[place.path.length - 1], next);
  };
  for (const mutation of mutations) {
    const places = placesOf(root);
    switch (mutation.kind) {
      case 'delete': {
        const place = pick(places.slice(1), mutation.at);
        if (!place) break;
        const key = place.path[place.path.length - 1];
        if (Array.isArray(place.parent)) place.parent.splice(key as number, 1);
        else delete (place.parent as Record<string, unknown>)[key];
        break;
      }
      case 'replace':
        replaceAt(pick(places, mutation.at)!, structuredClone(mutation.value));
        break;
      case 'duplicate-item': {
        const place = pick(
          places.filter((p) => Array.isArray(p.value) && p.value.length > 0),
          mutation.at,
        );
        if (!place) break;
        const list = place.value as unknown[];
        const index = mutation.item % list.length;
        list.splice(index, 0, structuredClone(list[index]));
        break;
      }
      case 'deep': {
        const marker = `@@docsnav-deep-${markers.size}@@`;
        markers.set(marker, deepText(mutation.depth, mutation.shape));
        replaceAt(pick(places, mutation.at)!, marker);
        break;
      }
      case 'huge-string':
        replaceAt(pick(places, mutation.at)!, mutation.unit.repeat(Math.ceil(mutation.size / mutation.unit.length)));
        break;
      case 'odd-string':
        replaceAt(pick(places, mutation.at)!, mutation.value);
        break;
      case 'odd-key': {
        const place = pick(
          places.filter((p) => isObject(p.value)),
          mutation.at,
        );
        if (place) setOwn(place.value as Container, mutation.key, structuredClone(mutation.value));
        break;
      }
      case 'ref': {
        const place = pick(
          places.filter((p) => isObject(p.value)),
          mutation.at,
        );
        if (!place) break;
        if (mutation.sibling) setOwn(place.value as Container, '$ref', structuredClone(mutation.ref));
        else replaceAt(place, { $ref: structuredClone(mutation.ref) });
        break;
      }
      case 'openapi': {
        const place = pick(
          places.filter((p) => isObject(p.value)),
          mutation.at,
        );
        if (place) setOwn(place.value as Container, 'openapi', structuredClone(mutation.value));
        break;
      }
      case 'entry': {
        const arrays = places.filter((p) => Array.isArray(p.value));
        const pagesArrays = arrays.filter((p) => p.path[p.path.length - 1] === 'pages');
        const place = pick(pagesArrays.length > 0 ? pagesArrays : arrays, mutation.at);
        if (place) (place.value as unknown[]).splice(mutation.at % ((place.value as unknown[]).length + 1), 0, mutation.entry);
        break;
      }
    }
  }
  return { value: root, markers };
}

/** The damaged value as JSON text, deep chains put in. */
export function toJsonText({ value, markers }: Mutated, indent: number | string): string {
  let text = JSON.stringify(value, null, indent);
  for (const [marker, replacement] of markers) text = text.replace(JSON.stringify(marker), () => replacement);
  return text;
}

/** The damaged value as YAML text, deep chains put in as flow collections (JSON text is YAML). */
export function toYamlText({ value, markers }: Mutated): string {
  let text = stringifyYaml(value, { lineWidth: 0, aliasDuplicateObjects: false });
  for (const [marker, replacement] of markers) text = text.replace(new RegExp(`(["']?)${marker}\\1`), () => replacement);
  return text;
}

export function mutateToText(value: unknown, mutations: readonly Mutation[], indent: number | string): string {
  return toJsonText(mutate(value, mutations), indent);
}

/** Damage to the text itself: parse errors, duplicate keys, a BOM, CRLF line ends. */
export function mutateText(text: string, mutation: TextMutation): string {
  const offset = (f: number) => Math.min(text.length, Math.floor(f * text.length));
  switch (mutation.kind) {
    case 'truncate':
      return text.slice(0, offset(mutation.fraction));
    case 'stray-comma': {
      // After an opening bracket or a comma, or before a closing one: where a stray comma is a syntax error.
      const from = offset(mutation.fraction);
      const match = /[{[,]|(?=[}\]])/g;
      match.lastIndex = from;
      const found = match.exec(text);
      const at = found ? found.index + found[0].length : text.length;
      return text.slice(0, at) + ',' + text.slice(at);
    }
    case 'duplicate-key': {
      const key = pick(keysOf(text), mutation.nth);
      if (!key) return text;
      return text.slice(0, key[0]) + `${text.slice(key[0], key[1])} null, ` + text.slice(key[0]);
    }
    case 'insert': {
      const at = offset(mutation.fraction);
      return text.slice(0, at) + mutation.text + text.slice(at);
    }
    case 'bom':
      return '\uFEFF' + text;
    case 'crlf':
      return text.replace(/\n/g, '\r\n');
  }
}

/** [start, end) of every `"key":` in JSON text (a scan over string boundaries: a regex would backtrack through megabyte strings). */
function keysOf(text: string): Array<[number, number]> {
  const keys: Array<[number, number]> = [];
  for (let quote = text.indexOf('"'); quote !== -1;) {
    let end = quote;
    for (;;) {
      end = text.indexOf('"', end + 1);
      if (end === -1) return keys;
      let backslashes = 0;
      for (let k = end - 1; text.charCodeAt(k) === 92; k--) backslashes++;
      if (backslashes % 2 === 0) break;
    }
    let next = end + 1;
    while (/\s/.test(text.charAt(next))) next++;
    if (text.charAt(next) === ':') keys.push([quote, next + 1]);
    quote = text.indexOf('"', next);
  }
  return keys;
}
