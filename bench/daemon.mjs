/**
 * Issue 68, item 1: `docsnav validate` with one page changed on the platform's docs repository
 * (../shared/corpus/docs-repos/mintlify, copied to a temporary folder), through the warm checker
 * (`docsnav daemon`, the package's entry dist/cli/client.js), in process (dist/cli/main.js, the
 * page scan cache in the same user's cache folder) and `node -e 0`, interleaved run by run: medians
 * of wall time and of CPU (the client process's user + system; the daemon's own CPU for the same
 * check, read from /proc/<pid>/stat, beside it), with the machine's load. The target: through
 * the daemon ≤ 2× `node -e 0`.
 * Printed as table rows by bench/run.mjs; `node bench/daemon.mjs [--runs n]` prints them alone.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { recordTarget } from './targets.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const project = path.dirname(here);
const client = path.join(project, 'dist', 'cli', 'client.js');
const main = path.join(project, 'dist', 'cli', 'main.js');
const REPO = path.join(project, '..', 'shared', 'corpus', 'docs-repos', 'mintlify');
const TICKS = 100;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));

/** A process's user + system CPU so far, in ms (/proc/<pid>/stat fields 14 and 15). */
function cpuOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
}

/** One whole process: wall, its CPU (GNU time's user + system), and the daemon's CPU over the same time. */
function timed(args, options, daemonPid) {
  const before = daemonPid ? cpuOf(daemonPid) : 0;
  const start = performance.now();
  const run = spawnSync('/usr/bin/time', ['-f', '%U %S', ...args], { ...options, encoding: 'utf8', maxBuffer: 1 << 28 });
  const wall = performance.now() - start;
  const [user, system] = run.stderr.trim().split('\n').at(-1).split(' ').map(Number);
  // The command's own stderr: GNU time's lines (the exit status, the times) taken off its end.
  const stderr = run.stderr.replace(/(Command exited with non-zero status \d+\n)?[\d.]+ [\d.]+\n$/, '');
  return { wall, cpu: (user + system) * 1000, daemonCpu: daemonPid ? cpuOf(daemonPid) - before : 0, code: run.status, stdout: run.stdout, stderr };
}

export async function daemonRows({ runs = 5 } = {}) {
  const temp = mkdtempSync(path.join(tmpdir(), 'docsnav-bench-daemon-'));
  const runtime = path.join(temp, 'runtime');
  const site = path.join(temp, 'site');
  mkdirSync(runtime, { mode: 0o700 });
  cpSync(REPO, site, { recursive: true });
  const env = { ...process.env, XDG_RUNTIME_DIR: runtime, XDG_CACHE_HOME: path.join(temp, 'cache'), NO_COLOR: '1' };
  delete env.CI;
  const page = path.join(site, 'quickstart.mdx');
  const original = readFileSync(page, 'utf8');
  let edits = 0;
  const change = () => writeFileSync(page, `${original}\n\nEdited ${++edits % 2 ? 'once' : 'twice'} in the bench.\n`);
  const options = { cwd: site, env };
  const load = [];
  try {
    const started = spawnSync(process.execPath, [client, 'daemon', 'start', site], options);
    const pid = Number(/pid (\d+)/.exec(started.stdout.toString())?.[1]);
    if (!pid) throw new Error(`the daemon did not start: ${started.stderr}`);
    // Both caches warm (and the daemon's code) before the rounds.
    for (const file of [client, main])
      spawnSync(process.execPath, [file, 'validate'], { ...options, env: { ...env, DOCSNAV_DAEMON: file === client ? '1' : '0' } });
    const samples = { floor: [], inProcess: [], daemon: [] };
    let same = true;
    for (let round = 0; round < runs; round++) {
      load.push(loadavg()[0]);
      samples.floor.push(timed([process.execPath, '-e', '0'], options));
      change();
      const fresh = timed([process.execPath, main, 'validate'], { ...options, env: { ...env, DOCSNAV_DAEMON: '0' } });
      samples.inProcess.push(fresh);
      change();
      const warm = timed([process.execPath, client, 'validate'], { ...options, env: { ...env, DOCSNAV_DAEMON: '1' } }, pid);
      samples.daemon.push(warm);
      // Each run sees the page changed since the run before it; a fallback would add its line on stderr.
      if (same && !(warm.stdout === fresh.stdout && warm.stderr === fresh.stderr && warm.code === fresh.code)) {
        same = false;
        if (process.env.DOCSNAV_BENCH_DEBUG)
          console.error(
            JSON.stringify({ warm: [warm.stdout.slice(0, 300), warm.stderr, warm.code], fresh: [fresh.stdout.slice(0, 300), fresh.stderr, fresh.code] }),
          );
      }
    }
    spawnSync(process.execPath, [client, 'daemon', 'stop', site], options);
    const m = Object.fromEntries(
      Object.entries(samples).map(([name, list]) => [
        name,
        { wall: median(list.map((s) => s.wall)), cpu: median(list.map((s) => s.cpu)), daemonCpu: median(list.map((s) => s.daemonCpu)) },
      ]),
    );
    const ratio = (x) => `${(x / m.floor.wall).toFixed(2)}× node`;
    const loads = `load ${Math.min(...load).toFixed(1)}–${Math.max(...load).toFixed(1)}`;
    const times = m.daemon.wall / m.floor.wall;
    recordTarget({
      area: 'speed',
      target: 'platform docs repository, one page changed, through `docsnav daemon` ≤ 2× `node -e 0`',
      before: '5.1–5.6× (in process)',
      measured: `${times.toFixed(2)}× (${ms(m.daemon.wall)} ms; in process ${ratio(m.inProcess.wall)}; ${loads})`,
      met: times <= 2,
    });
    return [
      [
        `platform docs repository, one page changed, through \`docsnav daemon\` (medians of ${runs} interleaved runs, ${loads})`,
        `${ms(m.daemon.wall)} ms (${ratio(m.daemon.wall)}) · client CPU ${ms(m.daemon.cpu)} ms + the daemon's ${ms(m.daemon.daemonCpu)} ms`,
        `in process ${ms(m.inProcess.wall)} ms (${ratio(m.inProcess.wall)}), CPU ${ms(m.inProcess.cpu)} ms; \`node -e 0\` ${ms(m.floor.wall)} ms, CPU ${ms(m.floor.cpu)} ms`,
        same ? 'answers equal to the in-process runs' : '**answers differ from the in-process runs**',
      ],
    ];
  } finally {
    spawnSync(process.execPath, [client, 'daemon', 'stop', site], options);
    rmSync(temp, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const at = process.argv.indexOf('--runs');
  for (const row of await daemonRows({ runs: at === -1 ? 5 : Number(process.argv[at + 1]) })) console.log(`| ${row.join(' | ')} |`);
}
