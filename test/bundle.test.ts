/**
 * scripts/bundle.mjs run in process (issue 67: as a program only, none of its 284 mutants was
 * reached by a test). It builds into a copy of the build's dist/: tsc's output, with index.js as tsc
 * writes it (the build bundles it in place), a chunk an older build left in dist/cli, and a
 * declaration index.d.ts does not reach. What it makes is held to the build the suites run
 * (test/fresh-build.ts rebuilt it from these sources) byte for byte: every bundle, build.json's
 * hashes, the licences, the library's entry, the declarations kept. The suites run that build, so a
 * change of the script that changes a byte is seen here, in the process that ran it.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { bundle, oneScanTransliteration } from '../scripts/bundle.mjs';
import { hangGuard } from './time-scale.mjs';

const project = path.join(import.meta.dirname, '..');
const built = path.join(project, 'dist');
const temp = mkdtempSync(path.join(tmpdir(), 'docsnav-bundle-'));
const dist = path.join(temp, 'dist');
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** Every file under `root`, by its path from there, sorted. */
function filesUnder(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

/**
 * The copy, made and bundled by the first test that asks for it, inside that test: Stryker counts
 * what a test runs as its coverage, and nothing a hook runs (in a `beforeAll`, every mutant of the
 * script was "reached by no test").
 */
let copy: Promise<void> | undefined;
const bundled = () => (copy ??= makeCopy());

async function makeCopy(): Promise<void> {
  // The packages the bundles inline are found from the copy as from dist/ (esbuild follows the link to the project's).
  symlinkSync(path.join(project, 'node_modules'), path.join(temp, 'node_modules'));
  // And the project's TypeScript settings, which esbuild reads for tsc's modules (strict: each says "use strict").
  symlinkSync(path.join(project, 'tsconfig.json'), path.join(temp, 'tsconfig.json'));
  cpSync(built, dist, { recursive: true, filter: (source) => source !== path.join(built, 'cli') });
  // tsc's dist/index.js, before the build bundles it: its re-exports of the modules beside it.
  const { outputText } = ts.transpileModule(readFileSync(path.join(project, 'src', 'index.ts'), 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  writeFileSync(path.join(dist, 'index.js'), outputText);
  mkdirSync(path.join(dist, 'cli'));
  writeFileSync(path.join(dist, 'cli', 'chunk-OLD.js'), 'module.exports = 1;\n');
  writeFileSync(path.join(dist, 'unreached.d.ts'), 'export declare const unreached: number;\n');
  await bundle({ project, dist });
}

describe('scripts/bundle.mjs, in process', { timeout: hangGuard(120_000) }, () => {
  it('makes the build the suites run, byte for byte: the same files, each with the same bytes', async () => {
    await bundled();
    const made = filesUnder(dist);
    expect(made).toEqual(filesUnder(built));
    // The library's entry names each module it holds by its path from the project: the copy's path there.
    const entry = (root: string) => readFileSync(path.join(root, 'index.js'), 'utf8');
    expect(entry(dist).replaceAll(`${path.relative(project, temp)}/`, '')).toBe(entry(built));
    const others = made.filter((file) => file !== 'index.js' && file !== 'cli/build.json');
    expect(others.filter((file) => !readFileSync(path.join(dist, file)).equals(readFileSync(path.join(built, file))))).toEqual([]);
  });

  it('names in build.json every bundle a run may load, each by the hash of its bytes', async () => {
    await bundled();
    const files = (root: string) => (JSON.parse(readFileSync(path.join(root, 'cli', 'build.json'), 'utf8')) as { files: Record<string, string> }).files;
    const hash = (file: string) => createHash('sha256').update(readFileSync(file)).digest('base64url');
    expect(Object.keys(files(dist))).toEqual(Object.keys(files(built)));
    for (const [name, digest] of Object.entries(files(dist))) expect(digest, name).toBe(hash(path.join(dist, 'cli', name)));
    // The bundles but the library's entry (its module paths are the copy's) are the build's, so their hashes are too.
    expect({ ...files(dist), '../index.js': '' }).toEqual({ ...files(built), '../index.js': '' });
  });

  it('leaves no chunk of an older build in dist/cli and no declaration index.d.ts does not reach', async () => {
    await bundled();
    expect(existsSync(path.join(dist, 'cli', 'chunk-OLD.js'))).toBe(false);
    expect(existsSync(path.join(dist, 'unreached.d.ts'))).toBe(false);
    expect(existsSync(path.join(dist, 'index.d.ts'))).toBe(true);
  });

  it('bundles the library’s entry into one module: it imports no file of dist/', async () => {
    await bundled();
    const entry = readFileSync(path.join(dist, 'index.js'), 'utf8');
    expect(entry).not.toMatch(/from\s*["']\.\.?\//);
    expect(entry).toMatch(/export\s*\{[^}]*\bvalidateText\b/);
  });
});

describe('the scanner bundle’s transliteration (oneScanTransliteration)', () => {
  /** Bundles an entry that imports @sindresorhus/transliterate from a project whose copy of it is `source`. */
  async function bundleWith(source: string) {
    const root = mkdtempSync(path.join(temp, 'project-'));
    const folder = path.join(root, 'node_modules', '@sindresorhus', 'transliterate');
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ name: '@sindresorhus/transliterate', main: 'index.js', type: 'module' }));
    writeFileSync(path.join(folder, 'index.js'), source);
    writeFileSync(path.join(folder, 'replacements.js'), 'export default [];\n');
    writeFileSync(path.join(root, 'entry.js'), "import transliterate from '@sindresorhus/transliterate';\nexport { transliterate };\n");
    return build({
      absWorkingDir: root,
      entryPoints: ['entry.js'],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      logLevel: 'silent',
      plugins: [oneScanTransliteration(project)],
    });
  }

  it('takes the package’s function from src/pages/transliterate.ts when its code is 1.6.0’s', async () => {
    const source = readFileSync(path.join(project, 'node_modules', '@sindresorhus', 'transliterate', 'index.js'), 'utf8');
    const result = await bundleWith(source);
    const text = result.outputFiles[0].text;
    expect(text).toContain('transliterator(');
    expect(text).not.toContain(
      source
        .split('\n')
        .find((line) => line.trim().length > 20)
        ?.trim(),
    );
  });

  it('stops the build when the package’s code is another: the file and its hash named', async () => {
    await expect(bundleWith('export default (text) => text;\n')).rejects.toThrow(
      /transliterate[\\/]index\.js: not the @sindresorhus\/transliterate that src\/pages\/transliterate\.ts reproduces \(sha256 [0-9a-f]{64}\)/,
    );
  });
});
