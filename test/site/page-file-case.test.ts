/**
 * A page with files whose extensions differ only in case (`x.MDX` beside `x.mdx`, `x.MD` beside
 * `x.md`): the platform serves `<page>.mdx`, else `<page>.md`, looked up case-sensitively, so the
 * page's headings are those of that file, whichever the listing gives first (it gives the upper
 * case first). Validation (the site's page files) and resolve (the tree's page files) take the
 * same one.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveFile, validateFile } from '../../src/index.js';
import { docsRoot, seen, type Seen } from './site-helpers.js';

/** The link and anchor problems of validate and of resolve, and the file resolve's tree gives the page `x`. */
async function bothWays(files: Record<string, string>, pages: string[]) {
  const root = docsRoot(files, pages);
  const site = (problems: Parameters<typeof seen>[1][]): Seen[] =>
    problems.filter((problem) => problem.code === 'link-not-found' || problem.code === 'anchor-not-found').map((problem) => seen(root, problem));
  const validated = site(validateFile(path.join(root, 'docs.json')).problems);
  const resolved = await resolveFile(path.join(root, 'docs.json'));
  return { validated, resolved: site(resolved.problems), file: resolved.tree.pages.find((page) => page.path === 'x')?.file };
}

/** `/x#setup` and `/x#other`: `x.mdx` (or `x.md`) has the Setup heading, its upper-case twin the Other one. */
const LINKS = '# Home\n\n[a](/x#setup) [b](/x#other)\n';
const OTHER: Seen = {
  code: 'anchor-not-found',
  file: 'index.mdx',
  at: '3:19',
  message: 'Link "/x#other": no heading or element of /x has the id "other", so the page opens at its top.',
};

describe('a page whose files differ only in the case of the extension', () => {
  it('is its .mdx beside an .MDX, listed: validate and resolve read the same headings', async () => {
    const files = { 'index.mdx': LINKS, 'x.MDX': '# X\n\n## Other\n', 'x.mdx': '# X\n\n## Setup\n' };
    expect(await bothWays(files, ['index', 'x'])).toEqual({ validated: [OTHER], resolved: [OTHER], file: 'x.mdx' });
  });

  it('is its .md beside an .MD and an .MDX, listed', async () => {
    const files = { 'index.mdx': LINKS, 'x.MD': '# X\n\n## Other\n', 'x.MDX': '# X\n\n## Other\n', 'x.md': '# X\n\n## Setup\n' };
    expect(await bothWays(files, ['index', 'x'])).toEqual({ validated: [OTHER], resolved: [OTHER], file: 'x.md' });
  });

  it('is its .mdx beside an .MDX when hidden (not listed)', async () => {
    const files = { 'index.mdx': LINKS, 'x.MDX': '# X\n\n## Other\n', 'x.mdx': '# X\n\n## Setup\n' };
    expect(await bothWays(files, ['index'])).toEqual({ validated: [OTHER], resolved: [OTHER], file: undefined });
  });

  it('is its .MDX when it has no other file', async () => {
    const files = { 'index.mdx': LINKS, 'x.MDX': '# X\n\n## Setup\n' };
    expect((await bothWays(files, ['index'])).validated).toEqual([OTHER]);
  });
});
