/**
 * src/lsp/handlers.ts's file events, renames and documents, through a bare LSP client
 * (test/lsp/session.ts) and the server of src/lsp in this process: which sites a Created, Changed
 * or Deleted event checks again, forgets or leaves alone; the renames the editor asked edits for
 * and then made (only the exact pair made is taken off the list; the rest are taken as made at
 * the next save of a client without file events); a page opened inside a workspace folder (its
 * site is looked for up to the folder, not above it) or in a sibling folder whose name starts
 * with the folder's; documents of other schemes; and what a docs file closed checks.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { FileChangeType } from 'vscode-languageserver-protocol/node.js';
import { uriOf } from '../../bench/lsp-client.mjs';
import { siteWith } from '../move/harness.js';
import { WATCHING, withSession, type Session } from './session.js';

const SPEC_CONFIG = '{ "extends": "spec" }';
const pages = (...names: string[]) => `{ "navigation": { "pages": ${JSON.stringify(names)} } }`;
const codes = (list: readonly { code?: unknown }[] | undefined) => list?.map((diagnostic) => diagnostic.code);
const folders = (...files: string[]) => files.map((file) => ({ uri: uriOf(file), name: path.basename(file) }));
/** The messages published for a file, latest first publication last. */
const messagesOf = (session: Session, file: string) => session.latest(file)?.map((diagnostic) => diagnostic.message);
/** How many times a file's diagnostics were published. */
const countOf = (session: Session, file: string) => session.published.filter((publication) => publication.uri === uriOf(file)).length;

describe('file events', () => {
  it('a docs file no site is: deleted or changed, nothing is published for it; created, it is checked', async () => {
    const root = siteWith({
      'docsnav.config.json': SPEC_CONFIG,
      'a/docs.json': pages('here'),
      'a/here.mdx': '# Here\n',
      // Two levels down: no site of the workspace until it is opened or created.
      'deep/er/docs.json': pages('nowhere'),
    });
    const deep = path.join(root, 'deep/er/docs.json');
    await withSession({ workspaceFolders: folders(root), capabilities: WATCHING }, async (session) => {
      expect((await session.next(path.join(root, 'a/docs.json'))).diagnostics).toEqual([]);
      session.filesChanged([{ uri: uriOf(deep), type: FileChangeType.Changed }]);
      session.filesChanged([{ uri: uriOf(deep), type: FileChangeType.Deleted }]);
      await session.settled();
      expect(countOf(session, deep)).toBe(0);
      session.filesChanged([{ uri: uriOf(deep), type: FileChangeType.Created }]);
      expect(codes((await session.next(deep)).diagnostics)).toEqual(['page-not-found']);
      expect(session.logs).toEqual([]);
    });
  });

  it('a site docs file changed on disk: checked again, not forgotten', async () => {
    const root = siteWith({ 'docsnav.config.json': SPEC_CONFIG, 'docs.json': pages('first') });
    const file = path.join(root, 'docs.json');
    await withSession({ workspaceFolders: folders(root), capabilities: WATCHING }, async (session) => {
      expect(messagesOf(session, file) ?? (await session.next(file)).diagnostics.map((d) => d.message)).toEqual([expect.stringContaining('"first.mdx"')]);
      writeFileSync(file, pages('second'));
      session.filesChanged([{ uri: uriOf(file), type: FileChangeType.Changed }]);
      expect((await session.next(file)).diagnostics.map((d) => d.message)).toEqual([expect.stringContaining('"second.mdx"')]);
    });
  });

  it('a Changed event reads that file again, not the docs root listing: a page made without its Created event is seen at that event', async () => {
    const root = siteWith({ 'docsnav.config.json': SPEC_CONFIG, 'docs.json': pages('intro', 'later'), 'intro.mdx': '# Intro\n' });
    const file = path.join(root, 'docs.json');
    await withSession({ workspaceFolders: folders(root), capabilities: WATCHING }, async (session) => {
      expect(codes((await session.next(file)).diagnostics)).toEqual(['page-not-found']);
      const later = path.join(root, 'later.mdx');
      writeFileSync(later, '# Later\n');
      writeFileSync(path.join(root, 'intro.mdx'), '# Intro, again\n');
      session.filesChanged([{ uri: uriOf(path.join(root, 'intro.mdx')), type: FileChangeType.Changed }]);
      expect(codes((await session.next(file)).diagnostics)).toEqual(['page-not-found']);
      session.filesChanged([{ uri: uriOf(later), type: FileChangeType.Created }]);
      expect((await session.next(file)).diagnostics).toEqual([]);
    });
  });

  it('a docs file created and deleted in one notification: withdrawn, and the check its creation asked for is not made', async () => {
    const root = siteWith({ 'docsnav.config.json': SPEC_CONFIG, 'a/docs.json': pages('missing') });
    const brief = path.join(root, 'b/docs.json');
    await withSession({ workspaceFolders: folders(root), capabilities: WATCHING }, async (session) => {
      await session.next(path.join(root, 'a/docs.json'));
      session.published.length = 0;
      session.filesChanged([
        { uri: uriOf(brief), type: FileChangeType.Created },
        { uri: uriOf(brief), type: FileChangeType.Deleted },
      ]);
      await session.settled();
      expect(session.published).toEqual([{ uri: uriOf(brief), diagnostics: [] }]);
      expect(session.logs).toEqual([]);
    });
  });

  it('a docs file gone, though its event says Changed: nothing to check, the problems it showed are cleared', async () => {
    const root = siteWith({ 'docsnav.config.json': SPEC_CONFIG, 'docs.json': pages('missing', 'bad'), 'bad.mdx': '---\ntitle: [Bad\n---\n' });
    const file = path.join(root, 'docs.json');
    const bad = path.join(root, 'bad.mdx');
    await withSession({ workspaceFolders: folders(root), capabilities: WATCHING }, async (session) => {
      await session.next(file);
      await session.settled();
      expect(codes(session.latest(bad))).toEqual(['front-matter-invalid']);
      session.published.length = 0;
      rmSync(file);
      session.filesChanged([{ uri: uriOf(file), type: FileChangeType.Changed }]);
      await session.settled();
      expect(session.published).toEqual([
        { uri: uriOf(file), diagnostics: [] },
        { uri: uriOf(bad), diagnostics: [] },
      ]);
      expect(session.logs).toEqual([]);
    });
  });

  it('events for URIs of other schemes are left', async () => {
    const root = siteWith({ 'docsnav.config.json': SPEC_CONFIG, 'docs.json': pages('missing') });
    await withSession({ workspaceFolders: folders(root), capabilities: WATCHING }, async (session) => {
      await session.next(path.join(root, 'docs.json'));
      session.published.length = 0;
      session.filesChanged([
        { uri: 'untitled:Untitled-1', type: FileChangeType.Created },
        { uri: 'vscode-vfs://github/owner/repo/docs.json', type: FileChangeType.Changed },
        { uri: 'git:/docs.json', type: FileChangeType.Deleted },
      ]);
      await session.settled();
      expect(session.published).toEqual([]);
      expect(session.logs).toEqual([]);
    });
  });
});

describe('renames', () => {
  it('a docs file renamed: the old one withdrawn, the new one checked', async () => {
    const root = siteWith({ 'docsnav.config.json': SPEC_CONFIG, 'p/docs.json': pages('missing') });
    const from = path.join(root, 'p/docs.json');
    const to = path.join(root, 'q/docs.json');
    await withSession({ workspaceFolders: folders(root) }, async (session) => {
      expect(codes((await session.next(from)).diagnostics)).toEqual(['page-not-found']);
      expect(await session.willRename([{ from, to }])).toBeNull();
      mkdirSync(path.dirname(to));
      renameSync(from, to);
      const withdrawn = session.next(from);
      const checked = session.next(to);
      session.renamed([{ from, to }]);
      expect((await withdrawn).diagnostics).toEqual([]);
      expect(codes((await checked).diagnostics)).toEqual(['page-not-found']);
    });
  });

  it('a rename made is taken off the awaited ones: the next save does not take it as made again', async () => {
    const root = siteWith({ 'docsnav.config.json': SPEC_CONFIG, 'p/docs.json': pages('missing'), 'notes.md': 'notes\n' });
    const from = path.join(root, 'p/docs.json');
    const to = path.join(root, 'q/docs.json');
    const notes = path.join(root, 'notes.md');
    await withSession({ workspaceFolders: folders(root) }, async (session) => {
      await session.next(from);
      await session.willRename([{ from, to }]);
      mkdirSync(path.dirname(to));
      renameSync(from, to);
      const checked = session.next(to);
      session.renamed([{ from, to }]);
      await checked;
      // A docs file where the old one was, opened: a site again, with its problem.
      writeFileSync(from, pages('missing'));
      const again = session.next(from);
      session.open(from, pages('missing'));
      expect(codes((await again).diagnostics)).toEqual(['page-not-found']);
      // A save (no file events): renames awaited would be taken as made now; the one made is not awaited.
      session.open(notes, 'notes\n');
      session.save(notes);
      await session.settled();
      expect(codes(session.latest(from))).toEqual(['page-not-found']);
      expect(codes(session.latest(to))).toEqual(['page-not-found']);
      expect(session.logs).toEqual([]);
    });
  });

  it('only the exact pair made is taken off: one with the same old path, one with the same new path, and another, are taken as made at the next save', async () => {
    const root = siteWith({
      'docsnav.config.json': SPEC_CONFIG,
      'p/docs.json': pages('in-p'),
      's/docs.json': pages('in-s'),
      'u/docs.json': pages('in-u'),
      'notes.md': 'notes\n',
    });
    const at = (name: string) => path.join(root, name, 'docs.json');
    // The editor asks for four renames, and makes only the first (the others it gave up on, or made without saying).
    const made = { from: at('p'), to: at('q') };
    const sameFrom = { from: at('p'), to: path.join(root, 'deep/r/docs.json') };
    const sameTo = { from: at('s'), to: at('q') };
    const other = { from: at('u'), to: path.join(root, 'deep/v/docs.json') };
    await withSession({ workspaceFolders: folders(root) }, async (session) => {
      await Promise.all(['p', 's', 'u'].map((name) => session.next(at(name))));
      for (const rename of [made, sameFrom, sameTo, other]) await session.willRename([rename]);
      mkdirSync(path.join(root, 'q'));
      renameSync(made.from, made.to);
      const checked = session.next(made.to);
      session.renamed([made]);
      expect(codes((await checked).diagnostics)).toEqual(['page-not-found']);
      // The others' new files are there now (the old ones too: the sites s and u are still checked).
      for (const { to } of [sameFrom, other]) {
        mkdirSync(path.dirname(to), { recursive: true });
        writeFileSync(to, pages(`in-${path.basename(path.dirname(to))}`));
      }
      expect(codes(session.latest(at('s')))).toEqual(['page-not-found']);
      expect(codes(session.latest(at('u')))).toEqual(['page-not-found']);
      session.open(path.join(root, 'notes.md'), 'notes\n');
      session.save(path.join(root, 'notes.md'));
      await session.settled();
      // Taken as made: each old docs file withdrawn, each new one checked.
      expect(session.latest(at('s'))).toEqual([]);
      expect(session.latest(at('u'))).toEqual([]);
      expect(messagesOf(session, sameFrom.to)).toEqual([expect.stringContaining('"in-r.mdx"')]);
      expect(messagesOf(session, other.to)).toEqual([expect.stringContaining('"in-v.mdx"')]);
      expect(codes(session.latest(made.to))).toEqual(['page-not-found']);
      expect(session.logs).toEqual([]);
    });
  });
});

describe('documents', () => {
  it('a page opened in a workspace folder: its site is looked for up to the folder only; in a sibling folder named like it, above it too', async () => {
    const root = siteWith({
      'docsnav.config.json': SPEC_CONFIG,
      'docs.json': pages('ws/page', 'ws-other/page', 'missing'),
      'ws/page.mdx': '# Page\n',
      'ws-other/page.mdx': '# Page\n',
    });
    const docs = path.join(root, 'docs.json');
    await withSession({ workspaceFolders: folders(path.join(root, 'ws')) }, async (session) => {
      session.open(path.join(root, 'ws/page.mdx'), '# Page\n');
      await session.settled();
      expect(session.published).toEqual([]);
      session.open(path.join(root, 'ws-other/page.mdx'), '# Page\n');
      expect(codes((await session.next(docs)).diagnostics)).toEqual(['page-not-found']);
      expect(session.logs).toEqual([]);
    });
  });

  it('a page opened with unsaved text: the site is checked with that text', async () => {
    const root = siteWith({ 'docsnav.config.json': SPEC_CONFIG, 'docs.json': pages('intro'), 'intro.mdx': '---\ntitle: Intro\n---\n' });
    const page = path.join(root, 'intro.mdx');
    await withSession({ workspaceFolders: folders(root) }, async (session) => {
      expect((await session.next(path.join(root, 'docs.json'))).diagnostics).toEqual([]);
      session.open(page, '---\ntitle: [Intro\n---\n');
      expect(codes((await session.next(page, ({ diagnostics }) => diagnostics.length > 0)).diagnostics)).toEqual(['front-matter-invalid']);
    });
  });

  it('docs.json changed to the text last checked: checked again as a docs file, its version published', async () => {
    const text = pages('missing', 'bad');
    const root = siteWith({ 'docsnav.config.json': SPEC_CONFIG, 'docs.json': text, 'bad.mdx': '---\ntitle: [Bad\n---\n' });
    const file = path.join(root, 'docs.json');
    const bad = path.join(root, 'bad.mdx');
    await withSession({ workspaceFolders: folders(root) }, async (session) => {
      await session.next(file);
      await session.settled();
      const opened = session.next(file);
      const inPage = session.next(bad);
      session.open(file, text);
      expect(await opened).toEqual({ uri: uriOf(file), diagnostics: [expect.objectContaining({ code: 'page-not-found' })], version: 1 });
      // The version is the docs file's: another file's publication has none.
      expect(await inPage).toEqual({ uri: uriOf(bad), diagnostics: [expect.objectContaining({ code: 'front-matter-invalid' })] });
      const changed = session.next(file);
      session.change(file, text, 2);
      expect(await changed).toEqual({ uri: uriOf(file), diagnostics: [expect.objectContaining({ code: 'page-not-found' })], version: 2 });
    });
  });

  it('a docs file edited or closed: its own site is checked again, not a site whose root holds it', async () => {
    const root = siteWith({
      'docsnav.config.json': SPEC_CONFIG,
      'docs.json': pages('missing'),
      'inner/docs.json': pages('gone'),
    });
    const outer = path.join(root, 'docs.json');
    const inner = path.join(root, 'inner/docs.json');
    await withSession({ workspaceFolders: folders(root) }, async (session) => {
      await session.next(outer);
      const opened = session.next(inner);
      session.open(inner, pages('gone'));
      await opened;
      await session.settled();
      const before = countOf(session, outer);
      // Edited (to the same text: a page's edit would check the outer site's page again): its own site only.
      const edited = session.next(inner);
      session.change(inner, pages('gone'), 2);
      expect(await edited).toEqual({ uri: uriOf(inner), diagnostics: [expect.objectContaining({ code: 'page-not-found' })], version: 2 });
      await session.settled();
      expect(countOf(session, outer)).toBe(before);
      const closed = session.next(inner);
      session.close(inner);
      expect(codes((await closed).diagnostics)).toEqual(['page-not-found']);
      await session.settled();
      expect(countOf(session, outer)).toBe(before);
    });
  });

  it('a docs file closed that no site is: nothing checked, nothing fails', async () => {
    const root = siteWith({ 'docsnav.config.json': SPEC_CONFIG, 'a/docs.json': pages('missing') });
    await withSession({ workspaceFolders: folders(root) }, async (session) => {
      await session.next(path.join(root, 'a/docs.json'));
      session.published.length = 0;
      // Opened, deleted (its site forgotten), then closed.
      const docs = path.join(root, 'a/docs.json');
      session.open(docs, pages('missing'));
      await session.next(docs);
      rmSync(docs);
      session.filesChanged([{ uri: uriOf(docs), type: FileChangeType.Deleted }]);
      await session.settled();
      session.published.length = 0;
      session.close(docs);
      await session.settled();
      expect(session.published).toEqual([]);
      expect(session.logs).toEqual([]);
    });
  });

  it('documents of other schemes: opened, edited, saved and closed, nothing happens, nothing fails', async () => {
    const root = siteWith({ 'docsnav.config.json': SPEC_CONFIG, 'docs.json': pages('missing') });
    // A listener of the documents' events that throws is reported on the server's console (stderr), not to the client.
    const consoleError = vi.spyOn(console, 'error');
    try {
      for (const capabilities of [{}, WATCHING]) {
        await withSession({ workspaceFolders: folders(root), capabilities }, async (session) => {
          await session.next(path.join(root, 'docs.json'));
          session.published.length = 0;
          for (const uri of ['untitled:Untitled-1', 'vscode-vfs://github/owner/repo/docs.json']) {
            const send = (method: string, params: object) => void session.connection.sendNotification(method, params);
            send('textDocument/didOpen', { textDocument: { uri, languageId: 'json', version: 1, text: '{}' } });
            send('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ text: '{ "a": 1 }' }] });
            send('textDocument/didSave', { textDocument: { uri } });
            send('textDocument/didClose', { textDocument: { uri } });
          }
          await session.settled();
          expect(session.published).toEqual([]);
          expect(session.logs).toEqual([]);
        });
      }
      expect(consoleError).not.toHaveBeenCalled();
    } finally {
      consoleError.mockRestore();
    }
  });
});
