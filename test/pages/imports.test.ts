/**
 * What the platform's build sees at the top of a page parsed as MDX (src/pages/imports.ts): its
 * front matter, and whether an ESM block imports something (a page that imports is titled from the
 * page as MDX parsed it). An `import` is read as a module's (an `export` alone is no import).
 */
import { describe, expect, it } from 'vitest';
import { mdxPageHead } from '../../src/pages/imports.js';

describe('mdxPageHead', () => {
  it('finds an import declaration in an ESM block, among other statements', () => {
    const text = "---\ntitle: A page\n---\n\nexport const size = 2;\nimport Note from '/snippets/note.mdx';\n\n# Heading\n\n<Note />\n";
    expect(mdxPageHead(text)).toEqual({ yaml: 'title: A page', imports: true });
  });

  it('an ESM block of exports only imports nothing', () => {
    expect(mdxPageHead('---\ntitle: A page\n---\n\nexport const size = 2;\n\nText.\n')).toEqual({ yaml: 'title: A page', imports: false });
  });

  it('an import in a later block, after one that imports nothing, is found', () => {
    const text = "export const a = 1;\n\nSome text.\n\nimport { Card } from '../snippets/card.jsx';\n\n<Card />\n";
    expect(mdxPageHead(text)).toEqual({ imports: true });
  });

  it('a page MDX cannot parse has no head (the platform build fails on it)', () => {
    expect(mdxPageHead('<div>\n\nunclosed {\n')).toBeUndefined();
  });
});
