/**
 * headingIds (public): the ids a page's Markdown headings get, in order, are the anchors the
 * page's scan finds (src/pages/anchors.ts, which follows the platform's page), on fixed and on
 * generated headings.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { headingIds } from '../../src/index.js';
import { pageAnchors } from '../../src/pages/scan.js';

/** What headingIds gives a page's headings of levels 1 to 4, in order. */
function idsOf(headings: readonly [number, string][]): string[] {
  const id = headingIds();
  return headings.filter(([level]) => level <= 4).map(([, title]) => id(title));
}

function page(headings: readonly [number, string][]): string {
  return headings.map(([level, title]) => `${'#'.repeat(level)} ${title}\n\nText.\n`).join('\n');
}

describe('headingIds', () => {
  it('numbers repeats as the platform does, in the form the page carries', () => {
    const id = headingIds();
    expect(['Setup', 'Setup', 'Setup 1', 'Setup', 'Step 2: Install', "What's new?", 'Done ✅', 'ガイド', 'Using C#', 'Café & crème'].map(id)).toEqual([
      'setup',
      'setup-2',
      'setup-1',
      'setup-3',
      'step-2-install',
      'whats-new',
      'done-',
      'ガイド',
      'using-c#',
      'café-&-crème',
    ]);
    // Each function counts for one page.
    expect(headingIds()('Setup')).toBe('setup');
    // The table of contents numbers a repeat of an id again; a title of only punctuation or emoji has none.
    const again = headingIds();
    const titles = ['Setup', 'Setup', 'Setup 2', '?', '✅', 'Setup 2'];
    expect(titles.map(again)).toEqual(['setup', 'setup-2', 'setup-2-2', '', '', 'setup-2-2-2']);
    expect(pageAnchors(page(titles.map((title) => [2, title])), true)).toEqual(new Set(['setup', 'setup-2', 'setup-2-2', '', 'setup-2-2-2']));
  });

  it("gives no heading an id on a page of mode custom or frame, as the page's scan finds none", () => {
    for (const mode of ['custom', 'frame']) {
      expect(['Setup', 'ガイド'].map(headingIds({ mode }))).toEqual(['', '']);
      expect(pageAnchors(`---\nmode: ${mode}\n---\n\n## Setup\n\n## ガイド\n`, true)).toEqual(new Set());
    }
    for (const mode of ['wide', 'center', 'Custom', undefined]) {
      expect(['Setup', 'ガイド'].map(headingIds({ mode }))).toEqual(['setup', 'ガイド']);
      const front = mode === undefined ? '' : `---\nmode: ${mode}\n---\n\n`;
      expect(pageAnchors(`${front}## Setup\n\n## ガイド\n`, true)).toEqual(new Set(['setup', 'ガイド']));
    }
  });

  const FIXED: [number, string][] = [
    [1, 'Overview'],
    [2, 'Setup'],
    [3, 'Setup'],
    [5, 'Setup'],
    [6, 'Deep'],
    [4, 'Setup 2'],
    [2, 'Step 2: Install the CLI'],
    [2, 'ガイド'],
    [2, 'Über & Co'],
    [2, 'Using C#'],
    [3, 'API keys (v2)'],
    [2, 'Done ✅'],
  ];

  it("are a page's anchors: every heading of levels 1 to 4, none deeper", () => {
    const ids = idsOf(FIXED);
    expect(ids).toHaveLength(10);
    expect(new Set(ids)).toEqual(pageAnchors(page(FIXED), true));
  });

  it('are the anchors the scan finds on generated headings (200 pages)', () => {
    // No Markdown syntax (emphasis, code, links): the server strips it before asking for an id.
    const word = fc.stringMatching(/^[A-Za-z0-9éüガイド日本&?:'()!,.#+/✅-]{1,8}$/);
    const title = fc.array(word, { minLength: 1, maxLength: 4 }).map((words) => words.join(' '));
    const heading = fc.tuple(fc.integer({ min: 1, max: 6 }), title);
    fc.assert(
      fc.property(fc.array(heading, { minLength: 1, maxLength: 8 }), (headings) => {
        // A title the scan reads as something else (a closing run of #s, a list or an expression) is left out.
        const plain = headings.filter(([, text]) => !/(^|\s)#+$|^\d+[.)]|[{}<]/.test(text));
        const anchors = pageAnchors(page(plain), true);
        expect(new Set(idsOf(plain))).toEqual(anchors);
      }),
      { numRuns: 200, seed: 67 },
    );
  });
});
