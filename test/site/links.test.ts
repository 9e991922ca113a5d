import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyEdits, fixFile, validateFile, type Problem } from '../../src/index.js';

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

/** A docs root on disk: docs.json (navigation listing `pages`, plus `extra` top-level keys) and the given files. */
function site(files: Record<string, string>, pages: readonly string[], extra: Record<string, unknown> = {}): string {
  const root = mkdtempSync(path.join(tmpdir(), 'docsnav-links-'));
  roots.push(root);
  const docs = { name: 'Links', navigation: { groups: [{ group: 'Docs', pages }] }, ...extra };
  writeFileSync(path.join(root, 'docs.json'), JSON.stringify(docs, null, 2));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

function problems(root: string, code: string, options: Parameters<typeof validateFile>[1] = {}): Problem[] {
  return validateFile(path.join(root, 'docs.json'), options).problems.filter((p) => p.code === code);
}

const BASE: Record<string, string> = {
  'index.mdx': '# Home\n',
  'quickstart.mdx': '---\ntitle: Quickstart\n---\n\n## Install the CLI\n\nText.\n\n## Install the CLI\n',
  'guides/setup.mdx': '# Setup\n\n## Before you start\n',
  'guides/index.mdx': '# Guides\n',
  'hidden.mdx': '# Not listed\n',
  'images/logo.png': 'png',
};
const PAGES = ['index', 'quickstart', 'guides/setup', 'guides/index'];

/** The BASE files under a docs.json with this navigation and one redirect, /old to /quickstart. */
function navigationSite(navigation: object): string {
  return site(BASE, [], { redirects: [{ source: '/old', destination: '/quickstart' }], navigation });
}

describe('link-not-found', () => {
  // [what, link as written in guides/setup.mdx, found]
  const table: Array<[string, string, boolean]> = [
    ['a listed page from the root', '/quickstart', true],
    ['a page with its extension', '/quickstart.mdx', true],
    ['a trailing slash', '/quickstart/', true],
    ['a hidden page (served, not listed)', '/hidden', true],
    ['a folder index page', '/guides', true],
    ['the site root', '/', true],
    ['a relative page', './setup', true],
    ['a parent-relative page', '../quickstart', true],
    ['a bare relative path read from the root', 'quickstart', true],
    ['a bare relative path read from the page folder', 'setup', true],
    ['an image file', '/images/logo.png', true],
    ['a query string', '/quickstart?tab=npm', true],
    ['an external URL', 'https://example.com/nowhere', true],
    ['a protocol-relative URL', '//example.com/nowhere', true],
    ['mailto', 'mailto:someone@example.com', true],
    ['a percent-encoded path', '/quick%73tart', true],
    ['a missing page', '/quikstart', false],
    ['a missing relative page', './nowhere', false],
    ['a missing image', '/images/missing.png', false],
    ['above the root', '../../../etc/passwd', false],
    ['a mintignored README', '/README', false],
  ];
  it.each(table)('%s: %s', (_what, link, found) => {
    const root = site({ ...BASE, 'README.md': '# Readme\n', 'guides/setup.mdx': `# Setup\n\nSee [this](${link}).\n` }, PAGES);
    expect(problems(root, 'link-not-found').length).toBe(found ? 0 : 1);
  });

  it('a page reached through two redirects is found; a chain of two that ends nowhere is not', () => {
    const redirects = [
      { source: '/older', destination: '/old' },
      { source: '/old', destination: '/quickstart' },
      { source: '/gone-twice', destination: '/gone' },
      { source: '/gone', destination: '/nowhere' },
    ];
    const root = site({ ...BASE, 'guides/setup.mdx': '# Setup\n\n[a](/older) [b](/older#install-the-cli) [c](/gone-twice)\n' }, PAGES, { redirects });
    const found = problems(root, 'link-not-found');
    expect(found.map((problem) => problem.message)).toEqual(['Link "/gone-twice" leads nowhere: no page, file or redirect of the site is at /gone-twice.']);
  });

  it('is located exactly at the URL, in the page file, with the closest page as suggestion', () => {
    const root = site({ ...BASE, 'guides/setup.mdx': '# Setup\n\nFirst read [the quickstart](/quikstart#install).\n' }, PAGES);
    const [problem] = problems(root, 'link-not-found');
    expect(problem).toMatchObject({ file: path.join(root, 'guides/setup.mdx'), line: 3, column: 29, endLine: 3, severity: 'error', suggest: '/quickstart' });
    expect(problem.message).toContain('/quikstart');
  });

  it('counts generated OpenAPI pages and redirects (exact and wildcard) as places a link can lead', () => {
    const spec = {
      openapi: '3.0.0',
      info: { title: 'T', version: '1' },
      paths: { '/users': { get: { summary: 'List users', responses: { 200: { description: 'ok' } } } } },
    };
    const root = site(
      {
        ...BASE,
        'openapi.json': JSON.stringify(spec),
        'guides/setup.mdx': '[a](/api-reference/list-users) [b](/old-quickstart) [c](/legacy/setup) [d](/api-reference/nope)\n',
      },
      [...PAGES],
      {
        navigation: {
          groups: [
            { group: 'Docs', pages: PAGES },
            { group: 'API', openapi: 'openapi.json', root: undefined },
          ],
        },
        redirects: [
          { source: '/old-quickstart', destination: '/quickstart' },
          { source: '/legacy/:slug', destination: '/guides/:slug' },
        ],
      },
    );
    const found = problems(root, 'link-not-found');
    expect(found.map((p) => p.message)).toEqual([expect.stringContaining('/api-reference/nope')]);
  });

  it('a folder holding only generated pages is no place a link can lead (nothing is served there; the platform check reports it): issue 42', () => {
    const spec = {
      openapi: '3.0.0',
      info: { title: 'T', version: '1' },
      paths: {
        '/envelopes': { get: { summary: 'List envelopes', tags: ['e-signatures'], responses: { 200: { description: 'ok' } } } },
        '/envelopes/{id}': { get: { summary: 'Get envelope', tags: ['e-signatures'], responses: { 200: { description: 'ok' } } } },
      },
    };
    const root = site(
      { ...BASE, 'openapi.json': JSON.stringify(spec), 'guides/setup.mdx': '[sign](/api-reference/e-signatures) [guides](/guides)\n' },
      [...PAGES],
      {
        navigation: {
          tabs: [
            { tab: 'Docs', groups: [{ group: 'Docs', pages: PAGES }] },
            { tab: 'API', openapi: 'openapi.json' },
          ],
        },
      },
    );
    const found = problems(root, 'link-not-found');
    expect(found.map((p) => [p.suggest, p.message])).toEqual([
      [
        '/api-reference/e-signatures/list-envelopes',
        'Link "/api-reference/e-signatures" leads nowhere: no page, file or redirect of the site is at /api-reference/e-signatures. Only pages generated from a spec (OpenAPI or AsyncAPI) are under it (the first: /api-reference/e-signatures/list-envelopes), and the platform serves nothing at the folder\'s own path.',
      ],
    ]);
  });

  it('checks element props (href of any element, src of img) as well as Markdown links and definitions', () => {
    const root = site(
      { ...BASE, 'guides/setup.mdx': '<Card title="x" href="/nope-card" />\n\n<img src="/images/none.png" />\n\n[ref]: /nope-definition\n\nUse [it][ref].\n' },
      PAGES,
    );
    const messages = problems(root, 'link-not-found').map((p) => p.message);
    expect(messages.join('\n')).toMatch(/nope-card/);
    expect(messages.join('\n')).toMatch(/none\.png/);
    expect(messages.join('\n')).toMatch(/nope-definition/);
  });

  it('is not reported for pages the ignore option names, nor when the rule is off', () => {
    const files = { ...BASE, 'drafts/a.mdx': '[x](/nowhere)\n' };
    const root = site(files, [...PAGES, 'drafts/a']);
    expect(problems(root, 'link-not-found')).toHaveLength(1);
    expect(problems(root, 'link-not-found', { ignore: ['drafts/**'] })).toHaveLength(0);
    expect(problems(root, 'link-not-found', { rules: { 'link-not-found': 'off' } })).toHaveLength(0);
  });

  it('fixes a link when one page is clearly meant (only case differs), keeping the fragment; a page of the same name elsewhere is only suggested', () => {
    const root = site({ ...BASE, 'index.mdx': '[a](/QuickStart#install-the-cli) [b](/setup) [c](/quikstart)\n' }, PAGES);
    const found = problems(root, 'link-not-found');
    expect(found.map((p) => p.fix !== undefined)).toEqual([true, false, false]);
    expect(found[1].suggest).toBe('/guides/setup');
    const text = '[a](/QuickStart#install-the-cli) [b](/setup) [c](/quikstart)\n';
    expect(
      applyEdits(
        text,
        found.flatMap((p) => p.fix?.edits ?? []),
      ),
    ).toBe('[a](/quickstart#install-the-cli) [b](/setup) [c](/quikstart)\n');
    const result = fixFile(path.join(root, 'docs.json'));
    const fixedPage = result.files.find((f) => f.file.endsWith('index.mdx'));
    expect(fixedPage?.after).toBe('[a](/quickstart#install-the-cli) [b](/setup) [c](/quikstart)\n');
  });

  it('reads a missing page with its extension in any case; a file is no page misspelt; two pages equal but for case leave the link to a person', () => {
    const text = '[a](/QuickStart.md) [b](/QuickStart.MDX#install-the-cli) [c](/quickstart.pdf) [d](/guides/SETUP) [e](/Guides/Setup.mdx)\n';
    const root = site({ ...BASE, 'index.mdx': text, 'guides/Setup.mdx': '# Setup, capitalised\n' }, [...PAGES, 'guides/Setup']);
    const found = problems(root, 'link-not-found');
    expect(found.map((p) => ({ url: p.message.match(/"([^"]*)"/)?.[1], suggest: p.suggest, fixed: p.fix !== undefined }))).toEqual([
      { url: '/QuickStart.md', suggest: '/quickstart', fixed: true },
      { url: '/QuickStart.MDX#install-the-cli', suggest: '/quickstart', fixed: true },
      { url: '/quickstart.pdf', suggest: undefined, fixed: false },
      { url: '/guides/SETUP', suggest: expect.stringMatching(/^\/guides\/[Ss]etup$/), fixed: false },
      { url: '/Guides/Setup.mdx', suggest: expect.stringMatching(/^\/guides\/[Ss]etup$/), fixed: false },
    ]);
    expect(
      applyEdits(
        text,
        found.flatMap((p) => p.fix?.edits ?? []),
      ),
    ).toBe('[a](/quickstart) [b](/quickstart#install-the-cli) [c](/quickstart.pdf) [d](/guides/SETUP) [e](/Guides/Setup.mdx)\n');
  });

  it('reports, never rewrites, a link whose source is not its URL as written (angle brackets, an escape): `--fix` would change the link', () => {
    // Rewritten, the first would lose its brackets (a space then ends the destination: no link),
    // the second its escape (the `)` would close the link early).
    const text = '[e](</QuickStart#a b>) [f](/QuickStart#x\\)y)\n';
    const root = site({ ...BASE, 'index.mdx': text }, PAGES);
    const found = problems(root, 'link-not-found');
    expect(found.map((p) => ({ url: p.message.match(/"([^"]*)"/)?.[1], suggest: p.suggest, fix: p.fix }))).toEqual([
      { url: '/QuickStart#a b', suggest: '/quickstart', fix: undefined },
      { url: '/QuickStart#x)y', suggest: '/quickstart', fix: undefined },
    ]);
    const result = fixFile(path.join(root, 'docs.json'));
    expect(result.files.filter((f) => f.file.endsWith('index.mdx') && f.after !== text)).toEqual([]);
  });
});

describe('anchor-not-found', () => {
  const table: Array<[string, string, boolean]> = [
    ['a heading of another page', '/quickstart#install-the-cli', true],
    ['a repeated heading, counted', '/quickstart#install-the-cli-2', true],
    ['a heading of this page', '#before-you-start', true],
    ['a missing section of another page', '/quickstart#uninstall', false],
    ['a missing section of this page', '#after-you-finish', false],
    ['through a redirect', '/old#install-the-cli', true],
    ['through a redirect, missing', '/old#nope', false],
    ['through two redirects', '/older#install-the-cli', true],
    ['through two redirects, missing', '/older#nope', false],
    // The id as the page's DOM carries it: punctuation and emoji left out, escapes decoded.
    ['punctuation the id leaves out', '/quickstart#install-the-cli!', true],
    ['a percent escape of the id', '/quickstart#install%2Dthe-cli', true],
    ['an emoji the id leaves out, on this page', '#before-you-start\u{1F680}', true],
    ['punctuation left out, still missing', '/quickstart#uninstall!', false],
    // An empty fragment names no section: the page's top.
    ['an empty fragment', '/quickstart#', true],
    ['an empty fragment of this page', '#', true],
  ];
  it.each(table)('%s: %s', (_what, link, found) => {
    const root = site({ ...BASE, 'guides/setup.mdx': `# Setup\n\n## Before you start\n\n[x](${link})\n` }, PAGES, {
      redirects: [
        { source: '/old', destination: '/quickstart' },
        { source: '/older', destination: '/old' },
      ],
    });
    const found_ = problems(root, 'anchor-not-found');
    expect(found_.length).toBe(found ? 0 : 1);
    for (const problem of found_) expect(problem.severity).toBe('warning');
  });

  it('fixes a fragment that differs only in case', () => {
    const text = '[x](/quickstart#Install-The-CLI)\n';
    const root = site({ ...BASE, 'guides/setup.mdx': text }, PAGES);
    const [problem] = problems(root, 'anchor-not-found');
    expect(problem.suggest).toBe('#install-the-cli');
    expect(applyEdits(text, problem.fix!.edits)).toBe('[x](/quickstart#install-the-cli)\n');
  });
});

describe('anchor-not-found: what is fixed, suggested, or not checked', () => {
  it('fixes only the one id equal but for case, in a link written as its URL; suggests the nearest otherwise', () => {
    const text = '[a](/quickstart#instal-the-cli) [b](</quickstart#Install-The-CLI>) [c](/twins#TWIN) [d](/twins#Twin-Peaks) [e](/twins#STRASSE)\n';
    const files = { ...BASE, 'guides/setup.mdx': text, 'twins.mdx': '## One {#Twin}\n\n## Two {#twin}\n\n## Twin peaks\n\n## Straße\n' };
    const found = problems(site(files, [...PAGES, 'twins']), 'anchor-not-found');
    expect(found.map((p) => ({ url: p.message.match(/"([^"]*)"/)?.[1], suggest: p.suggest, fixed: p.fix !== undefined }))).toEqual([
      { url: '/quickstart#instal-the-cli', suggest: '#install-the-cli', fixed: false },
      { url: '/quickstart#Install-The-CLI', suggest: '#install-the-cli', fixed: false },
      { url: '/twins#TWIN', suggest: expect.stringMatching(/^#[Tt]win$/), fixed: false },
      { url: '/twins#Twin-Peaks', suggest: '#twin-peaks', fixed: true },
      // Lower case is the fold: in upper case, "ß" would be "SS" and this a fix.
      { url: '/twins#STRASSE', suggest: '#straße', fixed: false },
    ]);
  });

  it('a page that cannot be parsed has no anchors to check: links into it, from a page or the navigation, are not reported', () => {
    const files = { ...BASE, 'guides/setup.mdx': '[x](/broken#anything)\n', 'broken.mdx': '# Broken\n\n<Card title="x">\n' };
    const root = site(files, [...PAGES, 'broken'], {
      navigation: {
        tabs: [
          { tab: 'Docs', pages: [...PAGES, 'broken'] },
          { tab: 'B', href: '/broken#nope' },
        ],
      },
    });
    expect(validateFile(path.join(root, 'docs.json')).problems.map((p) => p.code)).toContain('page-unparsable');
    expect(problems(root, 'anchor-not-found')).toEqual([]);
  });
});

describe('link-not-found: the navigation’s own hrefs', () => {
  /** A site whose tabs link to `hrefs` (each a tab of its own) beside one of pages. */
  function navSite(hrefs: readonly string[], extra: Record<string, unknown> = {}): string {
    const root = site(BASE, []);
    const tabs = [{ tab: 'Docs', pages: PAGES }, ...hrefs.map((href, i) => ({ tab: `Link ${i}`, href }))];
    writeFileSync(
      path.join(root, 'docs.json'),
      JSON.stringify({ name: 'Links', navigation: { tabs, global: { anchors: [{ anchor: 'Blog', href: 'https://blog.example.com' }] } }, ...extra }, null, 2),
    );
    return root;
  }

  it('reports an internal href that leads nowhere, at the href, with the closest page', () => {
    const root = navSite(['/quickstart', 'quickstart', '/guides', '/hidden', '/images/logo.png', '/', 'https://example.com/x', '/quikstart', 'guides/setp']);
    const found = problems(root, 'link-not-found');
    expect(found.map((p) => [p.pointer, p.suggest])).toEqual([
      ['/navigation/tabs/8/href', '/quickstart'],
      ['/navigation/tabs/9/href', '/guides/setup'],
    ]);
    expect(found[0].message).toBe('Navigation href "/quikstart" leads nowhere: no page, file or redirect of the site is at /quikstart.');
    expect(found[0].file).toBe(path.join(root, 'docs.json'));
  });

  it('follows redirects, and reads hrefs at any depth (an anchor in a dropdown; a global anchor where the profile lets it link in)', () => {
    const root = navigationSite({
      global: { anchors: [{ anchor: 'Changelog', href: '/changelog' }] },
      dropdowns: [
        {
          dropdown: 'Main',
          anchors: [
            { anchor: 'Old', href: '/old' },
            { anchor: 'Gone', href: '/gone' },
          ],
          pages: PAGES,
        },
      ],
    });
    expect(problems(root, 'link-not-found', { profile: 'platform' }).map((p) => p.pointer)).toEqual([
      '/navigation/global/anchors/0/href',
      '/navigation/dropdowns/0/anchors/1/href',
    ]);
    // The default is the platform's: the same.
    expect(problems(root, 'link-not-found').map((p) => p.pointer)).toEqual(['/navigation/global/anchors/0/href', '/navigation/dropdowns/0/anchors/1/href']);
    // Under the spec, a global anchor links out of the site: its internal href is external-href's problem alone.
    expect(problems(root, 'link-not-found', { profile: 'spec' }).map((p) => p.pointer)).toEqual(['/navigation/dropdowns/0/anchors/1/href']);
    expect(problems(root, 'external-href', { profile: 'spec' }).map((p) => p.pointer)).toEqual(['/navigation/global/anchors/0/href']);
  });
});

describe('anchor-not-found: the navigation’s own hrefs', () => {
  it('reports a fragment no heading of the target page has, at the href, with the closest id; through redirects, global anchors only where they may link in', () => {
    const root = navigationSite({
      global: { anchors: [{ anchor: 'Install', href: '/quickstart#instal-the-cli' }] },
      tabs: [
        { tab: 'Docs', pages: PAGES },
        { tab: 'Install', href: '/quickstart#install-the-cli' },
        { tab: 'Again', href: 'quickstart#install-the-cli-2' },
        { tab: 'Top', href: '/quickstart#' },
        { tab: 'Typo', href: '/quickstart#install-the-cl' },
        { tab: 'Moved', href: '/old#nope' },
        { tab: 'Missing', href: '/gone#install' },
        { tab: 'Out', href: 'https://example.com/quickstart#nope' },
      ],
    });
    const found = problems(root, 'anchor-not-found', { profile: 'spec' });
    expect(found.map((p) => [p.pointer, p.suggest, p.severity])).toEqual([
      ['/navigation/tabs/4/href', '#install-the-cli', 'warning'],
      ['/navigation/tabs/5/href', undefined, 'warning'],
    ]);
    expect(found[0].message).toBe(
      'Navigation href "/quickstart#install-the-cl": no heading or element of /quickstart has the id "install-the-cl", so the page opens at its top.',
    );
    expect(found[0].file).toBe(path.join(root, 'docs.json'));
    expect(found[0].fix).toBeUndefined();
    // A page that is not there is link-not-found's alone; a global anchor is read only under the platform profile.
    expect(problems(root, 'link-not-found', { profile: 'spec' }).map((p) => p.pointer)).toEqual(['/navigation/tabs/6/href']);
    expect(problems(root, 'anchor-not-found').map((p) => p.pointer)).toEqual([
      '/navigation/global/anchors/0/href',
      '/navigation/tabs/4/href',
      '/navigation/tabs/5/href',
    ]);
  });
});

describe('one URL written many times: each link said where it is, read from its own page', () => {
  // A page's links that write one URL share its resolution (src/site/links.ts); a relative URL
  // means another page in another folder, and a fragment another anchor.
  const files = {
    'a/one.mdx': '# One\n\n[x](./here) and [y](./here), [z](./here#gone).\n\n[w](./here)\n',
    'a/here.mdx': '# Here\n\n## Kept\n',
    'b/two.mdx': '# Two\n\n[x](./here) and [y](./here), [z](./here#kept).\n\n[w](./here)\n',
    'b/here.mdx': '# There\n\n## Gone\n',
    'c/three.mdx': '# Three\n\n[x](./here) and [y](./here), [z](./here#kept).\n\n[w](./here)\n',
  };
  const root = site(files, ['a/one', 'a/here', 'b/two', 'b/here', 'c/three']);
  const at = (list: Problem[]) => list.map((p) => `${path.relative(root, p.file)}:${p.line}:${p.column}`).sort();

  it('link-not-found: every link of the folder with no such page, none of the others', () => {
    expect(at(problems(root, 'link-not-found'))).toEqual(['c/three.mdx:3:21', 'c/three.mdx:3:34', 'c/three.mdx:3:5', 'c/three.mdx:5:5']);
  });

  it('anchor-not-found: each page’s fragment against its own folder’s page', () => {
    expect(at(problems(root, 'anchor-not-found'))).toEqual(['a/one.mdx:3:34', 'b/two.mdx:3:34']);
  });
});
