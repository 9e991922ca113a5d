/**
 * The platform's own build step, @mintlify/prebuild, installed on demand into bench/.prebuild (git-ignored;
 * never a dependency of docsnav) and run on a site, to compare the navigation it builds (pages, their order,
 * URLs and titles) with `docsnav resolve`.
 *
 *   node bench/prebuild.mjs <siteDir>           the JSON for one site on stdout; exit 0 built, 1 not
 *   node bench/prebuild.mjs --all [--force]     every site of ../shared/corpus/complete-sites/* and
 *                                               ../shared/corpus/sites/*, two at a time, into
 *                                               bench/.prebuild/results/<set>/<name>.json, a line per site on
 *                                               stderr; a site whose result is newer than the install is
 *                                               skipped unless --force; each lane a long-lived
 *                                               child (see below), or with --fresh a child per site
 *   --timeout <s>                               per site (default 120)
 *
 * The JSON: { ok, errors, warnings, pages: [{ url, title, sidebarTitle?, icon?, tag?, hidden?, file?, openapi? }], timing }
 * with the pages in navigation order (root, pages, then groups and divisions, as the package walks them),
 * duplicates kept; `timing`: { processMs (the child process, spawn to exit), importMs (the package's import), buildMs
 * (its `prebuild()` call), cpuMs (the child's CPU time, user + system, up to the end of the build) }. `url` is the page's href in the decorated navigation without its leading slash, `file` the
 * author's page file when there is one, `openapi` the page's OpenAPI meta tag (generated: "/spec.yaml get /users").
 *
 * How: the package's `prebuild(siteCopy)` (dist/prebuild/index.js) runs in a child process (`--child`) on a
 * copy of the site in a temp folder, with that folder's out/ as its working directory, because it writes its
 * output (src/_props/docs.json, src/_props/generatedDocsNav.json, the pages, public/) relative to the cwd. The
 * pages are read from those two files side by side: docs.json gives the navigation after OpenAPI pages are
 * generated (page strings), generatedDocsNav.json the same tree with each string replaced by the page's
 * metadata (generateDecoratedDocsNavigationFromPages in dist/generate.js). `ok` is false when prebuild throws,
 * the child exits otherwise than normally or times out. What the package prints (console) is collected, with
 * the temp copy's path shown as <site>: on failure the thrown message comes first in `errors`, then what went
 * to console.error; everything else (and all of it on success) is in `warnings`. The child has no
 * network: fetch, http(s), net and tls connections throw (a remote OpenAPI spec fails the build, after the
 * package's own three retries, 1 + 2 + 4 s).
 *
 * `prebuildSite(dir, { reuse: true })` (the corpus test, --all) builds in a lane instead: a long-lived child
 * (`--serve`) that imports the package once (3-5 s of each fresh child) and builds site after site, each as
 * above (its own copy, output folder as working directory, console, blocked network, process.exit). Its
 * results are the fresh children's: on the corpus's 80 sites, `--all` both ways gave the same JSON but for
 * `timing`. The single-site command and bench/resolve-sites.mjs (which times a whole child) use a fresh child.
 *
 * Version: 1.0.1341, not the latest 1.0.1370: 1.0.1370 needs @mintlify/validation@0.1.894 (and models 0.0.368,
 * openapi-parser 0.0.9, mdx 4.0.7), which the registry does not have; forcing the available ones with npm
 * overrides makes its import fail (validation 0.1.878 has no `isFixedHttpMethod`). 1.0.1341 is the newest
 * whose whole tree installs, and it uses @mintlify/validation@0.1.878, the version bench/incumbent.mjs pins.
 * --ignore-scripts is enough: sharp 0.33 loads its prebuilt binary from the optional @img/sharp-linux-x64 and
 * @img/sharp-libvips-linux-x64 packages, no install script needed.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { inspect } from 'node:util';
import { ensurePinned, installFolder, InstallError } from './pinned.mjs';

export { InstallError };

export const PREBUILD = '@mintlify/prebuild@1.0.1341';
const TIMEOUT_MS = 120_000;
const here = path.dirname(fileURLToPath(import.meta.url));
const script = fileURLToPath(import.meta.url);
/** bench/.prebuild, or the folder DOCSNAV_PLATFORM_PACKAGES names (bench/pinned.mjs). */
export const folder = installFolder('.prebuild');
const modules = path.join(folder, 'node_modules', '@mintlify');
const entry = path.join(modules, 'prebuild', 'dist', 'index.js');
/** Written after an install: its time is what --all compares result files with. */
const stamp = path.join(folder, 'installed.json');
const corpus = path.resolve(here, '..', '..', 'shared', 'corpus');
const SETS = ['complete-sites', 'sites'];
const PARALLEL = 2;

/**
 * Installs the package into bench/.prebuild unless it is there; returns the module's file URL. Throws
 * an InstallError (bench/pinned.mjs) naming the cause when npm cannot install it.
 */
export function ensurePrebuild() {
  const manifest = path.join(modules, 'prebuild', 'package.json');
  if (!existsSync(manifest)) rmSync(stamp, { force: true });
  ensurePinned(folder, PREBUILD, manifest, { project: 'docsnav-bench-prebuild' });
  if (!existsSync(stamp)) writeFileSync(stamp, `${JSON.stringify({ package: PREBUILD, installedAt: new Date().toISOString() })}\n`);
  return pathToFileURL(entry).href;
}

/** Copies a folder (files and folders; links followed), writable, so the copy can be removed. */
export function copyTree(from, to) {
  mkdirSync(to, { recursive: true });
  for (const item of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, item.name);
    const target = path.join(to, item.name);
    const isDirectory = item.isDirectory() || (item.isSymbolicLink() && statSync(source, { throwIfNoEntry: false })?.isDirectory());
    if (isDirectory) copyTree(source, target);
    else if (item.isFile() || item.isSymbolicLink()) copyFileSync(source, target);
  }
}

/** The last lines of a child's output, for an error message. */
const tail = (text, lines = 20) => text.trim().split('\n').slice(-lines).join('\n');

/**
 * Runs the package's prebuild on a copy of `siteDir` in a child process; resolves to
 * { ok, errors, warnings, pages } (see the header). Never rejects for what the site or the package does.
 */
export async function prebuildSite(siteDir, { timeoutMs = TIMEOUT_MS, reuse = false } = {}) {
  ensurePrebuild();
  const work = mkdtempSync(path.join(os.tmpdir(), 'docsnav-prebuild-'));
  try {
    const site = path.join(work, 'site');
    const cwd = path.join(work, 'out');
    const resultFile = path.join(work, 'result.json');
    copyTree(path.resolve(siteDir), site);
    mkdirSync(cwd);
    const run = reuse ? await takeLane().build(site, resultFile, cwd, timeoutMs) : await freshChild(site, resultFile, cwd, timeoutMs);
    let result;
    try {
      result = JSON.parse(readFileSync(resultFile, 'utf8'));
    } catch {
      result = { ok: false, errors: [], warnings: [], pages: [] };
    }
    result.timing = { processMs: run.processMs, ...result.timing };
    const raw = [run.stdout.trim() && `stdout: ${tail(run.stdout)}`, run.stderr.trim() && `stderr: ${tail(run.stderr)}`].filter(Boolean);
    if (run.timedOut || run.spawnError || run.code !== 0) {
      result.ok = false;
      const how = run.timedOut
        ? `timed out after ${timeoutMs / 1000} s (killed)`
        : run.spawnError
          ? `could not start the child process: ${run.spawnError.message}`
          : `child process ended with ${run.signal ?? `exit code ${run.code}`}`;
      result.errors = [how, ...result.errors, ...raw];
    } else {
      result.warnings.push(...raw); // what was written past console
    }
    return result;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The child's environment: no colours; IS_MULTI_TENANT unset (prebuild returns at once when it is 'true'). */
function childEnv() {
  const env = { ...process.env, FORCE_COLOR: '0' };
  delete env.IS_MULTI_TENANT;
  delete env.NO_COLOR;
  return env;
}

/** Kills a detached child's process group (git blame and the like too), or the child alone. */
function killGroup(proc) {
  try {
    process.kill(-proc.pid, 'SIGKILL');
  } catch {
    proc.kill('SIGKILL');
  }
}

/** One site in a child process of its own (`--child`); resolves to { stdout, stderr, code, signal, timedOut, spawnError?, processMs }. */
function freshChild(site, resultFile, cwd, timeoutMs) {
  const spawned = performance.now();
  return new Promise((resolve) => {
    const proc = spawn(process.execPath, [script, '--child', site, resultFile], { cwd, env: childEnv(), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const out = { stdout: '', stderr: '' };
    for (const name of ['stdout', 'stderr']) {
      proc[name].setEncoding('utf8');
      proc[name].on('data', (chunk) => {
        if (out[name].length < 1 << 20) out[name] += chunk;
      });
    }
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(proc);
    }, timeoutMs);
    proc.on('error', (error) => {
      clearTimeout(timer);
      resolve({ ...out, code: null, signal: null, timedOut, spawnError: error });
    });
    proc.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ ...out, code, signal, timedOut, processMs: performance.now() - spawned });
    });
  });
}

/**
 * A lane: a long-lived child (`--serve`) that imports the package once and builds site after site,
 * one at a time (each with its output folder as the working directory, and its own console capture,
 * blocked-network list, unhandled rejections and process.exit). A site is done when the child has
 * written its result file and a line naming the site on both stdout and stderr (what came before it
 * is that site's raw output). A timeout, an exit (the package's process.exit) or a crash ends the
 * child, and that site's result says so as a fresh child's would; the lane's next site starts a new
 * child. An idle lane does not keep this process alive, and is ended after IDLE_MS; its child ends
 * when this process does (its IPC channel closes).
 */
const idleLanes = [];
const IDLE_MS = 10_000;
const DONE = 'docsnav-prebuild-site-done ';
function takeLane() {
  return idleLanes.pop() ?? new Lane();
}

class Lane {
  proc;
  sites = 0;
  idleTimer;
  /** The site being built: where the child's output and end go. */
  current;

  start() {
    const proc = spawn(process.execPath, [script, '--serve'], { cwd: os.tmpdir(), env: childEnv(), stdio: ['ignore', 'pipe', 'pipe', 'ipc'], detached: true });
    this.proc = proc;
    for (const name of ['stdout', 'stderr']) {
      proc[name].setEncoding('utf8');
      proc[name].on('data', (chunk) => this.current?.feed(name, chunk));
    }
    proc.on('error', (error) => {
      if (this.proc === proc) this.proc = undefined;
      this.current?.end({ code: null, signal: null, spawnError: error });
    });
    proc.on('close', (code, signal) => {
      if (this.proc === proc) this.proc = undefined;
      this.current?.end({ code, signal });
    });
  }

  /** Resolves to what freshChild resolves to for the same site. */
  build(site, resultFile, cwd, timeoutMs) {
    clearTimeout(this.idleTimer);
    if (!this.proc) this.start();
    const proc = this.proc;
    for (const handle of [proc, proc.channel, proc.stdout, proc.stderr]) handle?.ref?.();
    const id = `${proc.pid}:${++this.sites}`;
    const sentinel = `\n${DONE}${id}\n`;
    const began = performance.now();
    return new Promise((resolve) => {
      const out = { stdout: '', stderr: '' };
      const pending = { stdout: '', stderr: '' };
      const seen = { stdout: false, stderr: false };
      let timedOut = false;
      const append = (name, text) => {
        if (text && out[name].length < 1 << 20) out[name] += text;
      };
      const timer = setTimeout(() => {
        timedOut = true;
        killGroup(proc);
      }, timeoutMs);
      const end = ({ code, signal, spawnError }) => {
        if (this.current !== current) return;
        clearTimeout(timer);
        this.current = undefined;
        for (const name of ['stdout', 'stderr']) append(name, pending[name]);
        resolve({ ...out, code, signal, timedOut, ...(spawnError ? { spawnError } : { processMs: performance.now() - began }) });
        this.release();
      };
      const current = {
        end,
        feed: (name, chunk) => {
          if (seen[name]) return; // after this site's end line: no site's
          const text = pending[name] + chunk;
          const at = text.indexOf(sentinel);
          if (at >= 0) {
            append(name, text.slice(0, at));
            pending[name] = '';
            seen[name] = true;
            if (seen.stdout && seen.stderr) end({ code: 0, signal: null });
            return;
          }
          const keep = Math.max(0, text.length - sentinel.length + 1); // an end line split over two chunks
          append(name, text.slice(0, keep));
          pending[name] = text.slice(keep);
        },
      };
      this.current = current;
      try {
        proc.send({ id, site, resultFile, cwd });
      } catch (error) {
        end({ code: null, signal: null, spawnError: error });
      }
    });
  }

  /** Back to the idle lanes, not keeping this process alive; its child ended after IDLE_MS. */
  release() {
    const proc = this.proc;
    if (proc) for (const handle of [proc, proc.channel, proc.stdout, proc.stderr]) handle?.unref?.();
    this.idleTimer = setTimeout(() => {
      const at = idleLanes.indexOf(this);
      if (at >= 0) idleLanes.splice(at, 1);
      if (this.proc) killGroup(this.proc);
    }, IDLE_MS);
    this.idleTimer.unref();
    idleLanes.push(this);
  }
}

/** One console argument as text: errors by name and message (their stacks are noise here). */
const text = (value) =>
  typeof value === 'string' ? value : value instanceof Error ? `${value.name}: ${value.message}` : inspect(value, { depth: 4, breakLength: Infinity });
const plain = (value) => value.replace(/\u001b\[[0-9;]*m/g, '').trim();
const describe = (error) => {
  if (!(error instanceof Error)) return plain(String(error));
  const cause = error.cause instanceof Error ? ` (cause: ${error.cause.message})` : '';
  return plain(`${error.message}${cause}`);
};

/**
 * Child side: console captured, the network blocked, process.exit and unhandled rejections caught, once
 * per process; `run(site, resultFile)` builds one site (cwd = its output folder) and writes its result
 * file, with what was logged, blocked and rejected while it was the current site. `timing.importMs` is the
 * package's import (near 0 for a lane's later sites: imported once), `cpuMs` the CPU the child spent on
 * the site (with start-up and the import for a child's first site).
 */
async function childContext() {
  let current; // { site, resultFile, logged: [{ level, text }] in order, blocked, thrown, pages, written, timing }
  for (const level of ['log', 'info', 'warn', 'error', 'debug', 'trace']) {
    console[level] = (...args) => current?.logged.push({ level, text: plain(args.map(text).join(' ')) });
  }
  await blockNetwork((what) => current?.blocked.add(what));
  const finish = (state) => {
    if (state.written) return;
    state.written = true;
    const failed = state.thrown !== undefined;
    const errors = [];
    const warnings = [];
    if (failed) {
      const message = describe(state.thrown);
      if (message) errors.push(message);
    }
    for (const { level, text: line } of state.logged) {
      const text = line.split(state.site).join('<site>'); // the temp copy's path, different every run
      if (!text) continue;
      if (level === 'unhandled' || (failed && level === 'error')) errors.push(text);
      else warnings.push(text);
    }
    for (const url of state.blocked) warnings.push(`network access blocked: ${url}`);
    const ok = !failed && !state.logged.some(({ level }) => level === 'unhandled');
    writeFileSync(state.resultFile, JSON.stringify({ ok, errors, warnings, pages: failed ? [] : state.pages, timing: state.timing }));
  };
  const exit = process.exit.bind(process);
  process.exit = (code) => {
    if (current) {
      if (current.thrown === undefined && code) current.thrown = new Error(`the package called process.exit(${code})`);
      finish(current);
    }
    exit(code);
  };
  process.on('unhandledRejection', (reason) => current?.logged.push({ level: 'unhandled', text: `unhandled rejection: ${describe(reason)}` }));
  let prebuildModule;
  let sites = 0;
  const run = async (site, resultFile) => {
    const state = { site, resultFile, logged: [], blocked: new Set(), thrown: undefined, pages: [], written: false, timing: {} };
    current = state;
    const cpuFrom = sites++ === 0 ? undefined : process.cpuUsage();
    try {
      const imported = performance.now();
      prebuildModule ??= await import(pathToFileURL(entry).href);
      const built = performance.now();
      state.timing.importMs = built - imported;
      // As a multi-repository deployment builds (the one build where a `{ "sourceRef": … }` entry means
      // something: the platform fills it with another repository's navigation, platform-facts §1a, and
      // its local build leaves it out); a site without one builds exactly as with no option.
      await prebuildModule.prebuild(site, { allowSourceRefs: true });
      state.timing.buildMs = performance.now() - built;
      const cpu = process.cpuUsage(cpuFrom);
      state.timing.cpuMs = (cpu.user + cpu.system) / 1000;
      state.pages = await readPages(prebuildModule, site);
    } catch (error) {
      state.thrown = error ?? new Error('thrown: undefined');
    }
    finish(state);
  };
  return { run, exit };
}

/** `--child`: one site in this process, then exit (whatever the package left open does not keep it alive). */
async function child(site, resultFile) {
  const { run, exit } = await childContext();
  await run(site, resultFile);
  exit(0);
}

/** `--serve`: a lane's child; builds each site it is sent, then writes the site's end line on stdout and stderr. */
async function serve() {
  const { run, exit } = await childContext();
  let queue = Promise.resolve();
  process.on('message', ({ id, site, resultFile, cwd }) => {
    queue = queue.then(async () => {
      process.chdir(cwd);
      await run(site, resultFile);
      process.chdir(os.tmpdir()); // the output folder is removed after the site
      const line = `\n${DONE}${id}\n`;
      process.stdout.write(line);
      process.stderr.write(line);
    });
  });
  process.on('disconnect', () => exit(0));
}

/** fetch, http(s).request/get, net and tls connections throw in this process; what was tried is noted. */
async function blockNetwork(noted) {
  const refuse = (what) => {
    noted(what);
    return new Error(`network access blocked by bench/prebuild.mjs: ${what}`);
  };
  globalThis.fetch = async (input) => {
    throw refuse(`fetch ${typeof input === 'string' ? input : (input?.url ?? String(input))}`);
  };
  const target = (args) => {
    const [first, second] = args;
    if (typeof first === 'string' || first instanceof URL) return String(first);
    const options = { ...first, ...(typeof second === 'object' ? second : {}) };
    return `${options.protocol ?? ''}//${options.hostname ?? options.host ?? '?'}${options.port ? `:${options.port}` : ''}${options.path ?? ''}`;
  };
  const [http, https, net, tls, module] = await Promise.all(['node:http', 'node:https', 'node:net', 'node:tls', 'node:module'].map((name) => import(name)));
  for (const [name, lib] of [
    ['http', http.default],
    ['https', https.default],
  ]) {
    lib.request = lib.get = (...args) => {
      throw refuse(`${name} ${target(args)}`);
    };
  }
  for (const [name, lib, keys] of [
    ['net', net.default, ['connect', 'createConnection']],
    ['tls', tls.default, ['connect']],
  ]) {
    for (const key of keys) {
      const original = lib[key];
      lib[key] = (...args) => {
        const options = typeof args[0] === 'object' ? args[0] : { port: args[0], host: typeof args[1] === 'string' ? args[1] : undefined };
        if (options?.path) return original(...args); // a local socket, not the network
        throw refuse(`${name} ${options?.host ?? 'localhost'}:${options?.port}`);
      };
    }
  }
  module.syncBuiltinESMExports();
}

/**
 * The pages of the navigation prebuild wrote, in order: src/_props/docs.json (page strings, after OpenAPI
 * pages are generated) walked side by side with src/_props/generatedDocsNav.json (the same tree, each string
 * replaced by its page metadata), the way generateDecoratedDocsNavigationFromPages walks it.
 */
async function readPages(prebuildModule, site) {
  const props = path.join(process.cwd(), 'src', '_props');
  const config = JSON.parse(readFileSync(path.join(props, 'docs.json'), 'utf8'));
  const decorated = JSON.parse(readFileSync(path.join(props, 'generatedDocsNav.json'), 'utf8'));
  const { divisions } = await import(pathToFileURL(path.join(modules, 'validation', 'dist', 'index.js')).href);
  // The author's page files, as the package tells them from snippets and ignored files.
  const { contentFilenames } = await prebuildModule.categorizeFilePaths(site, await prebuildModule.getMintIgnore(site), true);
  const fileBySlug = new Map();
  for (const filename of [...contentFilenames].sort()) {
    const slug = filename.replace(/^\//, '').replace(/\.mdx?$/, '');
    if (!fileBySlug.has(slug) || filename.endsWith('.mdx')) fileBySlug.set(slug, filename.replace(/^\//, ''));
  }
  const pages = [];
  const page = (entry, metadata) => {
    const meta = metadata && typeof metadata === 'object' ? metadata : {};
    const url = typeof meta.href === 'string' ? meta.href.replace(/^\//, '') : entry.replace(/^\//, '');
    const result = { url, title: meta.title ?? null };
    for (const key of ['sidebarTitle', 'icon', 'tag']) if (meta[key] !== undefined && meta[key] !== null) result[key] = meta[key];
    if (meta.hidden === true) result.hidden = true;
    const file = fileBySlug.get(url);
    if (file) result.file = file;
    if (typeof meta.openapi === 'string') result.openapi = meta.openapi;
    pages.push(result);
  };
  const walk = (node, deco) => {
    if (!node || typeof node !== 'object') return;
    if (typeof node.root === 'string') page(node.root, deco?.root);
    if (Array.isArray(node.pages)) {
      node.pages.forEach((item, i) => (typeof item === 'string' ? page(item, deco?.pages?.[i]) : walk(item, deco?.pages?.[i])));
    }
    for (const division of ['groups', ...divisions]) {
      if (Array.isArray(node[division])) node[division].forEach((item, i) => walk(item, deco?.[division]?.[i]));
    }
  };
  walk({ ...config.navigation, global: undefined }, decorated); // global anchors and tabs are links, not pages
  return pages;
}

/** --all: every corpus site, PARALLEL at a time; results into bench/.prebuild/results/<set>/<name>.json. */
async function all({ force, fresh, timeoutMs }) {
  ensurePrebuild();
  const installedAt = statSync(stamp).mtimeMs;
  const jobs = [];
  for (const set of SETS) {
    const dir = path.join(corpus, set);
    for (const name of readdirSync(dir).sort()) {
      if (statSync(path.join(dir, name)).isDirectory())
        jobs.push({ set, name, dir: path.join(dir, name), out: path.join(folder, 'results', set, `${name}.json`) });
    }
  }
  const totals = Object.fromEntries(SETS.map((set) => [set, { sites: 0, ok: 0, failed: [], pages: 0, seconds: 0, skipped: 0 }]));
  const start = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      let result;
      let skipped = false;
      if (!force && existsSync(job.out) && statSync(job.out).mtimeMs > installedAt) {
        result = JSON.parse(readFileSync(job.out, 'utf8'));
        skipped = true;
      } else {
        const began = performance.now();
        result = await prebuildSite(job.dir, { timeoutMs, reuse: !fresh });
        result.seconds = Number(((performance.now() - began) / 1000).toFixed(2));
        mkdirSync(path.dirname(job.out), { recursive: true });
        writeFileSync(job.out, `${JSON.stringify(result, null, 2)}\n`);
      }
      const total = totals[job.set];
      total.sites++;
      total.pages += result.pages.length;
      total.seconds += result.seconds ?? 0;
      if (skipped) total.skipped++;
      if (result.ok) total.ok++;
      else total.failed.push({ name: job.name, error: result.errors[0] ?? '' });
      const first = result.ok ? '' : `  ${(result.errors.find(Boolean) ?? '').split('\n')[0].slice(0, 200)}`;
      process.stderr.write(
        `${job.set}/${job.name}: ${result.ok ? 'ok' : 'FAIL'}, ${result.pages.length} pages, ${(result.seconds ?? 0).toFixed(1)} s${skipped ? ' (kept)' : ''}${first}\n`,
      );
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  for (const [set, total] of Object.entries(totals)) {
    process.stderr.write(
      `${set}: ${total.ok}/${total.sites} ok, ${total.failed.length} failed, ${total.pages} pages, ${total.seconds.toFixed(1)} s of child time` +
        `${total.skipped ? ` (${total.skipped} kept from earlier runs)` : ''}\n`,
    );
  }
  process.stderr.write(`wall time ${((performance.now() - start) / 1000).toFixed(1)} s\n`);
}

if (process.argv[1] === script) {
  const args = process.argv.slice(2);
  const timeoutFlag = args.indexOf('--timeout');
  const timeoutMs = timeoutFlag >= 0 ? Number(args[timeoutFlag + 1]) * 1000 : TIMEOUT_MS;
  const positional = (arg, i) => !arg.startsWith('--') && (timeoutFlag < 0 || i !== timeoutFlag + 1);
  if (args[0] === '--child') {
    await child(args[1], args[2]);
  } else if (args[0] === '--serve') {
    await serve();
  } else if (args.includes('--all')) {
    await all({ force: args.includes('--force'), fresh: args.includes('--fresh'), timeoutMs });
  } else if (args.some(positional)) {
    const result = await prebuildSite(args.find(positional), { timeoutMs });
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    process.exitCode = result.ok ? 0 : 1;
  } else {
    process.stderr.write('usage: node bench/prebuild.mjs <siteDir> | --all [--force] [--timeout <s>]\n');
    process.exitCode = 2;
  }
}
