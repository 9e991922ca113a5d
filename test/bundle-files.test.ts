/**
 * dist/cli/build.json (written by scripts/bundle.mjs) names every bundle a run may load, each by
 * the hash of its bytes: the cache's key is made from it (src/cache/build.ts), so a bundle it left
 * out could change between builds and the cache would keep what the older one found. Read from the
 * build the tests run (test/fresh-build.ts rebuilds a stale one first).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const cli = path.join(import.meta.dirname, '..', 'dist', 'cli');

describe('dist/cli/build.json', () => {
  it('names every bundle file of dist/cli and the library’s dist/index.js, each by the hash of its bytes', () => {
    const { files } = JSON.parse(readFileSync(path.join(cli, 'build.json'), 'utf8')) as { files: Record<string, string> };
    const bundles = readdirSync(cli).filter((name) => name.endsWith('.js'));
    expect(bundles).toEqual(expect.arrayContaining(['client.js', 'main.js', 'lsp.js', 'pages.js', 'graphql.js']));
    expect(Object.keys(files).sort()).toEqual([...bundles, '../index.js'].sort());
    for (const [name, hash] of Object.entries(files))
      expect(hash, name).toBe(
        createHash('sha256')
          .update(readFileSync(path.join(cli, name)))
          .digest('base64url'),
      );
  });
});
