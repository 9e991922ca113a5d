/**
 * A real LSP client, for the tests and the bench: `docsnav lsp --stdio` spawned from the built
 * CLI and driven over JSON-RPC with vscode-languageserver-protocol (the protocol library VS
 * Code's own client is built on). Types: lsp-client.d.mts.
 */
import { spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  createProtocolConnection,
  DidChangeTextDocumentNotification,
  DidChangeWatchedFilesNotification,
  DidOpenTextDocumentNotification,
  DidRenameFilesNotification,
  DidSaveTextDocumentNotification,
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  RegistrationRequest,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-languageserver-protocol/node.js';

const cli = path.join(path.dirname(path.dirname(fileURLToPath(import.meta.url))), 'dist', 'cli', 'main.js');

export const uriOf = (file) => pathToFileURL(path.resolve(file)).href;

/**
 * The language server of src/lsp in this process, on a client's streams: for `serve`, and for every
 * client when DOCSNAV_LSP_IN_PROCESS is set (mutation testing, `npm run mutate -- lsp`: Stryker's
 * mutants are in src/, which only a test runner that reads TypeScript, vitest, can load).
 */
export async function inProcessServer() {
  const [{ createConnection, ProposedFeatures, StreamMessageReader: Reader, StreamMessageWriter: Writer }, { startLanguageServer }] = await Promise.all([
    import('vscode-languageserver/node.js'),
    import('../src/lsp/handlers.js'),
  ]);
  return (input, output) => startLanguageServer(createConnection(ProposedFeatures.all, new Reader(input), new Writer(output)));
}

export async function startClient(workspace, options = {}) {
  if (!options.serve && !options.command && process.env.DOCSNAV_LSP_IN_PROCESS) options = { ...options, serve: await inProcessServer() };
  // DOCSNAV_LSP_NODE_ARGS: options for the server's node (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it).
  const nodeArgs = process.env.DOCSNAV_LSP_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  let child;
  let stderr = '';
  let connection;
  if (options.serve) {
    // A server in this process (mutation testing sees its code): the two directions are pipes of their own.
    const toServer = new PassThrough();
    const toClient = new PassThrough();
    options.serve(toServer, toClient);
    connection = createProtocolConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer));
  } else {
    const [command, ...args] = options.command ?? [process.execPath, ...nodeArgs, cli, 'lsp', '--stdio'];
    child = spawn(command, args, { stdio: 'pipe', cwd: options.cwd, env: options.env ?? process.env });
    child.stderr.on('data', (chunk) => (stderr += chunk.toString()));
    connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  }
  const diagnostics = new Map();
  const waiters = [];
  const registrations = [];
  connection.onNotification(PublishDiagnosticsNotification.type, ({ uri, diagnostics: list, version }) => {
    diagnostics.set(uri, list);
    for (const waiter of [...waiters]) {
      if (waiter.uri !== uri || !waiter.until(list, version)) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(list);
    }
  });
  // A server that exits fails every wait at once, with what it said: no test waits out a clock for a dead server.
  // (A server in this process, `serve`, has no child to exit.)
  let exited;
  child?.once('exit', (code, signal) => {
    exited = new Error(`the server exited (${signal ?? `code ${code}`}) before publishing; stderr: ${stderr}`);
    for (const waiter of waiters.splice(0)) waiter.reject(exited);
  });
  connection.onRequest(RegistrationRequest.type, (params) => {
    registrations.push(...params.registrations);
  });
  connection.listen();
  const { capabilities } = await connection.sendRequest(InitializeRequest.type, {
    // In this process: no parent for the server to watch (it would exit this process when that one ends).
    processId: options.serve ? null : process.pid,
    rootUri: uriOf(workspace),
    workspaceFolders: [{ uri: uriOf(workspace), name: 'workspace' }],
    capabilities: {
      workspace: { didChangeWatchedFiles: { dynamicRegistration: options.watchFiles ?? true }, fileOperations: { willRename: true, didRename: true } },
    },
  });
  await connection.sendNotification(InitializedNotification.type, {});
  return {
    connection,
    capabilities,
    diagnostics,
    registrations,
    process: child,
    stderr: () => stderr,
    nextDiagnostics(uri, until = () => true, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        // Infinity: no clock at all, only events (the diagnostics, or the server's exit).
        const timer = Number.isFinite(timeoutMs)
          ? setTimeout(() => reject(new Error(`no diagnostics for ${uri} within ${timeoutMs} ms; stderr: ${stderr}`)), timeoutMs)
          : undefined;
        const waiter = {
          uri,
          until,
          resolve: (list) => {
            clearTimeout(timer);
            resolve(list);
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        };
        if (exited) waiter.reject(exited);
        else waiters.push(waiter);
      });
    },
    open(file, text, languageId = file.endsWith('.json') ? 'json' : file.endsWith('.mdx') ? 'mdx' : 'yaml') {
      void connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: uriOf(file), languageId, version: 1, text } });
    },
    change(file, change, version) {
      const contentChanges = typeof change === 'string' ? [{ text: change }] : [change];
      void connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri: uriOf(file), version }, contentChanges });
    },
    filesChanged(changes) {
      void connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes });
    },
    saved(file) {
      void connection.sendNotification(DidSaveTextDocumentNotification.type, { textDocument: { uri: uriOf(file) } });
    },
    renamed(renames) {
      void connection.sendNotification(DidRenameFilesNotification.type, { files: renames.map(({ from, to }) => ({ oldUri: uriOf(from), newUri: uriOf(to) })) });
    },
    async stop() {
      await connection.sendRequest(ShutdownRequest.type);
      // The exit notification ends the server's process: one in this process is only let go.
      if (!child) return connection.dispose();
      await connection.sendNotification(ExitNotification.type);
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));
      connection.dispose();
    },
  };
}
