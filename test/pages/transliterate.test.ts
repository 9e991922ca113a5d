/**
 * src/pages/transliterate.ts against @sindresorhus/transliterate itself (the version
 * @sindresorhus/slugify runs), with slugify's own replacements passed as it passes them: every key
 * of the table alone, twice, beside its neighbours and ASCII, and generated text mixing keys,
 * combining marks, keycap parts and ASCII; and tables that break the one-scan assumptions.
 */
import fc from 'fast-check';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { transliterator } from '../../src/pages/transliterate.js';

type Table = [string, string][];
type Transliterate = (text: string, options?: { customReplacements?: Map<string, string> | Table }) => string;

/** The package's function and tables, from its files (slugify's dependency; its exports give only the function). */
async function thePackage(): Promise<{ transliterate: Transliterate; builtin: Table; slugifys: Table }> {
  const slugifyDir = path.dirname(createRequire(import.meta.url).resolve('@sindresorhus/slugify'));
  const transliterateDir = path.dirname(createRequire(path.join(slugifyDir, 'index.js')).resolve('@sindresorhus/transliterate'));
  const load = async <T>(file: string) => ((await import(pathToFileURL(file).href)) as { default: T }).default;
  return {
    transliterate: await load<Transliterate>(path.join(transliterateDir, 'index.js')),
    builtin: await load<Table>(path.join(transliterateDir, 'replacements.js')),
    slugifys: await load<Table>(path.join(slugifyDir, 'overridable-replacements.js')),
  };
}

const { transliterate, builtin, slugifys } = await thePackage();
const ours = transliterator(builtin);
/** As slugify calls it: its replacements in a new map each time. */
const both = (text: string) => [ours(text, { customReplacements: new Map(slugifys) }), transliterate(text, { customReplacements: new Map(slugifys) })];

describe('transliterator: the package in one scan', () => {
  it('every key, alone, twice, beside its neighbours in the table and beside ASCII', () => {
    const keys = [...builtin, ...slugifys].map(([key]) => key);
    expect(keys.length).toBeGreaterThan(1000);
    const texts = keys.flatMap((key, i) => [
      key,
      `${key}${key}`,
      `A${key}b ${keys[(i + 1) % keys.length]}${keys[(i + 2) % keys.length]} C${i} & x`,
      `${key}\u0301`,
    ]);
    // Fifty to a call, a line each (no key holds a line end): the package takes milliseconds a call.
    for (let at = 0; at < texts.length; at += 50) {
      const text = texts.slice(at, at + 50).join('\n');
      const [mine, theirs] = both(text);
      expect(mine, JSON.stringify(text)).toBe(theirs);
    }
  });

  it('generated text: keys, combining marks, keycap parts, direction marks, ASCII', () => {
    const keys = [...builtin, ...slugifys].map(([key]) => key);
    const parts = fc.oneof(
      fc.constantFrom(...keys),
      fc.constantFrom(
        'a',
        'E',
        ' ',
        '-',
        '&',
        '^',
        '`',
        '1',
        '#',
        '*',
        '\u0301',
        '\u0308',
        '\uFE0F',
        '\u20E3',
        '\u200E',
        'е',
        'ъ',
        'й',
        'с',
        'ու',
        '中文',
        '🎉',
        'ﬁ',
      ),
    );
    fc.assert(
      fc.property(fc.array(parts, { maxLength: 12 }), (list) => {
        const [mine, theirs] = both(list.join(''));
        expect(mine).toBe(theirs);
      }),
      { numRuns: 300, seed: 51 },
    );
  });

  it('tables that break the one-scan assumptions (a non-ASCII value, an ASCII key of two characters) are applied key by key', () => {
    for (const custom of [[['x', 'é']], [['ab', 'c']], [['é', 'ä']]] as Table[]) {
      const mine = transliterator(builtin);
      for (const text of ['xé ab äx', 'a&b ab', 'Ёлка abé'])
        expect(mine(text, { customReplacements: custom })).toBe(transliterate(text, { customReplacements: custom }));
    }
  });
});
