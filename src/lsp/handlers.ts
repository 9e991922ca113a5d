/**
 * `docsnav lsp`: a Language Server (LSP 3.17, vscode-languageserver) for docs.json and
 * docs.yaml. Diagnostics are `docsnav validate`'s problems for the same file and config; they
 * are worked out again after each edit (edits that arrive while a check runs are taken together)
 * and when a page, spec, `$ref` target or config changes. Code actions apply the safe fixes,
 * completions offer what the model and the docs root allow, hover shows rule docs and page URLs,
 * and go-to-definition opens page files and operations.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  CodeActionKind,
  DidChangeWatchedFilesNotification,
  FileChangeType,
  TextDocuments,
  TextDocumentSyncKind,
  type Connection,
  type Diagnostic,
  type InitializeResult,
  type WorkspaceFolder,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { CONFIG_FILE_NAMES } from '../config/load.js';
import { docsFileIn, sitesBelow } from '../docs-root.js';
import { formatOf } from '../source/index.js';
import { FIX_ALL_KIND, fixAll, quickFixes } from './code-actions.js';
import { completionsAt } from './completion.js';
import { cursorAt } from './cursor.js';
import { definitionAt } from './definition.js';
import { toDiagnostic } from './diagnostics.js';
import { hoverAt } from './hover.js';
import { isDocsFile, problemsByFile, Sites, type Site } from './sites.js';

const CONFIG_NAMES: ReadonlySet<string> = new Set(CONFIG_FILE_NAMES);

export function startLanguageServer(connection: Connection): void {
  const documents = new TextDocuments(TextDocument);
  const sites = new Sites({ textOf: (file) => documents.get(pathToFileURL(file).href)?.getText() });
  let folders: string[] = [];
  let watching = false;
  /** What each site last published, by file: a file's diagnostics are every site's together. */
  const published = new Map<Site, Map<string, Diagnostic[]>>();
  const pending = new Set<Site>();
  let scheduled = false;

  const fileOf = (uri: string): string | undefined => (uri.startsWith('file:') ? fileURLToPath(uri) : undefined);

  function schedule(site: Site | undefined): void {
    if (!site) return;
    pending.add(site);
    if (scheduled) return;
    scheduled = true;
    // Edits that arrived meanwhile are applied first: one check for a burst of keystrokes.
    setImmediate(() => {
      scheduled = false;
      const batch = [...pending];
      pending.clear();
      for (const one of batch) checkAndPublish(one);
    });
  }

  function checkAndPublish(site: Site): void {
    // Checking is synchronous: the version read now is the text checked.
    const version = documents.get(pathToFileURL(site.file).href)?.version;
    let byFile = new Map<string, Diagnostic[]>();
    try {
      const check = sites.check(site);
      if (check) for (const [file, problems] of problemsByFile(check.result.problems)) byFile.set(file, problems.map(toDiagnostic));
    } catch (error) {
      // A bug in docsnav, never the user's file: say it once in the log; keep serving.
      connection.console.error(`docsnav: internal error checking ${site.file}: ${(error as Error)?.stack ?? String(error)}`);
      byFile = new Map();
    }
    const before = published.get(site) ?? new Map<string, Diagnostic[]>();
    published.set(site, byFile);
    // The docs file always: an empty list says it was checked and has no problems.
    for (const file of new Set([site.file, ...before.keys(), ...byFile.keys()])) publish(file, file === site.file ? version : undefined);
  }

  function publish(file: string, version?: number): void {
    const seen = new Set<string>();
    const diagnostics: Diagnostic[] = [];
    for (const byFile of published.values()) {
      for (const diagnostic of byFile.get(file) ?? []) {
        // A `$ref` target two sites share: its problems once.
        const key = JSON.stringify([diagnostic.code, diagnostic.range, diagnostic.message]);
        if (seen.has(key)) continue;
        seen.add(key);
        diagnostics.push(diagnostic);
      }
    }
    void connection.sendDiagnostics({ uri: pathToFileURL(file).href, diagnostics, ...(version !== undefined && { version }) });
  }

  /** The site whose features answer in this file: its own, or the one whose docs root holds it. */
  function siteFor(uri: string): Site | undefined {
    const file = fileOf(uri);
    if (!file) return undefined;
    return sites.get(file) ?? sites.sitesHolding(file)[0];
  }

  function changed(file: string, change: 'changed' | 'created' | 'deleted'): void {
    const name = path.basename(file);
    if (CONFIG_NAMES.has(name)) {
      sites.configsChanged();
      for (const site of sites.all()) schedule(site);
      return;
    }
    sites.cache.changed(file, change);
    if (isDocsFile(file) && change === 'deleted') {
      const site = sites.forget(file);
      if (site) {
        // Its problems go from every file it published to (its `$ref` targets and pages too).
        const before = published.get(site);
        published.delete(site);
        for (const shown of new Set([file, ...(before?.keys() ?? [])])) publish(shown);
      }
      return;
    }
    if (isDocsFile(file) && change === 'created') schedule(sites.track(file));
    for (const site of sites.sitesHolding(file)) schedule(site);
  }

  connection.onInitialize((params): InitializeResult => {
    folders = (params.workspaceFolders ?? []).map((folder: WorkspaceFolder) => fileOf(folder.uri)).filter((f): f is string => f !== undefined);
    if (folders.length === 0 && params.rootUri) {
      const root = fileOf(params.rootUri);
      if (root) folders.push(root);
    }
    watching = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL_KIND] },
        completionProvider: { triggerCharacters: ['"', '/', ' '] },
        hoverProvider: true,
        definitionProvider: true,
      },
      serverInfo: { name: 'docsnav' },
    };
  });

  connection.onInitialized(() => {
    if (watching) {
      void connection.client.register(DidChangeWatchedFilesNotification.type, {
        watchers: [{ globPattern: '**/*.{md,mdx,json,yaml,yml}' }],
      });
    }
    // As `docsnav validate` in each folder: its docs file, or the sites one level below it.
    for (const folder of folders) {
      const own = docsFileIn(folder);
      const found = own !== undefined ? [own] : sitesBelow(folder);
      for (const relative of found) schedule(sites.track(path.join(folder, relative)));
    }
  });

  documents.onDidOpen(({ document }) => {
    const file = fileOf(document.uri);
    if (!file) return;
    if (!isDocsFile(file)) sites.cache.setText(file, document.getText());
    schedule(
      isDocsFile(file)
        ? sites.track(file)
        : sites.siteOf(
            file,
            folders.find((folder) => file.startsWith(folder + path.sep)),
          ),
    );
  });
  documents.onDidChangeContent(({ document }) => {
    const file = fileOf(document.uri);
    if (!file) return;
    if (isDocsFile(file)) return schedule(sites.track(file));
    sites.cache.setText(file, document.getText());
    for (const site of sites.sitesHolding(file)) schedule(site);
  });
  documents.onDidSave(({ document }) => {
    const file = fileOf(document.uri);
    // The disk has the editor's text now; without the client's file events, saving is when a page or spec is read again.
    if (file && !watching) changed(file, 'changed');
  });
  documents.onDidClose(({ document }) => {
    const file = fileOf(document.uri);
    if (!file) return;
    sites.cache.setText(file, undefined);
    if (isDocsFile(file)) schedule(sites.get(file));
    else for (const site of sites.sitesHolding(file)) schedule(site);
  });
  connection.onDidChangeWatchedFiles(({ changes }) => {
    for (const { uri, type } of changes) {
      const file = fileOf(uri);
      if (file) changed(file, type === FileChangeType.Created ? 'created' : type === FileChangeType.Deleted ? 'deleted' : 'changed');
    }
  });

  connection.onCodeAction(({ textDocument, range, context }) => {
    const site = siteFor(textDocument.uri);
    const check = site && (site.last ?? sites.check(site));
    const file = fileOf(textDocument.uri);
    if (!check || !file) return [];
    const only = context.only;
    const wants = (kind: string) => !only || only.some((asked) => kind === asked || kind.startsWith(`${asked}.`));
    const actions = wants(CodeActionKind.QuickFix) ? quickFixes(check, file, range, documents.get(textDocument.uri)?.getText()) : [];
    if (wants(FIX_ALL_KIND) && site.file === file) {
      const all = fixAll(check);
      if (all) actions.push(all);
    }
    return actions;
  });

  connection.onCompletion(({ textDocument, position }) => {
    const document = documents.get(textDocument.uri);
    const site = siteFor(textDocument.uri);
    if (!document || !site || site.file !== fileOf(textDocument.uri)) return [];
    const text = document.getText();
    const cursor = cursorAt(text, site.format, document.offsetAt(position));
    const options = (site.last ?? sites.check(site))?.options;
    if (!cursor || !options) return [];
    return completionsAt(cursor, {
      options,
      format: site.format,
      text,
      rangeOf: ([start, end]) => ({ start: document.positionAt(start), end: document.positionAt(end) }),
    });
  });

  connection.onHover(({ textDocument, position }) => {
    const document = documents.get(textDocument.uri);
    const site = siteFor(textDocument.uri);
    const file = fileOf(textDocument.uri);
    const check = site?.last;
    if (!document || !check || !file) return null;
    const cursor = checkedText(check.text, document) ? cursorAt(document.getText(), formatOf(file), document.offsetAt(position)) : undefined;
    return hoverAt(check, file, position, cursor);
  });

  connection.onDefinition(({ textDocument, position }) => {
    const document = documents.get(textDocument.uri);
    const site = siteFor(textDocument.uri);
    const file = fileOf(textDocument.uri);
    const check = site?.last;
    if (!document || !check || !file || !checkedText(check.text, document)) return null;
    const cursor = cursorAt(document.getText(), formatOf(file), document.offsetAt(position));
    return cursor ? definitionAt(check, file, cursor) : null;
  });

  documents.listen(connection);
  connection.listen();
}

/** Pointers of the last check still name the same places: the docs file is as it was checked (other files do not matter). */
function checkedText(checked: string, document: TextDocument): boolean {
  return !isDocsFile(fileURLToPath(document.uri)) || document.getText() === checked;
}
