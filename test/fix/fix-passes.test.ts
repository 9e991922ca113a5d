/**
 * fixText's passes over a docs.json and the `$ref` targets it names (src/fix.ts), on a docs root on
 * disk: what one pass applies and in which order, the files it reports (the checked file first),
 * the unchanged targets read as validate reads them, the checked file written wherever it is, and
 * problems matched across passes when several are alike.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixFile, fixText } from '../../src/index.js';

const lf = (lines: string[]) => lines.join('\n') + '\n';

/** A docs root whose docs.json names two language files: `de` needs a fix, `fr` none. */
function site(main: string[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'docsnav-fix-passes-'));
  mkdirSync(path.join(dir, 'nav'));
  mkdirSync(path.join(dir, 'en'));
  mkdirSync(path.join(dir, 'fr'));
  writeFileSync(path.join(dir, 'fr', 'index.mdx'), '# Accueil\n');
  writeFileSync(path.join(dir, 'docs.json'), lf(main));
  writeFileSync(path.join(dir, 'nav', 'de.json'), lf(['{', '  "language": "de-DE",', '  "pages": ["index"]', '}']));
  writeFileSync(path.join(dir, 'nav', 'fr.json'), lf(['{', '  "language": "fr",', '  "pages": ["fr/index"]', '}']));
  writeFileSync(path.join(dir, 'index.mdx'), '# Home\n');
  writeFileSync(path.join(dir, 'en', 'index.mdx'), '# Home\n');
  return dir;
}

const languages = (en: string) => [
  '{',
  '  "navigation": {',
  `    "languages": [{ "$ref": "./nav/de.json" }, { "$ref": "./nav/fr.json" }, { "language": "en", "pages": [${en}] }]`,
  '  }',
  '}',
];

describe('fixing a docs.json and its $ref targets', () => {
  it('applies the fixes of both files in one pass, reads the unchanged target as it is, and lists the checked file first', () => {
    const dir = site(languages('"/en/index"'));
    const main = path.join(dir, 'docs.json');
    const de = path.join(dir, 'nav', 'de.json');
    const result = fixFile(main, { profile: 'spec', dryRun: true });
    expect(result.applied.map((a) => [a.pass, a.code, path.relative(dir, a.file)])).toEqual([
      [1, 'page-path', 'docs.json'],
      [1, 'language-code', 'nav/de.json'],
    ]);
    expect(result.passes).toBe(1);
    expect(result.files.map((f) => path.relative(dir, f.file))).toEqual(['docs.json', 'nav/de.json']);
    expect(result.files[0].after).toBe(lf(languages('"en/index"')));
    expect(result.files[1].after).toBe(lf(['{', '  "language": "de",', '  "pages": ["index"]', '}']));
    expect(result.after.problems).toEqual([]);
    expect(result.fixed.map((p) => p.code)).toEqual(['page-path', 'language-code']);
    expect(readFileSync(de, 'utf8')).toContain('de-DE');
  });

  it('lists the checked file first even when a target was fixed before it', () => {
    // The target's fix is in pass 1; the checked file's two fixes of one entry meet, so its second waits for pass 2.
    const dir = site(languages('"en/index", "/en/index"'));
    const result = fixFile(path.join(dir, 'docs.json'), { profile: 'spec', dryRun: true });
    expect(result.files.map((f) => path.relative(dir, f.file))).toEqual(['docs.json', 'nav/de.json']);
    expect(result.after.problems).toEqual([]);
  });

  it('fixes only the target when the checked file needs nothing, in one pass', () => {
    const dir = site(languages('"en/index"'));
    const result = fixFile(path.join(dir, 'docs.json'), { profile: 'spec' });
    expect(result.applied.map((a) => [a.pass, a.code])).toEqual([[1, 'language-code']]);
    expect(result.written.map((f) => path.relative(dir, f))).toEqual(['nav/de.json']);
    expect(readFileSync(path.join(dir, 'docs.json'), 'utf8')).toBe(lf(languages('"en/index"')));
  });
});

describe('fixFile writes the checked file wherever it is', () => {
  it('writes a docs.json outside the root it is checked against', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docsnav-fix-outside-'));
    mkdirSync(path.join(dir, 'content'));
    writeFileSync(path.join(dir, 'content', 'a.mdx'), '# A\n');
    const main = path.join(dir, 'docs.json');
    writeFileSync(main, '{"navigation": {"pages": ["/a"]}}\n');
    const result = fixFile(main, { profile: 'spec', root: path.join(dir, 'content') });
    expect(result.written).toEqual([main]);
    expect(readFileSync(main, 'utf8')).toBe('{"navigation": {"pages": ["a"]}}\n');
  });
});

describe('problems matched across passes', () => {
  it('two alike problems, one fixed: one is gone and one kept', () => {
    // Two `a` after the first: both duplicates, said in the same words; removing them takes two passes.
    const result = fixText('{"navigation":{"pages":["a","a","a"]}}', { profile: 'spec', maxPasses: 1 });
    expect(result.before.map((p) => [p.code, p.pointer])).toEqual([
      ['duplicate-page', '/navigation/pages/1'],
      ['duplicate-page', '/navigation/pages/2'],
    ]);
    expect(result.after.problems.map((p) => [p.code, p.pointer])).toEqual([['duplicate-page', '/navigation/pages/1']]);
    expect(result.fixed).toHaveLength(1);
    expect(result.remaining).toHaveLength(1);
    expect(result.introduced).toEqual([]);
  });
});
