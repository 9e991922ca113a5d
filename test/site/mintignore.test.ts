/**
 * `.mintignore` as the site reads it (src/platform-ignores.ts) and as an editor's next check keeps it
 * (src/site/check.ts): the test a root's `.mintignore` makes is that root's own, kept from its
 * last check while the text is the same, whatever other root was checked in between.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateText, ValidationCache } from '../../src/index.js';
import type { CheckedSite } from '../../src/site/check.js';
import { docsRoot, lost, seen, type Seen } from './site-helpers.js';

const DOCS = { name: 'Site', navigation: { pages: ['index'] } };

/** A root of `files` checked through `cache`; `last()` is what its last check kept. */
function root(files: Record<string, string>, cache: ValidationCache) {
  const at = docsRoot(files, DOCS);
  const check = (document: object = DOCS): Seen[] =>
    validateText(JSON.stringify(document), { file: path.join(at, 'docs.json'), root: at, cache })
      .problems.filter((problem) => problem.code === 'link-not-found')
      .map((problem) => seen(at, problem));
  const last = (): CheckedSite => {
    const kept = cache.lastCheck<CheckedSite>(at);
    if (!kept) throw new Error('no check kept');
    return kept;
  };
  return { check, last };
}

describe('two roots checked in turn', () => {
  const FILES = { 'index.mdx': '# Home\n\n[d](/drafts/a)\n', 'drafts/a.mdx': '# A\n' };

  it('each keeps its site while its own .mintignore is unchanged', () => {
    const cache = new ValidationCache();
    const a = root({ ...FILES, '.mintignore': 'drafts/\n' }, cache);
    const b = root({ ...FILES, '.mintignore': '# nothing\n' }, cache);
    expect(a.check()).toEqual([lost('index.mdx', '3:5', '/drafts/a')]);
    const first = a.last();
    expect(b.check()).toEqual([]);
    expect(a.check({ ...DOCS, name: 'Renamed' })).toEqual([lost('index.mdx', '3:5', '/drafts/a')]);
    expect(a.last().site).toBe(first.site);
    expect(b.check({ ...DOCS, name: 'Renamed' })).toEqual([]);
  });

  it('with the same .mintignore text, each has its own site', () => {
    const cache = new ValidationCache();
    const a = root({ ...FILES, '.mintignore': 'drafts/\n' }, cache);
    const b = root({ ...FILES, 'drafts/b.mdx': '# B\n', '.mintignore': 'drafts/\n' }, cache);
    expect(a.check()).toEqual([lost('index.mdx', '3:5', '/drafts/a')]);
    expect(b.check()).toEqual([lost('index.mdx', '3:5', '/drafts/a')]);
    expect(b.last().site).not.toBe(a.last().site);
    expect(b.last().checked).toEqual(['index.mdx']);
  });
});
