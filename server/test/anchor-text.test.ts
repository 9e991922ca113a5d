/**
 * Anchor text (issue 60 item 1): a deployment keeps each section's links to other pages of the
 * site (src/analysis/page-text.ts finds them, analyze.ts resolves their targets to page paths,
 * the store keeps them with the section), and the search index files the words of the links into
 * a page as a field of that page (src/search/index-fields.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageText } from '../src/analysis/page-text.js';
import { SectionIndex } from '../src/search/section-index.js';
import { insertDeployment, insertPageSections, pageSections, reusablePages, storeSections } from '../src/store/deployments.js';
import { insertProject } from '../src/store/projects.js';
import { migrate } from '../src/store/migrate.js';
import { analyzeAll, itOnEachStore, tempDir } from './helpers.js';
import { section } from './sections.js';
import type { Store } from '../src/store/store.js';

describe('the links of a page', () => {
  it('finds Markdown links and linking tags (over several lines too), not images, other sites or fragments', () => {
    const text = pageText(
      [
        'See [rotate your **credentials**](/keys#rotate "Keys") and ![a diagram](/img/flow.png).',
        'Also [the blog](https://example.com/blog), [above](#intro) and [protocol-relative](//cdn.example/x).',
        '<Card',
        '  title="Stay signed in longer"',
        '  href="../guides/sessions"',
        '>',
        'Tune how long a login lasts.',
        '</Card>',
        '<a href="./webhooks.mdx">get told when it happens</a>',
        '```md',
        '[in code](/not-a-link)',
        '```',
      ].join('\n'),
    );
    expect(text.sections[0].links).toEqual([
      { href: '/keys', text: 'rotate your credentials' },
      { href: '../guides/sessions', text: 'Stay signed in longer' },
      { href: './webhooks.mdx', text: 'get told when it happens' },
    ]);
    expect(pageText('No links here.').sections[0].links).toBeUndefined();
  });

  it('a deployment resolves each target to a page path, leaving out links to the page itself', async () => {
    const root = tempDir('anchor-analyze');
    const docs = { theme: 'mint', name: 'Docs', colors: { primary: '#0D9373' }, navigation: { pages: ['index', 'guides/intro', 'guides/sessions', 'keys'] } };
    writeFileSync(path.join(root, 'docs.json'), JSON.stringify(docs));
    const pages: Record<string, string> = {
      index: 'Start with [the intro](/guides/intro/) or [home](/).',
      'guides/intro': 'Read [sessions](sessions), [keys](../keys.mdx#top) and [this page](./intro).',
      'guides/sessions': 'Sessions.',
      keys: 'Keys.',
    };
    for (const [page, body] of Object.entries(pages)) {
      mkdirSync(path.dirname(path.join(root, page)), { recursive: true });
      writeFileSync(path.join(root, `${page}.mdx`), `---\ntitle: ${page}\n---\n\n${body}\n`);
    }
    const { sections } = await analyzeAll({ docsRoot: root, docsFile: path.join(root, 'docs.json'), checkoutRoot: root });
    const links = Object.fromEntries(sections.map((row) => [row.pagePath, row.links ?? null]));
    expect(links).toEqual({
      index: [{ href: 'guides/intro', text: 'the intro' }],
      'guides/intro': [
        { href: 'guides/sessions', text: 'sessions' },
        { href: 'keys', text: 'keys' },
      ],
      'guides/sessions': null,
      keys: null,
    });
  });

  itOnEachStore(
    { pglite: 'are stored with their section and read back (PGlite)', postgres: 'are stored with their section and read back (PostgreSQL)' },
    'anchor-store',
    async (store: Store) => {
      await migrate(store);
      await insertProject(store, { id: 'acme', repo: '/tmp', branch: 'main', docsDir: '.', domain: 'acme' });
      await insertDeployment(store, { id: 'd1', projectId: 'acme', ref: 'main', source: 'api' });
      await insertPageSections(store, 'd1', [
        section({ pagePath: 'a', body: 'A.', links: [{ href: 'b', text: 'the b page' }] }),
        section({ pagePath: 'b', body: 'B.' }),
      ]);
      const read = await pageSections(store, 'd1');
      expect(read.map((row) => row.links ?? null)).toEqual([[{ href: 'b', text: 'the b page' }], null]);
    },
  );
});

describe('sections stored before the links were', () => {
  itOnEachStore(
    { pglite: 'are not copied into the next deployment: it reads every page anew (PGlite)', postgres: 'are not copied into the next deployment (PostgreSQL)' },
    'anchor-upgrade',
    async (store: Store) => {
      await migrate(store, 27);
      await insertProject(store, { id: 'acme', repo: '/tmp', branch: 'main', docsDir: '.', domain: 'acme' });
      await insertDeployment(store, { id: 'd0', projectId: 'acme', ref: 'main', source: 'api' });
      await store.query(`UPDATE deployments SET status = 'success' WHERE id = 'd0'`);
      await store.query(
        `INSERT INTO page_sections (deployment_id, position, page_path, page_kind, page_title, page_description, hidden, trail, heading, anchor, depth, body, page_key)
         VALUES ('d0', 0, 'a', 'page', 'A', '', false, '[]', NULL, NULL, 0, 'See [b](/b).', 'key-a')`,
      );
      expect(await reusablePages(store, 'd0')).toMatchObject({ runs: { 'key-a': { first: 0, count: 1 } } });
      expect(await migrate(store)).toContain('028_section_links.sql');
      expect(await reusablePages(store, 'd0')).toBeUndefined();
      // Sections stored since keep their keys.
      await storeSections(store, 'd0', {
        sections: [{ ...section({ pagePath: 'b', links: [{ href: 'a', text: 'a' }] }), position: 1, pageKey: 'key-b' }],
        copies: [],
      });
      expect(await reusablePages(store, 'd0')).toMatchObject({ runs: { 'key-b': { first: 1, count: 1 } } });
    },
  );
});

describe('the words of the links into a page', () => {
  const SITE = [
    section({ pagePath: 'overview', pageTitle: 'Overview', body: 'Start here.', links: [{ href: 'keys', text: 'rotate your credentials' }] }),
    section({
      pagePath: 'faq',
      pageTitle: 'FAQ',
      body: 'Questions.',
      links: [
        { href: 'keys', text: 'rotate your credentials' },
        { href: 'faq', text: 'credentials' },
      ],
    }),
    section({ pagePath: 'keys', pageTitle: 'API keys', body: 'Make a new secret and revoke the old one.' }),
    section({ pagePath: 'billing', pageTitle: 'Billing', body: 'Invoices rotate monthly.' }),
  ];
  const terms = (...words: string[]) => words.map((term) => ({ term, weight: 1 }));

  it('find the page they link to, in words it never uses', async () => {
    const index = await SectionIndex.build(SITE, false);
    // Porter2 stems: "rotat", "credenti".
    const ranked = index.rank(terms('rotat', 'credenti'), { limit: 3 });
    expect(ranked[0].page.path).toBe('keys');
    // A link to the page itself adds nothing; the page holding the link is not helped by it either.
    expect(index.pageHolds('faq', 'credenti')).toBe(false);
  });

  it('are kept by a stored index', async () => {
    const built = await SectionIndex.build(SITE, false);
    const restored = SectionIndex.restore(SITE, Buffer.concat(await built.serialize()))!;
    expect(restored.rank(terms('rotat', 'credenti'), { limit: 1 })[0].page.path).toBe('keys');
  });
});
