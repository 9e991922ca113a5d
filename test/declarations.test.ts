/**
 * The declarations the package ships (scripts/declarations.mjs, run by scripts/bundle.mjs after the
 * build): dist/index.d.ts and what it reaches by relative import, every form tsc writes one in; the
 * other declaration files pruned, nothing else touched.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pruneDeclarations, reachableDeclarations } from '../scripts/declarations.mjs';

const temp = mkdtempSync(path.join(tmpdir(), 'docsnav-declarations-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** A dist/ folder of `files` (path: text); a path ending in `/` is an empty folder. */
function dist(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(temp, 'dist-'));
  for (const [file, text] of Object.entries(files)) {
    const full = path.join(root, file);
    if (file.endsWith('/')) mkdirSync(full, { recursive: true });
    else {
      mkdirSync(path.dirname(full), { recursive: true });
      writeFileSync(full, text);
    }
  }
  return root;
}

/** The files under `root`, relative, sorted. */
const listing = (root: string) =>
  readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();

// What tsc writes: `export ... from`, `import ... from`, `import type`, `import("...")` in a type, with
// either quote; specifiers ending in .js, in .d.ts, or in nothing (a folder's index written out).
const TREE = {
  'index.d.ts': [
    "export { validate } from './validate.js';",
    'export type { Problem } from "./problem.js";',
    "import type { Options } from './config/options.js';",
    "export * from './fix/index';",
    "export declare function load(): Promise<typeof import('./lazy.js')>;",
    "export declare const types: import ( './types.d.ts' ).Types;",
    "import { readFile } from 'node:fs';",
    "export { x } from '../outside.js';",
    "export { gone } from './gone.js';",
    '',
  ].join('\n'),
  'validate.d.ts': "import type { Problem } from './problem.js';\nexport declare function validate(): Problem[];\n",
  'problem.d.ts': "import type { Code } from './rules/codes.js';\nexport interface Problem { code: Code }\n",
  'rules/codes.d.ts': "import type { Problem } from '../problem.js';\nexport type Code = string;\n",
  'config/options.d.ts': 'export interface Options {}\n',
  'fix/index.d.ts': "export * from '../problem.js';\nexport type { Edit } from '../edit.js';\n",
  'edit.d.ts': 'export interface Edit {}\n',
  'lazy.d.ts': 'export declare const lazy = 1;\n',
  'types.d.ts': 'export interface Types {}\n',
  // Not reached: a rule nothing imports, a module only a comment names, the scanner's, an unreached one's import.
  'rules/unused.d.ts': "import type { Scan } from '../pages/scan.js';\nexport declare const unused = 1;\n",
  'comment.d.ts': 'export declare const comment = 1;\n',
  'pages/scan.d.ts': 'export interface Scan {}\n',
  'notes.d.ts': "// './comment.js' is named here, not imported\nexport {};\n",
  // Not declaration files: kept whatever reaches them.
  'index.js': "export * from './rules/unused.js';\n",
  'rules/unused.js': 'export const unused = 1;\n',
  'index.d.ts.map': '{}\n',
  'cli/main.js': "require('./main.d.ts');\n",
  'folder.d.ts/': '',
};

describe('the declarations the package ships', () => {
  it('are index.d.ts and every declaration it reaches, by every form of relative import, once each', () => {
    const root = dist(TREE);
    expect([...reachableDeclarations(path.join(root, 'index.d.ts'))].map((file) => path.relative(root, file).split(path.sep).join('/')).sort()).toEqual([
      'config/options.d.ts',
      'edit.d.ts',
      'fix/index.d.ts',
      'index.d.ts',
      'lazy.d.ts',
      'problem.d.ts',
      'rules/codes.d.ts',
      'types.d.ts',
      'validate.d.ts',
    ]);
  });

  it('an entry that is not there reaches nothing', () => {
    expect(reachableDeclarations(path.join(dist({ 'a.d.ts': 'export {};\n' }), 'index.d.ts'))).toEqual(new Set());
  });

  it('pruned: the unreached declaration files removed, everything else kept (scripts, maps, a folder named .d.ts)', () => {
    const root = dist(TREE);
    pruneDeclarations(root);
    expect(listing(root)).toEqual([
      'cli/main.js',
      'config/options.d.ts',
      'edit.d.ts',
      'fix/index.d.ts',
      'index.d.ts',
      'index.d.ts.map',
      'index.js',
      'lazy.d.ts',
      'problem.d.ts',
      'rules/codes.d.ts',
      'rules/unused.js',
      'types.d.ts',
      'validate.d.ts',
    ]);
    expect(readdirSync(path.join(root, 'folder.d.ts'))).toEqual([]);
  });
});
