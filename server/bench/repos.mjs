/**
 * Local git repositories holding a site in docs/, for the server, assistant and memory
 * benchmarks, and what those benchmarks share: the CLI, a free port, reading an answer's stream.
 */
import { cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { execFileSync, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function git(cwd, ...args) {
  execFileSync('git', ['-c', 'user.email=bench@example.com', '-c', 'user.name=Bench', '-c', 'init.defaultBranch=main', ...args], { cwd });
}

/** A repository `work/name` with one commit; `fill(docsFolder)` writes the site. */
export function repoOf(work, name, fill) {
  const dir = path.join(work, name);
  mkdirSync(path.join(dir, 'docs'), { recursive: true });
  git(dir, 'init', '-q');
  fill(path.join(dir, 'docs'));
  commitAll(dir, `${name} docs`);
  return dir;
}

/** Commits everything in the repository `dir`, creating it first if need be. */
export function commitAll(dir, message) {
  if (!existsSync(path.join(dir, '.git'))) git(dir, 'init', '-q');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', message);
}

/** The repository's top folder: its fixtures/ hold the example site. */
const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The platform's own docs repository (the shared corpus copy, or DOCSNAV_BENCH_PLATFORM_DOCS). */
export function platformDocs() {
  const folder = process.env.DOCSNAV_BENCH_PLATFORM_DOCS ?? path.resolve(repository, '../shared/corpus/docs-repos/mintlify');
  if (!existsSync(path.join(folder, 'docs.json'))) throw new Error(`no platform docs at ${folder} (set DOCSNAV_BENCH_PLATFORM_DOCS)`);
  return folder;
}

/** Copies the bundled example site (fixtures/example, without its expected outputs) into `docs`. */
export function copyExample(docs) {
  cpSync(path.join(repository, 'fixtures/example'), docs, { recursive: true, filter: (f) => !f.includes('expected') });
}

/** The `docsnav` command of the docsnav package the server depends on (it hands the server's commands to this package). */
export function docsnavCli() {
  const manifest = createRequire(import.meta.url).resolve('docsnav/package.json');
  return path.join(path.dirname(manifest), JSON.parse(readFileSync(manifest, 'utf8')).bin.docsnav);
}

/** Runs `docsnav <args> <store>` (the `docsnav` command `cli`) and returns its output; throws on failure. */
export function runCli(cli, args, store) {
  const result = spawnSync(process.execPath, [cli, ...args, ...store], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`docsnav ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
}

/** A TCP port free on 127.0.0.1 now. */
export async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Reads a response body to its end: its text and the time from `started` to its first byte (ms). */
export async function readBody(response, started) {
  const reader = response.body.getReader();
  let text = '';
  let firstByte;
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    firstByte ??= performance.now() - started;
    text += decoder.decode(value, { stream: true });
  }
  return { text, firstByte };
}

/** Waits until `base`/healthz answers (a minute at most). */
export async function untilHealthy(base) {
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A new, empty database on the PostgreSQL server of `url` (DOCSNAV_BENCH_DATABASE_URL), for one
 * measurement: each script and run starts from nothing (an idle figure is not read on tables
 * another script filled). `drop()` removes it.
 */
export async function freshDatabase(url, label) {
  const { default: pg } = await import('pg');
  const name = `docsnav_bench_${label}_${process.pid}_${Date.now()}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
