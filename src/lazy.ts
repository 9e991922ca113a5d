import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A CommonJS package loaded on first use, so that a run which never needs it (a JSON file
 * without syntax errors never needs a YAML parser) does not pay to load it at start-up.
 */
export function lazy<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
