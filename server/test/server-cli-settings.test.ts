/**
 * What the server's commands read from their options (src/cli/settings.ts), in process: the
 * database URL, the embeddings endpoint and every worker setting, from flags, variables and
 * defaults, with the exact usage errors (issue 67).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPTIONS, OptionValues, parseOptions, UsageError, type OptionName } from '../src/cli/options.js';
import { databaseFrom, embeddingsFrom, workerSettingsFrom } from '../src/cli/settings.js';
import { DiskSpace } from '../src/host/disk.js';
import { DEFAULT_GIT_LIMITS } from '../src/repository/operations/limits.js';
import { tempDir } from './helpers.js';

const ALL = Object.keys(OPTIONS) as OptionName[];

function values(argv: string[], env: Record<string, string> = {}, names: readonly OptionName[] = ALL) {
  return new OptionValues(parseOptions(argv, names, env));
}

describe('databaseFrom', () => {
  it.each([
    [[], {}, undefined],
    [['--database', 'postgres://db/docs'], {}, 'postgres://db/docs'],
    [['--database', 'postgresql://u:p@db:5432/docs'], {}, 'postgresql://u:p@db:5432/docs'],
    [[], { DATABASE_URL: 'postgres://conventional/docs' }, 'postgres://conventional/docs'],
    [[], { DOCSNAV_DATABASE_URL: 'postgres://own/docs', DATABASE_URL: 'postgres://conventional/docs' }, 'postgres://own/docs'],
  ] as Array<[string[], Record<string, string>, string | undefined]>)('%j %j: %s', (argv, env, url) => {
    expect(databaseFrom(values(argv, env, ['database']))).toBe(url);
  });

  it.each([
    [['--database', 'mysql://db/docs'], {}, '--database takes a postgres:// URL (got "mysql://db/docs")'],
    // The password is not repeated.
    [['--database', 'mysql://admin:hunter2@db/docs'], {}, '--database takes a postgres:// URL (got "mysql://admin:***@db/docs")'],
    [['--database', 'db.example:5432'], {}, '--database takes a postgres:// URL (got "db.example:5432")'],
    [['--database', 'not a url'], {}, '--database takes a postgres:// URL (got "the database URL")'],
    [['--database', 'postgresx://db'], {}, '--database takes a postgres:// URL (got "postgresx://db")'],
    [['--database', 'postgres:/db'], {}, '--database takes a postgres:// URL (got "postgres:/db")'],
    [['--database', 'xpostgres://db'], {}, '--database takes a postgres:// URL (got "xpostgres://db")'],
    [[], { DATABASE_URL: 'sqlite://x' }, 'DATABASE_URL takes a postgres:// URL (got "sqlite://x")'],
  ] as Array<[string[], Record<string, string>, string]>)('%j %j: "%s"', (argv, env, message) => {
    expect(() => databaseFrom(values(argv, env, ['database']))).toThrow(new UsageError(message));
  });
});

describe('embeddingsFrom', () => {
  it('neither: none; both: the endpoint and the key of the environment read', () => {
    expect(embeddingsFrom(values([]))).toBeUndefined();
    expect(
      embeddingsFrom(
        values([], { DOCSNAV_EMBEDDINGS_BASE_URL: 'http://127.0.0.1:11434/v1', DOCSNAV_EMBEDDINGS_MODEL: 'nomic', DOCSNAV_EMBEDDINGS_API_KEY: 'sk-1' }),
      ),
    ).toEqual({ baseUrl: 'http://127.0.0.1:11434/v1', model: 'nomic', apiKey: 'sk-1', maxSections: 200_000 });
  });

  it('the most sections searched by embedding: the flag or its variable, a whole number from 1', () => {
    const endpoint = ['--embeddings-base-url', 'https://e.example', '--embeddings-model', 'm'];
    expect(embeddingsFrom(values([...endpoint, '--embeddings-max-sections', '1']))?.maxSections).toBe(1);
    expect(embeddingsFrom(values(endpoint, { DOCSNAV_EMBEDDINGS_MAX_SECTIONS: '500000' }))?.maxSections).toBe(500_000);
    for (const wrong of ['0', '-1', '1.5', 'many', ''])
      expect(() => embeddingsFrom(values([...endpoint, `--embeddings-max-sections=${wrong}`]))).toThrow(/^--embeddings-max-sections takes a whole number/);
    expect(() => embeddingsFrom(values(endpoint, { DOCSNAV_EMBEDDINGS_MAX_SECTIONS: '0' }))).toThrow(/^DOCSNAV_EMBEDDINGS_MAX_SECTIONS takes a whole number/);
  });

  it.each([
    [['--embeddings-base-url', 'https://e.example'], '--embeddings-base-url and --embeddings-model go together'],
    [['--embeddings-model', 'm'], '--embeddings-base-url and --embeddings-model go together'],
    [['--embeddings-base-url', 'https://', '--embeddings-model', 'm'], '--embeddings-base-url takes an http(s) URL (got "https://")'],
    [['--embeddings-base-url', 'httpx://e.example', '--embeddings-model', 'm'], '--embeddings-base-url takes an http(s) URL (got "httpx://e.example")'],
    [['--embeddings-base-url', ' https://e.example', '--embeddings-model', 'm'], '--embeddings-base-url takes an http(s) URL (got " https://e.example")'],
    [['--embeddings-base-url', 'https://e.example ', '--embeddings-model', 'm'], '--embeddings-base-url takes an http(s) URL (got "https://e.example ")'],
    [['--embeddings-base-url', 'https://e.example', '--embeddings-model', ''], '--embeddings-model takes a model\'s name (got "")'],
    [['--embeddings-base-url', 'https://e.example', '--embeddings-model', '\t'], '--embeddings-model takes a model\'s name (got "\t")'],
  ])('%j: "%s"', (argv, message) => {
    expect(() => embeddingsFrom(values(argv))).toThrow(new UsageError(message));
  });

  it('the model error names the variable it came from', () => {
    expect(() => embeddingsFrom(values(['--embeddings-base-url', 'https://e.example'], { DOCSNAV_EMBEDDINGS_MODEL: ' ' }))).toThrow(
      new UsageError('DOCSNAV_EMBEDDINGS_MODEL takes a model\'s name (got " ")'),
    );
  });
});

describe('workerSettingsFrom', () => {
  it("the defaults of the options are the workers' defaults", async () => {
    const data = tempDir('settings-defaults');
    const settings = await workerSettingsFrom(values(['--data', data]));
    const { disk, ...rest } = settings;
    expect(rest).toEqual({
      dataDir: data,
      leaseMs: 30_000,
      pollMs: 2_000,
      sweepMs: 5_000,
      concurrency: 2,
      maxPages: 100_000,
      maxPageBytes: 4 * 1024 * 1024,
      keepDeployments: 2,
      embeddingsBudgetMs: 120_000,
      git: DEFAULT_GIT_LIMITS,
      check: { timeoutMs: 120_000, maxHeapMb: 1024 },
    });
    expect(disk).toBeInstanceOf(DiskSpace);
    expect(disk?.dir).toBe(data);
    expect(disk?.minFree).toBe(256 * 1024 * 1024);
  });

  it('every option reaches its setting, the folders resolved', async () => {
    const data = tempDir('settings-given');
    const relative = path.relative(process.cwd(), data);
    const settings = await workerSettingsFrom(
      values([
        '--data',
        relative,
        '--jobs',
        '0',
        '--lease',
        '1.5',
        '--git-timeout',
        '7',
        '--max-checkout-mb',
        '3',
        '--max-file-mb',
        '0.5',
        '--max-files',
        '9',
        '--allow-local-repos',
        `${relative}, /srv/repos ,`,
        '--max-local-copy-mb',
        '5',
        '--min-free-disk',
        '0.25',
        '--max-pages',
        '11',
        '--max-page-mb',
        '2',
        '--keep-deployments',
        '1',
        '--check-timeout',
        '4',
        '--embeddings-base-url',
        'https://e.example/v1',
        '--embeddings-model',
        'small',
        '--embeddings-budget',
        '0.5',
        '--embeddings-max-sections',
        '12',
      ]),
    );
    const { disk, ...rest } = settings;
    expect(rest).toEqual({
      dataDir: data,
      leaseMs: 1500,
      pollMs: 2_000,
      sweepMs: 5_000,
      concurrency: 0,
      maxPages: 11,
      maxPageBytes: 2 * 1024 * 1024,
      keepDeployments: 1,
      embeddings: { baseUrl: 'https://e.example/v1', model: 'small', apiKey: undefined, maxSections: 12 },
      embeddingsBudgetMs: 500,
      git: {
        ...DEFAULT_GIT_LIMITS,
        timeoutMs: 7000,
        maxBytes: 3 * 1024 * 1024,
        maxFileBytes: 512 * 1024,
        maxFiles: 9,
        localRoots: [data, '/srv/repos'],
        maxLocalBytes: 5 * 1024 * 1024,
      },
      check: { timeoutMs: 4000, maxHeapMb: 1024 },
    });
    expect(disk?.dir).toBe(data);
    expect(disk?.minFree).toBe(256 * 1024);
  });

  it("options a command does not take leave the workers' own defaults", async () => {
    const data = tempDir('settings-few');
    const settings = await workerSettingsFrom(values(['--data', data, '--min-free-disk', '0'], {}, ['data', 'min-free-disk']));
    const { disk, ...rest } = settings;
    expect(rest).toEqual({
      dataDir: data,
      leaseMs: 30_000,
      pollMs: 2_000,
      sweepMs: 5_000,
      concurrency: 2,
      maxPages: 100_000,
      maxPageBytes: 4 * 1024 * 1024,
      keepDeployments: 2,
      embeddingsBudgetMs: 120_000,
      git: DEFAULT_GIT_LIMITS,
      check: { timeoutMs: 120_000, maxHeapMb: 1024 },
    });
    expect(disk?.minFree).toBe(0);
  });

  it.each([
    [['--jobs=-1'], '--jobs takes a whole number ≥ 0 (got "-1")'],
    [['--jobs', '1.5'], '--jobs takes a whole number ≥ 0 (got "1.5")'],
    [['--max-files', '0'], '--max-files takes a whole number ≥ 1 (got "0")'],
    [['--max-files', '2.5'], '--max-files takes a whole number ≥ 1 (got "2.5")'],
    [['--max-pages', '0'], '--max-pages takes a whole number ≥ 1 (got "0")'],
    [['--max-pages', '1.5'], '--max-pages takes a whole number ≥ 1 (got "1.5")'],
    [['--keep-deployments', '0'], '--keep-deployments takes a whole number ≥ 1 (got "0")'],
    [['--keep-deployments', '1.5'], '--keep-deployments takes a whole number ≥ 1 (got "1.5")'],
    [['--min-free-disk=-1'], '--min-free-disk takes a number ≥ 0 (got "-1")'],
    [['--lease', '0'], '--lease takes a number > 0 (got "0")'],
    [['--git-timeout', '0'], '--git-timeout takes a number > 0 (got "0")'],
    [['--max-checkout-mb', '0'], '--max-checkout-mb takes a number > 0 (got "0")'],
    [['--max-file-mb', '0'], '--max-file-mb takes a number > 0 (got "0")'],
    [['--max-local-copy-mb', '0'], '--max-local-copy-mb takes a number > 0 (got "0")'],
    [['--max-page-mb', '0'], '--max-page-mb takes a number > 0 (got "0")'],
    [['--check-timeout', '0'], '--check-timeout takes a number > 0 (got "0")'],
    [['--embeddings-budget', '0'], '--embeddings-budget takes a number > 0 (got "0")'],
  ])('%j: "%s"', async (argv, message) => {
    await expect(workerSettingsFrom(values(['--data', tempDir('settings-wrong'), ...argv]))).rejects.toThrow(new UsageError(message));
  });

  it('a fractional --min-free-disk is rounded to whole bytes', async () => {
    const settings = await workerSettingsFrom(values(['--data', tempDir('settings-round'), '--min-free-disk', '0.0000003']));
    expect(settings.disk?.minFree).toBe(0);
    const up = await workerSettingsFrom(values(['--data', tempDir('settings-round'), '--min-free-disk', '0.0000007']));
    expect(up.disk?.minFree).toBe(1);
  });
});
