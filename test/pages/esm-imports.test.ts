/**
 * A name an ESM block imports is declared for the blocks after it, as micromark reads them: importing
 * or declaring it again fails the page (fast-mdx.ts esmBlockEnd's `imported`). The fast path gives
 * these pages to micromark, or scans them as it does; never reads them as sound.
 */
import { describe, expect, it } from 'vitest';
import { fastScanPageText, micromarkScanPageText } from '../../src/pages/scanner.js';

describe('names imported in one ESM block, then again in a later one', () => {
  it.each([
    'import X from "y"\n\nimport X from "y"\n\n# T\n',
    'import { X as Z, W } from "y"\n\nimport Z from "w"\n\n# T\n',
    'import { X as Z, W } from "y"\n\nimport W from "w"\n\n# T\n',
    'import * as N from "y"\n\nimport N from "w"\n\n# T\n',
    'import X from "y"\n\nexport const X = 1\n\n# T\n',
  ])('%j', (text) => {
    const oracle = micromarkScanPageText(text, true);
    expect(oracle.error?.message).toBe('Could not parse import/exports with acorn');
    const fast = fastScanPageText(text, true);
    if (fast !== undefined) expect({ links: fast.links, error: fast.error }).toEqual({ links: oracle.links, error: oracle.error });
  });

  it('a name imported once, then used: the fast path reads the page, as micromark does', () => {
    const text = 'import X from "y"\n\nexport const Y = X\n\n# T\n\n[a](/b)\n';
    const fast = fastScanPageText(text, true);
    expect(fast).toBeDefined();
    expect(fast!.links).toEqual(micromarkScanPageText(text, true).links);
  });
});
