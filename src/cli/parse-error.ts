import { parseArgs, type ParseArgsConfig } from 'node:util';
import { closest } from '../suggest.js';

type ParserOptions = NonNullable<ParseArgsConfig['options']>;

/**
 * Node's parseArgs error as one line of ours. An unknown option gets the nearest real one ("did you
 * mean --format?"), as an unknown command does: Node's own text advises putting the option after
 * `--` as a positional, which is wrong for a typo (and leaves a quote open). A value that starts
 * with a dash (`--max-warnings -1`) is not Node's "argument is ambiguous" but what the option takes.
 */
export function parseErrorLine(error: unknown, argv: readonly string[], options: ParserOptions, command: string): string {
  const ambiguous = /^Option '(-[^']+)' argument is ambiguous/.exec((error as Error).message);
  if ((error as { code?: string }).code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && ambiguous)
    return dashValueLine(ambiguous[1], (error as Error).message, argv);
  if ((error as { code?: string }).code !== 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return (error as Error).message.split('\n')[0];
  const unknown = unknownOption(argv, options);
  if (unknown === undefined) return (error as Error).message.split('\n')[0];
  const help = `see docsnav ${command} --help`;
  const guess = unknown.long ? closest(unknown.name, Object.keys(options)) : undefined;
  return `unknown option "${unknown.raw}" (${guess === undefined ? help : `did you mean --${guess}? ${help}`})`;
}

/** The first option in `argv` that `options` does not have (Node's tokens, so `--x=1` and `-abc` read as Node reads them). */
function unknownOption(argv: readonly string[], options: ParserOptions): { raw: string; name: string; long: boolean } | undefined {
  const { tokens } = parseArgs({ args: [...argv], options, strict: false, allowPositionals: true, tokens: true });
  for (const token of tokens) {
    if (token.kind !== 'option' || Object.hasOwn(options, token.name)) continue;
    const long = token.rawName.startsWith('--');
    if (long || !Object.values(options).some((option) => option.short === token.name)) return { raw: token.rawName, name: token.name, long };
  }
  return undefined;
}

/** The line for an option given a value that starts with a dash: a negative number is refused as such, anything else is shown how to give it. */
function dashValueLine(option: string, message: string, argv: readonly string[]): string {
  const long = /use '(--[^=']+)=/.exec(message)?.[1] ?? option;
  const at = argv.findIndex((arg) => arg === option || arg === long);
  const value = at >= 0 ? argv[at + 1] : undefined;
  if (value === undefined) return `${long} needs a value`;
  if (/^-\d/.test(value))
    return `${long} takes no negative number (got "${value}")${long === '--max-warnings' ? '; without --max-warnings there is no limit' : ''}`;
  return `${long} needs a value, and "${value}" reads as an option (to give a value that starts with a dash, write ${long}=${value})`;
}
