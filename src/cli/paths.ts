import { statSync } from 'node:fs';
import { DOCS_FILE_NAMES, docsFileIn, sitesBelow } from '../docs-root.js';
import path from 'node:path';
import { UsageError } from './args.js';

/**
 * A folder stands for the docs.json (or docs.yaml/.yml, else a legacy mint.json) inside it; no path means the current
 * folder. A folder without one is a usage error that names the sites one level below it, where a
 * docs repository usually keeps its site (`docs/docs.json`): `docsnav validate docs`, said with the
 * command that was run. A folder named as a docs file (`docs.json/`), given or inside the folder
 * given, is said to be one.
 */
export function docsFileOf(given: string | undefined, command: string): string {
  const target = given ?? '.';
  let isDirectory: boolean;
  try {
    isDirectory = statSync(target).isDirectory();
  } catch {
    return target; // reading it reports the I/O error
  }
  if (!isDirectory) return target;
  const found = docsFileIn(target);
  if (found !== undefined) return given === undefined ? found : path.join(target, found);
  const folderNamedAsFile = DOCS_FILE_NAMES.includes(path.basename(path.resolve(target)))
    ? target
    : DOCS_FILE_NAMES.map((name) => path.join(target, name)).find(isFolder);
  if (folderNamedAsFile !== undefined)
    throw new UsageError(
      `${folderNamedAsFile.split(path.sep).join('/')} is a folder, not a file: a docs file is a JSON or YAML file; name the site's file or folder`,
    );
  const here = given === undefined || path.resolve(target) === process.cwd();
  const shown = here ? 'the current folder' : target;
  const below = sitesBelow(target).map((site) => (here ? site : path.join(target, site)).split(path.sep).join('/'));
  const folders = below.map((site) => site.slice(0, site.lastIndexOf('/')));
  const hint =
    below.length === 0
      ? `name the site's file or folder (docsnav ${command} path/to/docs.json)`
      : `${below.length === 1 ? `${below[0]} is one level down` : `sites one level down: ${below.slice(0, 3).join(', ')}${below.length > 3 ? ', …' : ''}`}: docsnav ${command} ${folders[0]}`;
  throw new UsageError(`no docs.json, docs.yaml, docs.yml or mint.json in ${shown}; ${hint}`);
}

/**
 * The docs file of the current folder, else of the nearest folder above it that has one (as git
 * finds its folder), looked for up to the top of the git repository the current folder is in;
 * none: `docsFileOf`'s usage error (`command`: the command and its arguments before the path, as the hint shows them).
 */
export function docsFileAbove(command: string): string {
  const here = process.cwd();
  for (let dir = here; ; dir = path.dirname(dir)) {
    const found = docsFileIn(dir);
    if (found !== undefined) return dir === here ? found : path.join(dir, found);
    if (exists(path.join(dir, '.git')) || path.dirname(dir) === dir) return docsFileOf(undefined, command);
  }
}

const GLOB_CHARS = /[*?[\]{}]/;

/**
 * The docs files the arguments name: each path as `docsFileOf` reads it, each glob
 * (`"sites/*\/docs.json"`, `"sites/*"`) expanded by docsnav itself, so it works whatever the
 * shell; matches in sorted order, each file once. A glob that matches nothing is a usage error.
 */
export async function expandPaths(given: readonly string[]): Promise<string[]> {
  const files: string[] = [];
  const seen = new Set<string>();
  const add = (file: string) => {
    const key = path.resolve(file);
    if (seen.has(key)) return;
    seen.add(key);
    files.push(file);
  };
  for (const arg of given) {
    if (!GLOB_CHARS.test(arg) || exists(arg)) {
      add(docsFileOf(arg, 'validate'));
      continue;
    }
    const { glob } = await import('tinyglobby');
    const matches = (await glob(arg, { onlyFiles: false, expandDirectories: false, dot: false, absolute: path.isAbsolute(arg) })).sort();
    if (matches.length === 0) throw new UsageError(`no file matches ${arg}`);
    for (const match of matches) add(docsFileOf(match, 'validate'));
  }
  return files;
}

function isFolder(file: string): boolean {
  try {
    return statSync(file).isDirectory();
  } catch {
    return false;
  }
}

function exists(file: string): boolean {
  try {
    statSync(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * The root of the git repository that holds `start` (a folder): the nearest folder up from it
 * with a `.git`, a folder or (in worktrees and submodules) a file; undefined when there is none.
 * SARIF's `%SRCROOT%` and the paths of `--fix-dry-run`'s diff are relative to it.
 */
export function repositoryRoot(start: string = process.cwd()): string | undefined {
  for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
    if (exists(path.join(dir, '.git'))) return dir;
    if (path.dirname(dir) === dir) return undefined;
  }
}
