/** What the server's commands read from their options: the database to use and the job workers' settings. */
import path from 'node:path';
import { redactUrl } from '../messages/redact.js';
import { UsageError, type OptionValues } from './options.js';
import type { EmbeddingSettings } from '../search/embeddings.js';

/** The PostgreSQL URL given (flag, DOCSNAV_DATABASE_URL or DATABASE_URL), checked; undefined: the embedded database. */
export function databaseFrom(values: OptionValues): string | undefined {
  const url = values.string('database');
  if (url !== undefined && !/^postgres(ql)?:\/\//.test(url))
    throw new UsageError(`${values.origin('database')} takes a postgres:// URL (got "${redactUrl(url)}")`);
  return url;
}

/** The embeddings endpoint the options name (its key: DOCSNAV_EMBEDDINGS_API_KEY, from the environment the options were read from), checked; undefined: none. */
export function embeddingsFrom(values: OptionValues): EmbeddingSettings | undefined {
  const baseUrl = values.string('embeddings-base-url');
  const model = values.string('embeddings-model');
  if (baseUrl === undefined && model === undefined) return undefined;
  if (baseUrl === undefined || model === undefined) throw new UsageError('--embeddings-base-url and --embeddings-model go together');
  if (!/^https?:\/\/[^\s]+$/.test(baseUrl)) throw new UsageError(`${values.origin('embeddings-base-url')} takes an http(s) URL (got "${baseUrl}")`);
  if (model.trim() === '') throw new UsageError(`${values.origin('embeddings-model')} takes a model's name (got "${model}")`);
  return {
    baseUrl,
    model,
    apiKey: values.parsed.env.DOCSNAV_EMBEDDINGS_API_KEY || undefined,
    maxSections: values.number('embeddings-max-sections', { integer: true, min: 1 }),
  };
}

/** The worker settings the options give. */
export async function workerSettingsFrom(values: OptionValues) {
  const { workerSettings } = await import('../jobs/settings.js');
  const { DiskSpace } = await import('../host/disk.js');
  const jobs = values.number('jobs', { integer: true, min: 0 });
  const git = {
    timeoutMs: values.millis('git-timeout'),
    maxBytes: values.bytes('max-checkout-mb'),
    maxFileBytes: values.bytes('max-file-mb'),
    maxFiles: values.number('max-files', { integer: true, min: 1 }),
    localRoots: values.list('allow-local-repos')?.map((root) => path.resolve(root)),
    maxLocalBytes: values.bytes('max-local-copy-mb'),
  };
  const defined = <T extends object>(object: T) => Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as Partial<T>;
  const dataDir = path.resolve(values.string('data')!);
  const minFree = Math.round(values.number('min-free-disk', { min: 0 })! * 1024 * 1024);
  return workerSettings(dataDir, {
    disk: new DiskSpace(dataDir, minFree),
    ...defined({
      leaseMs: values.millis('lease'),
      concurrency: jobs,
      maxPages: values.number('max-pages', { integer: true, min: 1 }),
      maxPageBytes: values.bytes('max-page-mb'),
      keepDeployments: values.number('keep-deployments', { integer: true, min: 1 }),
      embeddings: embeddingsFrom(values),
      embeddingsBudgetMs: values.millis('embeddings-budget'),
    }),
    git: defined(git),
    check: defined({ timeoutMs: values.millis('check-timeout') }),
  });
}
