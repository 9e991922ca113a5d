/**
 * Every option of the server's commands, once: its flag, the environment variables that set it
 * when the flag is not given, its default and its help line. The commands (commands.ts) name the
 * options they take; their `--help`, the README's table and the value lookups all come from here.
 * Precedence: flag > environment (the first variable listed that is set) > default.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { closest, distance } from 'fastest-levenshtein';

/** A mistake in the command line or its environment: the CLI prints it on one line and exits 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** What a server command writes to and reads from (the CLI's streams and environment). */
export interface CommandIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env?: Record<string, string | undefined>;
}

export interface OptionSpec {
  /** A flag that takes a value, or a switch. */
  type: 'string' | 'boolean';
  /** The value's placeholder in help (`<url>`). */
  value?: string;
  /** Conventional variables read after `DOCSNAV_<NAME>` (`DATABASE_URL`, `PORT`). */
  alsoEnv?: readonly string[];
  /** The default, as help shows it. */
  default?: string;
  help: string;
}

export const OPTIONS = {
  // Where the data lives.
  data: { type: 'string', value: '<dir>', default: './.docsnav', help: "this process's folder: the embedded database, git caches, worktrees" },
  database: {
    type: 'string',
    value: '<url>',
    alsoEnv: ['DATABASE_URL'],
    help: 'a PostgreSQL server (postgres://…) instead of the embedded database; needed for several processes',
  },
  'log-level': { type: 'string', value: '<level>', default: 'info', help: 'fatal, error, warn, info, debug, trace or silent (JSON lines on stdout)' },
  // HTTP.
  port: { type: 'string', value: '<n>', alsoEnv: ['PORT'], default: '3000', help: 'the port to listen on (0: any free port)' },
  host: { type: 'string', value: '<address>', default: '127.0.0.1', help: 'the address to listen on (0.0.0.0 or :: for every interface)' },
  'trust-proxy': {
    type: 'string',
    value: '<proxies>',
    default: 'off',
    help: 'behind a reverse proxy: its addresses or CIDRs (comma-separated), a hop count, or "true" for any; the client IP (limits, logs) then comes from X-Forwarded-For',
  },
  'cors-origins': {
    type: 'string',
    value: '<origins>',
    default: '*',
    help: "origins browsers may call the API from (comma-separated, or *); a project's own origins (project add|update --origins) win for its assistant route",
  },
  'request-timeout': {
    type: 'string',
    value: '<s>',
    default: '30',
    help: 'longest a client may take to send a whole request (then 408 and the connection closes); its headers, at most 10 s',
  },
  'keep-alive-timeout': { type: 'string', value: '<s>', default: '5', help: 'how long an idle keep-alive connection stays open' },
  'max-connections': {
    type: 'string',
    value: '<n>',
    default: '1000',
    help: 'most open connections (5% of them kept for /healthz probes); more are closed at once',
  },
  'max-connections-per-ip': {
    type: 'string',
    value: '<n>',
    help: "most open connections from one client address; more are closed at once (default 100; 0: none, the default with --trust-proxy, where every connection is the proxy's: cap clients there)",
  },
  'shutdown-grace': {
    type: 'string',
    value: '<s>',
    default: '5',
    help: 'on SIGTERM, how long open assistant answers may go on before they end with an error part',
  },
  'metrics-port': {
    type: 'string',
    value: '<n>',
    help: 'serve Prometheus metrics (GET /metrics) on this port of --host; never on the API port, which is public (off unless given)',
  },
  'max-queued': { type: 'string', value: '<n>', default: '1000', help: 'jobs waiting per project before 429' },
  // Running jobs.
  jobs: { type: 'string', value: '<n>', default: '2', help: 'jobs this process runs at once (serve --jobs 0: API only, needs --database)' },
  lease: { type: 'string', value: '<s>', default: '30', help: "a running job's lease, renewed every third; a worker that cannot renew it stops the job" },
  'git-timeout': { type: 'string', value: '<s>', default: '120', help: 'longest one git command may run' },
  'max-checkout-mb': { type: 'string', value: '<n>', default: '512', help: 'largest commit (all files) and largest fetch' },
  'max-file-mb': { type: 'string', value: '<n>', default: '50', help: 'largest file in a commit' },
  'max-files': { type: 'string', value: '<n>', default: '200000', help: 'most files in a commit' },
  'max-pages': { type: 'string', value: '<n>', default: '100000', help: 'most pages a deployment stores' },
  'max-page-mb': {
    type: 'string',
    value: '<n>',
    default: '4',
    help: 'largest page (.md, .mdx) a deployment reads; a larger one fails the deployment saying which',
  },
  'min-free-disk': {
    type: 'string',
    value: '<mb>',
    default: '256',
    help: "free space the data folder's disk keeps: below it deployments are refused; below half of it the embedded database is read-only (0: off)",
  },
  'keep-deployments': {
    type: 'string',
    value: '<n>',
    default: '2',
    help: "deployments per project whose page texts, trees and search indexes are kept (the current one and those before it); older ones' are deleted after each deployment",
  },
  'check-timeout': { type: 'string', value: '<s>', default: '120', help: "longest the library may work on one repository's docs (checking, fixing)" },
  'allow-local-repos': {
    type: 'string',
    value: '<dirs>',
    help: 'folders (comma-separated) whose git repositories projects may use by path or file://; none by default',
  },
  'max-local-copy-mb': {
    type: 'string',
    value: '<n>',
    default: '2048',
    help: "largest copy of a local repository's objects and branches (git reads that copy, in the data folder, never the repository)",
  },
  // The assistant.
  'model-base-url': {
    type: 'string',
    value: '<url>',
    help: 'an OpenAI-compatible chat completions endpoint (its key: DOCSNAV_MODEL_API_KEY); without it, answers quote passages',
  },
  model: { type: 'string', value: '<name>', help: 'the model to ask (with --model-base-url)' },
  'embeddings-base-url': {
    type: 'string',
    value: '<url>',
    help: 'an OpenAI-compatible embeddings endpoint (its key: DOCSNAV_EMBEDDINGS_API_KEY): dense retrieval joins the lexical one',
  },
  'embeddings-model': { type: 'string', value: '<name>', help: 'the embeddings model (with --embeddings-base-url)' },
  'embeddings-budget': {
    type: 'string',
    value: '<s>',
    default: '120',
    help: 'longest a deployment embeds its sections before it goes live (with --embeddings-base-url); the rest are embedded when it is first asked about',
  },
  'embeddings-max-sections': {
    type: 'string',
    value: '<n>',
    default: '200000',
    help: "most sections of a deployment searched by embedding (in memory, ~4 KB each at 1,024 dimensions); a bigger deployment's retrieval stays lexical",
  },
  'assistant-instructions': {
    type: 'string',
    value: '<file>',
    help: "the assistant's system prompt, instead of the built-in one (page text never goes there)",
  },
  'index-memory': {
    type: 'string',
    value: '<mb>',
    default: '256',
    help: "most memory the assistant's search indexes hold together in this process; each project's is loaded on its first question (stored in the database when first built), the least recently used dropped past this",
  },
  'assistant-deadline': { type: 'string', value: '<s>', default: '60', help: 'longest one answer may take' },
  'limit-key-month': { type: 'string', value: '<n>', default: '10000', help: 'assistant uses per API key per calendar month' },
  'limit-org-hour': { type: 'string', value: '<n>', default: '10000', help: 'assistant requests per project per hour' },
  'limit-ip-day': { type: 'string', value: '<n>', default: '10000', help: 'assistant requests per client IP per day' },
  // Projects and keys.
  repo: {
    type: 'string',
    value: '<git URL or path>',
    help: 'the repository (http(s)://, ssh://, git://, user@host:path; a path or file:// only inside --allow-local-repos)',
  },
  branch: { type: 'string', value: '<branch>', help: 'the deployment branch' },
  'docs-dir': { type: 'string', value: '<dir>', help: 'the folder of docs.json inside the repository (default: the top)' },
  domain: { type: 'string', value: '<name>', help: "the assistant's domain (lower-case letters, digits, -)" },
  'compare-url': {
    type: 'string',
    value: '<url>',
    help: 'where a fix branch is reviewed: a URL with {branch} (and {base}), e.g. https://forge/acme/site/compare/{base}...{branch}',
  },
  origins: {
    type: 'string',
    value: '<origins>',
    help: "origins whose pages may call this project's assistant (comma-separated, or *); default: the server's --cors-origins",
  },
  'auto-fix': { type: 'boolean', help: 'start a repair job after each deployment with fixable problems' },
  'no-auto-fix': { type: 'boolean', help: 'stop doing that (project update)' },
  project: { type: 'string', value: '<id>', help: 'the project' },
  kind: { type: 'string', value: 'admin|assistant', help: 'admin: deployments and agent jobs; assistant: the assistant endpoint' },
  help: { type: 'boolean', help: 'this text' },
} as const satisfies Record<string, OptionSpec>;

export type OptionName = keyof typeof OPTIONS;

/** Options that are switches in the command line and nowhere else (never from the environment). */
const FLAG_ONLY: ReadonlySet<OptionName> = new Set([
  'help',
  'auto-fix',
  'no-auto-fix',
  'repo',
  'branch',
  'docs-dir',
  'domain',
  'compare-url',
  'project',
  'kind',
]);

/** The environment variables of an option, in the order they are read. */
export function envNames(name: OptionName): string[] {
  if (FLAG_ONLY.has(name)) return [];
  const spec: OptionSpec = OPTIONS[name];
  const own = name === 'database' ? 'DOCSNAV_DATABASE_URL' : `DOCSNAV_${name.toUpperCase().replace(/-/g, '_')}`;
  return [own, ...(spec.alsoEnv ?? [])];
}

/** Where a value came from, for messages: `--port` or `PORT`. */
type Origin = string;

export interface ParsedOptions {
  values: Partial<Record<OptionName, string | boolean>>;
  /** How each value was given (`--port`, `PORT`, or the default's `--port`). */
  origins: Partial<Record<OptionName, Origin>>;
  positionals: string[];
  /** The environment the options were read from (a secret the options name, such as an API key, is read from it too). */
  env: Readonly<Record<string, string | undefined>>;
}

/** Parses `argv` for these options, then fills what was not given from `env` and the defaults. */
export function parseOptions(argv: readonly string[], names: readonly OptionName[], env: Record<string, string | undefined>, command = 'serve'): ParsedOptions {
  let parsed;
  const options = Object.fromEntries(names.map((name) => [name, { type: OPTIONS[name].type, ...(name === 'help' ? { short: 'h' } : {}) }]));
  try {
    parsed = parseArgs({ args: [...argv], allowPositionals: true, strict: true, options });
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new UsageError((error as Error).message.split('\n')[0]);
    throw new UsageError(unknownOptionLine(argv, names, options, command));
  }
  const values: ParsedOptions['values'] = {};
  const origins: ParsedOptions['origins'] = {};
  for (const name of names) {
    const given = (parsed.values as Record<string, string | boolean | undefined>)[name];
    if (given !== undefined) {
      values[name] = given;
      origins[name] = `--${name}`;
      continue;
    }
    const variable = envNames(name).find((variable) => env[variable] !== undefined && env[variable] !== '');
    if (variable !== undefined) {
      values[name] = env[variable]!;
      origins[name] = variable;
      continue;
    }
    const fallback = (OPTIONS[name] as OptionSpec).default;
    if (fallback !== undefined) {
      values[name] = fallback;
      origins[name] = `--${name}`;
    }
  }
  return { values, origins, positionals: parsed.positionals, env };
}

/**
 * An unknown option as one line with the nearest real one ("did you mean --port?"), as an unknown
 * command gets its list: Node's own text advises putting a typo after `--` as a positional.
 */
function unknownOptionLine(argv: readonly string[], names: readonly OptionName[], options: ParseArgsConfig['options'], command: string): string {
  const { tokens } = parseArgs({ args: [...argv], options, strict: false, allowPositionals: true, tokens: true });
  const token = tokens.find((token) => token.kind === 'option' && !(names as readonly string[]).includes(token.name) && token.rawName !== '-h');
  const help = `see docsnav ${command} --help`;
  if (token?.kind !== 'option') return `unknown option (${help})`;
  // A short option (`-x`) is one letter, every option's name at least four: never near one, so not told apart here.
  const guess = closest(token.name, [...names]) as OptionName | undefined;
  // A plausible typo only: at most a third of the longer word apart (as the library's suggestions).
  const near = guess !== undefined && distance(token.name, guess) <= Math.max(1, Math.floor(Math.max(token.name.length, guess.length) / 3));
  return `unknown option "${token.rawName}" (${near ? `did you mean --${guess}? ${help}` : help})`;
}

/** Typed reads of parsed options, with one-line usage errors that name the flag or variable. */
export class OptionValues {
  constructor(readonly parsed: ParsedOptions) {}

  string(name: OptionName): string | undefined {
    const value = this.parsed.values[name];
    return typeof value === 'string' ? value : undefined;
  }

  flag(name: OptionName): boolean {
    return this.parsed.values[name] === true;
  }

  /** Where the value came from (`--port` or `PORT`). */
  origin(name: OptionName): string {
    return this.parsed.origins[name] ?? `--${name}`;
  }

  /** A number within bounds; `integer` refuses fractions. */
  number(name: OptionName, bounds: { min?: number; max?: number; integer?: boolean; above?: number } = {}): number | undefined {
    const raw = this.string(name);
    if (raw === undefined) return undefined;
    const value = raw.trim() === '' ? Number.NaN : Number(raw);
    const wrong =
      !Number.isFinite(value) ||
      (bounds.integer && !Number.isInteger(value)) ||
      (bounds.min !== undefined && value < bounds.min) ||
      (bounds.max !== undefined && value > bounds.max) ||
      (bounds.above !== undefined && value <= bounds.above);
    if (wrong) {
      const kind = bounds.integer ? 'a whole number' : 'a number';
      const range =
        bounds.above !== undefined
          ? ` > ${bounds.above}`
          : bounds.min !== undefined && bounds.max !== undefined
            ? ` from ${bounds.min} to ${bounds.max}`
            : bounds.min !== undefined
              ? ` ≥ ${bounds.min}`
              : '';
      throw new UsageError(`${this.origin(name)} takes ${kind}${range} (got "${raw}")`);
    }
    return value;
  }

  /** Seconds given, milliseconds returned (> 0). */
  millis(name: OptionName): number | undefined {
    const seconds = this.number(name, { above: 0 });
    return seconds === undefined ? undefined : Math.round(seconds * 1000);
  }

  /** Megabytes given, bytes returned (> 0). */
  bytes(name: OptionName): number | undefined {
    const megabytes = this.number(name, { above: 0 });
    return megabytes === undefined ? undefined : Math.round(megabytes * 1024 * 1024);
  }

  /** A comma-separated list, trimmed, without empty items. */
  list(name: OptionName): string[] | undefined {
    const raw = this.string(name);
    if (raw === undefined) return undefined;
    return raw
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
  }

  oneOf<T extends string>(name: OptionName, allowed: readonly T[]): T | undefined {
    const raw = this.string(name);
    if (raw === undefined) return undefined;
    if (!(allowed as readonly string[]).includes(raw)) throw new UsageError(`${this.origin(name)} takes ${allowed.join(', ')} (got "${raw}")`);
    return raw as T;
  }
}
