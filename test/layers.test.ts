/**
 * The layers check (`npm run check:layers`: dependency-cruiser with .dependency-cruiser.cjs, run by
 * `npm run lint`) notices what it is there for: on a small tree laid out like the repository, with
 * a cycle, deep imports from the server into the library and imports that climb the layers planted,
 * it names each one, and it passes the same tree without them.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const project = path.resolve(import.meta.dirname, '..');
const depcruise = path.join(project, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
const config = path.join(project, '.dependency-cruiser.cjs');
const temp = mkdtempSync(path.join(tmpdir(), 'docsnav-layers-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** The bones of the repository: the library's package (with its exports), its tsconfig, and the workspace link to it. */
const base: Record<string, string> = {
  'package.json': JSON.stringify({
    name: 'docsnav',
    type: 'module',
    exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' }, './package.json': './package.json' },
  }),
  'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true }, include: ['src', 'server/src'] }),
  'dist/index.d.ts': 'export declare function validateText(text: string): string[];\n',
  'dist/index.js': 'export function validateText() { return []; }\n',
  'dist/fix/fixable.d.ts': 'export declare const isFixable: boolean;\n',
  'dist/fix/fixable.js': 'export const isFixable = true;\n',
  'src/index.ts': "export { check } from './rules/check.js';\n",
  'src/problem.ts': 'export interface Finding { message: string }\n',
  'src/rules/check.ts': "import type { Finding } from '../problem.js';\nexport const check = (): Finding[] => [];\n",
  'src/cli/main.ts': "import { check } from '../rules/check.js';\ncheck();\n",
  'server/package.json': JSON.stringify({ name: '@docsnav/server', type: 'module', dependencies: { docsnav: '^0.1.0' } }),
  'server/src/index.ts': "import { validateText } from 'docsnav';\nexport const run = (text: string) => validateText(text);\n",
};

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

/** The violations dependency-cruiser reports on a tree of `base` plus `files`, as `rule: from -> to` lines, sorted. */
async function violations(files: Record<string, string>): Promise<string[]> {
  const root = mkdtempSync(path.join(temp, 'tree-'));
  for (const [file, text] of Object.entries({ ...base, ...files })) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  mkdirSync(path.join(root, 'node_modules'));
  symlinkSync(root, path.join(root, 'node_modules', 'docsnav'), 'dir');
  const run = await promisify(execFile)(process.execPath, [depcruise, 'src', 'server/src', '--config', config, '--output-type', 'json'], {
    cwd: root,
    maxBuffer: 16 * 1024 * 1024,
  }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  const result = JSON.parse(run.stdout) as { summary: { violations: Violation[] } };
  return result.summary.violations.map((found) => `${found.rule.name}: ${found.from} -> ${found.to}`).sort();
}

describe('the layers check', () => {
  it('passes a tree that keeps the layers', async () => {
    expect(await violations({})).toEqual([]);
  });

  it('reports a cycle, deep imports from the server and imports that climb the layers', async () => {
    const found = await violations({
      // A cycle of a type-only import and a dynamic import() (as the CLI loads its commands): both count.
      'src/codes.ts': "import type { Finding } from './problem.js';\nexport type Code = Finding['message'];\n",
      'src/problem.ts': "export interface Finding { message: string }\nexport const codes = () => import('./codes.js');\n",
      // The server into the library's sources and built files, past the package's exports.
      'server/src/deep.ts': "import { check } from '../../src/rules/check.js';\nexport { check };\n",
      'server/src/built.ts': "export { isFixable } from 'docsnav/dist/fix/fixable.js';\n",
      // A rule reaching up into the CLI, the library into the server.
      'src/rules/up.ts': "import '../cli/main.js';\nexport const up = 1;\n",
      'src/report/server.ts': "import { run } from '../../server/src/index.js';\nexport { run };\n",
    });
    expect(found).toEqual(
      [
        'no-circular: src/codes.ts -> src/problem.ts',
        'server-through-public-api: server/src/deep.ts -> src/rules/check.ts',
        // Past docsnav's exports: unresolvable as an installed copy would have it, and not the package's name.
        'not-to-unresolvable: server/src/built.ts -> docsnav/dist/fix/fixable.js',
        'server-through-public-api: server/src/built.ts -> docsnav/dist/fix/fixable.js',
        'pipeline-not-to-cli-or-lsp: src/rules/up.ts -> src/cli/main.ts',
        'only-cli-imports-cli: src/rules/up.ts -> src/cli/main.ts',
        'library-not-to-server: src/report/server.ts -> server/src/index.ts',
      ].sort(),
    );
  });
});
