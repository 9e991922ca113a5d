/**
 * The CLI's commands, one registry: each command's usage, summary, options and its
 * implementation, loaded with `import()` only when it runs (`docsnav validate` loads none of the
 * others). `docsnav --help`, each command's `--help` and the README's copy of them are written
 * from here (help.ts). The runner (run.ts) dispatches from it; the command modules import neither.
 * Adding a command is a name in `CommandName` (the compiler then asks for its entry) plus its module
 * and tests.
 */
import { PROFILE_NAMES } from '../config/profiles.js';
import type { CommandRun } from './io.js';
import {
  CHECK_OPTIONS,
  DAEMON_OPTIONS,
  DIFF_OPTIONS,
  LSP_OPTIONS,
  MOVE_OPTIONS,
  RESOLVE_OPTIONS,
  UPGRADE_OPTIONS,
  VALIDATE_OPTIONS,
  type CliOption,
} from './options.js';

export type CommandName = 'validate' | 'resolve' | 'diff' | 'upgrade' | 'mv' | 'lsp' | 'daemon' | 'serve' | 'worker' | 'project' | 'key' | 'status';

export interface CommandEntry {
  /** How it is called: `docsnav validate [paths… | -]`. */
  usage: string;
  /** One line: what it does. */
  summary: string;
  /** Paragraphs for its `--help`, after the options. */
  details?: readonly string[];
  /** What it takes; `--help` lists them. */
  options: readonly CliOption[];
  /**
   * `@docsnav/server`: the command lives in the server package, found at run time; its options
   * and its `--help` come from there. Without the package, `--help` prints this entry's summary.
   */
  from?: '@docsnav/server';
  /** The implementation, from its own module. */
  load(): Promise<CommandRun>;
}

/** What validate and resolve have in common, after their options in `--help`: each line a paragraph. */
const CHECK_DETAILS: readonly string[] = [
  'With --format github and GITHUB_STEP_SUMMARY set, a table of every problem is appended to the job summary (GitHub shows at most 10 error and 10 warning annotations per step).',
  "Every problem code is documented in docs/rules/<code>.md, shipped in the package (the list: docs/rules/README.md): pretty names that file (or --rule-docs-url's copy), SARIF carries the whole doc as each rule's help.",
  'Precedence: flag > config file > profile > default.',
  `Config file keys: extends (${PROFILE_NAMES.join('|')}), rules, languageCodes, ignore (globs of pages or /pointers).`,
  'Exit codes: 0 no errors, 1 errors (or too many warnings), 2 usage or I/O error, or a bad config.',
];

/** A server package's command: handed over to @docsnav/server (server-commands.ts). */
function serverCommand(name: CommandName): () => Promise<CommandRun> {
  return async () => {
    const { serverCommand: run } = await import('./server-commands.js');
    return (argv, io) => run(name, argv, io);
  };
}

export const COMMANDS = {
  validate: {
    usage: 'docsnav validate [paths… | -]',
    summary: 'check docs.json files (default ./docs.json; a folder means its docs.json; globs such as "sites/*/docs.json" are expanded by docsnav)',
    options: [...VALIDATE_OPTIONS, ...CHECK_OPTIONS],
    details: [
      'On a terminal, a progress line on stderr once a check takes over 2 s (DOCSNAV_PROGRESS_AFTER, in ms): navigation entries walked, files read, pages checked; none when stderr is piped or with --format github or sarif. Ctrl-C (SIGINT) or SIGTERM stops it at its next step and says what was changed (nothing; with --fix, the files fixed before it), exit 130 or 143; a second one stops it at once. A docs root whose move was cut short (docsnav mv) is checked as it is, with one note that it is partly moved.',
      ...CHECK_DETAILS,
    ],
    load: async () => (await import('./validate-command.js')).validateCommand,
  },
  resolve: {
    usage: 'docsnav resolve [docs.json | -]',
    summary: 'write the page tree (openapi pages expanded), the problems beside it',
    // resolve takes no --max-warnings: its --quiet does not name it.
    options: [...RESOLVE_OPTIONS, ...CHECK_OPTIONS.map((option) => (option.name === 'quiet' ? { ...option, description: 'report errors only' } : option))],
    details: CHECK_DETAILS,
    load: async () => (await import('./resolve-command.js')).resolveCommand,
  },
  diff: {
    usage: 'docsnav diff <git-ref> [docs.json]',
    summary: "the page URLs added, removed and moved between a git ref and the working tree (moves: git's rename detection)",
    options: DIFF_OPTIONS,
    details: [
      'A page whose URL changed without its file moving (an OpenAPI operation whose path changed) is removed and added.',
      'Exit codes: 0 the comparison was printed, 2 usage, I/O or git error (not a repository, an unknown ref).',
    ],
    load: async () => (await import('./diff-command.js')).diffCommand,
  },
  upgrade: {
    usage: 'docsnav upgrade [mint.json]',
    summary: 'write the docs.json the platform makes of a legacy mint.json beside it, and list every setting the upgrade drops or changes',
    options: UPGRADE_OPTIONS,
    details: [
      "The docs.json is the one the platform's own upgrade makes (its `mint upgrade`): the same keys in the same order, two-space JSON. Each part of mint.json it drops or changes is listed with its line and column.",
      "An existing docs.json is never overwritten without --force. A mint.json that fails the platform's legacy check is not upgraded: its problems are printed.",
      'Exit codes: 0 upgraded, 1 the mint.json fails the legacy check (nothing written), 2 usage or I/O error, or a docs.json is already there.',
    ],
    load: async () => (await import('./upgrade-command.js')).upgradeCommand,
  },
  mv: {
    usage: 'docsnav mv <from> <to> [docs.json]',
    summary:
      'move a page or a folder of pages as git mv does, and keep the site whole: navigation entries, links in pages and snippets, redirects from the old URLs',
    options: [...MOVE_OPTIONS, ...CHECK_OPTIONS.filter((option) => option.name !== 'stdin' && option.name !== 'stdin-filename')],
    details: [
      '<from> and <to> are read from the current folder, as git mv reads them; <to> may be a folder that exists (the page goes into it). Without a docs.json named, the nearest one from the current folder up is moved in (as git finds its folder). Files git tracks move in the git index as git mv moves them, so their history follows; when git cannot read the repository (e.g. dubious ownership), it refuses.',
      'All or nothing: every edit is worked out and checked first, then written to a journal in the git folder (.git/docsnav-mv; outside git, .docsnav-mv in the docs root); each new text goes to a temporary file renamed over the old one, the old files are kept until the end. If a write fails (a full disk) or SIGINT or SIGTERM comes, what was written and moved is put back, the git index included. After kill -9 or a power cut, the next mv says so: docsnav mv --continue finishes the move, docsnav mv --abort undoes it.',
      'It refuses (exit 2, one line) when the target exists, the source is not a page or a folder of pages, the move leaves the docs root, or it would collide with another page or a redirect. A page moved back to the URL a redirect sends to it turns that redirect round.',
      "The site is validated before and after the move: the problems the move added are reported, the ones the site had are counted in one line. Exit codes: validate's for the problems the move added (0 none, or warnings only without --max-warnings; 1 an error), 2 when the move is refused or a write fails, 130 or 143 when SIGINT or SIGTERM stopped it, with one line saying what was changed (nothing, before the write; everything put back, during it; after it, the move is made and only its check was cut short). Its progress is a line on stderr on a terminal, as validate's.",
    ],
    load: async () => (await import('./mv-command.js')).moveCommand,
  },
  lsp: {
    usage: 'docsnav lsp [--stdio | --node-ipc | --socket=<port> | --pipe=<name>]',
    summary: 'the language server for editors: the problems validate reports, fixes, completion, hover, go to definition',
    options: LSP_OPTIONS,
    load: async () => (await import('./lsp-command.js')).lspCommand,
  },
  daemon: {
    usage: 'docsnav daemon start | stop | status | run [folder]',
    summary: 'a warm checker for this user and docs root (default: the current folder) that docsnav validate hands its checks to, as eslint_d does for a hook',
    options: DAEMON_OPTIONS,
    details: [
      'start runs the checker in the background and returns once it listens; run keeps it in the foreground; stop ends it; status says whether one runs (exit 0) or not (exit 1).',
      "While one runs, docsnav validate in that folder or below sends its arguments, folder and environment over a Unix socket only this user can open ($XDG_RUNTIME_DIR/docsnav/, else the user's cache folder) and prints the answer, which is what a run in process prints, byte for byte. With DOCSNAV_DAEMON=1, a check that cannot use the checker says why in one line; DOCSNAV_DAEMON=0 never uses it. The page docs/pre-commit.md has the security model.",
      'Exit codes: 0 done (status: running), 1 status: not running, 2 usage error, or the checker could not start.',
    ],
    load: async () => (await import('./daemon-command.js')).daemonCommand,
  },
  serve: {
    usage: 'docsnav serve [options]',
    summary: 'the self-hosted docs server: the HTTP API and job workers in one process',
    options: [],
    from: '@docsnav/server',
    load: serverCommand('serve'),
  },
  worker: {
    usage: 'docsnav worker --database postgres://… [options]',
    summary: "the server's job workers only: more processes or machines sharing one PostgreSQL",
    options: [],
    from: '@docsnav/server',
    load: serverCommand('worker'),
  },
  project: {
    usage: 'docsnav project add | update | remove | list …',
    summary: "the server's projects: a git repository and branch to deploy (works while serve runs)",
    options: [],
    from: '@docsnav/server',
    load: serverCommand('project'),
  },
  key: {
    usage: 'docsnav key create | list | revoke …',
    summary: "the server's API keys: admin or assistant, per project",
    options: [],
    from: '@docsnav/server',
    load: serverCommand('key'),
  },
  status: {
    usage: 'docsnav status [--data <dir>]',
    summary: "the server's data folder: its size as du counts it, by part, and its disk's free space",
    options: [],
    from: '@docsnav/server',
    load: serverCommand('status'),
  },
} satisfies Record<CommandName, CommandEntry>;

/** Every command, in the order help lists them. */
export const COMMAND_NAMES: readonly CommandName[] = Object.freeze(Object.keys(COMMANDS) as CommandName[]);

export function isCommandName(value: string): value is CommandName {
  return Object.prototype.hasOwnProperty.call(COMMANDS, value);
}
