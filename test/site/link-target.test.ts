/**
 * How a link is read as the platform serves it (src/link-target.ts), on its own: what leaves the
 * site, the URL path and fragment of what stays, from the root, relative to the page, or the page
 * itself, and the bare relative path also read from the root.
 */
import { describe, expect, it } from 'vitest';
import { isExternalUrl, linkTarget, type LinkTarget } from '../../src/link-target.js';

describe('isExternalUrl', () => {
  it.each([
    ['https://example.com', true],
    ['  https://example.com/x  ', true],
    ['\tmailto:someone@example.com', true],
    [' //cdn.example.com/a.png', true],
    ['cursor://open', true],
    ['/quickstart', false],
    ['  /quickstart', false],
    ['guides/setup', false],
    ['#setup', false],
    ['', false],
  ])('%j leaves the site: %s', (url, external) => {
    expect(isExternalUrl(url)).toBe(external);
  });
});

describe('linkTarget', () => {
  // [link as written, the file it is in, what it reads as]
  const table: Array<[string, string, LinkTarget | undefined]> = [
    ['', 'guides/setup.mdx', undefined],
    ['   ', 'guides/setup.mdx', undefined],
    ['\t\n', 'index.mdx', undefined],
    ['https://example.com/#x', 'index.mdx', undefined],
    [' //example.com/x', 'index.mdx', undefined],
    ['#install', 'guides/setup.mdx', { path: 'guides/setup', fragment: 'install', base: 'same-page' }],
    ['?tab=npm', 'guides/setup.mdx', { path: 'guides/setup', base: 'same-page' }],
    ['#x', 'notes.md', { path: 'notes', fragment: 'x', base: 'same-page' }],
    ['#x', 'Notes.MDX', { path: 'Notes', fragment: 'x', base: 'same-page' }],
    // Only the extension at the end is the page's: the rest of the name stays.
    ['#x', 'v1.md-notes.mdx', { path: 'v1.md-notes', fragment: 'x', base: 'same-page' }],
    ['#x', 'v1.mdx/page.md', { path: 'v1.mdx/page', fragment: 'x', base: 'same-page' }],
    ['#caf%C3%A9', 'index.mdx', { path: 'index', fragment: 'café', base: 'same-page' }],
    ['/quickstart', 'guides/setup.mdx', { path: 'quickstart', base: 'root' }],
    ['/quickstart/', 'guides/setup.mdx', { path: 'quickstart', base: 'root' }],
    ['/a//b//', '', { path: 'a/b', base: 'root' }],
    ['/', 'guides/setup.mdx', { path: '', base: 'root' }],
    ['/quickstart#install', 'index.mdx', { path: 'quickstart', fragment: 'install', base: 'root' }],
    ['/quickstart?tab=npm#install', 'index.mdx', { path: 'quickstart', fragment: 'install', base: 'root' }],
    ['/quick%73tart', 'index.mdx', { path: 'quickstart', base: 'root' }],
    ['/100%', 'index.mdx', { path: '100%', base: 'root' }],
    ['\\guides\\setup', 'index.mdx', { path: 'guides/setup', base: 'root' }],
    ['/../../etc', 'index.mdx', { path: 'etc', base: 'root' }],
    ['./install', 'guides/setup.mdx', { path: 'guides/install', base: 'relative' }],
    ['./install#step', 'guides/setup.mdx', { path: 'guides/install', fragment: 'step', base: 'relative' }],
    ['../quickstart', 'guides/setup.mdx', { path: 'quickstart', base: 'relative' }],
    ['.', 'a/b/c.mdx', { path: 'a/b', base: 'relative' }],
    ['..', 'a/b/c.mdx', { path: 'a', base: 'relative' }],
    ['../', 'a/b/c.mdx', { path: 'a', base: 'relative' }],
    // A bare relative path: also read from the root, as the platform's checker reads it.
    ['install', 'guides/setup.mdx', { path: 'guides/install', base: 'relative', fromRoot: 'install' }],
    ['x/../y', 'docs/page.mdx', { path: 'docs/y', base: 'relative', fromRoot: 'y' }],
    ['api/./users/', 'docs/page.mdx', { path: 'docs/api/users', base: 'relative', fromRoot: 'api/users' }],
    ['.well-known/x', 'docs/page.mdx', { path: 'docs/.well-known/x', base: 'relative', fromRoot: '.well-known/x' }],
    ['..hidden#top', 'docs/page.mdx', { path: 'docs/..hidden', fragment: 'top', base: 'relative', fromRoot: '..hidden' }],
  ];
  it.each(table)('%j in %j', (url, fromFile, expected) => {
    expect(linkTarget(url, fromFile)).toStrictEqual(expected);
  });
});
