/**
 * A scan made without its anchors (`scanPages(…, { anchors: false })`, what a site check asks):
 * its heading ids are computed when first read, and are then the ones a whole scan gives.
 */
import { describe, expect, it } from 'vitest';
import { computedAnchors } from '../../src/pages/anchors-later.js';
import { pageAnchors, scanPage, scanPages } from '../../src/pages/scan.js';

const PAGES = [
  '# Home\n\nSee [the guide](/guide#setup).\n\n## Setup {#custom}\n',
  '---\nmode: custom\n---\n# Not an anchor on a custom page\n',
  '<Accordion title="**Bold** title">x</Accordion>\n\n### Über & Co\n',
  '\uFEFF# A page with a byte order mark\n\n[x](/y#z)\n',
  // Left to micromark by the fast path (a setext heading): its anchors come with its scan.
  'Setext\n======\n\n[x](/y)\n',
  'No links, no headings.\n',
];

describe('a scan with its anchors later', () => {
  it.each(PAGES.map((text) => [text]))('gives the anchors a whole scan gives, when first read: %j', (text) => {
    const whole = scanPage(text);
    const [later] = scanPages([{ text, mdx: true, anchors: false }], { threads: 1 });
    expect(later.links).toEqual(whole.links);
    expect(later.anchors).toEqual(whole.anchors);
    expect(computedAnchors(later)).toEqual(whole.anchors);
    expect(pageAnchors(text, true)).toEqual(whole.anchors);
  });

  it('computes none before they are read', () => {
    const [later] = scanPages([{ text: PAGES[0], mdx: true, anchors: false }], { threads: 1 });
    expect(computedAnchors(later)).toBeUndefined();
    expect([...later.anchors].sort()).toEqual(['custom', 'home']);
    expect(computedAnchors(later)).toBeDefined();
  });
});
