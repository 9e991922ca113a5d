/**
 * The scanner's bundle (dist/cli/pages.js, what the CLI, the language server and the library run)
 * runs @sindresorhus/transliterate as src/pages/transliterate.ts, one scan of the text over the
 * package's table (scripts/bundle.mjs): the ids of non-ASCII titles must be the package's own. Each of the
 * package's replacement keys (and slugify's), in a title alone, twice, beside its neighbours in
 * the table and beside ASCII, is scanned by the bundle and by the sources (the package as
 * published), and the ids compared.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scanPageText } from '../../src/pages/scanner.js';

type Scan = (text: string, mdx: boolean) => { anchors: ReadonlySet<string> };
const bundled = createRequire(import.meta.url)(path.resolve('dist/cli/pages.js')) as { scanPageText: Scan };

/** The package's tables, read from its files (its exports give only the function). */
async function replacementKeys(): Promise<string[]> {
  const require = createRequire(import.meta.url);
  const slugifyDir = path.dirname(require.resolve('@sindresorhus/slugify'));
  const transliterateDir = path.dirname(createRequire(path.join(slugifyDir, 'index.js')).resolve('@sindresorhus/transliterate'));
  const tables = await Promise.all(
    [path.join(transliterateDir, 'replacements.js'), path.join(slugifyDir, 'overridable-replacements.js')].map(
      async (file) => ((await import(pathToFileURL(file).href)) as { default: [string, string][] }).default,
    ),
  );
  return tables.flat().map(([key]) => key);
}

const idsOf = (scan: Scan, titles: string[]) =>
  [...scan(titles.map((title) => `<Accordion title=${JSON.stringify(title)}>\n  Text.\n</Accordion>\n`).join('\n'), true).anchors].sort();

describe('the bundled scanner slugs non-ASCII titles as the package does', () => {
  it('every replacement key, alone, twice, next to its neighbours and to ASCII', async () => {
    const keys = await replacementKeys();
    expect(keys.length).toBeGreaterThan(1000);
    const titles: string[] = [];
    keys.forEach((key, i) => {
      titles.push(key, `${key}${key}`, `A${key}b ${keys[(i + 1) % keys.length]}${keys[(i + 2) % keys.length]} C${i}`);
    });
    titles.push('Café crème & Ünïcödé', 'Ёлка и ёж', 'Straße', 'ـَ‎', 'e\u0301', '#️⃣ 1️⃣', 'Тс тс');
    for (let at = 0; at < titles.length; at += 500) {
      const some = titles.slice(at, at + 500);
      expect(idsOf(bundled.scanPageText, some)).toEqual(idsOf(scanPageText, some));
    }
  });
});
