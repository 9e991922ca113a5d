/**
 * The command line's options, once: the argument parser (args.ts) is configured from these
 * tables and `--help` is written from them (help.ts), so the two cannot disagree. Data only: the
 * command registry (commands.ts) and the parser both read it without loading anything else.
 */
import { DEFAULT_PROFILE, PROFILE_NAMES, PROFILES } from '../config/profiles.js';
import { formats } from '../report/formats.js';

export interface CliOption {
  /** The long flag, without `--`. */
  name: string;
  /** The one-letter flag, without `-`. */
  short?: string;
  /** The value's placeholder (`<file>`); none for a switch. */
  value?: string;
  /** May be given more than once (the values are collected). */
  multiple?: boolean;
  /** The value when the option is not given (help shows it). */
  default?: string;
  /** One sentence for `--help`. */
  description: string;
  /** How `--help` spells the flag when not `-s, --name <value>` (`--color / --no-color`). */
  flags?: string;
  /** Parsed, but `--help` describes it on another option's line (`--no-color` under `--color`). */
  hidden?: boolean;
}

/** `-s, --name <value>`, or the option's own spelling. */
export function flagsOf(option: CliOption): string {
  if (option.flags) return option.flags;
  const long = `--${option.name}${option.value ? ` ${option.value}` : ''}`;
  return option.short ? `-${option.short}, ${long}` : long;
}

const orList = (names: readonly string[]) => `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;

/** `--format`, the report: which stream the first goes to is the command's to say. */
function formatOption(firstGoesTo: string): CliOption {
  return {
    name: 'format',
    short: 'f',
    value: '<f>',
    multiple: true,
    default: formats[0],
    description: `the problems report: ${orList(formats)}; ${firstGoesTo}; give it twice for two reports, the second to --output-file`,
  };
}

/** What validate and resolve both take, in the order help lists them. */
export const CHECK_OPTIONS: readonly CliOption[] = [
  { name: 'output-file', value: '<file>', description: 'write the report to a file (with two --format: the second report)' },
  // Said without --max-warnings: resolve shares this list and does not take it (validate's and mv's say that --quiet's warnings count).
  { name: 'quiet', short: 'q', description: 'report errors only' },
  { name: 'stdin', flags: '-, --stdin', description: 'read the docs.json from standard input' },
  { name: 'stdin-filename', value: '<path>', description: 'its name in reports; its folder is the docs root for page and spec lookups' },
  { name: 'rule', value: '<code>=<severity>', multiple: true, description: 'off, info, warning or error; repeat or comma-separate' },
  { name: 'language-codes', value: '<a,b>', multiple: true, description: "accept these language codes besides the profile's" },
  { name: 'root', value: '<dir>', description: "the docs root for page and spec lookups (default: the file's folder)" },
  {
    name: 'profile',
    value: '<p>',
    // No parsed default: without the flag, the config file's `extends` decides.
    description: `the contract to check against: ${orList(PROFILE_NAMES.map((name) => `${name} (${PROFILES[name].summary})`))} (default: the config file's "extends", else ${DEFAULT_PROFILE})`,
  },
  {
    name: 'config',
    value: '<file>',
    description: 'use this config file (default: the nearest docsnav.config.json, .yaml, .yml or package.json "docsnav" key, from the file\'s folder up)',
  },
  { name: 'no-config', description: 'use no config file' },
  { name: 'color', flags: '--color / --no-color', description: 'force colours on or off (default: when the terminal supports them; NO_COLOR is honoured)' },
  { name: 'no-color', hidden: true, description: 'no colours' },
  {
    name: 'rule-docs-url',
    value: '<url>',
    description:
      'a published copy of docs/rules/ (e.g. on your git host) that reports link to: pretty links it, SARIF gives it as helpUri, the job summary links each code',
  },
  {
    name: 'cache',
    flags: '--cache / --no-cache',
    description:
      'keep page scans between runs, so that an unchanged page is not read for links again (default: on, except where the CI environment variable is set; --cache turns it on there)',
  },
  { name: 'no-cache', hidden: true, description: 'keep no page scans' },
  {
    name: 'cache-location',
    value: '<path>',
    description:
      "the cache's file, or a folder to keep it in (turns the cache on; default: node_modules/.cache/docsnav/ beside the nearest package.json above the docs root, else the user's cache folder)",
  },
  {
    name: 'cache-strategy',
    value: '<s>',
    default: 'metadata',
    description:
      "how an unchanged page is recognised: metadata (its file's size, time and inode; its text's hash when they changed) or content (its text's hash: for CI checkouts, whose file times change)",
  },
  { name: 'help', short: 'h', description: 'print this help' },
];

/** `docsnav validate`'s own options. */
export const VALIDATE_OPTIONS: readonly CliOption[] = [
  formatOption('the first goes to stdout'),
  { name: 'max-warnings', value: '<n>', description: 'fail (exit 1) when there are more than n warnings (those --quiet hides count too)' },
  { name: 'fix', description: 'apply the safe fixes to the file(s), then report what remains' },
  { name: 'fix-dry-run', description: 'print the safe fixes as a git diff (paths from the repository root); write nothing' },
  { name: 'no-specs', description: 'do not read OpenAPI or AsyncAPI specs (fastest; endpoint entries are not checked, no pages come from specs)' },
  {
    name: 'since',
    value: '<ref>',
    description:
      'compare with the site at this git ref (e.g. origin/main): a page URL it served that is gone now, with no redirect, is redirect-missing (--fix adds the redirect for a moved page)',
  },
  {
    name: 'concurrency',
    value: '<n>',
    description:
      'threads to read pages on for the link rules: a number, or auto (default: helpers only where they pay for their start, see Performance; 1: one thread)',
  },
];

/** `docsnav diff`'s options. */
export const DIFF_OPTIONS: readonly CliOption[] = [
  { name: 'format', short: 'f', value: '<f>', default: 'pretty', description: 'pretty (a list for a person) or json ({ ref, commit, added, removed, moved })' },
  { name: 'help', short: 'h', description: 'print this help' },
];

/** `docsnav resolve`'s own options. */
export const RESOLVE_OPTIONS: readonly CliOption[] = [
  {
    name: 'tree-format',
    value: '<f>',
    default: 'json',
    description: 'the page tree: json (carries a format "version") or pretty (an indented outline for a person)',
  },
  { name: 'out', short: 'o', value: '<file>', description: 'write the page tree to a file instead of stdout' },
  formatOption('the first goes to stderr, or to stdout when the tree goes to --out'),
  { name: 'allow-remote', description: 'fetch openapi URLs (off by default)' },
];

/** `docsnav mv`'s own options (validate's checks after the move take the common ones). */
export const MOVE_OPTIONS: readonly CliOption[] = [
  formatOption('the first goes to stdout'),
  { name: 'max-warnings', value: '<n>', description: 'fail (exit 1) when the move adds more than n warnings' },
  {
    name: 'dry-run',
    description: 'print the whole change as a git diff (renames and edits, paths from the repository root: git apply takes it); write nothing',
  },
  { name: 'continue', description: 'finish a move that was cut short (kill -9, a power cut), from its journal: docsnav mv --continue [docs.json]' },
  { name: 'abort', description: 'undo a move that was cut short, from its journal: docsnav mv --abort [docs.json]' },
];

/** `docsnav lsp`'s transports (vscode-languageserver reads them from argv itself). */
export const LSP_OPTIONS: readonly CliOption[] = [
  { name: 'stdio', description: 'talk to the editor over standard input and output (the default)' },
  { name: 'node-ipc', description: "over Node's IPC channel (an editor that forks docsnav with one)" },
  { name: 'socket', flags: '--socket=<port>', description: 'over a TCP socket the editor listens on' },
  { name: 'pipe', flags: '--pipe=<name>', description: 'over a named pipe or Unix socket the editor listens on' },
  { name: 'help', short: 'h', description: 'print this help' },
];

/** `docsnav daemon`'s options. */
export const DAEMON_OPTIONS: readonly CliOption[] = [
  { name: 'idle-timeout', value: '<minutes>', default: '15', description: 'start and run: stop after this many minutes without a check' },
  { name: 'help', short: 'h', description: 'print this help' },
];

/** `docsnav upgrade`'s options. */
export const UPGRADE_OPTIONS: readonly CliOption[] = [
  { name: 'stdout', description: 'print the docs.json instead of writing it (the changes go to stderr)' },
  { name: 'force', description: 'overwrite a docs.json that already exists beside the mint.json' },
  { name: 'help', short: 'h', description: 'print this help' },
];
