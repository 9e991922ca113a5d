/** What a deployment indexes for the assistant: group roots, and hidden pages only when searchable. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeAll } from './helpers.js';
import { tempDir } from './helpers.js';

describe('indexed pages', () => {
  it('indexes a group root the group does not list, and hidden pages only under a searchable element', async () => {
    const root = tempDir('analyze-search');
    const docs = {
      theme: 'mint',
      name: 'Test docs',
      colors: { primary: '#0D9373' },
      navigation: {
        groups: [
          { group: 'Guides', root: 'guides/home', pages: ['guides/one'] },
          { group: 'Internal', hidden: true, pages: ['internal/secret'] },
          { group: 'Legacy', hidden: true, searchable: true, pages: ['/legacy/old'] },
        ],
      },
    };
    writeFileSync(path.join(root, 'docs.json'), JSON.stringify(docs));
    for (const page of ['guides/home', 'guides/one', 'internal/secret', 'legacy/old']) {
      mkdirSync(path.dirname(path.join(root, page)), { recursive: true });
      writeFileSync(path.join(root, `${page}.mdx`), `---\ntitle: ${page}\n---\n\nText of ${page}.\n`);
    }
    const { sections, problems } = await analyzeAll({ docsRoot: root, docsFile: path.join(root, 'docs.json'), checkoutRoot: root });
    expect(problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    const hidden = Object.fromEntries(sections.map((section) => [section.pagePath, section.hidden]));
    expect(hidden).toEqual({ 'guides/home': false, 'guides/one': false, 'internal/secret': true, 'legacy/old': false });
    const home = sections.find((section) => section.pagePath === 'guides/home')!;
    expect(home.trail).toEqual([{ kind: 'group', label: 'Guides' }]);
    expect(home.body).toBe('Text of guides/home.');
  });
});
