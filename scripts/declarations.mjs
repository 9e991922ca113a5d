/**
 * The package ships declarations (`dist/**\/*.d.ts`) for its one entry, `.`: dist/index.d.ts and
 * what it reaches by relative import, no more. tsc writes one for every module of src/, and the
 * other 150 (the rules', the scanner's, the daemon's, ...) cost a disk block each in every
 * install, ~600 KB, for types no import can name (package.json's exports has `.` alone).
 * scripts/bundle.mjs prunes the rest after the build; test/declarations.test.ts tests it in process.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

/** The declaration files `entry` reaches by relative `from`, `import` and `import()`, `entry` included (absolute paths). */
export function reachableDeclarations(entry) {
  const reached = new Set();
  const queue = [entry];
  const specifier = /(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;
  while (queue.length > 0) {
    const file = queue.pop();
    if (reached.has(file) || !existsSync(file)) continue;
    reached.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(specifier)) {
      const target = path.resolve(path.dirname(file), match[1]);
      queue.push(target.endsWith('.js') ? `${target.slice(0, -3)}.d.ts` : target.endsWith('.d.ts') ? target : `${target}.d.ts`);
    }
  }
  return reached;
}

/** Removes every declaration file under `dist` that its index.d.ts does not reach; the others stay. */
export function pruneDeclarations(dist) {
  const declarations = reachableDeclarations(path.join(dist, 'index.d.ts'));
  for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && entry.name.endsWith('.d.ts') && !declarations.has(file)) rmSync(file);
  }
}
