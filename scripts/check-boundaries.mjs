/**
 * The boundary between the two packages, checked (`node scripts/check-boundaries.mjs`, and
 * test/package/boundaries.test.ts in `npm test`):
 *
 * - the server package (server/src, server/test, server/bench) imports docsnav by its public
 *   exports only: `docsnav`, or a subpath its package.json `exports` lists; a relative import
 *   never leaves server/ (no `../../src/…`, no `../../dist/…`), but for the benchmarks' use of
 *   the repository's input generators (bench/*.mjs, tooling, not the library);
 * - the library (src/) never imports the server: no relative import reaches server/, and
 *   `@docsnav/server` is named only where the CLI finds it at run time (src/cli/server-commands.ts).
 *
 * Every import form counts: `import`, `export … from`, `import()`, `require()`, `import x = require()`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const project = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const SOURCE = /\.(ts|mts|cts|js|mjs|cjs)$/;

/** The module specifiers a source file names, with their line (1-based). */
export function importsOf(text) {
  const info = ts.preProcessFile(text, true, true);
  const lineOf = (pos) => text.slice(0, pos).split('\n').length;
  return info.importedFiles.map((file) => ({ specifier: file.fileName, line: lineOf(file.pos) }));
}

function filesUnder(folder) {
  const found = [];
  const stack = [folder];
  while (stack.length > 0) {
    const dir = stack.pop();
    let names;
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      if (name === 'node_modules' || name === 'dist' || name === '.out') continue;
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) stack.push(full);
      else if (SOURCE.test(name) && !name.endsWith('.d.ts')) found.push(full);
    }
  }
  return found.sort();
}

/** The subpaths docsnav's package.json exports (`docsnav/package.json`, …). */
function publicSubpaths(root) {
  // Stryker disable next-line StringLiteral: equivalent: without an encoding readFileSync gives a Buffer, which JSON.parse reads as UTF-8 text all the same
  const { exports } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  return new Set(
    Object.keys(exports)
      .filter((key) => key !== '.')
      .map((key) => `docsnav/${key.slice(2)}`),
  );
}

const inside = (folder, file) => file === folder || file.startsWith(folder + path.sep);

/**
 * Every import that crosses the boundary the wrong way, as `file:line: message` lines
 * (empty: none). `root` is the repository's top folder.
 */
export function boundaryViolations(root = project) {
  const server = path.join(root, 'server');
  const library = path.join(root, 'src');
  const allowed = publicSubpaths(root);
  const benchmarks = path.join(server, 'bench');
  const generators = path.join(root, 'bench');
  const serverTests = path.join(server, 'test');
  const timeScale = path.join(root, 'test', 'time-scale.mjs');
  const found = [];
  const report = (file, line, message) => found.push(`${path.relative(root, file)}:${line}: ${message}`);
  for (const file of ['src', 'test', 'bench'].flatMap((folder) => filesUnder(path.join(server, folder)))) {
    for (const { specifier, line } of importsOf(readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.')) {
        const target = path.resolve(path.dirname(file), specifier);
        // Tooling, not docsnav's code: the server's benches use the repository's site generators, and its
        // tests the one place time limits scale with the machine's load (test/time-scale.mjs).
        const tooling = (inside(benchmarks, file) && inside(generators, target)) || (inside(serverTests, file) && target === timeScale);
        if (!inside(server, target) && !tooling)
          report(file, line, `"${specifier}" reaches outside the server package (${path.relative(root, target)}): import docsnav by its package name`);
      } else if (specifier.startsWith('docsnav/') && !allowed.has(specifier)) {
        report(file, line, `"${specifier}" is not one of docsnav's public exports (${['docsnav', ...allowed].join(', ')})`);
      } else if (path.isAbsolute(specifier)) {
        report(file, line, `"${specifier}" is an absolute path: import docsnav by its package name`);
      }
    }
  }
  for (const file of filesUnder(library)) {
    for (const { specifier, line } of importsOf(readFileSync(file, 'utf8'))) {
      const target = specifier.startsWith('.') ? path.resolve(path.dirname(file), specifier) : undefined;
      if (target !== undefined && inside(server, target)) report(file, line, `"${specifier}": the library never imports the server package`);
      if (specifier === '@docsnav/server' || specifier.startsWith('@docsnav/server/'))
        report(file, line, `"${specifier}": the library never imports the server package`);
    }
  }
  return found;
}

/**
 * The program (`node scripts/check-boundaries.mjs`): each violation a line on standard error, then
 * their count; or one line on standard output when there is none. Returns the exit code.
 */
export function checkBoundaries(root = project, out = (text) => process.stdout.write(text), err = (text) => process.stderr.write(text)) {
  const violations = boundaryViolations(root);
  for (const line of violations) err(`${line}\n`);
  if (violations.length > 0) {
    err(`${violations.length} import(s) cross the boundary between docsnav and @docsnav/server\n`);
    return 1;
  }
  out('docsnav ↔ @docsnav/server: every import goes through the public API\n');
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = checkBoundaries();
