/**
 * @sindresorhus/transliterate (the first step of @sindresorhus/slugify, which makes the ids of
 * non-ASCII titles: accordions, tabs, fields) with one scan of the text. On every call the package
 * builds a map of its ~1,900 replacements and tries each on the whole text in turn (a regular
 * expression each; in our bundle before, a `replaceAll` each): 17% of a cold check of the platform
 * docs went to heading ids, most of it there. Here the table is compiled once, and a text is read
 * once, code point by code point, each replaced by its value.
 *
 * That is the package's result as long as no replacement can reach another, which the compiled
 * table makes sure of: every value is ASCII, so the only keys a value can make are ASCII keys (`&`,
 * whose value is composed into every earlier value that writes one); the order of the package's
 * replacements matters only for keys of several code points (Cyrillic digraphs, keycaps, Arabic
 * vowel marks with a direction mark). A text holding a code point of such a key is replaced key by
 * key in the package's order, as the package does, but only with the keys it holds (found in the
 * same scan). A table that breaks these assumptions (a non-ASCII value) is always replaced key by
 * key. scripts/bundle.mjs makes the bundled package call this; test/pages/transliterate.test.ts
 * holds it to the package on every key and on generated text.
 */

export type Replacements = Iterable<readonly [string, string]>;

interface CompiledTable {
  /** Keys of one code point, by code point, and their values (ASCII keys written by later replacements composed in). */
  single: Map<number, string>;
  /** Every replacement in the package's order (a map's: a key given twice keeps its first place and its last value). */
  ordered: (readonly [string, string])[];
  /** Code points of keys of several code points: a text holding one is replaced key by key. */
  entangled: Set<number>;
  /** The replacements a text may need key by key: by each non-ASCII code point of their keys, their places in `ordered`. */
  byCodePoint: Map<number, number[]>;
  /** Places of the keys that are all ASCII (`&`): a value can write them, so they are always tried. */
  ascii: number[];
  /** The table breaks the one-scan assumptions: every text is replaced key by key. */
  keyByKey: boolean;
}

const NOT_ASCII = /[^\x00-\x7f]/;
/** What the package takes out after its replacements (`\p{Diacritic}`): in ASCII, `^` and `` ` `` only. */
const ASCII_DIACRITICS = /[\^`]/g;

function compile(replacements: Replacements): CompiledTable {
  const ordered = [...new Map(replacements)];
  const table: CompiledTable = { single: new Map(), ordered, entangled: new Set(), byCodePoint: new Map(), ascii: [], keyByKey: false };
  ordered.forEach(([key, value], index) => {
    if (NOT_ASCII.test(value)) table.keyByKey = true;
    const codePoints = [...key].map((char) => char.codePointAt(0)!);
    if (!NOT_ASCII.test(key)) table.ascii.push(index);
    for (const codePoint of new Set(codePoints)) {
      if (codePoint < 128) continue;
      const places = table.byCodePoint.get(codePoint);
      if (places) places.push(index);
      else table.byCodePoint.set(codePoint, [index]);
    }
    if (codePoints.length > 1) for (const codePoint of codePoints) if (codePoint >= 128) table.entangled.add(codePoint);
  });
  // An ASCII key of several characters could span a value and its neighbours: key by key.
  if (table.ascii.some((index) => ordered[index][0].length !== 1)) table.keyByKey = true;
  ordered.forEach(([key, value], index) => {
    if ([...key].length !== 1) return;
    // What the ASCII keys after this one make of its value, as the package's later passes do.
    let composed = value;
    for (const later of table.ascii) if (later > index) composed = composed.replaceAll(ordered[later][0], ordered[later][1]);
    table.single.set(key.codePointAt(0)!, composed);
  });
  return table;
}

/**
 * The package's `transliterate(text, { customReplacements })`, for its table of `builtin`
 * replacements: NFC, the replacements (custom ones after the built-in ones, as the package merges
 * them), then diacritics removed.
 */
export function transliterator(builtin: Replacements): (text: string, options?: { customReplacements?: Replacements }) => string {
  const builtinEntries = [...builtin];
  const compiled = new Map<string, CompiledTable>();
  return (text, options) => {
    const custom = [...(options?.customReplacements ?? [])];
    // slugify passes its own few replacements on every call, a new map each time: compiled once by content.
    const key = JSON.stringify(custom);
    let table = compiled.get(key);
    if (table === undefined) {
      table = compile([...builtinEntries, ...custom]);
      compiled.set(key, table);
    }
    const replaced = replace(text.normalize(), table);
    return NOT_ASCII.test(replaced)
      ? replaced
          .normalize('NFD')
          .replace(/\p{Diacritic}/gu, '')
          .normalize()
      : replaced.replace(ASCII_DIACRITICS, '');
  };
}

function replace(text: string, table: CompiledTable): string {
  let out = '';
  let copied = 0;
  for (let at = 0; at < text.length;) {
    const codePoint = text.codePointAt(at)!;
    const size = codePoint > 0xffff ? 2 : 1;
    if (table.keyByKey || table.entangled.has(codePoint)) return keyByKey(text, table);
    const value = table.single.get(codePoint);
    if (value !== undefined) {
      out += text.slice(copied, at) + value;
      copied = at + size;
    }
    at += size;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/**
 * The package's own way (each replacement on the whole text, in its order), with only the
 * replacements whose key's non-ASCII code points are all in the text: values are ASCII, so no
 * other key can ever match.
 */
function keyByKey(text: string, table: CompiledTable): string {
  let replaced = text;
  if (table.keyByKey) {
    for (const [key, value] of table.ordered) if (replaced.includes(key)) replaced = replaced.replaceAll(key, value);
    return replaced;
  }
  const present = new Set<number>();
  for (const char of text) present.add(char.codePointAt(0)!);
  const places = new Set(table.ascii);
  for (const codePoint of present) for (const place of table.byCodePoint.get(codePoint) ?? []) places.add(place);
  const held = (key: string) => [...key].every((char) => char.codePointAt(0)! < 128 || present.has(char.codePointAt(0)!));
  for (const place of [...places].sort((a, b) => a - b)) {
    const [key, value] = table.ordered[place];
    if (held(key) && replaced.includes(key)) replaced = replaced.replaceAll(key, value);
  }
  return replaced;
}
