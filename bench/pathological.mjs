/**
 * Pathological pages (issue 66): one page of each shape that breaks a scanner, 4 MB each, in a
 * site of its own, checked as a user's CI checks it (`docsnav validate`, a whole process, no
 * cache) and resolved (`docsnav resolve`, which reads front matter). Each row is the process's
 * wall time and peak RSS (GNU time), printed beside `node -e 0`'s as ratios, against a budget:
 * every page check is linear in the page's size with a small constant (docs/page-checks.md).
 *
 *   node bench/pathological.mjs [--runs n] [--mb n] [--only name,name] [--timeout s]
 *   npm run bench -- --pathological     the same (after a fresh build), its flags passed on
 *
 * The budget, for a 4 MB page: at most TIME_BUDGET × the floor's wall time and at most
 * RSS_BUDGET MB of peak RSS above the floor's. A run that passes `--timeout` (default 120 s) is
 * killed and shown as such. Exit 1 when a row is over its budget (standalone only).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SHAPES } from './pathological-shapes.mjs';
import { recordTarget } from './targets.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const project = path.dirname(here);
const out = path.join(here, '.out', 'pathological');

/** The budget of a 4 MB page (scaled with --mb): × `node -e 0`'s wall time, and MB of peak RSS above its. */
export const TIME_BUDGET = 40;
export const RSS_BUDGET = 160;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A whole process: wall time (ms), peak RSS (MB) and exit code, killed after `timeoutMs`. */
function processCost(args, timeoutMs) {
  const start = performance.now();
  const run = spawnSync('/usr/bin/time', ['-f', '%M', ...args], {
    cwd: project,
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    timeout: timeoutMs,
    killSignal: 'SIGKILL',
  });
  const wall = performance.now() - start;
  const rss = Number(run.stderr.trim().split('\n').at(-1)) / 1024;
  return { wall, rss: Number.isFinite(rss) ? rss : NaN, code: run.status, killed: run.signal !== null || run.error !== undefined };
}

/** The site of one shape: docs.json listing the page, and the page. */
function writeSite(name, text) {
  const folder = path.join(out, name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, ''));
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'docs.json'), `${JSON.stringify({ navigation: { pages: ['index', 'page'] } })}\n`);
  writeFileSync(path.join(folder, 'index.mdx'), '# Home\n\n[The page](/page)\n');
  writeFileSync(path.join(folder, 'page.mdx'), text);
  return folder;
}

const fixed = (x, digits = 1) => (Number.isFinite(x) ? x.toFixed(digits) : '?');

/**
 * The table's rows: one per shape and command, `[measurement, docsnav, beside it, budget]`, and
 * whether all are within budget.
 */
export function pathologicalRows({ runs = 3, mb = 4, only, timeoutMs = 120_000, commands = ['validate', 'resolve'] } = {}) {
  const bytes = Math.round(mb * 1024 * 1024);
  const floorRuns = Array.from({ length: Math.max(runs, 5) }, () => processCost([process.execPath, '-e', '0'], timeoutMs));
  const floor = { wall: median(floorRuns.map((r) => r.wall)), rss: median(floorRuns.map((r) => r.rss)) };
  const timeBudget = TIME_BUDGET * (mb / 4);
  const rssBudget = RSS_BUDGET * (mb / 4);
  const rows = [['`node -e 0` (the floor)', `${fixed(floor.wall, 0)} ms`, `${fixed(floor.rss, 0)} MB peak RSS`, '']];
  let within = true;
  for (const [name, make] of Object.entries(SHAPES)) {
    if (only && !only.some((part) => name.includes(part))) continue;
    const text = make(bytes);
    const folder = writeSite(name, text);
    for (const command of commands) {
      const args = [
        process.execPath,
        'dist/cli/main.js',
        command,
        path.relative(project, folder),
        '--format',
        'json',
        ...(command === 'resolve' ? ['--tree-format', 'json'] : []),
      ];
      const samples = [];
      for (let i = 0; i < runs; i++) {
        const run = processCost(args, timeoutMs);
        samples.push(run);
        if (run.killed) break;
      }
      const killed = samples.some((run) => run.killed);
      const wall = median(samples.map((run) => run.wall));
      const rss = Math.max(...samples.map((run) => run.rss));
      const ok = !killed && wall <= timeBudget * floor.wall && rss - floor.rss <= rssBudget && samples.every((run) => run.code === 0 || run.code === 1);
      within &&= ok;
      rows.push([
        `${command}: ${name} (${(text.length / 1024 / 1024).toFixed(1)} MB)`,
        killed ? `killed after ${timeoutMs / 1000} s` : `${fixed(wall, 0)} ms (×${fixed(wall / floor.wall)}), exit ${samples[0].code}`,
        `${fixed(rss, 0)} MB peak RSS (×${fixed(rss / floor.rss)})`,
        `${ok ? '✔' : '✘'} ≤ ×${timeBudget} and ≤ floor + ${rssBudget} MB`,
      ]);
    }
  }
  recordTarget({
    area: 'pages',
    target: `every pathological ${mb} MB page checked within ×${timeBudget} of \`node -e 0\` and ${rssBudget} MB above its RSS`,
    before: '4 MB of unclosed front matter: past 120 s at 1.5 GB',
    measured: within ? 'all within' : 'some over (the table says which)',
    met: within,
  });
  return { rows, within };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const flag = (name, fallback) => {
    const at = process.argv.indexOf(name);
    return at > 0 ? process.argv[at + 1] : fallback;
  };
  process.env.CI = 'true';
  const { rows, within } = pathologicalRows({
    runs: Number(flag('--runs', '3')),
    mb: Number(flag('--mb', '4')),
    only: flag('--only', undefined)?.split(','),
    timeoutMs: Number(flag('--timeout', '120')) * 1000,
    commands: flag('--commands', 'validate,resolve').split(','),
  });
  const os = await import('node:os');
  console.log(`Machine: ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}, Node ${process.version}.\n`);
  console.log(['| page | docsnav | memory | budget |', '|---|---|---|---|', ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n'));
  process.exitCode = within ? 0 : 1;
}
