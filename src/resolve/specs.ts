import path from 'node:path';
import { diskReader, failureText, MAX_FILE_BYTES, type FileReader, type FileStamp } from '../files.js';
import { kindIn, type DocsFiles } from '../docs-root.js';
import type { ValidationCache } from '../cache/memory.js';
import { escapesRoot, isUrl, rootRelative } from '../navigation/openapi.js';
import { FetchSlots, fetchSpecBytes } from './spec-fetch.js';
import { parseAsyncapiText, parseSpecText, specText } from './spec-parse.js';
import { fail, firstLine, quote, type AsyncapiResult, type SpecResult } from './spec-result.js';
import { MAX_GRAPHQL_SCHEMA_BYTES, parseGraphqlText, type GraphqlResult } from './graphql.js';

export type { AsyncapiResult, SpecFailure, SpecLoaded, SpecResult } from './spec-result.js';

/** What a spec file is read as: the `openapi` or the `asyncapi` of a navigation element, or a tab's `graphql` schema. */
export type SpecKind = 'openapi' | 'asyncapi' | 'graphql';

const NOUN = { openapi: 'OpenAPI', asyncapi: 'AsyncAPI', graphql: 'GraphQL' } as const satisfies Record<SpecKind, string>;

/** Whatever a loader answers, of any kind. */
type AnyResult = SpecResult | AsyncapiResult | GraphqlResult;

export interface SpecLoaderOptions {
  /** Absolute path of the docs root; spec paths are relative to it. */
  root: string;
  /** Fetch http(s) specs instead of answering `remote`. Off by default. */
  allowRemote?: boolean;
  /** How long a remote spec may take, in milliseconds (default 15,000). */
  fetchTimeoutMs?: number;
  /** Most bytes read from a file or received (decompressed) from a URL (default 256 MB). */
  maxBytes?: number;
  /** Remote specs fetched at the same time (default 8). */
  fetchConcurrency?: number;
  /** How files are read (default: the disk under `root`, realpath inside it, regular files only). */
  reader?: FileReader;
  /** The docs root's listing: when given, only what it lists as a regular file is read. */
  files?: DocsFiles;
  /** Parsed specs kept across loaders: a file whose bytes the cache handed out before is not parsed again. */
  cache?: ValidationCache;
}

export interface SpecLoaderStats {
  /** Files read from disk or fetched. */
  reads: number;
  /** Texts parsed (a JSON file that needs the YAML fallback still counts once). */
  parses: number;
}

const DEFAULT_FETCH_CONCURRENCY = 8;
const DEFAULT_FETCH_TIMEOUT_MS = 15_000;

/**
 * Loads the specs named by `openapi` values: each distinct file is read and parsed once per
 * loader however often (and however concurrently) it is asked for. Never throws, never
 * dereferences (so `$ref` cycles cannot hang it).
 *
 * Local files are read synchronously through the one reader (so `validate` can check specs
 * without going async); URLs are fetched only with `allowRemote`, at most `fetchConcurrency`
 * at a time, and the bytes received are counted (after decompression) against `maxBytes`.
 * Parsing is spec-parse.ts's job, fetching spec-fetch.ts's.
 */
export class SpecLoader {
  private readonly root: string;
  private readonly allowRemote: boolean;
  private readonly fetchTimeoutMs: number;
  private readonly maxBytes: number;
  private readonly reader: FileReader;
  private readonly files: DocsFiles | undefined;
  private readonly cache: ValidationCache | undefined;
  /** Results by kind and file (`openapi\0api.yaml`): a file named by both is read as each. */
  private readonly local = new Map<string, AnyResult>();
  private readonly remote = new Map<string, Promise<AnyResult>>();
  /** Remote results already in, for synchronous lookups. */
  private readonly fetched = new Map<string, AnyResult>();
  private readonly fetchSlots: FetchSlots;
  private reads = 0;
  private parses = 0;
  /** The stamp of the bytes each local file (root-relative) was read as, when the reader gave one. */
  private readonly stamps = new Map<string, FileStamp | undefined>();

  constructor(options: SpecLoaderOptions) {
    this.root = path.resolve(options.root);
    this.allowRemote = options.allowRemote ?? false;
    this.fetchTimeoutMs = options.fetchTimeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS;
    this.maxBytes = options.maxBytes ?? MAX_FILE_BYTES;
    this.reader = options.reader ?? diskReader(this.root, this.maxBytes);
    this.files = options.files;
    this.cache = options.cache;
    this.fetchSlots = new FetchSlots(options.fetchConcurrency ?? DEFAULT_FETCH_CONCURRENCY);
  }

  /** Load the spec an `openapi` string names: a root-relative path (optionally `/…`) or an http(s) URL. */
  load(source: string): Promise<SpecResult> {
    return this.loadAny(source, 'openapi') as Promise<SpecResult>;
  }

  /** Load the spec an `asyncapi` string names, as `load` does an `openapi` one. */
  loadAsyncapi(source: string): Promise<AsyncapiResult> {
    return this.loadAny(source, 'asyncapi') as Promise<AsyncapiResult>;
  }

  /**
   * The spec a source names, without waiting: local files are read now; a URL answers what
   * its fetch gave (when `load`/`prefetch` fetched it already), else `remote`.
   */
  loadSync(source: string): SpecResult {
    return this.loadAnySync(source, 'openapi') as SpecResult;
  }

  /** The AsyncAPI spec a source names, without waiting, as `loadSync` answers for an OpenAPI one. */
  loadAsyncapiSync(source: string): AsyncapiResult {
    return this.loadAnySync(source, 'asyncapi') as AsyncapiResult;
  }

  /** The GraphQL schema a tab's `graphql` names (graphql.ts's `source`), without waiting, as `loadSync` answers for a spec. */
  loadGraphqlSync(source: string): GraphqlResult {
    return this.loadAnySync(source, 'graphql') as GraphqlResult;
  }

  private loadAny(source: string, kind: SpecKind): Promise<AnyResult> {
    const written = source.trim();
    if (isUrl(written)) return this.loadRemote(written, kind);
    return Promise.resolve(this.loadAnySync(written, kind));
  }

  private loadAnySync(source: string, kind: SpecKind): AnyResult {
    const written = source.trim();
    if (isUrl(written)) {
      return (
        this.fetched.get(`${kind}\0${written}`) ?? fail('remote', written, `${quote(written)} is a URL; remote specs are not fetched unless allowRemote is on.`)
      );
    }
    const file = rootRelative(written);
    if (escapesRoot(file)) return fail('outside-root', file, `The ${NOUN[kind]} path ${quote(written)} leads outside the docs root.`);
    let result = this.local.get(`${kind}\0${file}`);
    if (!result) {
      try {
        result = this.loadLocal(file, path.resolve(this.root, file), kind);
      } catch (error) {
        result = fail('invalid', file, `Could not load ${quote(file)}: ${firstLine(error)}.`);
      }
      this.local.set(`${kind}\0${file}`, result);
    }
    return result;
  }

  /** Fetches every URL among the sources (with allowRemote), at most `fetchConcurrency` at a time. */
  async prefetch(sources: Iterable<string>, kind: SpecKind = 'openapi'): Promise<void> {
    const urls = new Set<string>();
    for (const source of sources) if (isUrl(source.trim())) urls.add(source.trim());
    await Promise.all([...urls].map((url) => this.loadRemote(url, kind)));
  }

  /** The stamp of the bytes a local file (root-relative) was last read as (`ReadOutcome.stamp`); undefined when it was not read, or not from disk. */
  readStamp(file: string): FileStamp | undefined {
    return this.stamps.get(file);
  }

  stats(): SpecLoaderStats {
    return { reads: this.reads, parses: this.parses };
  }

  private loadLocal(file: string, absolute: string, kind: SpecKind): AnyResult {
    const shown = file === '' ? '/' : file;
    const noun = NOUN[kind];
    if (this.files) {
      // The listing decides what exists: the same answer the rules give.
      const kind = file === '' ? 'folder' : kindIn(this.files, file);
      if (kind === undefined) return fail('not-found', file, `The ${noun} file ${quote(shown)} does not exist under the docs root.`);
      if (kind === 'folder') return fail('is-directory', file, `${quote(shown)} is a folder, not an ${noun} file.`);
      if (kind === 'outside-root') return fail('outside-root', file, `The ${noun} file ${quote(shown)} leads outside the docs root (through a symlink).`);
      if (kind !== 'file') return fail('not-regular', file, `${quote(shown)} is ${kind}, not a regular file.`);
    }
    const outcome = this.reader(absolute);
    if (!outcome.ok) {
      switch (outcome.reason) {
        case 'missing':
          return fail('not-found', file, `The ${noun} file ${quote(shown)} does not exist under the docs root.`);
        case 'not-regular':
          return outcome.detail === 'a folder'
            ? fail('is-directory', file, `${quote(shown)} is a folder, not an ${noun} file.`)
            : fail('not-regular', file, `${quote(shown)} is ${outcome.detail}, not a regular file.`);
        case 'outside-root':
          return fail('outside-root', file, `The ${noun} file ${quote(shown)} leads outside the docs root (through a symlink).`);
        case 'no-access':
        case 'symlink':
          return fail('unavailable', file, `The ${noun} file ${quote(shown)} ${failureText(outcome)}.`);
        case 'too-big':
          return fail('invalid', file, `${quote(shown)} is too big to be an ${noun} file (${outcome.detail}).`);
        case 'unreadable':
          return fail('invalid', file, `The ${noun} file ${quote(shown)} cannot be read: ${outcome.detail}.`);
      }
    }
    this.reads++;
    this.stamps.set(file, outcome.stamp);
    const extension = path.extname(file).toLowerCase();
    // The OpenAPI key is the one the cache had before AsyncAPI: its entries stay valid.
    const key = kind === 'openapi' ? `spec\0${file}` : `${kind}\0${file}`;
    if (this.cache) return this.cache.parse(absolute, outcome.bytes, key, () => this.parse(file, outcome.bytes, extension, kind));
    return this.parse(file, outcome.bytes, extension, kind);
  }

  private loadRemote(url: string, kind: SpecKind): Promise<AnyResult> {
    const key = `${kind}\0${url}`;
    let pending = this.remote.get(key);
    if (!pending) {
      pending = this.fetchSlots
        .run(() => this.fetchRemote(url, kind))
        .catch((error: unknown) => fail('invalid', url, `Could not load ${quote(url)}: ${firstLine(error)}.`))
        .then((result) => {
          this.fetched.set(key, result);
          return result;
        });
      this.remote.set(key, pending);
    }
    return pending;
  }

  private async fetchRemote(url: string, kind: SpecKind): Promise<AnyResult> {
    if (!this.allowRemote) {
      return fail('remote', url, `${quote(url)} is a URL; remote specs are not fetched unless allowRemote is on.`);
    }
    if (!/^https?:\/\//i.test(url)) return fail('invalid', url, `${quote(url)} is not an http(s) URL.`);
    const bytes = await fetchSpecBytes(url, this.fetchTimeoutMs, this.maxBytes);
    if (!Buffer.isBuffer(bytes)) return bytes;
    this.reads++;
    let extension = '';
    try {
      extension = path.posix.extname(new URL(url).pathname).toLowerCase();
    } catch {
      // An unparsable URL fetched fine: sniff the text instead.
    }
    return this.parse(url, bytes, extension, kind);
  }

  private parse(file: string, bytes: Buffer, extension: string, kind: SpecKind): AnyResult {
    const text = specText(file, bytes);
    if (typeof text !== 'string') return text;
    this.parses++;
    if (kind === 'graphql') {
      // The platform refuses a larger schema (its MAX_GRAPHQL_SCHEMA_BYTES), whatever docsnav's own limit.
      if (bytes.length > MAX_GRAPHQL_SCHEMA_BYTES) {
        return fail(
          'invalid',
          file,
          `${quote(file)} is over the platform's limit of 5 MB for a GraphQL schema (${bytes.length} bytes); the platform fails the build.`,
        );
      }
      return parseGraphqlText(file, text);
    }
    return kind === 'openapi' ? parseSpecText(file, text, extension) : parseAsyncapiText(file, text, extension);
  }
}
