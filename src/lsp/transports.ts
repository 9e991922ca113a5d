/**
 * The arguments `docsnav lsp` takes: the transports as vscode-languageserver reads them from the
 * process's arguments. No dependencies: the CLI checks its arguments with this before it loads
 * the server's bundle.
 */
const FLAGS: readonly string[] = ['--stdio', '--node-ipc'];
const PREFIXES: readonly string[] = ['--socket=', '--pipe=', '--clientProcessId='];

export function isTransportArgument(arg: string): boolean {
  return FLAGS.includes(arg) || PREFIXES.some((prefix) => arg.startsWith(prefix));
}

/** Standard input and output, unless another transport is named (the default for editors). */
export function usesStdio(argv: readonly string[]): boolean {
  return !argv.some((arg) => arg === '--node-ipc' || arg.startsWith('--socket=') || arg.startsWith('--pipe='));
}
