/**
 * Server memory and first-byte benchmark (called by bench/run.mjs, or alone: node
 * bench/memory.mjs [--runs n]): a real `docsnav serve` process on the embedded database (and on
 * PostgreSQL when DOCSNAV_BENCH_DATABASE_URL names a server: a fresh database per run), with the three real docs
 * repositories of ../shared/corpus/docs-repos committed into local git repositories.
 * - idle RSS (the process's VmRSS a few seconds after it listens);
 * - RSS after deploying the three repositories (their search indexes built, as after each
 *   deployment in `serve`): 3 s after the last one, and once the library threads that ran the
 *   deployments have ended (30 s idle, library-threads.ts);
 * - the most RSS over the latter while 50 assistant answers stream at once (no model: extractive);
 * - time to first byte of POST /v1/assistant/{domain}/message over HTTP at 127.0.0.1, p50/p90
 *   of sequential questions over the three sites.
 * Each figure is printed beside issue 22's (measured before this benchmark existed).
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { recordTarget } from '../../bench/targets.mjs';
import { docsnavCli, freePort, freshDatabase, readBody, repoOf as makeRepo, runCli, untilHealthy } from './repos.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const corpus = path.resolve(here, '../../../shared/corpus/docs-repos');
const cli = docsnavCli();
const runsFlag = process.argv.indexOf('--runs');
const RUNS = runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : 1;
const SITES = ['mintlify', 'modelcontextprotocol', 'runpod'];
const STREAMS = 50;
/** How long a finished library thread waits for more work (server/src/analysis/library-threads.ts). */
const THREAD_IDLE_MS = 30_000;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))];
const mb = (bytes) => bytes / 2 ** 20;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

if (!existsSync(corpus)) {
  console.error(`(server memory benchmark skipped: no ${corpus})`);
  process.exit(0);
}

const work = mkdtempSync(path.join(tmpdir(), 'docsnav-bench-memory-'));
const repos = Object.fromEntries(SITES.map((site) => [site, makeRepo(work, site, (docs) => cpSync(path.join(corpus, site), docs, { recursive: true }))]));

/** Questions a reader of each site might ask (their words, not the pages' titles). */
const QUESTIONS = {
  mintlify: [
    'How do I set up a custom domain?',
    'How do I add an OpenAPI specification?',
    'How can I hide a page from the navigation?',
    'What components can I use in MDX?',
    'How do I add analytics?',
    'How do I change the colors of my docs?',
  ],
  modelcontextprotocol: [
    'What is a resource in MCP?',
    'How does the server send progress notifications?',
    'How do I build an MCP client?',
    'What transports are supported?',
    'How does authorization work?',
    'What are prompts?',
  ],
  runpod: [
    'How do I create a serverless endpoint?',
    'How are pods billed?',
    'How do I attach a network volume?',
    'What GPU types are available?',
    'How do I use the API key?',
    'How do I deploy a vLLM worker?',
  ],
};

const run = (args, store) => runCli(cli, args, store);

/** The resident set of a process (Linux /proc), in bytes. */
function rssOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) * 1024;
}

/** RSS once it stops moving: the median of a few samples after `settleMs`. */
async function settledRss(pid, settleMs = 3000) {
  await sleep(settleMs);
  const samples = [];
  for (let i = 0; i < 5; i++) {
    samples.push(rssOf(pid));
    await sleep(200);
  }
  return median(samples);
}

/** One server: start it on `store`, measure idle; with `full`, deploy the three sites and measure the rest. */
async function measure(label, store, full) {
  const tokens = {};
  const prefix = `${label.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}`;
  for (const site of SITES) {
    const id = `${prefix}-${site}`;
    run(['project', 'add', id, '--repo', repos[site], '--branch', 'main', '--docs-dir', 'docs', '--domain', id], store);
    tokens[site] = {
      id,
      admin: run(['key', 'create', '--project', id, '--kind', 'admin'], store),
      assistant: run(['key', 'create', '--project', id, '--kind', 'assistant'], store),
    };
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const limits = ['--limit-key-month', '1000000000', '--limit-org-hour', '1000000000', '--limit-ip-day', '1000000000'];
  const data = store.includes('--data') ? [] : ['--data', path.join(work, `data-${prefix}`)];
  const serve = spawn(
    process.execPath,
    [cli, 'serve', '--port', String(port), '--log-level', 'warn', '--allow-local-repos', work, ...limits, ...store, ...data],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const result = { label };
  try {
    await untilHealthy(base);
    result.idle = await settledRss(serve.pid);
    if (!full) return result;

    for (const site of SITES) await deploy(base, tokens[site]);
    // The deployments' search indexes are built after success (serve warms them): the first question waits for it.
    for (const site of SITES) await ask(base, tokens[site], QUESTIONS[site][0]);
    const deployedAt = Date.now();
    result.justDeployed = await settledRss(serve.pid);
    await sleep(Math.max(0, deployedAt + THREAD_IDLE_MS + 2000 - Date.now()));
    result.deployed = await settledRss(serve.pid, 0);

    const firstBytes = [];
    for (let round = 0; round < 5; round++)
      for (const site of SITES) for (const question of QUESTIONS[site]) firstBytes.push((await ask(base, tokens[site], question)).firstByte);
    result.ttfb = { p50: quantile(firstBytes, 0.5), p90: quantile(firstBytes, 0.9), n: firstBytes.length };

    const before = rssOf(serve.pid);
    let peak = before;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, rssOf(serve.pid));
        await sleep(5);
      }
    })();
    const answers = await Promise.all(
      Array.from({ length: STREAMS }, (_, i) => {
        const site = SITES[i % SITES.length];
        return ask(base, tokens[site], QUESTIONS[site][Math.floor(i / SITES.length) % QUESTIONS[site].length]);
      }),
    );
    sampling = false;
    await sampler;
    if (answers.some((a) => !a.finished)) throw new Error('a concurrent answer did not finish');
    result.streams = { peak, delta: peak - result.deployed, deltaFromBefore: peak - before };
    return result;
  } finally {
    serve.kill('SIGTERM');
    await new Promise((resolve) => serve.on('exit', resolve));
  }
}

async function deploy(base, token) {
  const response = await fetch(`${base}/v1/project/update/${token.id}`, { method: 'POST', headers: { authorization: `Bearer ${token.admin}` } });
  const { statusId, error } = await response.json();
  if (response.status !== 202) throw new Error(`POST ${token.id}: ${response.status} ${error}`);
  const deadline = Date.now() + 10 * 60_000;
  while (Date.now() < deadline) {
    const status = await (await fetch(`${base}/v1/project/update-status/${statusId}`, { headers: { authorization: `Bearer ${token.admin}` } })).json();
    if (status.status === 'success') return;
    if (status.status === 'failure') throw new Error(`${token.id}: ${status.summary}`);
    await sleep(100);
  }
  throw new Error(`${token.id}: no result after 10 minutes`);
}

/** One question over HTTP: time to the first byte of the body, and whether the stream finished (a `d:` part). */
async function ask(base, token, question) {
  const started = performance.now();
  const response = await fetch(`${base}/v1/assistant/${token.id}/message`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token.assistant}`, 'content-type': 'application/json' },
    body: JSON.stringify({ fp: 'anonymous', messages: [{ id: '1', role: 'user', content: question }], retrievalPageSize: 5 }),
  });
  if (response.status !== 200) throw new Error(`assistant ${token.id}: ${response.status} ${await response.text()}`);
  const { text, firstByte } = await readBody(response, started);
  return { firstByte, finished: /^d:/m.test(text) };
}

const results = { PGlite: [], PostgreSQL: [] };
const url = process.env.DOCSNAV_BENCH_DATABASE_URL;
try {
  for (let i = 0; i < RUNS; i++) {
    results.PGlite.push(await measure('PGlite', ['--data', path.join(work, `data-${i}`)], true));
    // PostgreSQL's idle figure (a fresh server process on the named database).
    if (url) {
      const database = await freshDatabase(url, `memory_${i}`);
      try {
        results.PostgreSQL.push(await measure('PostgreSQL', ['--database', database.url], false));
      } finally {
        await database.drop();
      }
    }
  }
  if (!url) console.error('(set DOCSNAV_BENCH_DATABASE_URL to a PostgreSQL server (a database it may create databases in) to measure PostgreSQL idle too)');
} finally {
  rmSync(work, { recursive: true, force: true });
}

const pick = (list, get) => median(list.map(get));
const fmt = (bytes) => `${mb(bytes).toFixed(0)} MB`;
const signedMb = (bytes) => `${bytes < 0 ? '−' : '+'}${Math.abs(mb(bytes)).toFixed(0)} MB`;
const pg = results.PGlite;
const rows = [
  ['idle RSS, embedded database (PGlite)', fmt(pick(pg, (r) => r.idle)), '330–370 MB', '≤ 200 MB'],
  ...(results.PostgreSQL.length ? [['idle RSS, PostgreSQL', fmt(pick(results.PostgreSQL, (r) => r.idle)), '95 MB', '']] : []),
  ['RSS 3 s after deploying the 3 real repositories (PGlite)', fmt(pick(pg, (r) => r.justDeployed)), '426–526 MB (after one)', ''],
  ['RSS after deploying the 3 real repositories, their threads ended (PGlite)', fmt(pick(pg, (r) => r.deployed)), '426–526 MB (after one)', '≤ 300 MB'],
  [`RSS over that, ${STREAMS} assistant answers streaming at once`, signedMb(pick(pg, (r) => r.streams.delta)), 'not measured', '≤ +100 MB'],
  [
    `assistant time to first byte, 3 sites deployed (${pg[0].ttfb.n} questions, one at a time)`,
    `p50 ${pick(pg, (r) => r.ttfb.p50).toFixed(1)} ms, p90 ${pick(pg, (r) => r.ttfb.p90).toFixed(1)} ms`,
    'not measured',
    'p90 ≤ 50 ms',
  ],
];
const load = os
  .loadavg()
  .map((x) => x.toFixed(2))
  .join(' ');
const table = [
  `Server memory and first byte (${RUNS > 1 ? `median of ${RUNS} runs` : 'one run'}; load average ${load}):`,
  '| measure | docsnav now | issue 22 (before) | target |',
  '|---|---|---|---|',
  ...rows.map((r) => `| ${r.join(' | ')} |`),
].join('\n');
const MB = 1024 * 1024;
for (const [target, before, measured, met] of [
  ['embedded-database server idle ≤ 200 MB RSS', '330–370 MB', rows[0][1], pick(pg, (r) => r.idle) <= 200 * MB],
  [
    '≤ 300 MB RSS after deploying the three real repositories (their threads ended)',
    '426–526 MB after one',
    fmt(pick(pg, (r) => r.deployed)),
    pick(pg, (r) => r.deployed) <= 300 * MB,
  ],
  [
    `${STREAMS} concurrent assistant streams ≤ +100 MB`,
    'not measured',
    signedMb(pick(pg, (r) => r.streams.delta)),
    pick(pg, (r) => r.streams.delta) <= 100 * MB,
  ],
  ['time to first byte p90 ≤ 50 ms, three sites deployed', 'not measured', `${pick(pg, (r) => r.ttfb.p90).toFixed(1)} ms`, pick(pg, (r) => r.ttfb.p90) <= 50],
]) {
  recordTarget({ area: 'server memory', target, before, measured, met });
}
mkdirSync(path.join(here, '.out'), { recursive: true });
writeFileSync(path.join(here, '.out', 'memory.md'), `${table}\n`);
writeFileSync(path.join(here, '.out', 'memory.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(table);
