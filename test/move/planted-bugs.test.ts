/**
 * Issue 58, the rows of src/move: three one-line bugs planted in the move that the suite did not
 * notice. Each test runs the move as a user asks for it (the plan, then the site validated after
 * it where the row's harm is a silent wrong link) and fails with its row's bug planted.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyMove, validateFile } from '../../src/index.js';
import { REQUIRED_SETTINGS } from '../required-settings.js';
import { docsJson, planOn, siteWith, textsAfter } from './harness.js';

describe('issue 58: src/move', () => {
  it('links.ts: a bare link (`[A](a)`) is read relative to its page first; moving the page it reaches rewrites it, and the site stays valid', () => {
    // From guides/index.mdx, `a` reaches guides/a (relative); the root's reading would reach a.mdx, another page.
    // The platform's required settings: the site is valid before the move, so a problem after it is the move's.
    const root = siteWith({
      'docs.json': docsJson(['index', 'a', 'guides/index', 'guides/a'], REQUIRED_SETTINGS),
      'index.mdx': '# Home\n',
      'a.mdx': '# Top A\n',
      'guides/index.mdx': '# Guides\n\nSee [A](a).\n',
      'guides/a.mdx': '# Guide A\n',
    });
    const plan = planOn(root, { from: 'guides/a.mdx', to: 'start/a.mdx' });
    expect(textsAfter(plan)['guides/index.mdx']).toBe('# Guides\n\nSee [A](../start/a).\n');
    applyMove(plan);
    expect(existsSync(path.join(root, 'start/a.mdx'))).toBe(true);
    const after = validateFile(path.join(root, 'docs.json'), { concurrency: 1 });
    expect(after.problems.map((problem) => `${problem.code} ${problem.file ?? ''}`)).toEqual([]);
  });

  it('targets.ts: a folder moved to a name its own name starts (`guides` to `guides-old`) is not "into itself"', () => {
    const root = siteWith({
      'docs.json': docsJson(['index', 'guides/a', 'guides/b']),
      'index.mdx': '# Home\n\n[A](/guides/a)\n',
      'guides/a.mdx': '# A\n',
      'guides/b.mdx': '# B\n',
    });
    const plan = planOn(root, { from: 'guides', to: 'guides-old' });
    expect(plan.files.map((move) => `${move.from} -> ${move.to}`)).toEqual(['guides/a.mdx -> guides-old/a.mdx', 'guides/b.mdx -> guides-old/b.mdx']);
    expect(textsAfter(plan)['index.mdx']).toBe('# Home\n\n[A](/guides-old/a)\n');
  });

  it('document.ts: a pattern redirect matching the old URL gives way to an exact one from it (the page answered it before)', () => {
    const redirects = [{ source: '/guides/:slug*', destination: '/archive/:slug*' }];
    const root = siteWith({
      'docs.json': docsJson(['index', 'guides/a', 'archive/a'], { redirects }),
      'index.mdx': '# Home\n',
      'guides/a.mdx': '# A\n',
      'archive/a.mdx': '# Archived A\n',
    });
    const plan = planOn(root, { from: 'guides/a.mdx', to: 'start/a.mdx' });
    expect(plan.redirects.added).toEqual([{ source: '/guides/a', destination: '/start/a', file: 'docs.json', pointer: '/redirects' }]);
    expect(JSON.parse(textsAfter(plan)['docs.json']).redirects).toEqual([...redirects, { source: '/guides/a', destination: '/start/a' }]);
    expect(plan.notes.map((note) => note.id)).not.toContain('existingRedirect');
  });
});
