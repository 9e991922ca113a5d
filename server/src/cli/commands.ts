/**
 * The server's commands, one table: each names its usage, what it does and the options it takes
 * (options.ts); `--help` of each is generated from here, so it is always current. `serve` and
 * `worker` run until a signal; the management commands (`project …`, `key …`) talk to a running
 * `serve` over its data folder's socket when one holds the folder, and open the database
 * themselves otherwise (always with PostgreSQL, which takes any number of clients).
 */
import path from 'node:path';
import { ROUTES } from '../http/routes/list.js';
import { OptionValues, parseOptions, UsageError, type CommandIo, type OptionName } from './options.js';
import { commandHelp, type CommandHelpSource } from './help.js';
import { runManagement, printManagement, type ManagementRequest } from './manage.js';
import { databaseFrom } from './settings.js';

interface ServerCommand extends CommandHelpSource {
  /** `serve`, `project add`, … */
  name: string;
  /** How many positional arguments, and what they are called in messages. */
  positionals?: string[];
  run(values: OptionValues, positionals: string[], io: CommandIo): Promise<number>;
}

const STORE: readonly OptionName[] = ['data', 'database'];
const WORKER: readonly OptionName[] = [
  'jobs',
  'lease',
  'git-timeout',
  'max-checkout-mb',
  'max-file-mb',
  'max-files',
  'max-pages',
  'max-page-mb',
  'min-free-disk',
  'keep-deployments',
  'check-timeout',
  'allow-local-repos',
  'max-local-copy-mb',
];
const HTTP: readonly OptionName[] = [
  'port',
  'host',
  'trust-proxy',
  'cors-origins',
  'request-timeout',
  'keep-alive-timeout',
  'max-connections',
  'max-connections-per-ip',
  'shutdown-grace',
  'metrics-port',
  'max-queued',
];
const ASSISTANT: readonly OptionName[] = [
  'model-base-url',
  'model',
  'embeddings-base-url',
  'embeddings-model',
  'embeddings-budget',
  'embeddings-max-sections',
  'assistant-instructions',
  'assistant-deadline',
  'index-memory',
  'limit-key-month',
  'limit-org-hour',
  'limit-ip-day',
];
const PROJECT_SETTINGS: readonly OptionName[] = ['repo', 'branch', 'docs-dir', 'domain', 'compare-url', 'origins', 'auto-fix'];

function management(
  name: string,
  usage: string,
  summary: string,
  options: readonly OptionName[],
  request: (values: OptionValues, positionals: string[]) => ManagementRequest,
  positionals: string[] = [],
): ServerCommand {
  return {
    name,
    usage,
    summary,
    options: [...options, ...STORE],
    positionals,
    run: async (values, args, io) => {
      const managed = request(values, args);
      // Without a serve to ask, a project is checked against this command's own --allow-local-repos.
      const localRoots = values.list('allow-local-repos')?.map((root) => path.resolve(root)) ?? [];
      const result = await runManagement(managed, { data: values.string('data')!, database: databaseFrom(values) }, { localRoots });
      printManagement(managed, result, io);
      return 0;
    },
  };
}

function projectInput(values: OptionValues) {
  const autoFix = values.flag('auto-fix') ? true : values.flag('no-auto-fix') ? false : undefined;
  return {
    repo: values.string('repo'),
    branch: values.string('branch'),
    docsDir: values.string('docs-dir'),
    domain: values.string('domain'),
    compareUrl: values.string('compare-url'),
    corsOrigins: values.list('origins'),
    autoFix,
  };
}

const ROUTE_WIDTH = Math.max(...ROUTES.map((route) => route.url.length));

const COMMANDS: readonly ServerCommand[] = [
  {
    name: 'serve',
    usage: 'docsnav serve [options]',
    summary: 'the HTTP API and (unless --jobs 0) job workers in one process',
    details: ['Routes:', ...ROUTES.map((route) => `  ${route.method.padEnd(6)} ${route.url.padEnd(ROUTE_WIDTH)}  ${route.summary}`)],
    options: [...STORE, 'log-level', ...HTTP, ...WORKER, ...ASSISTANT],
    run: async (values, _args, io) => (await import('./serve.js')).serve(values, io),
  },
  {
    name: 'worker',
    usage: 'docsnav worker --database postgres://… [options]',
    summary: 'job workers only: more processes or machines sharing one PostgreSQL',
    options: [
      ...STORE,
      'log-level',
      'metrics-port',
      'host',
      ...WORKER,
      'embeddings-base-url',
      'embeddings-model',
      'embeddings-budget',
      'embeddings-max-sections',
    ],
    run: async (values, _args, io) => (await import('./serve.js')).worker(values, io),
  },
  management(
    'project add',
    'docsnav project add <id> --repo <git URL or path> --branch <branch> [options]',
    'add a project (works while serve runs); warns when its first deployment would fail (a local path the server refuses, a branch the repository lacks)',
    [...PROJECT_SETTINGS, 'allow-local-repos'],
    (values, [id]) => {
      const input = projectInput(values);
      if (input.repo === undefined) throw new UsageError('project add needs --repo <git URL or path>');
      if (input.branch === undefined) throw new UsageError('project add needs --branch <deployment branch>');
      return { op: 'project.add', args: { ...input, id, repo: input.repo, branch: input.branch } };
    },
    ['<id>'],
  ),
  management(
    'project update',
    // From the settings themselves, so that none is left out (--origins was).
    `docsnav project update <id> ${PROJECT_SETTINGS.filter((name) => name !== 'auto-fix')
      .map((name) => `[--${name} …]`)
      .join(' ')} [--auto-fix | --no-auto-fix]`,
    "change a project's settings; its next deployment uses them (no restart)",
    [...PROJECT_SETTINGS, 'no-auto-fix', 'allow-local-repos'],
    (values, [id]) => {
      const input = projectInput(values);
      if (Object.values(input).every((value) => value === undefined)) throw new UsageError('project update needs at least one setting to change (see --help)');
      return { op: 'project.update', args: { id, ...input } };
    },
    ['<id>'],
  ),
  management(
    'project remove',
    'docsnav project remove <id>',
    'remove a project with its keys, deployments, threads and agent sessions',
    [],
    (_values, [id]) => ({ op: 'project.remove', args: { id } }),
    ['<id>'],
  ),
  management('project list', 'docsnav project list', 'list the projects (tab-separated)', [], () => ({ op: 'project.list', args: {} })),
  management(
    'key create',
    'docsnav key create --project <id> --kind admin|assistant',
    'create an API key; prints its id and token (the token is shown once)',
    ['project', 'kind'],
    (values) => {
      const project = values.string('project');
      if (project === undefined) throw new UsageError('key create needs --project <id>');
      const kind = values.oneOf('kind', ['admin', 'assistant'] as const);
      if (kind === undefined) throw new UsageError('key create needs --kind admin or --kind assistant');
      return { op: 'key.create', args: { project, kind } };
    },
  ),
  management('key list', 'docsnav key list [--project <id>]', 'list API keys (ids, never tokens)', ['project'], (values) => ({
    op: 'key.list',
    args: { project: values.string('project') },
  })),
  {
    name: 'status',
    usage: 'docsnav status [--data <dir>]',
    summary:
      "the data folder's size as du counts it, by part (embedded database, its write-ahead log, git caches, checkouts, worktrees), and its disk's free space, from the serve or worker holding it (or measured here when none does)",
    options: ['data'],
    run: async (values, _args, io) => (await import('./status.js')).status(values.string('data')!, io),
  },
  management(
    'key revoke',
    'docsnav key revoke <key id>',
    'revoke an API key at once (its next request gets 401)',
    [],
    (_values, [id]) => ({ op: 'key.revoke', args: { id } }),
    ['<key id>'],
  ),
];

/** The command `argv` names (`serve`, or `project` + `add`), and the rest of argv. */
function findCommand(command: string, argv: string[]): { found?: ServerCommand; rest: string[]; family: ServerCommand[] } {
  const family = COMMANDS.filter((entry) => entry.name.split(' ')[0] === command);
  const single = family.find((entry) => entry.name === command);
  if (single) return { found: single, rest: argv, family };
  const [sub, ...rest] = argv;
  return { found: family.find((entry) => entry.name === `${command} ${sub}`), rest, family };
}

/** The first words of the server's commands: `docsnav <family> …` runs here. */
const COMMAND_FAMILIES: readonly string[] = [...new Set(COMMANDS.map((entry) => entry.name.split(' ')[0]))];

/**
 * Runs one server command (`command` is its first word, `argv` the rest) and returns the exit
 * code: a usage, store or input error is one line on stderr (`docsnav: …`) and exit 2.
 */
export async function runServerCommand(command: string, argv: string[], io: CommandIo): Promise<number> {
  try {
    return await runCommand(command, argv, io);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`docsnav: ${error.message}\n`);
    return 2;
  }
}

async function runCommand(command: string, argv: string[], io: CommandIo): Promise<number> {
  const { found, rest, family } = findCommand(command, argv);
  if (!found) {
    if (family.length === 0) throw new UsageError(`unknown command "${command}" (the server's commands: ${COMMAND_FAMILIES.join(', ')})`);
    const sub = argv[0];
    if (sub === undefined || sub === '--help' || sub === '-h') {
      io.stdout(family.map((entry) => commandHelp(entry)).join('\n'));
      return 0;
    }
    throw new UsageError(`unknown ${command} command "${sub}" (${family.map((entry) => entry.name).join(', ')})`);
  }
  const parsed = parseOptions(rest, [...found.options, 'help'], io.env ?? process.env, found.name);
  const values = new OptionValues(parsed);
  if (values.flag('help')) {
    io.stdout(commandHelp(found));
    return 0;
  }
  const expected = found.positionals ?? [];
  if (parsed.positionals.length !== expected.length) {
    // The first argument too many, if any (inside this branch, "more" and "at least as many" are one test).
    const extra = parsed.positionals.at(expected.length);
    const got = extra !== undefined ? ` (got "${extra}")` : '';
    throw new UsageError(expected.length === 0 ? `${found.name} takes no arguments${got}` : `${found.name} takes ${expected.join(' ')}: ${found.usage}${got}`);
  }
  const { StoreError } = await import('../store/store.js');
  const { InputError } = await import('../core.js');
  try {
    return await found.run(values, parsed.positionals, io);
  } catch (error) {
    if (error instanceof StoreError || error instanceof InputError) throw new UsageError(error.message);
    throw error;
  }
}
