/**
 * Where the page scan store lives and whether it is used, for the CLI (`validate`, `resolve`) and
 * the language server alike, so that they share one file. As the JavaScript ecosystem keeps its
 * caches (Babel, ESLint's loaders, find-cache-dir): `node_modules/.cache/docsnav/` in the folder of
 * the nearest `package.json` above the docs root, else the user's cache folder. The search starts
 * from the docs root (the docs.json's folder), not the current folder, so that a hook, a build and
 * an editor working on one site find the same file wherever they were started.
 * Hand-written, not find-cache-dir or env-paths: those are ES modules with dependencies of their own,
 * and the CLI and server bundles are CommonJS files that keep dependencies external (scripts/bundle.mjs);
 * what is needed is a dozen lines.
 */
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { userCacheFolder } from './key.js';
import { PageScanStore, type CacheStrategy } from './store.js';

/** The store's file in a folder given as `--cache-location`. */
const STORE_FILE_NAME = 'page-scans.json';

/**
 * The folder `node_modules/.cache/docsnav` under the nearest `package.json` above `from`
 * (inclusive), else the user's cache folder's `docsnav`; and the folder below which every folder
 * is docsnav's own to make (never a symbolic link: a clone can carry one pointing outside it).
 */
function defaultCacheFolder(from: string, env: NodeJS.ProcessEnv = process.env): { folder: string; owned: string } {
  for (let folder = path.resolve(from); ; folder = path.dirname(folder)) {
    if (existsSync(path.join(folder, 'package.json'))) return { folder: path.join(folder, 'node_modules', '.cache', 'docsnav'), owned: folder };
    if (path.dirname(folder) === folder) break;
  }
  return { folder: path.join(userCacheFolder(env), 'docsnav'), owned: userCacheFolder(env) };
}

/**
 * The store's file for a location given as `--cache-location`: a folder (one that exists, or a
 * path ending in a separator) holds `page-scans.json`, and is docsnav's own (never a symbolic
 * link); anything else is the file itself.
 */
function storeFileAt(location: string): { file: string; owned: string } {
  const absolute = path.resolve(location);
  if (/[\\/]$/.test(location) || isFolder(absolute)) return { file: path.join(absolute, STORE_FILE_NAME), owned: path.dirname(absolute) };
  return { file: absolute, owned: path.dirname(absolute) };
}

function isFolder(file: string): boolean {
  try {
    return statSync(file).isDirectory();
  } catch {
    return false;
  }
}

/** `CI` set to anything but empty, `false` or `0`: a continuous integration run, where the cache is off unless asked for. */
export function isCi(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env.CI;
  return value !== undefined && value !== '' && value.toLowerCase() !== 'false' && value !== '0';
}

/** How a run keeps page scans: where (`location`: a file or folder given by the user; else the default for each docs root) and how pages are recognised. */
export interface CacheSettings {
  location?: string;
  strategy?: CacheStrategy;
}

/** The stores of one run (or one language server), one per file: sites under one `package.json` share one. */
export class PageScanStores {
  private readonly stores = new Map<string, PageScanStore>();

  constructor(private readonly settings: CacheSettings = {}) {}

  /**
   * The store for a site whose docs root is `root`. In the default folder, each docs root has a
   * file of its own (named by a hash of its path): a store keeps only what its last run used, so
   * two sites under one package.json (or in the user's cache folder) sharing a file would each
   * drop the other's pages.
   */
  for(root: string): PageScanStore {
    let place: { file: string; owned: string };
    if (this.settings.location !== undefined) place = storeFileAt(this.settings.location);
    else {
      const { folder, owned } = defaultCacheFolder(root);
      place = { file: path.join(folder, `page-scans-${createHash('sha256').update(path.resolve(root)).digest('hex').slice(0, 12)}.json`), owned };
    }
    let store = this.stores.get(place.file);
    if (!store) this.stores.set(place.file, (store = new PageScanStore(place.file, this.settings.strategy, place.owned)));
    return store;
  }

  /**
   * Writes every store that has something new; `failed` hears of each that could not be written,
   * `refused` of each not used, and why (a folder or file of it is a symbolic link, a folder or key is not the user's alone).
   */
  save(failed: (store: PageScanStore, error: Error) => void, refused: (store: PageScanStore, why: string) => void = () => {}): void {
    for (const store of this.stores.values()) {
      if (store.refusal === undefined && store.dirty) {
        try {
          store.save();
        } catch (error) {
          failed(store, error as Error);
        }
      }
      store.close();
      if (store.refusal !== undefined) refused(store, store.refusal);
    }
  }
}
