/**
 * What installing docsnav costs a docs repository (called by bench/run.mjs, or alone:
 * `node bench/packages.mjs [--incumbent]`): the tarballs `npm run pack:all` makes (build them
 * first: `npm run build:server`), each installed into an empty project made by `npm init -y`, once
 * with an empty npm cache (everything from the registry, as on a fresh CI runner) and once with a
 * warm one; installed packages (npm's lockfile entries), disk use of node_modules, wall time. With
 * --incumbent, the platform's own validator (@mintlify/validation) the same way, beside it.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { INCUMBENT } from './incumbent.mjs';
import { diskMegabytes, installedPackages } from './install-cost.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const project = path.dirname(here);
const work = mkdtempSync(path.join(tmpdir(), 'docsnav-bench-packages-'));

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: 10 * 60_000 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
}

/** Installs `specs` into a new empty project; `cache`: an npm cache folder (a new one is empty). */
let projects = 0;
function install(specs, cache) {
  const dir = path.join(work, `project-${++projects}`);
  mkdirSync(dir);
  run('npm', ['init', '-y'], dir);
  const started = performance.now();
  run('npm', ['install', '--no-audit', '--no-fund', '--cache', cache, ...specs], dir);
  const seconds = (performance.now() - started) / 1000;
  return { packages: installedPackages(dir).length, megabytes: diskMegabytes(path.join(dir, 'node_modules')), seconds };
}

/** Cold (an empty cache) and warm (the same cache again) installs. */
function measure(label, specs) {
  const cache = path.join(work, `cache-${projects}`);
  const cold = install(specs, cache);
  const warm = install(specs, cache);
  return [label, `${cold.packages}`, `${cold.megabytes.toFixed(1)} MB`, `${cold.seconds.toFixed(1)} s`, `${warm.seconds.toFixed(1)} s`];
}

try {
  const versions = ['package.json', 'server/package.json'].map((file) => JSON.parse(readFileSync(path.join(project, file), 'utf8')).version);
  run('npm', ['pack', '--ignore-scripts', '--workspace', '@docsnav/server', '--include-workspace-root', '--pack-destination', work], project);
  const lean = path.join(work, `docsnav-${versions[0]}.tgz`);
  const server = path.join(work, `docsnav-server-${versions[1]}.tgz`);
  const rows = [measure('docsnav (the linter)', [lean]), measure('docsnav + @docsnav/server', [lean, server])];
  if (process.argv.includes('--incumbent')) rows.push(measure(`${INCUMBENT} (the platform's validator)`, [INCUMBENT]));
  const table = [
    '| installed into an empty project | packages | node_modules | install, empty npm cache | install, warm cache |',
    '|---|---|---|---|---|',
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
  mkdirSync(path.join(here, '.out'), { recursive: true });
  writeFileSync(path.join(here, '.out', 'packages.md'), `${table}\n`);
  console.log(table);
} finally {
  rmSync(work, { recursive: true, force: true });
}
