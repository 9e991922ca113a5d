/**
 * The server's option registry and parser (src/cli/options.ts, src/cli/help.ts), in process: every
 * option's flag, placeholder, default, environment variables and help line exactly as `--help`
 * prints them; the parser's precedence (flag > DOCSNAV_* > conventional variable > default); and
 * each typed read's exact usage error (issue 67: the mutants of this code must fail a test).
 */
import { describe, expect, it } from 'vitest';
import { commandHelp } from '../src/cli/help.js';
import { envNames, OPTIONS, OptionValues, parseOptions, UsageError, type OptionName } from '../src/cli/options.js';

const ALL = Object.keys(OPTIONS) as OptionName[];

/** The options `argv` and `env` give, read through OptionValues. */
function read(argv: string[], names: readonly OptionName[] = ALL, env: Record<string, string | undefined> = {}) {
  return new OptionValues(parseOptions(argv, names, env));
}

/** The usage error `run` throws (its message), or a failure when it throws none or another error. */
function usageError(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).name).toBe('UsageError');
    return (error as Error).message;
  }
  throw new Error('no usage error');
}

describe('every option as --help shows it: flag and placeholder, then its help with default and variables', () => {
  // [option, its flag line, its help line]
  const rows: Array<[OptionName, string, string]> = [
    ['data', '--data <dir>', "this process's folder: the embedded database, git caches, worktrees (default ./.docsnav; env DOCSNAV_DATA)"],
    [
      'database',
      '--database <url>',
      'a PostgreSQL server (postgres://…) instead of the embedded database; needed for several processes (env DOCSNAV_DATABASE_URL or DATABASE_URL)',
    ],
    ['log-level', '--log-level <level>', 'fatal, error, warn, info, debug, trace or silent (JSON lines on stdout) (default info; env DOCSNAV_LOG_LEVEL)'],
    ['port', '--port <n>', 'the port to listen on (0: any free port) (default 3000; env DOCSNAV_PORT or PORT)'],
    ['host', '--host <address>', 'the address to listen on (0.0.0.0 or :: for every interface) (default 127.0.0.1; env DOCSNAV_HOST)'],
    [
      'trust-proxy',
      '--trust-proxy <proxies>',
      'behind a reverse proxy: its addresses or CIDRs (comma-separated), a hop count, or "true" for any; the client IP (limits, logs) then comes from X-Forwarded-For (default off; env DOCSNAV_TRUST_PROXY)',
    ],
    [
      'cors-origins',
      '--cors-origins <origins>',
      "origins browsers may call the API from (comma-separated, or *); a project's own origins (project add|update --origins) win for its assistant route (default *; env DOCSNAV_CORS_ORIGINS)",
    ],
    [
      'request-timeout',
      '--request-timeout <s>',
      'longest a client may take to send a whole request (then 408 and the connection closes); its headers, at most 10 s (default 30; env DOCSNAV_REQUEST_TIMEOUT)',
    ],
    ['keep-alive-timeout', '--keep-alive-timeout <s>', 'how long an idle keep-alive connection stays open (default 5; env DOCSNAV_KEEP_ALIVE_TIMEOUT)'],
    [
      'max-connections',
      '--max-connections <n>',
      'most open connections (5% of them kept for /healthz probes); more are closed at once (default 1000; env DOCSNAV_MAX_CONNECTIONS)',
    ],
    [
      'max-connections-per-ip',
      '--max-connections-per-ip <n>',
      "most open connections from one client address; more are closed at once (default 100; 0: none, the default with --trust-proxy, where every connection is the proxy's: cap clients there) (env DOCSNAV_MAX_CONNECTIONS_PER_IP)",
    ],
    [
      'shutdown-grace',
      '--shutdown-grace <s>',
      'on SIGTERM, how long open assistant answers may go on before they end with an error part (default 5; env DOCSNAV_SHUTDOWN_GRACE)',
    ],
    [
      'metrics-port',
      '--metrics-port <n>',
      'serve Prometheus metrics (GET /metrics) on this port of --host; never on the API port, which is public (off unless given) (env DOCSNAV_METRICS_PORT)',
    ],
    ['max-queued', '--max-queued <n>', 'jobs waiting per project before 429 (default 1000; env DOCSNAV_MAX_QUEUED)'],
    ['jobs', '--jobs <n>', 'jobs this process runs at once (serve --jobs 0: API only, needs --database) (default 2; env DOCSNAV_JOBS)'],
    ['lease', '--lease <s>', "a running job's lease, renewed every third; a worker that cannot renew it stops the job (default 30; env DOCSNAV_LEASE)"],
    ['git-timeout', '--git-timeout <s>', 'longest one git command may run (default 120; env DOCSNAV_GIT_TIMEOUT)'],
    ['max-checkout-mb', '--max-checkout-mb <n>', 'largest commit (all files) and largest fetch (default 512; env DOCSNAV_MAX_CHECKOUT_MB)'],
    ['max-file-mb', '--max-file-mb <n>', 'largest file in a commit (default 50; env DOCSNAV_MAX_FILE_MB)'],
    ['max-files', '--max-files <n>', 'most files in a commit (default 200000; env DOCSNAV_MAX_FILES)'],
    ['max-pages', '--max-pages <n>', 'most pages a deployment stores (default 100000; env DOCSNAV_MAX_PAGES)'],
    [
      'max-page-mb',
      '--max-page-mb <n>',
      'largest page (.md, .mdx) a deployment reads; a larger one fails the deployment saying which (default 4; env DOCSNAV_MAX_PAGE_MB)',
    ],
    [
      'min-free-disk',
      '--min-free-disk <mb>',
      "free space the data folder's disk keeps: below it deployments are refused; below half of it the embedded database is read-only (0: off) (default 256; env DOCSNAV_MIN_FREE_DISK)",
    ],
    [
      'keep-deployments',
      '--keep-deployments <n>',
      "deployments per project whose page texts, trees and search indexes are kept (the current one and those before it); older ones' are deleted after each deployment (default 2; env DOCSNAV_KEEP_DEPLOYMENTS)",
    ],
    [
      'check-timeout',
      '--check-timeout <s>',
      "longest the library may work on one repository's docs (checking, fixing) (default 120; env DOCSNAV_CHECK_TIMEOUT)",
    ],
    [
      'allow-local-repos',
      '--allow-local-repos <dirs>',
      'folders (comma-separated) whose git repositories projects may use by path or file://; none by default (env DOCSNAV_ALLOW_LOCAL_REPOS)',
    ],
    [
      'max-local-copy-mb',
      '--max-local-copy-mb <n>',
      "largest copy of a local repository's objects and branches (git reads that copy, in the data folder, never the repository) (default 2048; env DOCSNAV_MAX_LOCAL_COPY_MB)",
    ],
    [
      'model-base-url',
      '--model-base-url <url>',
      'an OpenAI-compatible chat completions endpoint (its key: DOCSNAV_MODEL_API_KEY); without it, answers quote passages (env DOCSNAV_MODEL_BASE_URL)',
    ],
    ['model', '--model <name>', 'the model to ask (with --model-base-url) (env DOCSNAV_MODEL)'],
    [
      'embeddings-base-url',
      '--embeddings-base-url <url>',
      'an OpenAI-compatible embeddings endpoint (its key: DOCSNAV_EMBEDDINGS_API_KEY): dense retrieval joins the lexical one (env DOCSNAV_EMBEDDINGS_BASE_URL)',
    ],
    ['embeddings-model', '--embeddings-model <name>', 'the embeddings model (with --embeddings-base-url) (env DOCSNAV_EMBEDDINGS_MODEL)'],
    [
      'embeddings-budget',
      '--embeddings-budget <s>',
      'longest a deployment embeds its sections before it goes live (with --embeddings-base-url); the rest are embedded when it is first asked about (default 120; env DOCSNAV_EMBEDDINGS_BUDGET)',
    ],
    [
      'embeddings-max-sections',
      '--embeddings-max-sections <n>',
      "most sections of a deployment searched by embedding (in memory, ~4 KB each at 1,024 dimensions); a bigger deployment's retrieval stays lexical (default 200000; env DOCSNAV_EMBEDDINGS_MAX_SECTIONS)",
    ],
    [
      'assistant-instructions',
      '--assistant-instructions <file>',
      "the assistant's system prompt, instead of the built-in one (page text never goes there) (env DOCSNAV_ASSISTANT_INSTRUCTIONS)",
    ],
    [
      'index-memory',
      '--index-memory <mb>',
      "most memory the assistant's search indexes hold together in this process; each project's is loaded on its first question (stored in the database when first built), the least recently used dropped past this (default 256; env DOCSNAV_INDEX_MEMORY)",
    ],
    ['assistant-deadline', '--assistant-deadline <s>', 'longest one answer may take (default 60; env DOCSNAV_ASSISTANT_DEADLINE)'],
    ['limit-key-month', '--limit-key-month <n>', 'assistant uses per API key per calendar month (default 10000; env DOCSNAV_LIMIT_KEY_MONTH)'],
    ['limit-org-hour', '--limit-org-hour <n>', 'assistant requests per project per hour (default 10000; env DOCSNAV_LIMIT_ORG_HOUR)'],
    ['limit-ip-day', '--limit-ip-day <n>', 'assistant requests per client IP per day (default 10000; env DOCSNAV_LIMIT_IP_DAY)'],
    ['repo', '--repo <git URL or path>', 'the repository (http(s)://, ssh://, git://, user@host:path; a path or file:// only inside --allow-local-repos)'],
    ['branch', '--branch <branch>', 'the deployment branch'],
    ['docs-dir', '--docs-dir <dir>', 'the folder of docs.json inside the repository (default: the top)'],
    ['domain', '--domain <name>', "the assistant's domain (lower-case letters, digits, -)"],
    [
      'compare-url',
      '--compare-url <url>',
      'where a fix branch is reviewed: a URL with {branch} (and {base}), e.g. https://forge/acme/site/compare/{base}...{branch}',
    ],
    [
      'origins',
      '--origins <origins>',
      "origins whose pages may call this project's assistant (comma-separated, or *); default: the server's --cors-origins (env DOCSNAV_ORIGINS)",
    ],
    ['auto-fix', '--auto-fix', 'start a repair job after each deployment with fixable problems'],
    ['no-auto-fix', '--no-auto-fix', 'stop doing that (project update)'],
    ['project', '--project <id>', 'the project'],
    ['kind', '--kind admin|assistant', 'admin: deployments and agent jobs; assistant: the assistant endpoint'],
    ['help', '--help', 'this text'],
  ];

  it('lists every option of the registry, once', () => {
    expect(rows.map(([name]) => name)).toEqual(ALL);
  });

  it.each(rows)('--%s', (name, flag, help) => {
    const text = commandHelp({ usage: 'docsnav x', summary: 'does x', options: [name] });
    const lines = text.split('\n');
    expect(lines.slice(5, 7)).toEqual([`  ${flag}`, `      ${help}`]);
  });
});

describe('commandHelp: usage, summary, details, then the options and --help', () => {
  it('with details', () => {
    expect(commandHelp({ usage: 'docsnav thing <id>', summary: 'does the thing', details: ['Routes:', '  GET /x'], options: ['port', 'auto-fix'] })).toBe(
      [
        'docsnav thing <id>',
        '',
        '  does the thing',
        '',
        '  Routes:',
        '    GET /x',
        '',
        'Options (a flag wins over its environment variable, which wins over the default):',
        '  --port <n>',
        '      the port to listen on (0: any free port) (default 3000; env DOCSNAV_PORT or PORT)',
        '  --auto-fix',
        '      start a repair job after each deployment with fixable problems',
        '  --help',
        '      this text',
        '',
      ].join('\n'),
    );
  });

  it('without details: no blank line and no details block', () => {
    expect(commandHelp({ usage: 'docsnav y', summary: 'does y', options: [] })).toBe(
      'docsnav y\n\n  does y\n\nOptions (a flag wins over its environment variable, which wins over the default):\n  --help\n      this text\n',
    );
  });
});

describe('envNames: DOCSNAV_<NAME>, then the conventional variables; none for the flags of one command line', () => {
  it.each([
    ['database', ['DOCSNAV_DATABASE_URL', 'DATABASE_URL']],
    ['port', ['DOCSNAV_PORT', 'PORT']],
    ['data', ['DOCSNAV_DATA']],
    ['max-connections-per-ip', ['DOCSNAV_MAX_CONNECTIONS_PER_IP']],
    ['allow-local-repos', ['DOCSNAV_ALLOW_LOCAL_REPOS']],
    ['origins', ['DOCSNAV_ORIGINS']],
    ['help', []],
    ['auto-fix', []],
    ['no-auto-fix', []],
    ['repo', []],
    ['branch', []],
    ['docs-dir', []],
    ['domain', []],
    ['compare-url', []],
    ['project', []],
    ['kind', []],
  ] as Array<[OptionName, string[]]>)('%s', (name, names) => {
    expect(envNames(name)).toEqual(names);
  });

  it('a flag-only option is not read from a variable of its name', () => {
    const values = read([], ['repo', 'project', 'kind', 'auto-fix'], {
      DOCSNAV_REPO: 'https://x/y.git',
      DOCSNAV_PROJECT: 'p',
      DOCSNAV_KIND: 'admin',
      DOCSNAV_AUTO_FIX: 'true',
    });
    expect(values.parsed.values).toEqual({});
  });
});

describe('parseOptions: flag > DOCSNAV_* > conventional variable > default, and where each came from', () => {
  it('--opt value and --opt=value; the last of a repeated option wins; -h is --help', () => {
    const parsed = parseOptions(['--port', '8080', '--host=::1', 'extra', '--jobs', '1', '--jobs', '3', '-h'], ['port', 'host', 'jobs', 'help'], {});
    expect(parsed.values).toEqual({ port: '8080', host: '::1', jobs: '3', help: true });
    expect(parsed.origins).toEqual({ port: '--port', host: '--host', jobs: '--jobs', help: '--help' });
    expect(parsed.positionals).toEqual(['extra']);
  });

  it('the flag wins over both variables; DOCSNAV_PORT over PORT; PORT alone; an empty variable is unset; then the default', () => {
    const env = { DOCSNAV_PORT: '1', PORT: '2' };
    expect(parseOptions(['--port', '3'], ['port'], env)).toEqual({ values: { port: '3' }, origins: { port: '--port' }, positionals: [], env });
    expect(parseOptions([], ['port'], env).values).toEqual({ port: '1' });
    expect(parseOptions([], ['port'], env).origins).toEqual({ port: 'DOCSNAV_PORT' });
    expect(parseOptions([], ['port'], { PORT: '2' }).origins).toEqual({ port: 'PORT' });
    expect(parseOptions([], ['port'], { DOCSNAV_PORT: '', PORT: '2' }).values).toEqual({ port: '2' });
    expect(parseOptions([], ['port'], { DOCSNAV_PORT: '', PORT: '' })).toMatchObject({ values: { port: '3000' }, origins: { port: '--port' } });
    expect(parseOptions([], ['port'], { DOCSNAV_PORT: undefined })).toMatchObject({ values: { port: '3000' }, origins: { port: '--port' } });
  });

  it('an option without a default and not given has no value and no origin; the environment is kept', () => {
    const env = { UNRELATED: 'x' };
    const parsed = parseOptions([], ['database', 'metrics-port', 'auto-fix', 'data'], env);
    expect(parsed.values).toEqual({ data: './.docsnav' });
    expect(parsed.origins).toEqual({ data: '--data' });
    expect(parsed.env).toBe(env);
  });

  it.each([
    [['--port'], "Option '--port <value>' argument missing"],
    // Node's three lines of advice: the first only.
    [['--port', '-1'], "Option '--port' argument is ambiguous."],
    [['--auto-fix=yes'], "Option '--auto-fix' does not take an argument"],
  ])("a value missing or given to a switch: Node's first line (%j)", (argv, message) => {
    expect(usageError(() => parseOptions(argv, ['port', 'auto-fix'], {}))).toBe(message);
  });

  it.each([
    // A typo at most a third of the longer word away: named.
    [['--portt', '1'], 'unknown option "--portt" (did you mean --port? see docsnav serve --help)'],
    [['--lease-x', '1'], 'unknown option "--lease-x" (did you mean --lease? see docsnav serve --help)'],
    [['--databxxe', 'x'], 'unknown option "--databxxe" (did you mean --database? see docsnav serve --help)'],
    [['--kepp-alive-timeout=5'], 'unknown option "--kepp-alive-timeout" (did you mean --keep-alive-timeout? see docsnav serve --help)'],
    // Farther: not named.
    [['--po', '1'], 'unknown option "--po" (see docsnav serve --help)'],
    [['--prot', '1'], 'unknown option "--prot" (see docsnav serve --help)'],
    [['--colour'], 'unknown option "--colour" (see docsnav serve --help)'],
    // A short option other than -h.
    [['-p', '1'], 'unknown option "-p" (see docsnav serve --help)'],
    // The first unknown one, after known ones.
    [['--port', '1', '--nope', '--portt'], 'unknown option "--nope" (see docsnav serve --help)'],
  ])('an unknown option, with the nearest real one when it is a plausible typo: %j', (argv, message) => {
    expect(usageError(() => parseOptions(argv, ['port', 'lease', 'database', 'keep-alive-timeout', 'help'], {}))).toBe(message);
  });

  it("names the command's own --help", () => {
    expect(usageError(() => parseOptions(['--branh', 'main'], ['branch', 'help'], {}, 'project add'))).toBe(
      'unknown option "--branh" (did you mean --branch? see docsnav project add --help)',
    );
  });

  it('-h where --help is not an option: an unknown option without a name', () => {
    expect(usageError(() => parseOptions(['-h'], ['port'], {}))).toBe('unknown option (see docsnav serve --help)');
  });

  it('an unknown option where there are no options at all', () => {
    expect(usageError(() => parseOptions(['--x'], [], {}))).toBe('unknown option "--x" (see docsnav serve --help)');
  });
});

describe('OptionValues: typed reads with one-line errors naming the flag or variable', () => {
  it('string, flag and origin', () => {
    const values = read(['--auto-fix', '--repo', 'r'], ['auto-fix', 'repo', 'port', 'branch']);
    expect(values.string('repo')).toBe('r');
    expect(values.string('auto-fix')).toBeUndefined();
    expect(values.string('branch')).toBeUndefined();
    expect(values.flag('auto-fix')).toBe(true);
    expect(values.flag('repo')).toBe(false);
    expect(values.flag('branch')).toBe(false);
    expect(values.origin('repo')).toBe('--repo');
    expect(values.origin('branch')).toBe('--branch');
    expect(read([], ['port'], { PORT: '1' }).origin('port')).toBe('PORT');
  });

  it('a flag given as the string "true" (a variable) is not a switch', () => {
    const values = new OptionValues({ values: { 'auto-fix': 'true' }, origins: {}, positionals: [], env: {} });
    expect(values.flag('auto-fix')).toBe(false);
  });

  it.each([
    // [value, bounds, number]
    ['8', {}, 8],
    ['0x10', {}, 16],
    [' 7 ', {}, 7],
    ['1.5', {}, 1.5],
    ['-3', {}, -3],
    ['0', { min: 0, max: 65535, integer: true }, 0],
    ['65535', { min: 0, max: 65535, integer: true }, 65535],
    ['1', { min: 1 }, 1],
    ['0.001', { above: 0 }, 0.001],
    ['5', { max: 5 }, 5],
  ] as const)('number %j within %j: %d', (raw, bounds, value) => {
    expect(read([`--port=${raw}`], ['port']).number('port', bounds)).toBe(value);
  });

  it('a number not given: undefined, whatever the bounds', () => {
    expect(read([], ['metrics-port']).number('metrics-port', { min: 0, max: 1, integer: true })).toBeUndefined();
  });

  it.each([
    ['abc', {}, '--port takes a number (got "abc")'],
    ['', {}, '--port takes a number (got "")'],
    ['   ', {}, '--port takes a number (got "   ")'],
    ['Infinity', {}, '--port takes a number (got "Infinity")'],
    ['1.5', { integer: true }, '--port takes a whole number (got "1.5")'],
    ['-1', { min: 0, max: 65535, integer: true }, '--port takes a whole number from 0 to 65535 (got "-1")'],
    ['65536', { min: 0, max: 65535, integer: true }, '--port takes a whole number from 0 to 65535 (got "65536")'],
    ['0', { min: 1, integer: true }, '--port takes a whole number ≥ 1 (got "0")'],
    ['0.5', { min: 1 }, '--port takes a number ≥ 1 (got "0.5")'],
    ['6', { max: 5 }, '--port takes a number (got "6")'],
    ['0', { above: 0 }, '--port takes a number > 0 (got "0")'],
    ['-2', { above: 0, min: -5, max: 5 }, '--port takes a number > 0 (got "-2")'],
  ] as const)('number %j within %j: "%s"', (raw, bounds, message) => {
    expect(usageError(() => read([`--port=${raw}`], ['port']).number('port', bounds))).toBe(message);
  });

  it('the error names the variable the value came from', () => {
    expect(usageError(() => read([], ['port'], { PORT: 'http' }).number('port', { integer: true, min: 0, max: 65535 }))).toBe(
      'PORT takes a whole number from 0 to 65535 (got "http")',
    );
  });

  it('millis: seconds to milliseconds, rounded; > 0', () => {
    expect(read(['--lease', '2.5'], ['lease']).millis('lease')).toBe(2500);
    expect(read(['--lease', '0.0015'], ['lease']).millis('lease')).toBe(2);
    expect(read(['--lease', '0.0014'], ['lease']).millis('lease')).toBe(1);
    expect(read([], ['lease']).millis('lease')).toBe(30_000);
    expect(read([], ['metrics-port']).millis('metrics-port')).toBeUndefined();
    expect(usageError(() => read(['--lease', '0'], ['lease']).millis('lease'))).toBe('--lease takes a number > 0 (got "0")');
  });

  it('bytes: megabytes to bytes, rounded; > 0', () => {
    expect(read(['--max-file-mb', '0.5'], ['max-file-mb']).bytes('max-file-mb')).toBe(524_288);
    expect(read(['--max-file-mb', '3'], ['max-file-mb']).bytes('max-file-mb')).toBe(3 * 1024 * 1024);
    expect(read(['--max-file-mb', '0.0000001'], ['max-file-mb']).bytes('max-file-mb')).toBe(0);
    expect(read(['--max-file-mb', '0.0000005'], ['max-file-mb']).bytes('max-file-mb')).toBe(1);
    expect(read([], ['metrics-port']).bytes('metrics-port')).toBeUndefined();
    expect(usageError(() => read(['--max-file-mb=-1'], ['max-file-mb']).bytes('max-file-mb'))).toBe('--max-file-mb takes a number > 0 (got "-1")');
  });

  it('list: comma-separated, trimmed, without empty items', () => {
    expect(read(['--origins', ' https://a.example , ,https://b.example,'], ['origins']).list('origins')).toEqual(['https://a.example', 'https://b.example']);
    expect(read(['--origins', ''], ['origins']).list('origins')).toEqual([]);
    expect(read(['--origins', '*'], ['origins']).list('origins')).toEqual(['*']);
    expect(read([], ['origins']).list('origins')).toBeUndefined();
  });

  it('oneOf: one of the allowed values, or an error listing them', () => {
    expect(read(['--kind', 'assistant'], ['kind']).oneOf('kind', ['admin', 'assistant'])).toBe('assistant');
    expect(read([], ['kind']).oneOf('kind', ['admin', 'assistant'])).toBeUndefined();
    expect(usageError(() => read(['--kind', 'Admin'], ['kind']).oneOf('kind', ['admin', 'assistant']))).toBe('--kind takes admin, assistant (got "Admin")');
    expect(usageError(() => read([], ['log-level'], { DOCSNAV_LOG_LEVEL: 'loud' }).oneOf('log-level', ['info', 'debug']))).toBe(
      'DOCSNAV_LOG_LEVEL takes info, debug (got "loud")',
    );
  });
});
