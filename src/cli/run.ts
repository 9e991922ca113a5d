import { UsageError } from './args.js';
import { COMMAND_NAMES, COMMANDS, isCommandName, type CommandEntry } from './commands.js';
import { commandHelp, mainHelp } from './help.js';
import { version, type CliIo } from './io.js';

export type { CliIo } from './io.js';

/**
 * Runs docsnav with these arguments; returns the exit code. The command comes from the registry
 * (commands.ts) and only its module is loaded; `--help` is answered from the registry without
 * loading any (a server command's goes to the server package when it is installed).
 */
export async function run(argv: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === undefined || command === '-h' || command === '--help' || command === 'help') {
      io.stdout(mainHelp());
      return 0;
    }
    if (command === '-v' || command === '--version') {
      io.stdout(`${version()}\n`);
      return 0;
    }
    if (!isCommandName(command)) throw new UsageError(`unknown command "${command}" (commands: ${COMMAND_NAMES.join(', ')}; see docsnav --help)`);
    const entry: CommandEntry = COMMANDS[command];
    if (asksForHelp(rest) && (entry.from === undefined || !(await import('./server-commands.js')).serverInstalled())) {
      io.stdout(commandHelp(command));
      return 0;
    }
    return await (
      await entry.load()
    )(rest, { ...io, run });
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`docsnav: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}

/** `-h` or `--help` among the arguments (before a `--`, after which everything is a path). */
function asksForHelp(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end === -1 ? argv : argv.slice(0, end)).some((arg) => arg === '--help' || arg === '-h');
}
