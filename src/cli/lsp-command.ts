/**
 * `docsnav lsp [--stdio | --node-ipc | --socket=<port> | --pipe=<name>]`: the language server,
 * for editors (stdio unless told otherwise). Its dependencies (vscode-languageserver) are loaded
 * only here: `validate` does not pay for them.
 */
import { UsageError } from './args.js';
import { HELP } from './help.js';
import type { CliIo } from './run.js';

const TRANSPORTS = ['--stdio', '--node-ipc'];
const TRANSPORT_PREFIXES = ['--socket=', '--pipe=', '--clientProcessId='];

export async function lspCommand(argv: string[], io: CliIo): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout(HELP);
    return 0;
  }
  for (const arg of argv) {
    if (!TRANSPORTS.includes(arg) && !TRANSPORT_PREFIXES.some((prefix) => arg.startsWith(prefix))) {
      throw new UsageError(`lsp: unknown option "${arg}" (options: --stdio (default), --node-ipc, --socket=<port>, --pipe=<name>)`);
    }
  }
  const { createConnection, ProposedFeatures, StreamMessageReader, StreamMessageWriter } = await import('vscode-languageserver/node.js');
  const { startLanguageServer } = await import('../lsp/handlers.js');
  const stdio = !argv.some((arg) => arg === '--node-ipc' || arg.startsWith('--socket=') || arg.startsWith('--pipe='));
  // The library reads --node-ipc, --socket and --pipe from the process's arguments itself.
  const connection = stdio
    ? createConnection(ProposedFeatures.all, new StreamMessageReader(process.stdin), new StreamMessageWriter(process.stdout))
    : createConnection(ProposedFeatures.all);
  startLanguageServer(connection);
  // The server runs until the client says exit (the library then ends the process).
  return new Promise<number>(() => {});
}
