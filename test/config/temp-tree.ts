import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

/**
 * Fresh folder trees under one temp folder, removed after the file's tests: `tree(files)`
 * writes `files` (relative path -> contents) into a new folder and returns its path.
 */
export function tempTrees(prefix: string): (files: Record<string, string>) => string {
  const root = mkdtempSync(path.join(tmpdir(), prefix));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  let count = 0;
  return (files) => {
    const base = path.join(root, `t${++count}`);
    mkdirSync(base, { recursive: true });
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(base, name)), { recursive: true });
      writeFileSync(path.join(base, name), text);
    }
    return base;
  };
}
