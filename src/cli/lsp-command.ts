/**
 * `docsnav lsp [--stdio | --node-ipc | --socket=<port> | --pipe=<name>]`: the language server,
 * for editors (stdio unless told otherwise). The server and its protocol packages are a file of
 * their own, loaded only here: `validate` does not pay for them.
 */
import { UsageError } from './args.js';
import { HELP } from './help.js';
import type { CliIo } from './run.js';
import { isTransportArgument } from '../lsp/transports.js';

export async function lspCommand(argv: string[], io: CliIo): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout(HELP);
    return 0;
  }
  for (const arg of argv) {
    if (!isTransportArgument(arg)) {
      throw new UsageError(`lsp: unknown option "${arg}" (options: --stdio (default), --node-ipc, --socket=<port>, --pipe=<name>)`);
    }
  }
  // A file of its own in the bundle (dist/cli/lsp.js): see scripts/bundle.mjs.
  const { runLanguageServer } = await import('../lsp/main.js');
  runLanguageServer(argv);
  // The server runs until the client says exit (the library then ends the process).
  return new Promise<number>(() => {});
}
