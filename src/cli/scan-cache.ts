/**
 * The page scan cache of a `validate` or `resolve` run (src/cache/location.ts): one store per
 * cache file, written once at the end. Where docsnav chose the place, a cache that cannot be
 * written is skipped in silence (a read-only checkout still validates); where the user named it
 * (`--cache-location`), it is an I/O error (exit 2, one line). A cache folder or file that is a
 * symbolic link, a cache folder another user owns or may write, or a cache key not the user's alone
 * (src/cache/key.ts) is not used at all, and said in one line on stderr (the exit code is the run's).
 */
import { PageScanStores } from '../cache/location.js';
import type { CommonArgs } from './args.js';
import { UsageError } from './args.js';
import type { CliIo } from './io.js';

export function keepScans(args: Pick<CommonArgs, 'cache'>): PageScanStores | undefined {
  return args.cache === undefined ? undefined : new PageScanStores(args.cache);
}

export function saveScans(stores: PageScanStores, args: Pick<CommonArgs, 'cache'>, io: Pick<CliIo, 'stderr'>): void {
  stores.save(
    (store, error) => {
      if (args.cache?.location !== undefined) throw new UsageError(`--cache-location: cannot write ${store.file}: ${error.message}`);
    },
    (_store, why) => io.stderr(`docsnav: the cache was not used: ${why}\n`),
  );
}
