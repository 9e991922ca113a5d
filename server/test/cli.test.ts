import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { runServerCommand } from '../src/index.js';
import { buildApp } from '../src/http/app.js';
import { Core } from '../src/core.js';
import { Metrics } from '../src/host/metrics.js';
import { ROUTES } from '../src/http/routes/list.js';
import { openStore } from '../src/store/open.js';
import { OPTIONS, OptionValues, parseOptions, UsageError, type OptionName } from '../src/cli/options.js';
import { embeddingsFrom, workerSettingsFrom } from '../src/cli/settings.js';
import { DEFAULT_GIT_LIMITS } from '../src/repository/operations/limits.js';
import { tempDir } from './helpers.js';

async function cli(...argv: string[]) {
  return cliWith({}, ...argv);
}

/** The CLI with this environment (and nothing else of the test's). */
async function cliWith(env: Record<string, string>, ...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const [command, ...rest] = argv;
  const code = await runServerCommand(command, rest, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), env });
  return { code, stdout, stderr };
}

describe('a port or file serve cannot use: one line that says what happened and what to do, exit 2 (issue 42 item 12)', () => {
  it('a busy --port or --metrics-port, and a missing --assistant-instructions file', async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const port = String((busy.address() as AddressInfo).port);
    try {
      const cases: Array<[string[], RegExp]> = [
        [
          ['serve', '--port', port],
          /^docsnav: cannot listen on 127\.0\.0\.1:\d+: another program \(or docsnav\) is listening there; stop it, or choose another --port \(0: any free port\) \(EADDRINUSE\)\n$/,
        ],
        [
          ['serve', '--port', '0', '--metrics-port', port],
          /^docsnav: metrics: cannot listen on 127\.0\.0\.1:\d+: another program \(or docsnav\) is listening there; stop it, or choose another --metrics-port \(0: any free port\) \(EADDRINUSE\)\n$/,
        ],
        [
          ['serve', '--port', '0', '--assistant-instructions', '/nonexistent/prompt.md'],
          /^docsnav: cannot read --assistant-instructions \/nonexistent\/prompt\.md: no such file or folder; check the path \(ENOENT\)\n$/,
        ],
      ];
      for (const [args, message] of cases) {
        const result = await cli(...args, '--data', tempDir('busy'));
        expect(result.code, result.stderr).toBe(2);
        expect(result.stderr).toMatch(message);
      }
    } finally {
      busy.close();
    }
  });
});

describe('server commands: usage errors exit 2 with one line', () => {
  it.each([
    [['worker'], /^docsnav: docsnav worker needs --database postgres:\/\//],
    [['serve', '--port', 'abc'], /^docsnav: --port takes a whole number from 0 to 65535 \(got "abc"\)/],
    [['serve', '--jobs', '0'], /^docsnav: serve --jobs 0 needs --database/],
    [['serve', '--lease=-1'], /^docsnav: --lease takes a number > 0/],
    [['serve', '--max-local-copy-mb', '0'], /^docsnav: --max-local-copy-mb takes a number > 0/],
    [['serve', '--database', 'mysql://x'], /^docsnav: --database takes a postgres:\/\/ URL/],
    [['project', 'add', 'acme', '--branch', 'main'], /^docsnav: project add needs --repo/],
    [['project', 'add', '--repo', '.', '--branch', 'main'], /^docsnav: project add takes <id>: docsnav project add <id>/],
    [['project', 'rename', 'acme'], /^docsnav: unknown project command "rename" \(project add, project update, project remove, project list\)/],
    [['project', 'update', 'acme'], /^docsnav: project update needs at least one setting/],
    [['key', 'revoke'], /^docsnav: key revoke takes <key id>/],
    [['key', 'create', '--project', 'acme', '--kind', 'root'], /^docsnav: --kind takes admin, assistant \(got "root"\)/],
    [['key', 'create', '--kind', 'admin'], /^docsnav: key create needs --project/],
    [['serve', '--nope'], /^docsnav: unknown option "--nope" \(see docsnav serve --help\)$/m],
    // Issue 42: the nearest real option, not Node's advice to put a typo after `--`.
    [['serve', '--databse', 'postgres://x'], /^docsnav: unknown option "--databse" \(did you mean --database\? see docsnav serve --help\)$/m],
    [['project', 'add', 'acme', '--branh', 'main'], /^docsnav: unknown option "--branh" \(did you mean --branch\? see docsnav project add --help\)$/m],
  ])('docsnav %j', async (argv, message) => {
    const result = await cli(...argv);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stdout).toBe('');
  });
});

describe('configuration from the environment (flag > DOCSNAV_* > conventional variable > default)', () => {
  it('DATABASE_URL is read, and named when it is wrong', async () => {
    const result = await cliWith({ DATABASE_URL: 'mysql://db/docs' }, 'project', 'list');
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('docsnav: DATABASE_URL takes a postgres:// URL (got "mysql://db/docs")\n');
    const own = await cliWith({ DATABASE_URL: 'postgres://a', DOCSNAV_DATABASE_URL: 'mysql://b' }, 'project', 'list');
    expect(own.stderr).toMatch(/^docsnav: DOCSNAV_DATABASE_URL takes/);
    const flag = await cliWith({ DATABASE_URL: 'postgres://a' }, 'project', 'list', '--database', 'mysql://c');
    expect(flag.stderr).toMatch(/^docsnav: --database takes/);
  });

  it('PORT, DOCSNAV_HOST-style variables and DOCSNAV_LOG_LEVEL are checked like their flags', async () => {
    expect((await cliWith({ PORT: 'http' }, 'serve')).stderr).toBe('docsnav: PORT takes a whole number from 0 to 65535 (got "http")\n');
    expect((await cliWith({ DOCSNAV_LOG_LEVEL: 'loud' }, 'serve', '--port', '0')).stderr).toMatch(
      /^docsnav: DOCSNAV_LOG_LEVEL takes fatal, error, warn, info, debug, trace, silent \(got "loud"\)/,
    );
    expect((await cliWith({ DOCSNAV_JOBS: '0' }, 'worker', '--database', 'postgres://x')).stderr).toMatch(/^docsnav: DOCSNAV_JOBS must be at least 1/);
  });
});

describe('--max-local-copy-mb (issue 52 item 1): the largest copy of a local repository the workers make', () => {
  const settings = async (argv: string[], env: Record<string, string> = {}) =>
    (await workerSettingsFrom(new OptionValues(parseOptions(['--data', tempDir('copy-mb'), ...argv], Object.keys(OPTIONS) as OptionName[], env)))).git;

  it('reaches the git limits from the flag and from DOCSNAV_MAX_LOCAL_COPY_MB; 2048 MB by default', async () => {
    expect((await settings(['--max-local-copy-mb', '3'])).maxLocalBytes).toBe(3 * 1024 * 1024);
    expect((await settings([], { DOCSNAV_MAX_LOCAL_COPY_MB: '0.5' })).maxLocalBytes).toBe(512 * 1024);
    expect((await settings([])).maxLocalBytes).toBe(2048 * 1024 * 1024);
    expect(DEFAULT_GIT_LIMITS.maxLocalBytes).toBe(2048 * 1024 * 1024);
  });

  it('is an option of serve and worker, not of the project commands', async () => {
    expect((await cli('worker', '--help')).stdout).toMatch(/--max-local-copy-mb <n>/);
    expect((await cli('serve', '--help')).stdout).toMatch(/--max-local-copy-mb <n>/);
    expect((await cli('project', 'add', '--help')).stdout).not.toMatch(/--max-local-copy-mb/);
  });
});

describe('every server command has its own --help', () => {
  const commands = [
    ['serve'],
    ['worker'],
    ['project', 'add'],
    ['project', 'update'],
    ['project', 'remove'],
    ['project', 'list'],
    ['key', 'create'],
    ['key', 'list'],
    ['key', 'revoke'],
  ];

  it('each prints its own usage and options, and no two are alike', async () => {
    const texts = new Set<string>();
    for (const command of commands) {
      const result = await cli(...command, '--help');
      expect(result.code).toBe(0);
      expect(result.stdout.split('\n')[0]).toMatch(new RegExp(`^docsnav ${command.join(' ')}\\b`));
      texts.add(result.stdout);
    }
    expect(texts.size).toBe(commands.length);
    const worker = (await cli('worker', '--help')).stdout;
    expect(worker).toMatch(/--allow-local-repos <dirs>/);
    expect(worker).not.toMatch(/--model-base-url/);
    const add = (await cli('project', 'add', '--help')).stdout;
    expect(add).toMatch(/--repo <git URL or path>/);
    expect(add).toMatch(/--database <url>\n.*env DOCSNAV_DATABASE_URL or DATABASE_URL/);
    expect(add).not.toMatch(/--jobs/);
  });

  it("project update's synopsis names every setting its options list (--origins was missing)", async () => {
    const help = (await cli('project', 'update', '--help')).stdout;
    const [synopsis] = help.split('\n');
    const settings = [
      ...help.matchAll(
        /^\s+--([a-z-]+)(?: <[^>]+>)?\s{2,}.*\(project (?:add\|)?update\)|^\s+--(repo|branch|docs-dir|domain|compare-url|origins|auto-fix|no-auto-fix)\b/gm,
      ),
    ].map((m) => m[1] ?? m[2]);
    expect(settings).toEqual(expect.arrayContaining(['repo', 'branch', 'docs-dir', 'domain', 'compare-url', 'origins', 'auto-fix', 'no-auto-fix']));
    for (const name of settings) expect(synopsis, name).toContain(`--${name}`);
  });

  it('serve --help lists every route the app serves, and every route it lists is served', async () => {
    const store = await openStore({ data: tempDir('help') });
    const app = await buildApp(new Core(store), { metrics: new Metrics(store, { process: false }) });
    await app.ready();
    const help = (await cli('serve', '--help')).stdout;
    for (const route of ROUTES) {
      expect(help).toContain(`${route.method.padEnd(6)} ${route.url}`);
      expect(route.summary.length, `${route.method} ${route.url} is described`).toBeGreaterThan(10);
      expect(help).toContain(route.summary);
      const url = route.url.replace(/\{(\w+)\}/g, ':$1');
      expect(app.hasRoute({ method: route.method, url }), `${route.method} ${url} is served`).toBe(true);
    }
    // The documented routes (the OpenAPI document) are all in the list.
    const listed = new Set(ROUTES.map((route) => `${route.method} ${route.url}`));
    const paths = (app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    const documented = Object.entries(paths).flatMap(([url, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${url}`));
    expect(documented.length).toBeGreaterThan(5);
    for (const route of documented) expect(listed.has(route), route).toBe(true);
    await app.close();
    await store.close();
  });
});

describe('the embeddings endpoint (--embeddings-base-url, --embeddings-model, --embeddings-budget): serve and worker read it alike', () => {
  const values = (argv: string[], env: Record<string, string> = {}) =>
    new OptionValues(parseOptions(['--data', tempDir('embeddings'), ...argv], Object.keys(OPTIONS) as OptionName[], env));
  const both = ['--embeddings-base-url', 'https://embed.example/v1', '--embeddings-model', 'small'];

  it('both given: the endpoint, its key from DOCSNAV_EMBEDDINGS_API_KEY of the environment the options were read from; neither: none', () => {
    expect(embeddingsFrom(values(both))).toEqual({ baseUrl: 'https://embed.example/v1', model: 'small', apiKey: undefined, maxSections: 200_000 });
    expect(embeddingsFrom(values(both, { DOCSNAV_EMBEDDINGS_API_KEY: 'sk-test' }))).toEqual({
      baseUrl: 'https://embed.example/v1',
      model: 'small',
      apiKey: 'sk-test',
      maxSections: 200_000,
    });
    expect(embeddingsFrom(values(both, { DOCSNAV_EMBEDDINGS_API_KEY: '' }))?.apiKey).toBeUndefined();
    // Plain http too: a model server on this machine (Ollama, llama.cpp) has no TLS.
    expect(embeddingsFrom(values(['--embeddings-base-url', 'http://127.0.0.1:11434/v1', '--embeddings-model', 'm']))?.baseUrl).toBe(
      'http://127.0.0.1:11434/v1',
    );
    // The process's own environment is not the one the options were read from.
    const saved = process.env.DOCSNAV_EMBEDDINGS_API_KEY;
    try {
      process.env.DOCSNAV_EMBEDDINGS_API_KEY = 'sk-of-the-process';
      expect(embeddingsFrom(values(both))?.apiKey).toBeUndefined();
    } finally {
      if (saved === undefined) delete process.env.DOCSNAV_EMBEDDINGS_API_KEY;
      else process.env.DOCSNAV_EMBEDDINGS_API_KEY = saved;
    }
  });

  it('one without the other, or a URL that is not http(s), is a usage error naming where it came from', () => {
    expect(() => embeddingsFrom(values(both.slice(0, 2)))).toThrow(new UsageError('--embeddings-base-url and --embeddings-model go together'));
    expect(() => embeddingsFrom(values(both.slice(2)))).toThrow(new UsageError('--embeddings-base-url and --embeddings-model go together'));
    expect(() => embeddingsFrom(values(['--embeddings-base-url', 'ftp://embed.example', '--embeddings-model', 'm']))).toThrow(
      new UsageError('--embeddings-base-url takes an http(s) URL (got "ftp://embed.example")'),
    );
    for (const wrong of ['https://embed.example/a b', 'see https://embed.example', 'https://'])
      expect(() => embeddingsFrom(values(['--embeddings-base-url', wrong, '--embeddings-model', 'm'])), wrong).toThrow(UsageError);
    expect(() => embeddingsFrom(values(['--embeddings-base-url', 'https://embed.example', '--embeddings-model', ' ']))).toThrow(
      new UsageError('--embeddings-model takes a model\'s name (got " ")'),
    );
    // An empty variable is an unset one.
    expect(() => embeddingsFrom(values(['--embeddings-base-url', 'https://embed.example'], { DOCSNAV_EMBEDDINGS_MODEL: '' }))).toThrow(
      new UsageError('--embeddings-base-url and --embeddings-model go together'),
    );
    expect(() => embeddingsFrom(values(['--embeddings-model', 'm'], { DOCSNAV_EMBEDDINGS_BASE_URL: 'embed.example' }))).toThrow(
      new UsageError('DOCSNAV_EMBEDDINGS_BASE_URL takes an http(s) URL (got "embed.example")'),
    );
  });

  it("the workers get the endpoint and the budget (120 s by default), and worker's own options take them", async () => {
    const settings = await workerSettingsFrom(values([...both, '--embeddings-budget', '2.5']));
    expect(settings.embeddings).toMatchObject({ baseUrl: 'https://embed.example/v1', model: 'small' });
    expect(settings.embeddingsBudgetMs).toBe(2500);
    const plain = await workerSettingsFrom(values([]));
    expect(plain.embeddings).toBeUndefined();
    expect(plain.embeddingsBudgetMs).toBe(120_000);
    const help = (await cli('worker', '--help')).stdout;
    for (const name of ['--embeddings-base-url', '--embeddings-model', '--embeddings-budget']) expect(help).toContain(name);
    expect((await cli('worker', '--database', 'postgres://x', '--embeddings-model', 'm')).stderr).toBe(
      'docsnav: --embeddings-base-url and --embeddings-model go together\n',
    );
  });

  it("project update's usage names every project setting, --origins too", async () => {
    const help = (await cli('project', 'update', '--help')).stdout;
    for (const name of ['--repo', '--branch', '--docs-dir', '--domain', '--compare-url', '--origins', '--auto-fix', '--no-auto-fix'])
      expect(help).toContain(name);
  });
});
