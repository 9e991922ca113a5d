/**
 * The files of a page scan store: its folder (src/cache/file.ts: real files in a real folder, each
 * with a keyed checksum), this build's key, which every part is loaded and saved under, and where
 * each part lives beside the index. A part of another build is no part.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../package-root.js';
import { buildKey } from './build.js';
import { CacheFolder } from './file.js';
import { cacheKey } from './key.js';

/** Bump when what the files hold changes shape. */
const FORMAT = 6;

/** The parts that are folders of files (one per scan, one per report). */
const FOLDER_PARTS = new Set(['scans', 'reports']);

/**
 * Where a part of a store lives beside its index: a file (`page-scans.json` → `page-scans.runs.json`;
 * `.docsnavcache` → `.docsnavcache.runs`) or a folder (`page-scans.json` → `page-scans.scans`).
 */
export function partFileOf(file: string, part: string): string {
  if (FOLDER_PARTS.has(part)) return `${file.replace(/\.json$/i, '')}.${part}`;
  return /\.json$/i.test(file) ? file.replace(/\.json$/i, `.${part}.json`) : `${file}.${part}`;
}

/** A store's folder and key: its parts by name, each loaded when whole and of this build, saved as a whole new file. */
export class StoreFiles {
  /** The index's file (absolute); the other parts live beside it. */
  readonly file: string;
  /** Where its parts live. */
  readonly folder: CacheFolder;
  /** This build's key; undefined when the build cannot be told (then nothing is kept or read). */
  readonly key: string | undefined;
  /** Why the cache is not used this run, when the user's cache key is refused (src/cache/key.ts). */
  private readonly keyRefusal: string | undefined;

  /** `owned`: the folder from which each folder down to `file`'s is docsnav's own (default: `file`'s folder). */
  constructor(file: string, owned?: string) {
    this.file = path.resolve(file);
    const build = buildKey();
    const secret = build === undefined ? undefined : cacheKey();
    this.keyRefusal = secret && 'refused' in secret ? secret.refused : undefined;
    this.folder = new CacheFolder(path.dirname(this.file), owned ?? path.dirname(this.file), secret && 'key' in secret ? secret.key : undefined);
    this.key = build === undefined || this.keyRefusal !== undefined ? undefined : `${FORMAT}:${docsnavVersion()}:${build}`;
  }

  /** What kept the cache from being used this run (a cache folder or file that is a symbolic link, a folder or key not the user's alone), when something did. */
  get refusal(): string | undefined {
    return this.keyRefusal ?? this.folder.refusal;
  }

  /** A part's name in the folder: the index's name with the part's (`page-scans.json` → `page-scans.runs.json`; a name without `.json`: `<name>.runs`). */
  partName(part: string): string {
    return this.folderName(partFileOf(this.file, part));
  }

  /** The index's name in the folder. */
  indexName(): string {
    return this.folderName(this.file);
  }

  private folderName(file: string): string {
    return path.relative(this.folder.folder, file).split(path.sep).join('/');
  }

  /** Saves a part as JSON, under this build's key. */
  save(name: string, value: object): void {
    this.folder.save(name, JSON.stringify({ build: this.key, ...value }));
  }

  /** A part's JSON when its file is whole (its checksum holds) and was saved by this build; else undefined. */
  load<T>(name: string): T | undefined {
    if (this.key === undefined) return undefined;
    const body = this.folder.load(name);
    if (body === undefined) return undefined;
    try {
      const value = JSON.parse(body) as { build?: unknown } | null;
      return value?.build === this.key ? (value as T) : undefined;
    } catch {
      return undefined;
    }
  }
}

let version: string | undefined;

/** docsnav's version (from its package.json), or `unknown` when docsnav is bundled into another program. */
function docsnavVersion(): string {
  if (version === undefined) {
    const root = packageRoot();
    try {
      version = root === undefined ? 'unknown' : String((JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version?: unknown }).version);
    } catch {
      version = 'unknown';
    }
  }
  return version;
}
