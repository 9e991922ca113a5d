/**
 * `npm run docs`: writes what the registries generate into the repository's documents (the
 * tables and help of docs/checks.md and docs/cli.md, CONTRIBUTING's extension points,
 * docs/rules/README.md, the config schema's profiles and rules; scripts/generated-docs.ts says
 * what). The TypeScript is bundled in memory with esbuild, as the build does, and run here. `--check` writes nothing and exits 1 when a
 * committed copy is stale (test/docs/generated.test.ts checks the same in `npm test`).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const project = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const check = process.argv.includes('--check');
// Inside the project, so that the bundle's imports of dependencies resolve from its node_modules.
const cache = path.join(project, 'node_modules', '.cache');
mkdirSync(cache, { recursive: true });
const temp = mkdtempSync(path.join(cache, 'docsnav-docs-'));
let files;
try {
  const outfile = path.join(temp, 'generated-docs.mjs');
  await build({
    absWorkingDir: project,
    entryPoints: ['scripts/generated-docs.ts'],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  files = (await import(pathToFileURL(outfile).href)).generatedFiles(project);
} finally {
  rmSync(temp, { recursive: true, force: true });
}

function committed(file) {
  try {
    return readFileSync(path.join(project, file), 'utf8');
  } catch {
    return undefined;
  }
}

const stale = files.filter(({ file, text }) => committed(file) !== text);
for (const { file, text } of stale) {
  if (check) process.stderr.write(`${file} is stale: run npm run docs\n`);
  else writeFileSync(path.join(project, file), text);
}
if (!check) process.stderr.write(stale.length === 0 ? 'docs: up to date\n' : `docs: wrote ${stale.map((f) => f.file).join(', ')}\n`);
process.exitCode = check && stale.length > 0 ? 1 : 0;
