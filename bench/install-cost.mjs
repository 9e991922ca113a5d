/**
 * What an npm install left in a project, measured one way for the bench (bench/packages.mjs) and
 * the packages suite (test/package/tarballs.test.ts), whose targets are in these units.
 */
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The packages npm installed in `project` (its hidden lockfile lists each once, nested copies too). */
export function installedPackages(project) {
  const lock = JSON.parse(readFileSync(path.join(project, 'node_modules', '.package-lock.json'), 'utf8'));
  return Object.keys(lock.packages).filter((key) => key.startsWith('node_modules/'));
}

/** Disk use of a folder (blocks, as `du` counts them), in MB; symlinks are not followed. */
export function diskMegabytes(folder) {
  let bytes = 0;
  const stack = [folder];
  while (stack.length > 0) {
    const current = stack.pop();
    const stats = lstatSync(current);
    bytes += stats.blocks * 512;
    if (stats.isDirectory()) for (const name of readdirSync(current)) stack.push(path.join(current, name));
  }
  return bytes / (1024 * 1024);
}
