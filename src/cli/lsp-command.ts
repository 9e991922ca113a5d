/**
 * `docsnav lsp [--stdio | --node-ipc | --socket=<port> | --pipe=<name>]`: the language server,
 * for editors (stdio unless told otherwise). The server and its protocol packages are a file of
 * their own, loaded only here: `validate` does not pay for them.
 */
import { UsageError } from './args.js';
import type { CliIo } from './io.js';
import { flagsOf, LSP_OPTIONS } from './options.js';
import { isTransportArgument } from '../lsp/transports.js';

export async function lspCommand(argv: string[], _io: CliIo): Promise<number> {
  for (const arg of argv) {
    if (!isTransportArgument(arg)) {
      const transports = LSP_OPTIONS.filter((option) => option.name !== 'help').map(flagsOf);
      throw new UsageError(`lsp: unknown option "${arg}" (options: ${transports.join(', ')})`);
    }
  }
  // A file of its own in the bundle (dist/cli/lsp.js): see scripts/bundle.mjs.
  const { runLanguageServer } = await import('../lsp/main.js');
  runLanguageServer(argv);
  // The server runs until the client says exit (the library then ends the process).
  return new Promise<number>(() => {});
}
