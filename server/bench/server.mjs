/**
 * Server benchmark (called by bench/run.mjs, or alone: node bench/server.mjs): a real
 * `docsnav serve` on the embedded database (and on PostgreSQL when DOCSNAV_BENCH_DATABASE_URL
 * names an empty database), deploying real local git repositories.
 * - deployments per minute of fixtures/example: one project, each POST after the previous
 *   one succeeded; and four projects at once (two jobs run at a time by default);
 * - time from POST to success for a generated 2,000-page site (pages with text).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateSite } from '../../bench/generate.mjs';
import { copyExample, docsnavCli, freePort, repoOf as makeRepo, runCli, untilHealthy } from './repos.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const cli = docsnavCli();
const quick = process.argv.includes('--quick');
const work = mkdtempSync(path.join(tmpdir(), 'docsnav-bench-server-'));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const repoOf = (name, fill) => makeRepo(work, name, fill);

const exampleRepo = (name) => repoOf(name, (docs) => copyExample(docs));

function bigSiteRepo() {
  return repoOf('site-2000', (docs) => {
    const text = generateSite(2000);
    writeFileSync(path.join(docs, 'docs.json'), text);
    const pages = [...text.matchAll(/"([a-z]{2}\/v\d+\/t\d+\/g\d+\/page-\d+)"/g)].map((m) => m[1]);
    for (const page of pages) {
      mkdirSync(path.dirname(path.join(docs, page)), { recursive: true });
      writeFileSync(
        path.join(docs, `${page}.mdx`),
        `---\ntitle: ${page}\ndescription: About ${page}.\n---\n\nIntro to ${page}.\n\n## Install\n\nRun \`npm install\` and configure it.\n\n## Use\n\n<Card title="Next">Read the guide.</Card>\n\n\`\`\`js\nconsole.log('${page}');\n\`\`\`\n`,
      );
    }
  });
}

const run = (args, store) => runCli(cli, args, store);

const projects = { acme: exampleRepo('acme'), big: bigSiteRepo() };
for (let i = 1; i <= 4; i++) projects[`p${i}`] = exampleRepo(`p${i}`);
const rows = [];

/** Registers the projects in one store, runs `docsnav serve` on it, and measures. */
async function measure(label, store) {
  const tokens = {};
  for (const [id, repo] of Object.entries(projects)) {
    run(['project', 'add', id, '--repo', repo, '--branch', 'main', '--docs-dir', 'docs'], store);
    tokens[id] = run(['key', 'create', '--project', id, '--kind', 'admin'], store);
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // With PostgreSQL, --data holds only the git cache.
  const data = store.includes('--data') ? [] : ['--data', path.join(work, `data-${label}`)];
  // The projects' repositories are local folders under `work`: this server may read them.
  const serve = spawn(process.execPath, [cli, 'serve', '--port', String(port), '--allow-local-repos', work, ...store, ...data], { stdio: 'ignore' });
  await untilHealthy(base);

  async function deploy(id) {
    const start = performance.now();
    const response = await fetch(`${base}/v1/project/update/${id}`, { method: 'POST', headers: { authorization: `Bearer ${tokens[id]}` } });
    const { statusId, error } = await response.json();
    if (response.status !== 202) throw new Error(`POST ${id}: ${response.status} ${error}`);
    const deadline = Date.now() + 10 * 60_000;
    while (Date.now() < deadline) {
      const status = await (await fetch(`${base}/v1/project/update-status/${statusId}`, { headers: { authorization: `Bearer ${tokens[id]}` } })).json();
      if (status.status === 'success' || status.status === 'failure') {
        if (status.status !== 'success') throw new Error(`${id}: ${status.summary}`);
        return { ms: performance.now() - start, summary: status.summary };
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`${id}: no result after 10 minutes`);
  }

  try {
    await deploy('acme'); // warm-up: first fetch into the cache, first analysis thread
    const sequential = quick ? 5 : 10;
    const times = [];
    const start = performance.now();
    for (let i = 0; i < sequential; i++) times.push((await deploy('acme')).ms);
    const wall = performance.now() - start;
    rows.push([
      label,
      `fixtures/example, one project, ${sequential} deployments one after another`,
      `${((sequential * 60000) / wall).toFixed(0)} deployments/min`,
      `POST → success median ${median(times).toFixed(0)} ms`,
    ]);

    const rounds = quick ? 2 : 3;
    const parallelStart = performance.now();
    for (let r = 0; r < rounds; r++) await Promise.all(['p1', 'p2', 'p3', 'p4'].map((id) => deploy(id)));
    const parallelWall = performance.now() - parallelStart;
    rows.push([
      label,
      `fixtures/example, 4 projects at once × ${rounds} rounds (2 jobs at a time)`,
      `${((rounds * 4 * 60000) / parallelWall).toFixed(0)} deployments/min`,
      `${(parallelWall / 1000).toFixed(1)} s in all`,
    ]);

    const bigTimes = [];
    let summary = '';
    for (let i = 0; i < (quick ? 1 : 3); i++) {
      const result = await deploy('big');
      bigTimes.push(result.ms);
      summary = result.summary.replace(/^deployed [0-9a-f]+ of main: /, '');
    }
    rows.push([
      label,
      `generated 2,000-page site (${summary})`,
      `POST → success ${(median(bigTimes) / 1000).toFixed(2)} s`,
      `median of ${bigTimes.length}; first ${(bigTimes[0] / 1000).toFixed(2)} s`,
    ]);
  } finally {
    serve.kill('SIGTERM');
    await new Promise((resolve) => serve.on('exit', resolve));
  }
}

try {
  await measure('PGlite', ['--data', path.join(work, 'data')]);
  // PostgreSQL too when a server is named (a fresh, empty database: projects are added to it).
  const url = process.env.DOCSNAV_BENCH_DATABASE_URL;
  if (url) await measure('PostgreSQL', ['--database', url]);
  else console.error('(set DOCSNAV_BENCH_DATABASE_URL to an empty PostgreSQL database to measure PostgreSQL too)');
} finally {
  rmSync(work, { recursive: true, force: true });
}

const table = ['| server | deployments | result | detail |', '|---|---|---|---|', ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
mkdirSync(path.join(here, '.out'), { recursive: true });
writeFileSync(path.join(here, '.out', 'server.md'), `${table}\n`);
console.log(table);
