import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ProfileName } from '../../src/config/profiles.js';
import { resolveFile } from '../../src/resolve.js';
import { validateFile } from '../../src/validate.js';

/**
 * Issue 56 (c): a front matter `title:` left empty. The platform's build (@mintlify/prebuild
 * 1.0.1341, run on this very site) gives these titles: a null, b "", c "C", d null (sidebarTitle
 * "Side"), e null, f "F". docsnav warns in the page and, under the platform profile (the
 * default), gives the same; the spec profile keeps titles made from the file name.
 */
function site(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'docsnav-empty-title-'));
  const files: Record<string, string> = {
    'docs.json': JSON.stringify({
      name: 'x',
      theme: 'mint',
      colors: { primary: '#000000' },
      navigation: { groups: [{ group: 'G', pages: ['a', 'b', 'c', 'd', 'e', 'f'] }] },
    }),
    'a.mdx': '---\ntitle:\n---\nhi\n',
    'b.mdx': '---\ntitle: ""\n---\nhi\n',
    'c.mdx': '---\ndescription: x\n---\nhi\n',
    'd.mdx': '---\ntitle:\nsidebarTitle: Side\n---\nhi\n',
    'e.mdx': '---\ntitle: ~\n---\nhi\n',
    'f.mdx': 'no front matter\n',
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(root, name), text);
  return path.join(root, 'docs.json');
}

const titles = async (file: string, profile?: ProfileName) => (await resolveFile(file, { profile })).tree.pages.map((page) => [page.path, page.title]);

describe('(c) an empty front matter title', () => {
  it('is a warning in the page, at the title line, once per page', () => {
    const problems = validateFile(site()).problems.filter((p) => p.code === 'front-matter-invalid');
    expect(problems.map((p) => [path.basename(p.file), p.line, p.severity])).toEqual([
      ['a.mdx', 2, 'warning'],
      ['b.mdx', 2, 'warning'],
      ['d.mdx', 2, 'warning'],
      ['e.mdx', 2, 'warning'],
    ]);
    expect(problems[0].message).toMatch(/the platform gives the page no title \(null\)/);
  });

  it('the tree gives the platform’s titles under the default profile, file-name titles under spec', async () => {
    const file = site();
    const platform = [
      ['a', null],
      ['b', ''],
      ['c', 'C'],
      ['d', null],
      ['e', null],
      ['f', 'F'],
    ];
    expect(await titles(file)).toEqual(platform);
    expect(await titles(file, 'platform')).toEqual(platform);
    expect(await titles(file, 'spec')).toEqual(['a', 'b', 'c', 'd', 'e', 'f'].map((name) => [name, name.toUpperCase()]));
  });
});
