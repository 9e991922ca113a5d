/**
 * The language server's entry: `docsnav lsp` loads this file only (bundled on its own into
 * dist/cli/lsp.js with its protocol packages, so `validate` neither loads nor installs them).
 */
import { createConnection, ProposedFeatures, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver/node.js';
import { startLanguageServer } from './handlers.js';
import { usesStdio } from './transports.js';

/** Serves over stdio, or the transport `--node-ipc`, `--socket=<port>` or `--pipe=<name>` in the process's arguments names. */
export function runLanguageServer(argv: readonly string[]): void {
  const stdio = usesStdio(argv);
  // The library reads --node-ipc, --socket and --pipe from the process's arguments itself.
  const connection = stdio
    ? createConnection(ProposedFeatures.all, new StreamMessageReader(process.stdin), new StreamMessageWriter(process.stdout))
    : createConnection(ProposedFeatures.all);
  startLanguageServer(connection);
}
