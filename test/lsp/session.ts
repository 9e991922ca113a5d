/**
 * A bare LSP client on src/lsp's server in this process, for the tests that need what
 * bench/lsp-client.mjs fixes: initialize's own params (workspace folders, rootUri, the client's
 * capabilities), the server's answer to it, every diagnostics publication in order, and what the
 * server logs (window/logMessage: its console, and the protocol library's report of a handler that
 * threw).
 */
import { PassThrough } from 'node:stream';
import {
  createProtocolConnection,
  DidChangeTextDocumentNotification,
  DidChangeWatchedFilesNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  DidRenameFilesNotification,
  DidSaveTextDocumentNotification,
  HoverRequest,
  InitializedNotification,
  InitializeRequest,
  LogMessageNotification,
  PublishDiagnosticsNotification,
  RegistrationRequest,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  WillRenameFilesRequest,
  type Diagnostic,
  type FileEvent,
  type InitializeParams,
  type InitializeResult,
  type LogMessageParams,
  type ProtocolConnection,
  type Registration,
  type WorkspaceEdit,
} from 'vscode-languageserver-protocol/node.js';
import { inProcessServer, uriOf } from '../../bench/lsp-client.mjs';
import { hangGuard } from '../time-scale.mjs';

interface Publication {
  uri: string;
  diagnostics: Diagnostic[];
  version?: number;
}

export interface Session {
  connection: ProtocolConnection;
  /** The server's answer to initialize (undefined until `initialize`). */
  result?: InitializeResult;
  /** Every publishDiagnostics, in the order they came. */
  published: Publication[];
  logs: LogMessageParams[];
  registrations: Registration[];
  initialize(params?: Partial<InitializeParams>): Promise<InitializeResult>;
  /** The latest diagnostics published for a file (absolute path), if any. */
  latest(file: string): Diagnostic[] | undefined;
  /** The next publication for a file that `until` takes (publications before the call do not count). */
  next(file: string, until?: (publication: Publication) => boolean): Promise<Publication>;
  /** Every notification the server sent before now has arrived (it answers a request after them, on the same stream). */
  settled(): Promise<void>;
  open(file: string, text: string): void;
  change(file: string, text: string, version: number): void;
  close(file: string): void;
  save(file: string): void;
  filesChanged(changes: FileEvent[]): void;
  willRename(renames: ReadonlyArray<{ from: string; to: string }>): Promise<WorkspaceEdit | null>;
  renamed(renames: ReadonlyArray<{ from: string; to: string }>): void;
  stop(): Promise<void>;
}

/** A wait for a publication: a hang guard (test/time-scale.mjs), never a speed. */
const WAIT_MS = hangGuard(20_000);

/** A server in this process and a client on it, not yet initialized. */
async function session(): Promise<Session> {
  const serve = await inProcessServer();
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  serve(toServer, toClient);
  const connection = createProtocolConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer));
  const published: Publication[] = [];
  const logs: LogMessageParams[] = [];
  const registrations: Registration[] = [];
  const waiters: Array<{ uri: string; until: (publication: Publication) => boolean; resolve: (publication: Publication) => void }> = [];
  connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
    const publication: Publication = { uri: params.uri, diagnostics: params.diagnostics, ...(params.version !== undefined && { version: params.version }) };
    published.push(publication);
    for (const waiter of [...waiters]) {
      if (waiter.uri !== publication.uri || !waiter.until(publication)) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(publication);
    }
  });
  connection.onNotification(LogMessageNotification.type, (params) => void logs.push(params));
  connection.onRequest(RegistrationRequest.type, (params) => void registrations.push(...params.registrations));
  connection.listen();
  const notify = (type: { method: string }, params: unknown) => void connection.sendNotification(type.method, params);
  const self: Session = {
    connection,
    published,
    logs,
    registrations,
    async initialize(params = {}) {
      self.result = await connection.sendRequest(InitializeRequest.type, { processId: null, rootUri: null, capabilities: {}, ...params });
      await connection.sendNotification(InitializedNotification.type, {});
      return self.result;
    },
    latest(file) {
      const uri = uriOf(file);
      return published.findLast((publication) => publication.uri === uri)?.diagnostics;
    },
    next(file, until = () => true) {
      const uri = uriOf(file);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no diagnostics for ${uri} within ${WAIT_MS} ms; logs: ${JSON.stringify(logs)}`)), WAIT_MS);
        waiters.push({
          uri,
          until,
          resolve: (publication) => {
            clearTimeout(timer);
            resolve(publication);
          },
        });
      });
    },
    async settled() {
      await connection.sendRequest(HoverRequest.type, { textDocument: { uri: 'untitled:none' }, position: { line: 0, character: 0 } });
    },
    open(file, text) {
      const languageId = file.endsWith('.json') ? 'json' : file.endsWith('.mdx') ? 'mdx' : 'yaml';
      notify(DidOpenTextDocumentNotification.type, { textDocument: { uri: uriOf(file), languageId, version: 1, text } });
    },
    change(file, text, version) {
      notify(DidChangeTextDocumentNotification.type, { textDocument: { uri: uriOf(file), version }, contentChanges: [{ text }] });
    },
    close(file) {
      notify(DidCloseTextDocumentNotification.type, { textDocument: { uri: uriOf(file) } });
    },
    save(file) {
      notify(DidSaveTextDocumentNotification.type, { textDocument: { uri: uriOf(file) } });
    },
    filesChanged(changes) {
      notify(DidChangeWatchedFilesNotification.type, { changes });
    },
    willRename(renames) {
      return connection.sendRequest(WillRenameFilesRequest.type, { files: renames.map(({ from, to }) => ({ oldUri: uriOf(from), newUri: uriOf(to) })) });
    },
    renamed(renames) {
      notify(DidRenameFilesNotification.type, { files: renames.map(({ from, to }) => ({ oldUri: uriOf(from), newUri: uriOf(to) })) });
    },
    async stop() {
      await connection.sendRequest(ShutdownRequest.type);
      connection.dispose();
    },
  };
  return self;
}

/** A session initialized with these params, run, and stopped whatever happens. */
export async function withSession(params: Partial<InitializeParams>, run: (session: Session) => Promise<void>): Promise<void> {
  const one = await session();
  try {
    await one.initialize(params);
    await run(one);
  } finally {
    await one.stop();
  }
}

/** The capabilities of a client that registers file watchers. */
export const WATCHING = { workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } };
