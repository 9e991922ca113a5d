/**
 * What tells this build of docsnav from any other, for the cache's key: a kept scan, front matter
 * or run is used only by the build that made it.
 *
 * This is the sources' version (the tests run them): the scanner's source files' stamps.
 * scripts/bundle.mjs replaces this file in each bundle with one that reads the hash of every
 * bundle, computed when they were built (dist/cli/build.json), and adds each bundle file's stamp
 * (size, times to the nanosecond, inode): a bundle patched or copied over after the build (its
 * size and modification time kept) has another change time. No build.json: no cache.
 */
import { scannerFingerprint } from '../pages/load.js';

let key: string | undefined;

/** This build's key, or undefined when it cannot be told (then nothing is cached). */
export function buildKey(): string | undefined {
  key ??= `sources:${scannerFingerprint()}`;
  return key;
}
