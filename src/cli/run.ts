import { readFileSync } from 'node:fs';
import { SERVER_COMMANDS, serverCommand } from './server-commands.js';
import { UsageError } from './args.js';
import { HELP } from './help.js';

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  isTTY: boolean;
  /** All of standard input, for `-`/`--stdin`. */
  readStdin?: () => Promise<string>;
  /** The environment (`GITHUB_STEP_SUMMARY`); default `process.env`. */
  env?: Record<string, string | undefined>;
}

/** Runs docsnav with these arguments; returns the exit code. */
export async function run(argv: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'validate':
        return await (await import('./validate-command.js')).validateCommand(rest, io);
      case 'resolve':
        return await (await import('./resolve-command.js')).resolveCommand(rest, io);
      case 'lsp':
        return await (await import('./lsp-command.js')).lspCommand(rest, io);
      case '-v':
      case '--version':
        io.stdout(`${version()}\n`);
        return 0;
      case undefined:
      case '-h':
      case '--help':
      case 'help':
        io.stdout(HELP);
        return 0;
      default:
        if (SERVER_COMMANDS.includes(command)) return await serverCommand(command, rest, io);
        throw new UsageError(`unknown command "${command}" (commands: validate, resolve, lsp, serve, worker, project, key; see docsnav --help)`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`docsnav: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}

export function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}
