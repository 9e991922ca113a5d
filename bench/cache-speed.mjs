/**
 * Issue 59's table, with issue 68's targets: whole `docsnav validate` processes, each as a multiple
 * of `node -e 0` measured in the same rounds (the commands interleaved round by round), beside its
 * target:
 * - the platform's docs repository (../shared/corpus/docs-repos/mintlify, 1,130 page files, copied):
 *   cold with a new cache (the cache folder removed before each run), `--no-cache`, one page changed;
 * - the generated 2,000-page site with page files: cold with a new cache, `--no-cache`, warm;
 * - and what a cold run with a new cache costs over a `--no-cache` run (issue 68: ≤ 1.1×; issue 59's was 1.15×).
 * Each process's CPU time (user and system: bench/cpu-on-exit.cjs, preloaded) is taken beside its
 * wall time, and its ratio to `node -e 0`'s printed as well: on a loaded machine it varies far less.
 * The machine's load (1-minute average, /proc/loadavg) is read before and after each measure and
 * printed beside it; over 2 the figures are marked NOT QUIET: they say how the code compares with
 * `node -e 0` on a busy machine, not what it does on a quiet one.
 * `node bench/cache-speed.mjs [--runs n]` prints the rows alone; bench/run.mjs prints them with the rest.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeSiteWithPages } from './generate.mjs';
import { recordTarget } from './targets.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const project = path.dirname(here);
const cli = path.join(project, 'dist', 'cli', 'main.js');
const DOCS_REPOS = path.join(project, '..', 'shared', 'corpus', 'docs-repos');
/** Where each timed process writes its CPU time on exit (bench/cpu-on-exit.cjs): in the folder of `cacheRows`. */
let cpuFile;
/** Over this 1-minute load average, a machine is not quiet (issue 59: "refuse to report when load > 2"). */
const QUIET_LOAD = 2;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const range = (xs) => `${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)}`;

/** One run of `command`: its wall time and its CPU time (ms). */
function timeOf(command) {
  command.before?.();
  rmSync(cpuFile, { force: true });
  const [node, ...args] = command.args;
  const start = performance.now();
  const run = spawnSync(node, ['--require', path.join(here, 'cpu-on-exit.cjs'), ...args], {
    cwd: project,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    env: { ...(command.env ?? process.env), DOCSNAV_BENCH_CPU: cpuFile },
  });
  const wall = performance.now() - start;
  if (run.status !== 0 && run.status !== 1) throw new Error(`${command.args.join(' ')}: exit ${run.status}: ${run.stderr}`);
  const cpu = Number(readFileSync(cpuFile, 'utf8').trim());
  unlinkSync(cpuFile);
  return { wall, cpu };
}

/** Each command's wall times over `runs` rounds, interleaved; and the load before and after. */
function interleaved(commands, runs) {
  const loads = [loadavg()[0]];
  const samples = Object.fromEntries(Object.keys(commands).map((name) => [name, []]));
  const cpu = Object.fromEntries(Object.keys(commands).map((name) => [name, []]));
  for (let round = 0; round < runs; round++)
    for (const [name, command] of Object.entries(commands)) {
      const time = timeOf(command);
      samples[name].push(time.wall);
      cpu[name].push(time.cpu);
    }
  loads.push(loadavg()[0]);
  return { samples, cpu, load: `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`, quiet: Math.max(...loads) <= QUIET_LOAD };
}

/** Ratios of each round (the case over that round's `node -e 0`): their median and range, of wall times and of CPU times. */
function ratios(m, name, over = 'floor') {
  const each = m.samples[name].map((wall, i) => wall / m.samples[over][i]);
  const eachCpu = m.cpu[name].map((cpu, i) => cpu / m.cpu[over][i]);
  return { median: median(each), range: range(each), ms: median(m.samples[name]), cpu: median(eachCpu), cpuMs: median(m.cpu[name]) };
}

function row(label, m, name, limit, before, over = 'floor') {
  const r = ratios(m, name, over);
  const base = over === 'floor' ? '`node -e 0`' : 'the `--no-cache` run';
  const flag = m.quiet ? '' : ' **NOT QUIET**';
  recordTarget({
    area: 'cache (issues 59, 68)',
    target: `${label} ≤ ${limit}× ${base}`,
    before,
    measured: `${r.median.toFixed(2)}× (${r.range}; ${r.ms.toFixed(0)} ms; CPU ${r.cpu.toFixed(2)}×, ${r.cpuMs.toFixed(0)} ms; load ${m.load})${flag}`,
    met: r.median <= limit,
  });
  return [
    `${label} (ratio to ${base})`,
    `${r.median.toFixed(2)}× (rounds ${r.range}×; median ${r.ms.toFixed(0)} ms); CPU ${r.cpu.toFixed(2)}× (median ${r.cpuMs.toFixed(0)} ms)`,
    `≤ ${limit}×`,
    `load ${m.load}${flag}`,
  ];
}

/** A developer's runs (CI unset), the cache key in the bench's own user cache folder (as bench/run.mjs sets it). */
const env = (() => {
  const values = { ...process.env, XDG_CACHE_HOME: path.join(here, '.out', 'user-cache') };
  delete values.CI;
  return values;
})();

/** The commands of one site: the floor, cold with a new cache, `--no-cache`, warm, one page changed. */
function commands(docs, page, work) {
  const cache = path.join(work, 'cache');
  const fresh = path.join(work, 'fresh-cache');
  const validate = (...extra) => [process.execPath, cli, 'validate', docs, ...extra];
  const original = readFileSync(page, 'utf8');
  let edits = 0;
  return {
    floor: { args: [process.execPath, '-e', '0'] },
    noCache: { args: validate('--no-cache'), env },
    coldCache: { args: validate('--cache-location', `${fresh}/`), env, before: () => rmSync(fresh, { recursive: true, force: true }) },
    warm: { args: validate('--cache-location', `${cache}/`), env },
    changed: {
      args: validate('--cache-location', `${cache}/`),
      env,
      before: () => writeFileSync(page, `${original}\n\nEdited ${++edits % 2 ? 'once' : 'twice'} in the bench.\n`),
    },
  };
}

export function cacheRows({ runs = 5 } = {}) {
  const rows = [];
  const work = mkdtempSync(path.join(tmpdir(), 'docsnav-cache-speed-'));
  cpuFile = path.join(work, 'cpu');
  try {
    const repo = path.join(work, 'mintlify');
    cpSync(path.join(DOCS_REPOS, 'mintlify'), repo, { recursive: true });
    const platformCommands = commands(path.join(repo, 'docs.json'), path.join(repo, 'quickstart.mdx'), path.join(work, 'mintlify-cache'));
    timeOf(platformCommands.warm);
    // The pages, copied just now, were racily clean in that first run (known by their text only): one page changed, then a warm run, settle them, as on a machine whose pages were written long before.
    timeOf(platformCommands.changed);
    timeOf(platformCommands.warm);
    const platform = interleaved(platformCommands, runs);
    const label = 'platform docs repo (1,130 page files)';
    rows.push(row(`${label}, cold with a new cache`, platform, 'coldCache', 8, '11–14.7× (issue 68, at 503e3aa; issue 59: 15–21×)'));
    rows.push(row(`${label}, \`--no-cache\``, platform, 'noCache', 8, '11–14.7× (issue 68, at 503e3aa)'));
    rows.push(row(`${label}, one page changed`, platform, 'changed', 3, '5.1–5.6× (issue 68, at 503e3aa)'));
    rows.push(row(`${label}, cold with a new cache over \`--no-cache\``, platform, 'coldCache', 1.1, '1.08–1.24× (issue 68, at 503e3aa)', 'noCache'));

    const generated = path.join(work, 'generated');
    mkdirSync(generated);
    const site = writeSiteWithPages(generated, 2000);
    const twoKCommands = commands(site.docs, site.page, path.join(work, 'generated-cache'));
    timeOf(twoKCommands.warm);
    delete twoKCommands.changed;
    const twoK = interleaved(twoKCommands, runs);
    const two = 'the 2k-page site with page files';
    rows.push(row(`${two}, cold with a new cache`, twoK, 'coldCache', 4, '4.5–6.3× (issue 68, at 503e3aa)'));
    rows.push(row(`${two}, warm`, twoK, 'warm', 1.5, '1.8–2.5× (issue 68, at 503e3aa)'));
    rows.push(row(`${two}, cold with a new cache over \`--no-cache\``, twoK, 'coldCache', 1.1, '1.37–1.49× (issue 68, at 503e3aa)', 'noCache'));
    rows.push([
      'navigation only, 2k / 50k, `--no-cache`, against `@mintlify/validation`',
      'see the incumbent rows (`npm run bench -- --incumbent`)',
      '≥ 3× / ≥ 8× faster',
      '',
    ]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--runs');
  const load = loadavg()[0];
  if (load > QUIET_LOAD) console.log(`NOT QUIET: load ${load.toFixed(1)} (over ${QUIET_LOAD}); the ratios below are of a busy machine.\n`);
  console.log('| measure | now | target | conditions |\n|---|---|---|---|');
  for (const r of cacheRows({ runs: at > 0 ? Number(process.argv[at + 1]) : 5 })) console.log(`| ${r.join(' | ')} |`);
}
