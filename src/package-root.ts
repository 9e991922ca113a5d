import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let packageRootFound: string | null | undefined;

/**
 * The installed package's folder (the one holding `docs/rules/` and `schema/`), looked for once,
 * upwards from this module: src/ and the bundled library (dist/index.js) sit one level below it,
 * the bundled CLI (dist/cli/main.js) two. Reports find the rule docs from it, fixes the schema.
 * Undefined when the docs are not beside the code (docsnav bundled into another program).
 */
export function packageRoot(): string | undefined {
  if (packageRootFound === undefined) packageRootFound = packageRootAbove(path.dirname(fileURLToPath(import.meta.url))) ?? null;
  return packageRootFound ?? undefined;
}

/** The nearest of `folder` and the two folders above it holding both a package.json and docs/rules/, if any. */
export function packageRootAbove(folder: string): string | undefined {
  let dir = folder;
  for (let up = 0; up < 3; up++) {
    if (existsSync(path.join(dir, 'package.json')) && existsSync(path.join(dir, 'docs', 'rules'))) return dir;
    dir = path.dirname(dir);
  }
  return undefined;
}
