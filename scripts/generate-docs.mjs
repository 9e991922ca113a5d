/**
 * `npm run docs`: writes what the registries generate into the repository's documents (the
 * tables and help of docs/checks.md and docs/cli.md, CONTRIBUTING's extension points,
 * docs/rules/README.md, the config schema's profiles and rules; scripts/generated-docs.ts says
 * what). The TypeScript is bundled in memory with esbuild, as the build does, and run here. `--check` writes nothing and exits 1 when a
 * committed copy is stale (test/docs/generated.test.ts checks the same in `npm test`).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { writeWhole } from './write-whole.mjs';

const PROJECT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** What scripts/generated-docs.ts generates from `project`'s registries: `{ file, text }`, by path from the project. */
export async function generatedDocs(project = PROJECT) {
  // Inside the project, so that the bundle's imports of dependencies resolve from its node_modules.
  const cache = path.join(project, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const temp = mkdtempSync(path.join(cache, 'docsnav-docs-'));
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
    return (await import(pathToFileURL(outfile).href)).generatedFiles(project);
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

/**
 * The program: each generated file whose copy under `root` differs is written there whole (a
 * temporary file renamed), or with `check` named on `say` as stale. Returns the exit code: 1 when
 * `check` found one stale, else 0.
 */
export function writeGeneratedDocs(files, root, { check = false, say = (line) => process.stderr.write(`${line}\n`) } = {}) {
  const committed = (file) => {
    try {
      return readFileSync(path.join(root, file), 'utf8');
    } catch (error) {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    }
  };
  const stale = files.filter(({ file, text }) => committed(file) !== text);
  for (const { file, text } of stale) {
    if (check) say(`${file} is stale: run npm run docs`);
    else writeWhole(path.join(root, file), text);
  }
  if (!check) say(stale.length === 0 ? 'docs: up to date' : `docs: wrote ${stale.map((f) => f.file).join(', ')}`);
  return check && stale.length > 0 ? 1 : 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  process.exitCode = writeGeneratedDocs(await generatedDocs(), PROJECT, { check: process.argv.includes('--check') });
