/**
 * `docsnav lsp`: a Language Server (LSP 3.17, vscode-languageserver) for docs.json and
 * docs.yaml. Diagnostics are `docsnav validate`'s problems for the same file and config; they
 * are worked out again after each edit (edits that arrive while a check runs are taken together)
 * and when a page, spec, `$ref` target or config changes. A page edit publishes that page's own
 * problems at once (validatePage: the page alone against the site's last check) and checks the
 * whole site once the typing pauses. Code actions apply the safe fixes,
 * completions offer what the model and the docs root allow, hover shows rule docs and page URLs,
 * go-to-definition opens page files and operations, and renaming a page or a folder of pages
 * rewrites the navigation, links and redirects that name it (renames.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  CodeActionKind,
  DidChangeWatchedFilesNotification,
  FileChangeType,
  MessageType,
  ShowMessageNotification,
  TextDocuments,
  TextDocumentSyncKind,
  type Connection,
  type Diagnostic,
  type FileRename,
  type InitializeResult,
  type WorkspaceFolder,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { CONFIG_FILE_NAMES } from '../config-file/load.js';
import { docsFileIn, sitesBelow } from '../docs-root.js';
import { formatOf } from '../source/index.js';
import { FIX_ALL_KIND, fixAll, quickFixes } from './code-actions.js';
import { completionsAt } from './completion.js';
import { cursorAt } from './cursor.js';
import { definitionAt } from './definition.js';
import { toDiagnostic } from './diagnostics.js';
import { hoverAt } from './hover.js';
import { renameEdits } from './renames.js';
import { isDocsFile, problemsByFile, Sites, type Site } from './sites.js';
import { isMintJson } from '../mint/document.js';

const CONFIG_NAMES: ReadonlySet<string> = new Set(CONFIG_FILE_NAMES);

/** How long typing in a page pauses before the whole site is checked again (its own problems are published at once). */
const SETTLE_MS = 300;

export function startLanguageServer(connection: Connection): void {
  new LanguageServer(connection).listen();
}

/** A file path from a `file:` URI; undefined for any other scheme. */
const fileOf = (uri: string): string | undefined => (uri.startsWith('file:') ? fileURLToPath(uri) : undefined);

/** The renames of files on disk (`file:` URIs), as paths. */
const onDisk = (renames: readonly FileRename[]): Array<{ from: string; to: string }> =>
  renames.flatMap(({ oldUri, newUri }) => {
    const from = fileOf(oldUri);
    const to = fileOf(newUri);
    return from && to ? [{ from, to }] : [];
  });

/**
 * Diagnostics: which sites are to be checked again, and what each published, by file (a file's
 * diagnostics are every site's together).
 */
class DiagnosticsPublisher {
  /** What each site last published, by file. */
  private readonly published = new Map<Site, Map<string, Diagnostic[]>>();
  private readonly pending = new Set<Site>();
  private scheduled = false;
  /** Sites whose whole check waits for the typing in a page to pause. */
  private readonly settling = new Map<Site, NodeJS.Timeout>();

  constructor(
    private readonly connection: Connection,
    private readonly documents: TextDocuments<TextDocument>,
    private readonly sites: Sites,
  ) {}

  /** Checks a site soon: edits that arrive meanwhile are applied first, one check for a burst of keystrokes. */
  schedule(site: Site | undefined): void {
    if (!site) return;
    this.pending.add(site);
    if (this.scheduled) return;
    // Stryker disable next-line BooleanLiteral: without the flag each call sets its own callback, and the first of them checks every site pending, the others find none: one check per site either way.
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      const batch = [...this.pending];
      this.pending.clear();
      for (const one of batch) this.checkAndPublish(one);
    });
  }

  /**
   * A page edited: its own problems now, from a check of that page alone against the site's last
   * check; then, once the typing pauses, the whole site again (another page's link to an anchor the
   * edit removed, docs.json's hrefs). Without a last check to check it against, the site at once.
   */
  pageEdited(site: Site, file: string): void {
    let problems: ReturnType<Sites['checkPage']>;
    try {
      problems = this.sites.checkPage(site, file);
    } catch (error) {
      this.connection.console.error(`docsnav: internal error checking ${file}: ${(error as Error)?.stack ?? String(error)}`);
    }
    if (problems === undefined) return this.schedule(site);
    let byFile = this.published.get(site);
    if (!byFile) this.published.set(site, (byFile = new Map<string, Diagnostic[]>()));
    byFile.set(file, problems.map(toDiagnostic));
    this.publish(file);
    clearTimeout(this.settling.get(site));
    this.settling.set(
      site,
      setTimeout(() => this.schedule(site), SETTLE_MS),
    );
  }

  /** A site that is gone: its problems go from every file it published to (its `$ref` targets and pages too). */
  withdraw(site: Site, file: string): void {
    // A check of it that waits (asked for by an earlier event, or a page's edit) would publish its problems again.
    this.pending.delete(site);
    clearTimeout(this.settling.get(site));
    this.settling.delete(site);
    const before = this.published.get(site);
    this.published.delete(site);
    for (const shown of new Set([file, ...(before?.keys() ?? [])])) this.publish(shown);
  }

  private checkAndPublish(site: Site): void {
    // This check covers what a page edit left for later.
    clearTimeout(this.settling.get(site));
    this.settling.delete(site);
    // Checking is synchronous: the version read now is the text checked.
    const version = this.documents.get(pathToFileURL(site.file).href)?.version;
    let byFile = new Map<string, Diagnostic[]>();
    try {
      const check = this.sites.check(site);
      if (check) for (const [file, problems] of problemsByFile(check.result.problems)) byFile.set(file, problems.map(toDiagnostic));
    } catch (error) {
      // A bug in docsnav, never the user's file: say it once in the log; keep serving.
      this.connection.console.error(`docsnav: internal error checking ${site.file}: ${(error as Error)?.stack ?? String(error)}`);
      byFile = new Map();
    }
    const before = this.published.get(site) ?? new Map<string, Diagnostic[]>();
    this.published.set(site, byFile);
    // The docs file always: an empty list says it was checked and has no problems.
    for (const file of new Set([site.file, ...before.keys(), ...byFile.keys()])) this.publish(file, file === site.file ? version : undefined);
  }

  private publish(file: string, version?: number): void {
    const seen = new Set<string>();
    const diagnostics: Diagnostic[] = [];
    for (const byFile of this.published.values()) {
      for (const diagnostic of byFile.get(file) ?? []) {
        // A `$ref` target two sites share: its problems once.
        const key = JSON.stringify([diagnostic.code, diagnostic.range, diagnostic.message]);
        if (seen.has(key)) continue;
        seen.add(key);
        diagnostics.push(diagnostic);
      }
    }
    // An undefined version is left out of the message (JSON), as the protocol wants for a file not open.
    void this.connection.sendDiagnostics({ uri: pathToFileURL(file).href, diagnostics, version });
  }
}

/** One connection: the workspace's sites, kept checked as documents and files change, and the editor features over them. */
class LanguageServer {
  private readonly documents = new TextDocuments(TextDocument);
  private readonly sites: Sites;
  private readonly diagnostics: DiagnosticsPublisher;
  // Stryker disable next-line ArrayDeclaration: initialize sets the folders before anything reads them (and a folder of no absolute path prefixes no file's path).
  private folders: string[] = [];
  /** The client sends file events (didChangeWatchedFiles). */
  private watching = false;
  /**
   * Renames the editor asked edits for (willRenameFiles) and has not said it made (didRenameFiles):
   * an editor that sends neither that nor file events (Neovim 0.7) leaves the listing to be read
   * again at its next save, once the renamed files are there.
   */
  // Stryker disable next-line ArrayDeclaration: an entry that is no rename has no `to` that exists nor a from/to pair that matches: it is never taken as made.
  private awaitedRenames: Array<{ from: string; to: string }> = [];

  constructor(private readonly connection: Connection) {
    this.sites = new Sites({ textOf: (file) => this.documents.get(pathToFileURL(file).href)?.getText() });
    this.diagnostics = new DiagnosticsPublisher(connection, this.documents, this.sites);
  }

  listen(): void {
    this.onLifecycle();
    this.onDocuments();
    this.onFeatures();
    this.onRenames();
    this.documents.listen(this.connection);
    this.connection.listen();
  }

  /** The site whose features answer in this file: its own, or the one whose docs root holds it. */
  private siteFor(uri: string): Site | undefined {
    const file = fileOf(uri);
    if (!file) return undefined;
    return this.sites.get(file) ?? this.sites.sitesHolding(file)[0];
  }

  /** A file changed on disk (a file event, or a save without them): the sites it matters to are checked again. */
  private changed(file: string, change: 'changed' | 'created' | 'deleted'): void {
    const { sites, diagnostics } = this;
    const name = path.basename(file);
    if (CONFIG_NAMES.has(name)) {
      sites.configsChanged();
      for (const site of sites.all()) diagnostics.schedule(site);
      return;
    }
    sites.cache.changed(file, change);
    if (isDocsFile(file) && change === 'deleted') {
      const site = sites.forget(file);
      if (site) diagnostics.withdraw(site, file);
      return;
    }
    if (isDocsFile(file) && change === 'created') diagnostics.schedule(sites.track(file));
    for (const site of sites.sitesHolding(file)) diagnostics.schedule(site);
  }

  /**
   * Renames: willRenameFiles answers with the edits docsnav mv makes (renames.ts), and remembers
   * them until the editor says it made them (didRenameFiles), when the sites read again what moved.
   */
  private onRenames(): void {
    const { connection, documents, sites } = this;
    connection.workspace.onWillRenameFiles(({ files }) => {
      const { edit, refused } = renameEdits(sites, files, (file) => documents.get(pathToFileURL(file).href)?.getText());
      this.awaitedRenames.push(...onDisk(files));
      // A notification: nothing for the editor to answer while it renames.
      for (const line of refused) {
        void connection.sendNotification(ShowMessageNotification.type, {
          type: MessageType.Warning,
          message: `docsnav: links and navigation not updated for ${line}`,
        });
      }
      return edit;
    });

    connection.workspace.onDidRenameFiles(({ files }) => this.renamesMade(onDisk(files)));
  }

  /** Files or folders renamed on disk: each old path gone, each new one there; the sites they were in are checked again. */
  private renamesMade(renames: ReadonlyArray<{ from: string; to: string }>): void {
    for (const { from, to } of renames) {
      this.changed(from, 'deleted');
      this.changed(to, 'created');
    }
    this.awaitedRenames = this.awaitedRenames.filter((awaited) => !renames.some(({ from, to }) => awaited.from === from && awaited.to === to));
  }

  /** Initialize: the workspace folders and capabilities; initialized: file events, and every site found checked. */
  private onLifecycle(): void {
    const { connection, sites, diagnostics } = this;
    connection.onInitialize((params): InitializeResult => {
      this.folders = (params.workspaceFolders ?? []).map((folder: WorkspaceFolder) => fileOf(folder.uri)).filter((f): f is string => f !== undefined);
      if (this.folders.length === 0 && params.rootUri) {
        const root = fileOf(params.rootUri);
        if (root) this.folders.push(root);
      }
      this.watching = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
      return {
        capabilities: {
          textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
          codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL_KIND] },
          completionProvider: { triggerCharacters: ['"', '/', ' '] },
          hoverProvider: true,
          definitionProvider: true,
          // Renaming a page or a folder of pages: the edits docsnav mv makes (renames.ts).
          workspace: {
            fileOperations: {
              willRename: {
                filters: [
                  { scheme: 'file', pattern: { glob: '**/*.{md,mdx}', matches: 'file' } },
                  { scheme: 'file', pattern: { glob: '**/*', matches: 'folder' } },
                ],
              },
              // Any file or folder renamed changes what the sites hold (a page, a spec, an image): read again.
              didRename: { filters: [{ scheme: 'file', pattern: { glob: '**/*' } }] },
            },
          },
        },
        serverInfo: { name: 'docsnav' },
      };
    });

    connection.onInitialized(() => {
      if (this.watching) {
        void connection.client.register(DidChangeWatchedFilesNotification.type, {
          watchers: [{ globPattern: '**/*.{md,mdx,json,yaml,yml}' }],
        });
      }
      // As `docsnav validate` in each folder: its docs file, or the sites one level below it.
      for (const folder of this.folders) {
        const own = docsFileIn(folder);
        const found = own !== undefined ? [own] : sitesBelow(folder);
        for (const relative of found) diagnostics.schedule(sites.track(path.join(folder, relative)));
      }
    });
  }

  /** Open, edited, saved and closed documents, and file events: the editor's text stands in for the disk while open. */
  private onDocuments(): void {
    const { connection, documents, sites, diagnostics } = this;
    documents.onDidOpen(({ document }) => {
      const file = fileOf(document.uri);
      if (!file) return;
      // The editor's text of a page is read from now on: onDidChangeContent, which fires on open too, right after this, sets it.
      diagnostics.schedule(
        isDocsFile(file)
          ? sites.track(file)
          : sites.siteOf(
              file,
              this.folders.find((folder) => file.startsWith(folder + path.sep)),
            ),
      );
    });
    documents.onDidChangeContent(({ document }) => {
      const file = fileOf(document.uri);
      if (!file) return;
      if (isDocsFile(file)) return diagnostics.schedule(sites.track(file));
      sites.cache.setText(file, document.getText());
      for (const site of sites.sitesHolding(file)) diagnostics.pageEdited(site, file);
    });
    documents.onDidSave(({ document }) => {
      const file = fileOf(document.uri);
      if (!file || this.watching) return;
      // The disk has the editor's text now; without the client's file events, saving is when a page or
      // spec is read again, and when renames the editor asked edits for and never reported are taken as made.
      this.renamesMade(this.awaitedRenames.filter(({ to }) => existsSync(to)));
      // A file the listing does not hold was made by this save (`:w new-page.mdx`).
      // Stryker disable next-line StringLiteral: any change but 'changed' reads the listing again (cache.changed), which a docs file opened is already tracked by (onDidOpen): '' for 'created' is the same, '' for 'changed' reads a listing that did not change.
      this.changed(file, sites.isListed(file) ? 'changed' : 'created');
    });
    documents.onDidClose(({ document }) => {
      const file = fileOf(document.uri);
      if (!file) return;
      sites.cache.setText(file, undefined);
      if (isDocsFile(file)) diagnostics.schedule(sites.get(file));
      else for (const site of sites.sitesHolding(file)) diagnostics.schedule(site);
    });
    connection.onDidChangeWatchedFiles(({ changes }) => {
      for (const { uri, type } of changes) {
        const file = fileOf(uri);
        if (file) this.changed(file, type === FileChangeType.Created ? 'created' : type === FileChangeType.Deleted ? 'deleted' : 'changed');
      }
    });
  }

  /** Code actions, completion, hover and go-to-definition, each answered from the site's last check. */
  private onFeatures(): void {
    const { connection, documents, sites } = this;
    connection.onCodeAction(({ textDocument, range, context }) => {
      const site = this.siteFor(textDocument.uri);
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
      const site = this.siteFor(textDocument.uri);
      // A legacy mint.json is checked, not completed: completion knows docs.json's elements only.
      if (!document || !site || site.file !== fileOf(textDocument.uri) || isMintJson(site.file)) return [];
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
      const file = fileOf(textDocument.uri);
      const check = this.siteFor(textDocument.uri)?.last;
      if (!document || !check || !file) return null;
      const cursor = checkedText(check.text, document) ? cursorAt(document.getText(), formatOf(file), document.offsetAt(position)) : undefined;
      return hoverAt(check, file, position, cursor);
    });

    connection.onDefinition(({ textDocument, position }) => {
      const document = documents.get(textDocument.uri);
      const file = fileOf(textDocument.uri);
      const check = this.siteFor(textDocument.uri)?.last;
      if (!document || !check || !file || !checkedText(check.text, document)) return null;
      const cursor = cursorAt(document.getText(), formatOf(file), document.offsetAt(position));
      return cursor ? definitionAt(check, file, cursor) : null;
    });
  }
}

/** Pointers of the last check still name the same places: the docs file is as it was checked (other files do not matter). */
function checkedText(checked: string, document: TextDocument): boolean {
  return !isDocsFile(fileURLToPath(document.uri)) || document.getText() === checked;
}
