/**
 * src/lsp/handlers.ts when a check fails: a site's check or a page's check that throws (a bug in
 * docsnav, never the user's file) is said once on the connection's console, with the file and the
 * stack, the files the site showed problems in are cleared, and the server goes on serving. The
 * throw is injected (no input is known to make docsnav's checks throw: each such input is a bug
 * fixed when found). And a page edited in a site whose config is broken (no options to check a page
 * against): the whole site is checked again.
 */
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileChangeType, MessageType } from 'vscode-languageserver-protocol/node.js';
import { uriOf } from '../../bench/lsp-client.mjs';
import { Sites } from '../../src/lsp/sites.js';
import { siteWith } from '../move/harness.js';
import { WATCHING, withSession } from './session.js';

const SPEC_CONFIG = '{ "extends": "spec" }';
const pages = (...names: string[]) => `{ "navigation": { "pages": ${JSON.stringify(names)} } }`;
const codes = (list: readonly { code?: unknown }[] | undefined) => list?.map((diagnostic) => diagnostic.code);
const BAD_PAGE = '---\ntitle: [Bad\n---\n';

/** A site with a problem in docs.json and one in a page. */
const siteWithProblems = () => siteWith({ 'docsnav.config.json': SPEC_CONFIG, 'docs.json': pages('missing', 'bad'), 'bad.mdx': BAD_PAGE });

/** What a bug throws that is not an Error (a library's `throw undefined`). */
function throwUndefined(): never {
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the case under test: a throw of no Error, which has no stack
  throw undefined;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a site's check that throws", () => {
  it.each([
    ['an Error: its stack', () => new Error('boom in the check'), (error: unknown) => (error as Error).stack!],
    ['no Error: what it is, as text', undefined, () => 'undefined'],
  ])('is logged with the docs file and %s; the files shown are cleared; the next check is served', async (_, made, shown) => {
    const root = siteWithProblems();
    const file = path.join(root, 'docs.json');
    const bad = path.join(root, 'bad.mdx');
    await withSession({ workspaceFolders: [{ uri: uriOf(root), name: 'site' }], capabilities: WATCHING }, async (session) => {
      expect(codes((await session.next(file)).diagnostics)).toEqual(['page-not-found']);
      await session.settled();
      expect(codes(session.latest(bad))).toEqual(['front-matter-invalid']);
      const error = made?.();
      vi.spyOn(Sites.prototype, 'check').mockImplementationOnce(() =>
        error
          ? (() => {
              throw error;
            })()
          : throwUndefined(),
      );
      session.published.length = 0;
      session.filesChanged([{ uri: uriOf(file), type: FileChangeType.Changed }]);
      await session.settled();
      expect(session.logs).toEqual([{ type: MessageType.Error, message: `docsnav: internal error checking ${file}: ${shown(error)}` }]);
      expect(session.published).toEqual([
        { uri: uriOf(file), diagnostics: [] },
        { uri: uriOf(bad), diagnostics: [] },
      ]);
      // Served on: the next check is a check.
      session.filesChanged([{ uri: uriOf(file), type: FileChangeType.Changed }]);
      await session.settled();
      expect(codes(session.latest(file))).toEqual(['page-not-found']);
      expect(codes(session.latest(bad))).toEqual(['front-matter-invalid']);
      expect(session.logs).toHaveLength(1);
    });
  });
});

describe("a page's check that throws", () => {
  it.each([
    ['an Error: its stack', () => new Error('boom in the page'), (error: unknown) => (error as Error).stack!],
    ['no Error: what it is, as text', undefined, () => 'undefined'],
  ])('is logged with the page and %s; the whole site is checked instead', async (_, made, shown) => {
    const root = siteWithProblems();
    const file = path.join(root, 'docs.json');
    const bad = path.join(root, 'bad.mdx');
    await withSession({ workspaceFolders: [{ uri: uriOf(root), name: 'site' }], capabilities: WATCHING }, async (session) => {
      await session.next(file);
      session.open(bad, BAD_PAGE);
      await session.settled();
      const error = made?.();
      vi.spyOn(Sites.prototype, 'checkPage').mockImplementationOnce(() =>
        error
          ? (() => {
              throw error;
            })()
          : throwUndefined(),
      );
      session.published.length = 0;
      session.change(bad, '# Bad, fixed\n', 2);
      await session.settled();
      expect(session.logs).toEqual([{ type: MessageType.Error, message: `docsnav: internal error checking ${bad}: ${shown(error)}` }]);
      // The site's check, at once: the docs file first, then the page it no longer has a problem in.
      expect(session.published).toEqual([
        { uri: uriOf(file), diagnostics: [expect.objectContaining({ code: 'page-not-found' })] },
        { uri: uriOf(bad), diagnostics: [] },
      ]);
    });
  });
});

describe('a page edited in a site whose config is broken', () => {
  it('has no check of the site to be checked against: the whole site is checked again', async () => {
    const root = siteWith({ 'docsnav.config.json': '{ "extends": "spec", "rules": 5 }', 'docs.json': pages('missing', 'page'), 'page.mdx': '# Page\n' });
    const file = path.join(root, 'docs.json');
    const page = path.join(root, 'page.mdx');
    const config = path.join(root, 'docsnav.config.json');
    await withSession({ workspaceFolders: [{ uri: uriOf(root), name: 'site' }] }, async (session) => {
      // The config's problems, in the config; none in docs.json, which is not checked.
      expect((await session.next(file)).diagnostics).toEqual([]);
      await session.settled();
      expect(session.latest(config)).not.toEqual([]);
      session.open(page, '# Page\n');
      await session.settled();
      session.published.length = 0;
      session.change(page, '# Page, edited\n', 2);
      await session.settled();
      expect(session.published.map((publication) => publication.uri)).toEqual([uriOf(file), uriOf(config)]);
      expect(session.logs).toEqual([]);
    });
  });
});
