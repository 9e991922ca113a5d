/**
 * npm run bench: speed and memory of docsnav, printed as a table. Inputs are generated into
 * bench/.out (git-ignored); nothing large is committed.
 *
 *   --quick        a smaller set (2,000 and 50,000 pages; 3 runs each)
 *   --incumbent    also run the platform's own validator (@mintlify/validation, installed on demand
 *                  into bench/.incumbent, never a dependency) on the same inputs, side by side, and the
 *                  platform's build step (@mintlify/prebuild, bench/prebuild.mjs) on the real sites
 *   --runs <n>     runs per measurement (default 9, 3 with --quick); the table shows medians
 *   --pathological the pathological pages' table alone (bench/pathological.mjs: 4 MB of each shape that
 *                  breaks a scanner; its flags follow, e.g. --mb 1 --only fence), then exit
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as dist from '../dist/index.js';
import { validateText } from '../dist/index.js';
import { generateDeep, generateSite, generateSpec, generateSpecSite } from './generate.mjs';
import { ensureIncumbent, INCUMBENT, withRequiredFields } from './incumbent.mjs';
import { scalingRows } from './scaling.mjs';
import { printTargets, recordTarget, resetTargets } from './targets.mjs';
import { lspRows } from './lsp.mjs';
import { linkRows } from './links.mjs';
import { scannerRows } from './scanner.mjs';
import { helperRows } from './helpers.mjs';
import { speedRows } from './speed.mjs';
import { cacheRows } from './cache-speed.mjs';
import { daemonRows } from './daemon.mjs';
import { resolveScalingRows, resolveSiteRows } from './resolve-sites.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const project = path.dirname(here);
const out = path.join(here, '.out');
mkdirSync(out, { recursive: true });
// docsnav keeps page scans by default except where CI is set: every run of this bench is cold (no
// cache) unless a row asks for one with --cache-location (bench/speed.mjs, bench/links.mjs), and
// nothing is written to the user's cache folder or a node_modules/.cache.
process.env.CI = 'true';
process.env.XDG_CACHE_HOME = path.join(out, 'user-cache');
resetTargets();
if (process.argv.includes('--pathological')) {
  const args = process.argv.slice(2).filter((arg) => arg !== '--pathological');
  const run = spawnSync(process.execPath, [path.join(here, 'pathological.mjs'), ...args], { cwd: project, stdio: 'inherit' });
  process.exit(run.status ?? 1);
}
const quick = process.argv.includes('--quick');
const runsFlag = process.argv.indexOf('--runs');
const RUNS = runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : quick ? 3 : 9;
const incumbent = process.argv.includes('--incumbent') ? await import(ensureIncumbent()) : undefined;
/** "×3.2 faster" for docsnav against the incumbent (or slower). */
const ratio = (ours, theirs) => (theirs >= ours ? `docsnav ×${(theirs / ours).toFixed(1)} faster` : `docsnav ×${(ours / theirs).toFixed(1)} slower`);
const rows = [];
const notes = [];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
function time(fn, runs = RUNS) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  return median(samples);
}
function write(name, text) {
  const file = path.join(out, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}
/** A whole process: wall time (median) and peak RSS (from GNU time), run from the project folder. */
function processCost(args, runs = RUNS) {
  const walls = [];
  let rss = 0;
  let code = 0;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const run = spawnSync('/usr/bin/time', ['-f', '%M', ...args], { cwd: project, encoding: 'utf8', maxBuffer: 1 << 30 });
    walls.push(performance.now() - start);
    rss = Math.max(rss, Number(run.stderr.trim().split('\n').at(-1)) / 1024);
    code = run.status;
  }
  return { wall: median(walls), rss, code };
}

// 1. Validation in-process: warm median and first call, against JSON.parse of the same text.
const sizes = quick ? [2000, 50000] : [2000, 50000, 200000];
const perPage = {};
const warmRatio = {};
for (const pages of sizes) {
  for (const withErrors of [false, true]) {
    // With the settings the platform requires (theme, colors): docsnav reports their absence, and the
    // incumbent's schema requires them, so both take the same site, and a valid one has no problem.
    const text = generateSite(pages, { withErrors, platform: true });
    const file = write(`site-${pages}${withErrors ? '-errors' : ''}.json`, text);
    const parse = time(() => JSON.parse(text));
    let problems = 0;
    const warm = time(() => (problems = validateText(text).problems.length));
    const first = JSON.parse(spawnSync(process.execPath, [path.join(here, 'first-call.mjs'), file], { encoding: 'utf8' }).stdout);
    if (!withErrors && problems !== 0) throw new Error(`the valid ${pages}-page site has ${problems} problems: the rows would time a failing run`);
    if (!withErrors) perPage[pages] = (warm * 1000) / pages;
    if (!withErrors) warmRatio[pages] = warm / parse;
    // The incumbent on the valid sites it can take in a reasonable time: JSON.parse and its schema parse, warm.
    let theirs = '';
    if (incumbent && !withErrors && pages <= 50000) {
      const warmIncumbent = time(() => incumbent.validateDocsConfig(withRequiredFields(JSON.parse(text))));
      theirs = `${ms(warmIncumbent)} ms warm (${ratio(warm, warmIncumbent)})`;
    }
    rows.push([
      `validate ${pages.toLocaleString('en')} pages${withErrors ? `, ${problems} errors deep inside` : ', valid'} (${(text.length / 1e6).toFixed(1)} MB)`,
      `${ms(warm)} ms warm · ${ms(first.firstCallMs)} ms first call`,
      `JSON.parse ${ms(parse)} ms (×${(warm / parse).toFixed(1)})`,
      theirs,
    ]);
  }
}
recordTarget({
  area: 'validate',
  target: 'warm in-process `validateText` of 50,000 pages ≤ 3× `JSON.parse` of the same text',
  before: '×21–25',
  measured: `×${warmRatio[50000].toFixed(1)}`,
  met: warmRatio[50000] <= 3,
});
rows.push([
  'validate: cost per page, small → large',
  sizes.map((n) => `${perPage[n].toFixed(2)} µs`).join(' → '),
  `×${(perPage[sizes.at(-1)] / perPage[sizes[0]]).toFixed(2)} from ${sizes[0].toLocaleString('en')} to ${sizes.at(-1).toLocaleString('en')}`,
  '',
]);

// 2. Whole processes (cold start), interleaved run by run so that the machine's ups and downs fall on
//    all of them alike: `node -e 0` as the floor, `import('docsnav')`, `docsnav validate` of 2,000 and
//    50,000 pages, and the incumbent on the same 50,000.
const importScript = `await import(${JSON.stringify(pathToFileURL(path.join(project, 'dist', 'index.js')).href)})`;
const processes = {
  floor: [process.execPath, '-e', '0'],
  import: [process.execPath, '--input-type=module', '-e', importScript],
  ...Object.fromEntries(
    // No page files are generated, so page lookups are off: the incumbent does not check them either.
    [2000, 50000].map((pages) => [
      pages,
      [process.execPath, 'dist/cli/main.js', 'validate', path.relative(project, path.join(out, `site-${pages}.json`)), '--rule', 'page-not-found=off'],
    ]),
  ),
  ...(incumbent ? { incumbent: [process.execPath, path.join(here, 'incumbent.mjs'), 'validate', path.join(out, 'site-50000.json')] } : {}),
};
const costs = Object.fromEntries(Object.keys(processes).map((name) => [name, []]));
for (let i = 0; i < RUNS; i++) for (const [name, args] of Object.entries(processes)) costs[name].push(processCost(args, 1));
const cost = Object.fromEntries(
  Object.entries(costs).map(([name, runs]) => [name, { wall: median(runs.map((r) => r.wall)), rss: Math.max(...runs.map((r) => r.rss)), code: runs[0].code }]),
);
const floor = cost.floor;
/** The ms an `import` takes inside a fresh process (the script prints it). */
const importMs = (script, ...args) =>
  median(
    Array.from(
      { length: RUNS },
      () => JSON.parse(spawnSync(process.execPath, [path.join(here, script), ...args], { cwd: project, encoding: 'utf8' }).stdout).importMs,
    ),
  );
rows.push(['`node -e 0` (start-up floor)', `${ms(floor.wall)} ms`, `${floor.rss.toFixed(0)} MB peak RSS`, '']);
const ourImport = importMs('first-call.mjs', path.join(out, 'site-2000.json'));
const theirImport = incumbent ? importMs('incumbent.mjs', 'import') : undefined;
rows.push([
  "`import('docsnav')`: a whole process, and the import alone in a fresh one",
  `floor + ${ms(cost.import.wall - floor.wall)} ms · ${ms(ourImport)} ms`,
  `${cost.import.rss.toFixed(0)} MB peak RSS`,
  theirImport === undefined ? '' : `${ms(theirImport)} ms (${ratio(ourImport, theirImport)})`,
]);
recordTarget({
  area: 'validate',
  target: "`import('docsnav')` within 30 ms of `node -e 0`",
  before: 'floor + 60 ms',
  measured: `floor + ${ms(cost.import.wall - floor.wall)} ms`,
  met: cost.import.wall - floor.wall <= 30,
});
for (const pages of [2000, 50000]) {
  const run = cost[pages];
  const theirs = pages === 50000 ? cost.incumbent : undefined;
  rows.push([
    `\`docsnav validate\` process, ${pages.toLocaleString('en')} pages (exit ${run.code})`,
    `${ms(run.wall)} ms (floor + ${ms(run.wall - floor.wall)} ms)`,
    `${run.rss.toFixed(0)} MB peak RSS`,
    theirs ? `${ms(theirs.wall)} ms, ${theirs.rss.toFixed(0)} MB, exit ${theirs.code} (${ratio(run.wall, theirs.wall)})` : '',
  ]);
}
recordTarget({
  area: 'validate',
  target: '`docsnav validate` of 2,000 pages within 40 ms of `node -e 0`',
  before: 'floor + 40–80 ms',
  measured: `floor + ${ms(cost[2000].wall - floor.wall)} ms`,
  met: cost[2000].wall - floor.wall <= 40,
});
if (cost.incumbent) {
  const times = cost.incumbent.wall / cost[50000].wall;
  recordTarget({
    area: 'validate',
    target: '`docsnav validate` of 50,000 pages (cold) ≥ 8× the incumbent',
    before: '4.0–4.8×',
    measured: `${times.toFixed(1)}× (${ms(cost[50000].wall)} vs ${ms(cost.incumbent.wall)} ms)`,
    met: times >= 8,
  });
}

// 3. Resolution with OpenAPI specs, each run in a fresh process as a build step runs it:
//    bulk generation and explicit entries, against reading+parsing the same spec alone.
const once = (...args) => JSON.parse(spawnSync(process.execPath, [path.join(here, 'resolve-once.mjs'), ...args], { cwd: project, encoding: 'utf8' }).stdout);
for (const operations of quick ? [100, 2000] : [100, 2000, 10000]) {
  write(`spec-${operations}/openapi.json`, generateSpec(operations));
  const specFile = path.join(out, `spec-${operations}`, 'openapi.json');
  const parse = median(Array.from({ length: 5 }, () => once('parse', specFile).ms));
  for (const mode of ['bulk', 'explicit']) {
    const docs = write(`spec-${operations}/${mode}.json`, generateSpecSite(operations, mode));
    const runs = Array.from({ length: 5 }, () => once('resolve', docs));
    const resolve = median(runs.map((r) => r.ms));
    rows.push([
      `resolve ${operations.toLocaleString('en')} operations, ${mode} (${runs[0].pages} pages, ${runs[0].problems} problems)`,
      `${ms(resolve)} ms`,
      `spec read+parse ${ms(parse)} ms (×${(resolve / parse).toFixed(2)})`,
      '',
    ]);
  }
}

// 3b. `resolve` of the real sites with their specs (beside prebuild with --incumbent), and at 1×, 4×, 16× (bench/resolve-sites.mjs).
const resolveRuns = Math.min(RUNS, 5);
rows.push(...(await resolveSiteRows({ runs: resolveRuns, incumbent: incumbent !== undefined })));
rows.push(...(await resolveScalingRows({ runs: resolveRuns })));

// 3c. Links in pages and URL history on the largest real docs repository (bench/links.mjs).
rows.push(...(await linkRows({ runs: resolveRuns, incumbent: incumbent !== undefined })));
// 3d. The page scanner alone: fast path, micromark, and the pages left to micromark, per repository (bench/scanner.mjs).
rows.push(...scannerRows({ runs: resolveRuns }).rows);
// 3d'. Issue 51: when a helper thread pays for its start in a cold scan (bench/helpers.mjs).
rows.push(...(await helperRows({ runs: resolveRuns })));

// 3e. Issue 37: cold, warm and one-page-changed runs on the platform's docs repository and the
//     2,000-page site with page files; `resolveFile` of the runpod repository (bench/speed.mjs).
rows.push(...(await speedRows({ runs: resolveRuns, incumbent: incumbent !== undefined })));
// Issue 59's table: cold with a new cache, `--no-cache`, one page changed, warm; each beside the load.
rows.push(...cacheRows({ runs: resolveRuns }));
// Issue 68: one page changed through the warm checker (`docsnav daemon`), in process and `node -e 0` (bench/daemon.mjs).
rows.push(...(await daemonRows({ runs: resolveRuns })));

// 4. Scale and depth: a result or a clear problem, never a crash.
for (const [label, text] of [['groups nested 5,000 deep', generateDeep(5000)], ...(quick ? [] : [['a 50 MB docs.json', generateSite(930000)]])]) {
  const file = write(label.startsWith('groups') ? 'deep.json' : 'huge.json', text);
  const run = processCost(
    [process.execPath, 'dist/cli/main.js', 'validate', path.relative(project, file), '--format', 'json', '--rule', 'page-not-found=off'],
    1,
  );
  const inProcess = spawnSync(
    process.execPath,
    [
      '-e',
      `
    const { validateText } = await import('./dist/index.js');
    const { readFileSync } = await import('node:fs');
    const text = readFileSync(${JSON.stringify(file)}, 'utf8');
    const t = performance.now(); const r = validateText(text);
    console.log(JSON.stringify({ ms: performance.now() - t, codes: [...new Set(r.problems.map((p) => p.code))] }));
  `,
      '--input-type=module',
    ],
    { cwd: project, encoding: 'utf8' },
  );
  let detail = inProcess.stderr.trim().split('\n')[0];
  try {
    const parsed = JSON.parse(inProcess.stdout);
    detail = `${ms(parsed.ms)} ms in-process; ${parsed.codes.length ? parsed.codes.join(', ') : 'no problems'}`;
  } catch {
    // Not JSON: the first line of stderr says what happened.
  }
  rows.push([`${label} (${(text.length / 1e6).toFixed(1)} MB)`, `process exit ${run.code}, ${ms(run.wall)} ms`, `${run.rss.toFixed(0)} MB peak RSS`, detail]);
}

// 5. Hostile inputs (issue 8): the cost at N and 2N of each class that used to be quadratic or to crash.
rows.push(...scalingRows(dist, { quick }));

// 6. The language server: diagnostics after an edit, over JSON-RPC, on the corpus's largest docs.json.
rows.push(...(await lspRows()));

const cpu = (await import('node:os')).cpus()[0]?.model ?? 'unknown CPU';
const header = `Machine: ${cpu}, ${(await import('node:os')).cpus().length} cores, Node ${process.version}; medians of ${RUNS} runs.`;
const table = [
  `| measurement | docsnav | beside it | ${incumbent ? `incumbent (${INCUMBENT}), measured` : 'incumbent (run with --incumbent)'} |`,
  '|---|---|---|---|',
  ...rows.map((r) => `| ${r.join(' | ')} |`),
].join('\n');
const report = `${header}\n\n${table}\n${notes.map((n) => `\n${n}`).join('')}`;
writeFileSync(path.join(out, 'last.md'), report);
console.log(report);

// 5. What installing each package costs a docs repository (its own table).
console.log('');
spawnSync(process.execPath, [path.join(here, 'packages.mjs'), ...(incumbent ? ['--incumbent'] : [])], { cwd: project, stdio: 'inherit' });

// 6. The server: deployments per minute and POST-to-success time (its own table).
console.log('');
spawnSync(process.execPath, [path.join(project, 'server', 'bench', 'server.mjs'), ...(quick ? ['--quick'] : [])], { cwd: project, stdio: 'inherit' });
spawnSync(process.execPath, [path.join(project, 'server', 'bench', 'assistant.mjs')], { cwd: project, stdio: 'inherit' });
// 7. The server's memory (idle, after deploying the three real repositories, 50 answers at once) and first byte.
spawnSync(process.execPath, [path.join(project, 'server', 'bench', 'memory.mjs'), '--runs', quick ? '1' : '3'], { cwd: project, stdio: 'inherit' });

// 7. Every target of this run, in one table.
console.log('');
printTargets();
