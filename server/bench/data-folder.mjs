/**
 * The data folder as an operator measures it (issue 52 item 4): `du` of a `docsnav serve`'s
 * `--data` folder on the embedded database while one site is redeployed again and again, each
 * redeploy with one changed page. The site is Runpod's documentation (the corpus copy,
 * ../shared/corpus/docs-repos/runpod, 323 pages), committed into a local git repository.
 *
 * Printed: `du` (disk usage, as `du -s` counts it: blocks held, not apparent sizes) of the whole
 * folder and of `db/pg_wal` after the first deployment and after 4, 12 and 100 redeploys, and
 * the ratios the issue's targets read: after 12 / after 4 ≤ 1.3, after 100 / after 4 ≤ 1.2.
 * Exits 1 when a target is missed.
 *
 *   node server/bench/data-folder.mjs [--redeploys <n>] [--keep-deployments <n>]
 *
 * --redeploys (default 100; 12 reads the first two rows only). DOCSNAV_BENCH_SERVE_ARGS adds
 * options to `docsnav serve`. Run alone: every redeploy waits for the one before (~2 s each on a
 * 2-core machine), about 5 minutes for 100.
 */
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { commitAll, docsnavCli, freePort, runCli, untilHealthy } from './repos.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const REDEPLOYS = option('--redeploys', 100);
const KEEP = option('--keep-deployments', 2);
const RUNPOD = process.env.DOCSNAV_BENCH_RUNPOD ?? path.resolve(here, '../../../shared/corpus/docs-repos/runpod');
const CHANGED_PAGE = 'overview.mdx';

const cli = docsnavCli();
const work = mkdtempSync(path.join(tmpdir(), 'docsnav-bench-data-'));
const data = path.join(work, 'data');
const repo = path.join(work, 'runpod');
cpSync(RUNPOD, repo, { recursive: true, filter: (source) => !source.split(path.sep).includes('.git') });
spawnSync('chmod', ['-R', 'u+w', repo]);
commitAll(repo, 'Runpod docs');

/** Bytes `du` counts for a folder (blocks held, in KiB, as an operator's `du -sk`). */
function du(folder) {
  // A worktree may be moved or removed while du reads it: read again.
  for (let attempt = 1; ; attempt++) {
    const out = spawnSync('du', ['-sk', folder], { encoding: 'utf8' });
    if (out.status === 0) return Number(out.stdout.split(/\s/)[0]) * 1024;
    if (attempt === 10) throw new Error(`du ${folder}: ${out.stderr}`);
    spawnSync('sleep', ['0.2']);
  }
}
const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

const store = ['--data', data];
runCli(cli, ['project', 'add', 'runpod', '--repo', repo, '--branch', 'main', '--docs-dir', '.'], store);
const token = runCli(cli, ['key', 'create', '--project', 'runpod', '--kind', 'admin'], store);
const port = await freePort();
const serve = spawn(
  process.execPath,
  [
    cli,
    'serve',
    '--port',
    String(port),
    '--keep-deployments',
    String(KEEP),
    ...store,
    ...(process.env.DOCSNAV_BENCH_SERVE_ARGS?.split(' ').filter(Boolean) ?? []),
  ],
  { env: { ...process.env, DOCSNAV_ALLOW_LOCAL_REPOS: work, DOCSNAV_LOG_LEVEL: 'warn' }, stdio: ['ignore', 'ignore', 'inherit'] },
);
process.on('exit', () => serve.kill('SIGKILL'));
const base = `http://127.0.0.1:${port}`;
await untilHealthy(base);
const headers = { authorization: `Bearer ${token}` };

async function deploy() {
  const { statusId } = await (await fetch(`${base}/v1/project/update/runpod`, { method: 'POST', headers })).json();
  for (;;) {
    const status = await (await fetch(`${base}/v1/project/update-status/${statusId}`, { headers })).json();
    if (status.status === 'failure') throw new Error(`deployment failed: ${status.summary}`);
    if (status.status === 'success') return status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until the folder's size holds still (retention and its checkpoint run after success). */
async function settled() {
  let last = -1;
  for (let i = 0; i < 50; i++) {
    const now = du(data);
    if (now === last) return now;
    last = now;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return last;
}

const rows = [];
const measure = async (label, redeploys) => {
  const bytes = await settled();
  const wal = du(path.join(data, 'db', 'pg_wal'));
  rows.push({ label, redeploys, bytes, wal });
  console.log(`${label}: data folder ${mb(bytes)} (pg_wal ${mb(wal)})`);
};

const started = performance.now();
await deploy();
await measure('first deployment', 0);
for (let i = 1; i <= REDEPLOYS; i++) {
  appendFileSync(path.join(repo, CHANGED_PAGE), `\nA line added by redeploy ${i}.\n`);
  commitAll(repo, `Redeploy ${i}`);
  await deploy();
  if (i === 4 || i === 12 || i === REDEPLOYS || i % 25 === 0) await measure(`after ${i} redeploys`, i);
}
serve.kill('SIGTERM');
await new Promise((resolve) => serve.on('exit', resolve));
await measure('after serve stopped', REDEPLOYS);

const at = (n) => rows.find((row) => row.redeploys === n && !row.label.startsWith('after serve'));
const four = at(4);
const targets = [
  [12, 1.3],
  [100, 1.2],
].filter(([n]) => at(n));
console.log(
  `\n| redeploys (one changed page each, PGlite, --keep-deployments ${KEEP}) | data folder (du) | pg_wal | / after 4 | target |\n|---|---|---|---|---|`,
);
let missed = false;
for (const row of rows) {
  const target = targets.find(([n]) => n === row.redeploys && !row.label.startsWith('after serve'));
  const ratio = four ? row.bytes / four.bytes : NaN;
  if (target && ratio > target[1]) missed = true;
  console.log(
    `| ${row.label} | ${mb(row.bytes)} | ${mb(row.wal)} | ${ratio.toFixed(2)}× | ${target ? `≤ ${target[1]}× ${ratio <= target[1] ? '✓' : '✗'}` : ''} |`,
  );
}
console.log(`\n${REDEPLOYS} redeploys in ${((performance.now() - started) / 1000).toFixed(0)} s; ${work}`);
rmSync(work, { recursive: true, force: true });
process.exit(missed ? 1 : 0);
