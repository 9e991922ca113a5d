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

  /** A server laid out in its rooms, with the imports each room may make: the core's effects, the store's types, the job runner's observer. */
  const serverRooms: Record<string, string> = {
    'server/src/store/store.ts': 'export const Store = 1;\n',
    'server/src/store/projects.ts': 'export interface Project { id: string }\nexport const findProject = (id: string): Project => ({ id });\n',
    'server/src/store/storable.ts': 'export const storableJson = (value: unknown) => JSON.stringify(value);\n',
    'server/src/analysis/page-text.ts': 'export const pageText = (text: string) => text;\n',
    'server/src/analysis/analyze.ts':
      "import { storableJson } from '../store/storable.js';\nimport type { Project } from '../store/projects.js';\nexport const analyzeCheckout = (project: Project) => storableJson(project);\n",
    'server/src/repository/errors.ts': 'export class GitError extends Error {}\n',
    'server/src/repository/guards.ts':
      "import { GitError } from './errors.js';\nexport const isValidBranch = (branch: string) => branch !== '' || new GitError();\n",
    'server/src/repository/operations/run-git.ts':
      "import { spawn } from 'node:child_process';\nimport { isValidBranch } from '../guards.js';\nexport const runGit = () => [spawn, isValidBranch];\n",
    'server/src/repository/operations/fetch.ts': "import { runGit } from './run-git.js';\nexport const fetchBranch = () => runGit;\n",
    'server/src/jobs/queue.ts': 'export interface JobObserver { done(): void }\n',
    'server/src/jobs/deployment.ts': "import { fetchBranch } from '../repository/operations/fetch.js';\nexport const deploy = () => fetchBranch;\n",
    'server/src/core.ts':
      "import { isValidBranch } from './repository/guards.js';\nimport { findProject } from './store/projects.js';\nexport const core = () => [isValidBranch, findProject];\n",
    'server/src/http/app.ts': "import { core } from '../core.js';\nexport const buildApp = () => core;\n",
    'server/src/http/routes/health.ts':
      "import { core } from '../../core.js';\nimport type { Project } from '../../store/projects.js';\nexport const health = (p: Project) => [core, p];\n",
    'server/src/host/metrics.ts':
      "import type { JobObserver } from '../jobs/queue.js';\nimport { Store } from '../store/store.js';\nexport class Metrics implements JobObserver { done() { return Store; } }\n",
    'server/src/messages/text.ts': 'export const plural = (count: number, word: string) => `${count} ${word}s`;\n',
  };

  it("passes a server that keeps to its rooms' boundaries", async () => {
    expect(await violations(serverRooms)).toEqual([]);
  });

  it("reports each import that crosses a boundary of the server's rooms", async () => {
    const found = await violations({
      ...serverRooms,
      // A guard that runs git, a guard and an operation besides run-git.ts that spawn a process themselves, repository access that knows the store.
      'server/src/repository/guards.ts': "import { runGit } from './operations/run-git.js';\nexport const isValidBranch = () => runGit;\n",
      'server/src/repository/operations/run-git.ts': "import { spawn } from 'node:child_process';\nexport const runGit = () => spawn;\n",
      'server/src/repository/operations/fetch.ts': "import { execFile } from 'node:child_process';\nexport const fetchBranch = () => execFile;\n",
      'server/src/repository/local.ts': "import { execFile } from 'node:child_process';\nexport const checkLocalRepo = () => execFile;\n",
      'server/src/repository/checkouts.ts': "import { Store } from '../store/store.js';\nexport const claimCheckout = () => Store;\n",
      // The core running git on a request; a route at the store past the core; the store reaching into the analysis.
      'server/src/core.ts': "import { runGit } from './repository/operations/run-git.js';\nexport const core = () => runGit;\n",
      'server/src/http/routes/project.ts':
        "import { core } from '../../core.js';\nimport { findProject } from '../../store/projects.js';\nexport const route = () => [core, findProject];\n",
      'server/src/store/open.ts': "import { pageText } from '../analysis/page-text.js';\nexport const openStore = () => pageText;\n",
      // The host loading the HTTP side; a worker thread's code loading the store; messages that know the host.
      'server/src/host/disk.ts': "import { buildApp } from '../http/app.js';\nexport const disk = buildApp;\n",
      'server/src/analysis/analyze.ts': "import { Store } from '../store/store.js';\nexport const analyzeCheckout = () => Store;\n",
      'server/src/messages/redact.ts': "import { disk } from '../host/disk.js';\nexport const redact = disk;\n",
    });
    expect(found).toEqual(
      [
        'server-repository-guards-run-nothing: server/src/repository/guards.ts -> server/src/repository/operations/run-git.ts',
        'server-git-in-repository-operations: server/src/repository/local.ts -> child_process',
        'server-git-in-repository-operations: server/src/repository/operations/fetch.ts -> child_process',
        'server-repository-is-below: server/src/repository/checkouts.ts -> server/src/store/store.ts',
        'server-git-runs-in-jobs: server/src/core.ts -> server/src/repository/operations/run-git.ts',
        'server-http-through-core: server/src/http/routes/project.ts -> server/src/store/projects.ts',
        'server-store-is-below: server/src/store/open.ts -> server/src/analysis/page-text.ts',
        'server-host-is-below: server/src/host/disk.ts -> server/src/http/app.ts',
        'server-http-on-top: server/src/host/disk.ts -> server/src/http/app.ts',
        'server-analysis-in-threads: server/src/analysis/analyze.ts -> server/src/store/store.ts',
        'server-messages-are-leaves: server/src/messages/redact.ts -> server/src/host/disk.ts',
      ].sort(),
    );
  });
});
