/**
 * `docsnav --help` and each command's `--help`, written from the command registry (commands.ts)
 * and the option tables (options.ts): what help says is what the parser takes. The README's copy
 * is checked against this (test/docs/generated.test.ts).
 */
import { COMMAND_NAMES, COMMANDS, type CommandEntry, type CommandName } from './commands.js';
import { flagsOf, type CliOption } from './options.js';

/** Help is wrapped to this many columns. */
const WIDTH = 100;
/** Where option descriptions start. */
const FLAG_COLUMN = 30;

/** `text` in lines of at most `WIDTH` columns: the first after `first`, the others after `rest` (a word longer than a line has one of its own). Exported for its tests. */
export function wrap(text: string, first: string, rest: string = ' '.repeat(first.length)): string[] {
  const lines: string[] = [];
  let line = first;
  let empty = true;
  for (const word of text.split(' ')) {
    if (!empty && line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = rest;
      empty = true;
    }
    line += empty ? word : ` ${word}`;
    empty = false;
  }
  lines.push(line);
  return lines;
}

/** One option: its flags, then its description (beside them when they fit, else on the next line). Exported for its tests. */
export function optionLines(option: CliOption): string[] {
  const flags = `  ${flagsOf(option)}`;
  const description = option.default !== undefined ? `${option.description} (default: ${option.default})` : option.description;
  const indent = ' '.repeat(FLAG_COLUMN);
  if (flags.length + 2 > FLAG_COLUMN) return [flags, ...wrap(description, indent)];
  return wrap(description, flags.padEnd(FLAG_COLUMN), indent);
}

/** What is said after a server command's summary when the server package is not installed. */
function serverNote(name: CommandName): string {
  return `Part of the server package, @docsnav/server, which is not installed beside docsnav: install it in the same place (see "Install" in docsnav's README); then docsnav ${name} --help lists its options.`;
}

/** One command's `--help` (a server command's, when its package is not there to say more). */
export function commandHelp(name: CommandName): string {
  const entry: CommandEntry = COMMANDS[name];
  const lines = [`Usage: ${entry.usage}`, '', ...wrap(entry.summary, '')];
  const options = entry.options.filter((option) => !option.hidden);
  if (options.length > 0) lines.push('', 'Options:', ...options.flatMap(optionLines));
  const details = entry.from ? [serverNote(name)] : (entry.details ?? []);
  for (const paragraph of details) lines.push('', ...wrap(paragraph, ''));
  return `${lines.join('\n')}\n`;
}

/** `docsnav --help`: every command, then the options of each (those an earlier command has, by name only). */
export function mainHelp(): string {
  const lines = ['docsnav: validate and resolve the navigation of a docs.json', '', 'Usage:'];
  const usage = (name: CommandName) => [`  ${COMMANDS[name].usage}`, ...wrap(COMMANDS[name].summary, '      ')];
  const own = COMMAND_NAMES.filter((name) => (COMMANDS[name] as CommandEntry).from === undefined);
  const server = COMMAND_NAMES.filter((name) => (COMMANDS[name] as CommandEntry).from !== undefined);
  lines.push(...own.flatMap(usage));
  lines.push('  docsnav <command> --help', "      that command's usage and options", '  docsnav --version', "      docsnav's version");
  // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent while the registry has server commands (it has five): the test only keeps their heading out when there are none.
  if (server.length > 0) lines.push('', 'The self-hosted docs server, from @docsnav/server when it is installed beside docsnav:', ...server.flatMap(usage));
  const listed = new Set<CliOption>();
  // A command's notes (its exit codes among them) go under its own options, indented as they are:
  // loose at the end, diff's exit codes read as the whole tool's. Notes an earlier command had are said once.
  const saidDetails = new Set<string>();
  for (const name of COMMAND_NAMES) {
    const entry: CommandEntry = COMMANDS[name];
    const options = entry.options.filter((option) => !option.hidden && option.name !== 'help');
    if (options.length === 0) continue;
    const earlier = options.filter((option) => listed.has(option));
    lines.push('', `${name} options:`, ...options.filter((option) => !listed.has(option)).flatMap(optionLines));
    if (earlier.length > 0) {
      const first = COMMAND_NAMES.find((other) => (COMMANDS[other] as CommandEntry).options.includes(earlier[0]))!;
      lines.push(...wrap(`${earlier.map((option) => `--${option.name}`).join(', ')}: as for ${first}`, '  '));
    }
    for (const option of options) listed.add(option);
    const details = entry.details ?? [];
    const before = COMMAND_NAMES.find(
      // Stryker disable next-line ConditionalExpression: `other !== name` tells only when this command's notes were all said, but split over several earlier commands (none is so in the registry).
      (other) => other !== name && details.length > 0 && details.every((paragraph) => (COMMANDS[other] as CommandEntry).details?.includes(paragraph)),
    );
    if (before !== undefined && details.every((paragraph) => saidDetails.has(paragraph))) lines.push(`  notes and exit codes: as for ${before}`);
    for (const paragraph of details) {
      if (saidDetails.has(paragraph)) continue;
      saidDetails.add(paragraph);
      lines.push('', ...wrap(paragraph, '  '));
    }
  }
  return `${lines.join('\n')}\n`;
}
