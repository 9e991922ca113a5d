/**
 * What reading a local repository through the server's own copy costs (issue 52 item 1):
 * `node server/bench/local-copy.mjs [--before <server dist>] [--runs <n>] [--large-mb <n>]`.
 *
 * A real `docsnav serve` (embedded database) deploys the three docs repositories of
 * ../shared/corpus/docs-repos (each committed into a git repository of its own, as a first
 * commit leaves it: loose objects) and a large one (the platform docs with 160 MB of image files,
 * or `--large-mb`, packed as a repository is after `git gc`), from POST to success as a client sees it: the first
 * deployment, then a redeploy after one changed page. With `--before`, the same with another
 * build of the server (its dist/ folder: the build before the copy), interleaved run by run, with
 * `node -e 0` timed in the same runs. Prints medians, what the copies took (their log lines),
 * the disk they take (`du` of the copies, and of the whole data folder), each first copy as a
 * ratio to `git clone --local --bare` (hard links) and to the same with `--no-hardlinks` (bytes
 * copied, as docsnav's copy does) of that repository in the same run, and the slowest /healthz
 * answer while each repository deployed (a probe every 50 ms).
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, openSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { commitAll, freePort, untilHealthy } from './repos.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const argument = (name) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const builds = [['after', path.resolve(here, '../dist')]];
if (argument('--before')) builds.unshift(['before', path.resolve(argument('--before'))]);
const runs = Number(argument('--runs') ?? 3);
const largeMb = Number(argument('--large-mb') ?? 160);
const corpus = path.resolve(here, '../../../shared/corpus/docs-repos');
const work = mkdtempSync(path.join(tmpdir(), 'docsnav-bench-local-copy-'));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * `docsnav <command> …` of the server build `dist` (its runServerCommand, as the docsnav CLI calls
 * it), from a file: serve's threads inherit node's flags, and `--input-type` fails in a thread.
 */
const RUNNER = `const [dist, command, ...argv] = process.argv.slice(2);
const { runServerCommand } = await import(dist);
process.exitCode = await runServerCommand(command, argv, { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t) });`;
const runner = path.join(work, 'runner.mjs');
writeFileSync(runner, RUNNER);
const command = (dist, args) => [process.execPath, [runner, pathToFileURL(path.join(dist, 'index.js')).href, ...args]];

function run(dist, args) {
  const [node, argv] = command(dist, args);
  const result = spawnSync(node, argv, { encoding: 'utf8', env: { ...process.env, DOCSNAV_ALLOW_LOCAL_REPOS: work } });
  if (result.status !== 0) throw new Error(`docsnav ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
}

/** The repositories: name -> folder (each with its docs.json at the top). */
function repositories() {
  const repos = {};
  for (const name of readdirSync(corpus)) {
    const dir = path.join(work, 'repos', name);
    cpSync(path.join(corpus, name), dir, { recursive: true });
    spawnSync('chmod', ['-R', 'u+w', dir]);
    commitAll(dir, `${name} docs`);
    repos[name] = dir;
  }
  const large = path.join(work, 'repos', 'large');
  cpSync(path.join(corpus, 'mintlify'), large, { recursive: true });
  spawnSync('chmod', ['-R', 'u+w', large]);
  mkdirSync(path.join(large, 'images'), { recursive: true });
  for (let i = 0; i < largeMb; i++) {
    const bytes = Buffer.alloc(1024 * 1024);
    for (let j = 0; j < bytes.length; j += 4) bytes.writeUInt32LE((Math.random() * 2 ** 32) >>> 0, j);
    writeFileSync(path.join(large, 'images', `screenshot-${i}.png`), bytes);
  }
  commitAll(large, 'platform docs with images');
  spawnSync('git', ['gc', '-q'], { cwd: large });
  repos.large = large;
  return repos;
}

/** One page of `repo` changed and committed (the redeploy's change). */
function changePage(repo, round) {
  const page = readdirSync(repo).find((name) => name.endsWith('.mdx'));
  writeFileSync(path.join(repo, page), `---\ntitle: Changed ${round}\n---\n\nChanged in round ${round}.\n`);
  commitAll(repo, `change ${round}`);
}

/** How long git takes to clone `repo` locally (`extra`: more options), in ms. */
function gitCloneMs(repo, extra) {
  const target = path.join(work, 'clone-baseline');
  rmSync(target, { recursive: true, force: true });
  const started = performance.now();
  const result = spawnSync('git', ['clone', '-q', '--local', '--bare', ...extra, repo, target]);
  const ms = performance.now() - started;
  if (result.status !== 0) throw new Error(`git clone --local ${repo}: ${result.stderr}`);
  rmSync(target, { recursive: true, force: true });
  return ms;
}

/** The slowest /healthz answer until `stop()` (a probe every 50 ms, one at a time). */
function probeHealth(base) {
  let slowest = 0;
  let probes = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await fetch(`${base}/healthz`).then(
        (answer) => answer.arrayBuffer(),
        () => undefined,
      );
      slowest = Math.max(slowest, performance.now() - started);
      probes++;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return { slowest, probes };
  };
}

function du(folder) {
  const result = spawnSync('du', ['-sk', folder], { encoding: 'utf8' });
  return Number(result.stdout.split('\t')[0]) * 1024;
}

/** One run of a build: a fresh data folder and serve, each repository deployed, changed, deployed again. */
async function runBuild(label, dist, repos, round) {
  const data = path.join(work, `data-${label}-${round}`);
  const store = ['--data', data];
  const token = {};
  for (const [name, repo] of Object.entries(repos)) {
    run(dist, ['project', 'add', name, '--repo', repo, '--branch', 'main', '--docs-dir', '.', ...store]);
    token[name] = run(dist, ['key', 'create', '--project', name, '--kind', 'admin', ...store]);
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const log = openSync(path.join(work, `serve-${label}-${round}.log`), 'w');
  const [node, argv] = command(dist, ['serve', '--port', String(port), '--allow-local-repos', work, ...store]);
  const serve = spawn(node, argv, { stdio: ['ignore', log, log] });
  await untilHealthy(base);
  const deploy = async (name) => {
    const stopProbing = probeHealth(base);
    const started = performance.now();
    const response = await fetch(`${base}/v1/project/update/${name}`, { method: 'POST', headers: { authorization: `Bearer ${token[name]}` } });
    const { statusId } = await response.json();
    for (;;) {
      const status = await fetch(`${base}/v1/project/update-status/${statusId}`, { headers: { authorization: `Bearer ${token[name]}` } }).then(
        (answer) => answer.json(),
        () => ({}),
      );
      if (status.status === 'success' || status.status === 'failure') {
        const ms = performance.now() - started;
        const health = await stopProbing();
        if (status.status !== 'success') throw new Error(`${label} ${name}: ${status.summary}`);
        const copy = status.logs.find((line) => line.startsWith('copied the local repository')) ?? '';
        const copyMs = Number(/ in (\d+) ms$/.exec(copy)?.[1] ?? NaN);
        return { ms, copy, copyMs, healthMs: health.slowest };
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  const results = {};
  try {
    for (const name of Object.keys(repos)) {
      // git's own local clones of the same repository, just before its first copy.
      const cloneMs = gitCloneMs(repos[name], []);
      const bytesCloneMs = gitCloneMs(repos[name], ['--no-hardlinks']);
      results[name] = { cloneMs, bytesCloneMs, first: await deploy(name) };
    }
    for (const name of Object.keys(repos)) {
      changePage(repos[name], `${label}-${round}`);
      results[name].redeploy = await deploy(name);
    }
  } finally {
    serve.kill('SIGTERM');
    await new Promise((resolve) => serve.on('exit', resolve));
  }
  const gitDir = path.join(data, 'git');
  const copies = readdirSync(gitDir).filter((name) => name.endsWith('.local'));
  for (const name of Object.keys(repos))
    results[name].copyBytes = copies.filter((copy) => copy.startsWith(`${name}-`)).reduce((sum, copy) => sum + du(path.join(gitDir, copy)), 0);
  results.dataBytes = du(data);
  rmSync(data, { recursive: true, force: true });
  return results;
}

const repos = repositories();
const nodeTimes = [];
const measured = Object.fromEntries(builds.map(([label]) => [label, []]));
for (let round = 0; round < runs; round++) {
  for (const [label, dist] of round % 2 === 0 ? builds : [...builds].reverse()) {
    const started = performance.now();
    spawnSync(process.execPath, ['-e', '0']);
    nodeTimes.push(performance.now() - started);
    console.error(`run ${round + 1}/${runs}: ${label}`);
    measured[label].push(await runBuild(label, dist, repos, round));
  }
}

const nodeMs = median(nodeTimes);
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const cell = (ms) => `${Math.round(ms)} ms (${(ms / nodeMs).toFixed(0)}× node)`;
console.log(
  `\nnode -e 0: median ${Math.round(nodeMs)} ms; ${runs} runs per build, interleaved; load average ${spawnSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).stdout.split(' ').slice(0, 3).join(' ')}\n`,
);
console.log('| repository | build | first deployment | redeploy (one page changed) | copy (first; redeploy) | copy on disk |');
console.log('|---|---|---|---|---|---|');
for (const name of Object.keys(repos)) {
  for (const [label] of builds) {
    const results = measured[label].map((result) => result[name]);
    const copy = results[0].first.copy
      ? `${results[0].first.copy.replace(/^copied the local repository for git to read: /, '')}; ${results[0].redeploy.copy.replace(/^copied the local repository for git to read: /, '')}`
      : '—';
    console.log(
      `| ${name} | ${label} | ${cell(median(results.map((result) => result.first.ms)))} | ${cell(median(results.map((result) => result.redeploy.ms)))} | ${copy} | ${label === 'after' ? mb(median(results.map((result) => result.copyBytes))) : '—'} |`,
    );
  }
}
for (const [label] of builds)
  console.log(`data folder after every deployment (${label}): ${mb(median(measured[label].map((result) => result.dataBytes)))} (du)`);
console.log(
  '\n| repository | build | first copy | git clone --local --bare | copy ÷ clone | --no-hardlinks clone | copy ÷ that | slowest /healthz (first; redeploy) |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const name of Object.keys(repos)) {
  for (const [label] of builds) {
    const results = measured[label].map((result) => result[name]);
    const copyMs = median(results.map((result) => result.first.copyMs));
    const cloneMs = median(results.map((result) => result.cloneMs));
    const bytesMs = median(results.map((result) => result.bytesCloneMs));
    const ratio = (a, b) => (Number.isNaN(a) ? '—' : `${(a / b).toFixed(1)}×`);
    console.log(
      `| ${name} | ${label} | ${Number.isNaN(copyMs) ? '—' : `${Math.round(copyMs)} ms`} | ${Math.round(cloneMs)} ms | ${ratio(copyMs, cloneMs)} | ${Math.round(bytesMs)} ms | ${ratio(copyMs, bytesMs)} | ${Math.round(median(results.map((result) => result.first.healthMs)))} ms; ${Math.round(median(results.map((result) => result.redeploy.healthMs)))} ms |`,
    );
  }
}
rmSync(work, { recursive: true, force: true });
