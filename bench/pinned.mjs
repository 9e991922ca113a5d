/**
 * A pinned npm package the bench compares against (the platform's validator, prebuild, CLI),
 * installed on demand into a git-ignored folder of bench/, never a dependency of docsnav: one way
 * to ask whether it is there and one way to install it, for every such package.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Whether the package.json at `manifest` says `version`. */
export function hasVersion(manifest, version) {
  return existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).version === version;
}

/**
 * `npm install <spec>` into `folder` (made, with a private package.json named `project`), scripts
 * off, within 10 minutes. Its output goes to stderr, or with `capture` is returned in the result
 * (`spawnSync`'s, not thrown); `label` is what the progress line names (nothing with `quiet`).
 */
export function installPinned(folder, spec, { project, label, quiet = false, capture = false }) {
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'package.json'), `${JSON.stringify({ name: project, private: true }, null, 2)}\n`);
  if (!quiet) process.stderr.write(`installing ${spec} into ${label} …\n`);
  return spawnSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--no-save', spec], {
    cwd: folder,
    timeout: 10 * 60_000,
    ...(capture ? { encoding: 'utf8' } : { stdio: ['ignore', 2, 2] }),
  });
}
