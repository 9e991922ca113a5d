/**
 * When does a helper thread pay for itself in a cold page scan (src/pages/pool.ts)? What a helper
 * costs to start (a worker loading the scanner bundle, dist/cli/pages.js); where a cold scan's CPU
 * goes (the scanning thread and V8's own background threads, per thread from /proc); and whole
 * `docsnav validate --no-cache` runs with one thread and with a helper beside it
 * (`--concurrency 1`, `--concurrency 2`), interleaved with `node -e 0`, on a 50-page and the
 * 2,000-page generated sites (under pool.ts's 2 MB a helper: none starts, the rows show they do
 * not get slower) and on the three real docs repositories.
 *
 *   node bench/helpers.mjs [--runs n]      (npm run bench runs it too)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { globSync } from 'tinyglobby';
import { writeSiteWithPages } from './generate.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const project = path.dirname(here);
const cli = path.join(project, 'dist', 'cli', 'main.js');
const pagesBundle = path.join(project, 'dist', 'cli', 'pages.js');
const DOCS_REPOS = path.join(project, '..', 'shared', 'corpus', 'docs-repos');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));

/** A worker on the scanner bundle, started and gone (with no pages it loads the bundle and exits): its wall time, and the calling thread's in `new Worker`. */
async function helperStart(runs) {
  const create = [];
  const whole = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const worker = new Worker(pagesBundle);
    create.push(performance.now() - start);
    await new Promise((resolve) => worker.once('exit', resolve));
    whole.push(performance.now() - start);
  }
  return { create: median(create), whole: median(whole) };
}

/**
 * One cold scan of pages in a fresh process, one thread: the CPU of the scanning thread and of the
 * process's other threads (V8's compiler and garbage collector), from /proc (Linux).
 */
const PER_THREAD = `
  const { readFileSync, readdirSync } = await import('node:fs');
  const { createRequire } = await import('node:module');
  const scanner = createRequire(import.meta.url)(process.argv[1]);
  const jobs = JSON.parse(readFileSync(process.argv[2], 'utf8'));
  const cpuOf = (task) => { const fields = readFileSync(task + '/stat', 'utf8').split(') ')[1].split(' '); return (Number(fields[11]) + Number(fields[12])) * 10; };
  const threads = () => new Map(readdirSync('/proc/self/task').map((tid) => [tid, cpuOf('/proc/self/task/' + tid)]));
  const before = threads();
  const start = performance.now();
  scanner.scanPageTexts(jobs, 1);
  const wall = performance.now() - start;
  let main = 0, others = 0;
  for (const [tid, cpu] of threads()) { const spent = cpu - (before.get(tid) ?? 0); if (tid === String(process.pid)) main += spent; else others += spent; }
  console.log(JSON.stringify({ wall, main, others }));`;

function perThread(jobsFile, runs) {
  const samples = Array.from({ length: runs }, () => {
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', PER_THREAD, pagesBundle, jobsFile], { encoding: 'utf8', maxBuffer: 1 << 26 });
    return JSON.parse(run.stdout);
  });
  return { wall: median(samples.map((s) => s.wall)), main: median(samples.map((s) => s.main)), others: median(samples.map((s) => s.others)) };
}

/** Medians of whole processes, interleaved run by run. */
function interleaved(commands, runs) {
  const walls = Object.fromEntries(Object.keys(commands).map((name) => [name, []]));
  for (let run = 0; run < runs; run++)
    for (const [name, args] of Object.entries(commands)) {
      const start = performance.now();
      spawnSync(args[0], args.slice(1), { cwd: project, encoding: 'utf8', maxBuffer: 1 << 28 });
      walls[name].push(performance.now() - start);
    }
  return Object.fromEntries(Object.entries(walls).map(([name, list]) => [name, median(list)]));
}

/** The page files of the docs repositories as scan jobs, written to a file for the child processes. */
function jobsOf(repositories, file) {
  const jobs = repositories.flatMap((repository) =>
    globSync('**/*.{md,mdx}', { cwd: path.join(DOCS_REPOS, repository) })
      .sort()
      .map((name) => ({ text: readFileSync(path.join(DOCS_REPOS, repository, name), 'utf8'), mdx: !name.endsWith('.md') })),
  );
  writeFileSync(file, JSON.stringify(jobs));
  return jobs.reduce((bytes, job) => bytes + job.text.length, 0);
}

export async function helperRows({ runs = 5 } = {}) {
  const rows = [];
  const start = await helperStart(Math.max(runs, 5));
  rows.push([
    'a helper thread: started on the scanner bundle, loaded, gone (pool.ts)',
    `${ms(start.whole)} ms`,
    `the calling thread's part (\`new Worker\`): ${ms(start.create)} ms`,
    '',
  ]);
  const work = mkdtempSync(path.join(tmpdir(), 'docsnav-helpers-'));
  try {
    if (existsSync('/proc/self/task')) {
      const jobsFile = path.join(work, 'jobs.json');
      const bytes = jobsOf(['mintlify', 'modelcontextprotocol', 'runpod'], jobsFile);
      const cpu = perThread(jobsFile, runs);
      rows.push([
        `a cold scan of the three docs repositories' pages (${(bytes / 1e6).toFixed(1)} MB), one thread, fresh process`,
        `${ms(cpu.wall)} ms`,
        `CPU: the scanning thread ${ms(cpu.main)} ms, V8's other threads (compiler, garbage collector) ${ms(cpu.others)} ms`,
        '',
      ]);
    }
    const sites = [
      ...[50, 2000].map((pages) => [`the ${pages.toLocaleString('en')}-page generated site`, writeSiteWithPages(path.join(work, String(pages)), pages).docs]),
      ...['runpod', 'mintlify', 'modelcontextprotocol'].map((repository) => [`docs-repos/${repository}`, path.join(DOCS_REPOS, repository, 'docs.json')]),
    ];
    for (const [label, docs] of sites) {
      const validate = (...extra) => [process.execPath, cli, 'validate', docs, '--no-cache', ...extra];
      const m = interleaved(
        { floor: [process.execPath, '-e', '0'], one: validate('--concurrency', '1'), helper: validate('--concurrency', '2'), auto: validate() },
        runs,
      );
      rows.push([
        `${label}: \`validate --no-cache\`, one thread · a helper beside it · default`,
        `×${(m.one / m.floor).toFixed(1)} · ×${(m.helper / m.floor).toFixed(1)} · ×${(m.auto / m.floor).toFixed(1)} \`node -e 0\``,
        `${ms(m.one)} · ${ms(m.helper)} · ${ms(m.auto)} ms; \`node -e 0\` ${ms(m.floor)} ms`,
        '',
      ]);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const runsFlag = process.argv.indexOf('--runs');
  for (const row of await helperRows({ runs: runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : 5 })) console.log(row.filter(Boolean).join(' | '));
}
