/**
 * A package of a test's own, in a temporary folder, whose build is a real child process: src/a.ts
 * and src/deep/b.ts, built by build.mjs (`buildScript`, with appendFileSync and writeFileSync
 * imported) into dist/index.js; the default build writes the output and counts its runs in
 * runs.txt. For the fresh-build check (test/fresh-build.test.ts) and the mutation program's
 * machine that runs it (test/mutate-machine.test.ts).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BuildCheck } from './fresh-build.js';

export function tinyPackage(
  buildScript = "writeFileSync('dist/index.js', 'built'); appendFileSync('runs.txt', 'x');",
  name = 'tiny',
  /** Where its folder is made: a folder the test removes at its end, else the system's temporary folder. */
  parent = tmpdir(),
): BuildCheck {
  const root = mkdtempSync(path.join(parent, 'fresh-build-'));
  mkdirSync(path.join(root, 'src', 'deep'), { recursive: true });
  mkdirSync(path.join(root, 'dist'));
  writeFileSync(path.join(root, 'src', 'a.ts'), 'export const a = 1;\n');
  writeFileSync(path.join(root, 'src', 'deep', 'b.ts'), 'export const b = 1;\n');
  writeFileSync(path.join(root, 'build.mjs'), `import { appendFileSync, writeFileSync } from 'node:fs';\n${buildScript}\n`);
  return { name, root, sources: ['src'], outputs: ['dist/index.js'], build: [process.execPath, 'build.mjs'] };
}
