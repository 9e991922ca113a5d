/**
 * A site is built only when an enabled site rule has something to read on it (`SiteRule.reads`,
 * issue 51): page or snippet files, an internal href in the navigation, redirects, a git base. A
 * navigation-only run (none of them) builds no site, which shows in what it reads: the root's
 * `.mintignore` is read only to build one.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateText } from '../../src/validate.js';

/** A docs root with these files, and a reader that notes every file read (by name). */
function root(files: Record<string, string>): { root: string; read: string[]; readFile: (file: string) => string | undefined } {
  const folder = mkdtempSync(path.join(tmpdir(), 'docsnav-site-inputs-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(folder, name), text);
  const read: string[] = [];
  return {
    root: folder,
    read,
    readFile: (file) => {
      read.push(path.basename(file));
      try {
        return readFileSync(file, 'utf8');
      } catch {
        return undefined;
      }
    },
  };
}

function validate(docs: object, files: Record<string, string>) {
  const site = root({ '.mintignore': 'drafts/\n', ...files });
  const result = validateText(JSON.stringify(docs), { file: path.join(site.root, 'docs.json'), root: site.root, readFile: site.readFile });
  return { codes: result.problems.map((problem) => problem.code), builtSite: site.read.includes('.mintignore') };
}

const NAVIGATION = { navigation: { groups: [{ group: 'API', pages: ['GET /users', 'POST /users'] }] } };

describe('a site is built only when a site rule has something to read', () => {
  it('a navigation-only run (no page files, no redirects, no internal href) builds none', () => {
    expect(validate(NAVIGATION, { 'spec.json': '{}' })).toEqual({ codes: expect.any(Array), builtSite: false });
  });

  it.each([
    ['a page file', {}, { 'index.mdx': '# Home\n' }],
    ['a snippet, as Markdown', {}, { 'snippet.md': 'Text\n' }],
    ['a redirect', { redirects: [{ source: '/old', destination: '/new' }] }, {}],
    [
      'an internal href in the navigation',
      {
        navigation: {
          tabs: [
            { tab: 'API', ...NAVIGATION.navigation },
            { tab: 'Home', href: '/home' },
          ],
        },
      },
      {},
    ],
  ])('%s: the site is built', (_name, docs, files) => {
    expect(validate({ ...NAVIGATION, ...docs }, files).builtSite).toBe(true);
  });

  it('a redirect that leads nowhere is still reported on a site with no page files', () => {
    expect(validate({ ...NAVIGATION, redirects: [{ source: '/old', destination: '/nowhere' }] }, {}).codes).toContain('redirect-not-found');
  });

  it('an external href alone is no input: no site is built', () => {
    const docs = { navigation: { ...NAVIGATION.navigation, global: { anchors: [{ anchor: 'Status', href: 'https://status.example.com' }] } } };
    expect(validate(docs, {}).builtSite).toBe(false);
  });
});
