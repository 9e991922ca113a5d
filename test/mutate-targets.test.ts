/**
 * Every source file of src/, server/src and scripts/ is in a mutation target (issue 67: the cache
 * key's location, src/schema, server/src/analysis and scripts/ were in none, and their bugs were
 * never mutated, not even in CI's changed lines). A file no target holds fails here: add it to a
 * target of scripts/mutate-targets.mjs, with the tests that cover it.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { globSync } from 'tinyglobby';
import { describe, expect, it } from 'vitest';
import { SERVER, TARGETS, globsOf, isSource, targetOf } from '../scripts/mutate-targets.mjs';

// The folders walked, not `git ls-files`: Stryker runs this file in a sandbox with no .git (CI's
// mutation step failed its initial run on it: 0 files listed).
const tracked = ['src', 'server/src', 'scripts'].flatMap((folder) =>
  readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative('.', path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => isSource(file)),
);

describe('the mutation targets', () => {
  it('hold every source file of src/, server/src and scripts/', () => {
    expect(tracked.length).toBeGreaterThan(300);
    expect(tracked.filter((file) => targetOf(file) === undefined)).toEqual([]);
  });

  it.each([
    ['src/cache/key.ts', 'replay'],
    ['src/schema/lost-arrays.ts', 'schema'],
    ['server/src/analysis/page-text.ts', 'analysis'],
    ['server/src/analysis/channel-text.ts', 'analysis'],
    ['scripts/mutate.mjs', 'scripts'],
    ['scripts/mutate-gate.mjs', 'scripts'],
  ])('%s is in %s (a room issue 67 found in none)', (file, target) => {
    expect(targetOf(file)).toBe(target);
  });

  it('a source file is TypeScript or a JavaScript module, never a declaration file', () => {
    expect(
      ['a.ts', 'a.mjs', 'a.d.ts', 'a.d.mts', 'a.js', 'a.json', 'a.ts.orig', 'a.mjs.map', 'src/schema/validate.generated.ts'].filter((file) => isSource(file)),
    ).toEqual(['a.ts', 'a.mjs']);
  });

  it("each target's paths name files or folders that are there, and its folders mutate .ts and .mjs alike", () => {
    for (const [name, target] of Object.entries(TARGETS))
      for (const entry of target.paths) expect(existsSync(entry.replace(/:\d+-\d+$/, '')), `${name}: ${entry}`).toBe(true);
    expect(globsOf(['scripts/', 'src/cache/key.ts'])).toEqual(['scripts/**/*.{ts,mjs}', 'src/cache/key.ts', '!**/*.generated.ts']);
  });

  it("each of a target's test patterns names a test file that is there (the server's from server/): a renamed test never drops out unseen", () => {
    for (const [name, target] of Object.entries(TARGETS)) {
      const cwd = target.configFile === SERVER ? 'server' : '.';
      for (const pattern of target.tests)
        expect(
          globSync(pattern, { cwd }).filter((file) => file.endsWith('.test.ts')),
          `${name}: ${pattern}`,
        ).not.toEqual([]);
    }
  });
});
