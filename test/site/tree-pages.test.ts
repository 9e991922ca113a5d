/**
 * The site as resolveText sees it (src/site/site.ts's buildSite over a whole page tree): there the
 * tree holds every listed page (validation's holds only generated ones, the others come as
 * `alsoListed`), and each is listed, an ordinary page (not generated), with its file.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveFile } from '../../src/index.js';
import { docsRoot, seen } from './site-helpers.js';

async function resolved(files: Record<string, string>, pages: string[]) {
  const root = docsRoot(files, pages);
  const result = await resolveFile(path.join(root, 'docs.json'));
  return result.problems
    .filter((problem) => problem.code === 'link-not-found' || problem.code === 'anchor-not-found')
    .map((problem) => ({ ...seen(root, problem), ...(problem.fix && { fix: problem.fix }) }));
}

describe('a resolved tree’s pages in the site', () => {
  it('are listed: a link that differs from one only in case is fixed to it', async () => {
    expect(await resolved({ 'index.mdx': '# Home\n\n[g](/GUIDE)\n', 'guide.mdx': '# Guide\n' }, ['index', 'guide'])).toEqual([
      {
        code: 'link-not-found',
        file: 'index.mdx',
        at: '3:5',
        message: 'Link "/GUIDE" leads nowhere: no page, file or redirect of the site is at /GUIDE.',
        suggest: '/guide',
        fix: { edits: [{ start: 12, end: 18, text: '/guide' }] },
      },
    ]);
  });

  it('are ordinary pages: the folder of a listed page is served, even when its file is missing', async () => {
    // (Not "only pages generated from a spec (OpenAPI or AsyncAPI) are under it".)
    expect(await resolved({ 'index.mdx': '# Home\n\n[g](/guides)\n' }, ['index', 'guides/missing'])).toEqual([]);
  });
});
