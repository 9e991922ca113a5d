/**
 * Issue 38 item 1: a full disk. `docsnav serve` runs with its data folder on a 72 MB tmpfs
 * mounted in a mount namespace of its own (`unshare -m`: the mount ends with the process, nothing
 * to clean), and a 4,000-page deployment fills it. Before: on the embedded database, PGlite's WAL
 * flush failed with ENOSPC and spun for good (no request answered, not /healthz, not even after
 * space was freed). Now: the deployment fails with a line that says so, /healthz answers
 * throughout and says the disk is low, a write on a full disk gets 507 while reads go on, and
 * everything comes back by itself when space does. On PostgreSQL the same with the data folder
 * (git caches and worktrees) on the tmpfs.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  bigSiteRepo,
  CLI,
  freePort,
  ownPostgresUnavailable,
  postgresBin,
  postgresUnavailable,
  probeHealth,
  runCli,
  startPostgres,
  startServe,
  stopProc,
  tempDir,
  waitFor,
  type Proc,
  type TestPostgres,
} from './helpers.js';
import { mkdirSync, readlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { hangGuard } from '../../test/time-scale.mjs';

const MB = 1024 * 1024;

/** Why this test cannot run here: it mounts a tmpfs in a namespace of its own (root, unshare, nsenter). */
function namespacesUnavailable(): string | undefined {
  if (process.getuid?.() !== 0) return 'mounting a tmpfs needs root';
  const probe = spawnSync('unshare', ['-m', '--propagation', 'private', 'sh', '-c', 'mount -t tmpfs -o size=1m tmpfs /mnt && umount /mnt'], {
    encoding: 'utf8',
  });
  if (probe.status !== 0) return `cannot mount a tmpfs in a mount namespace: ${probe.stderr.trim()}`;
  return undefined;
}

/** A repository of `pages` pages of ~1.6 KB each (its checkout: ~16 MB on a tmpfs). */
const siteOf = (dir: string, pages: number) => bigSiteRepo(path.join(dir, 'site'), pages, ` ${'word '.repeat(300)}`);

/** How the data folder's disk is mounted at "$2" ("$1": a tmpfs's size, or a file system image). */
const TMPFS = 'mount -t tmpfs -o "size=$1" tmpfs "$2"';
const IMAGE = 'mount -o loop "$1" "$2"';

/**
 * `docsnav serve` with its data folder on a `size` tmpfs of its own (or, with `how` IMAGE, on the
 * file system image `size`): the folder `seed` (a project and a key) is copied onto it first. The
 * mount lives in the process's namespace and ends with it.
 */
async function serveOnTmpfs(seed: string, mount: string, size: string, args: string[], how = TMPFS): Promise<{ proc: Proc; base: string }> {
  const port = await freePort();
  mkdirSync(mount, { recursive: true });
  const script = `${how} && cp -a "$3/." "$2/" && shift 3 && exec "$@"`;
  const child = spawn(
    'unshare',
    [
      '-m',
      '--propagation',
      'private',
      'sh',
      '-c',
      script,
      'sh',
      size,
      mount,
      seed,
      process.execPath,
      CLI,
      'serve',
      '--data',
      mount,
      '--port',
      String(port),
      ...args,
    ],
    { env: { ...process.env, DOCSNAV_ALLOW_LOCAL_REPOS: tmpdir() }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const proc: Proc = { child, output: () => output, exited };
  const base = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`serve exited: ${output}`);
      return (
        (await fetch(`${base}/healthz`).then(
          (response) => response.ok,
          () => false,
        )) || undefined
      );
    },
    60_000,
    'serve to listen',
  );
  return { proc, base };
}

/** Runs a shell line in the serve process's mount namespace (where its tmpfs is). */
function inNamespace(proc: Proc, line: string): string {
  return execFileSync('nsenter', ['-t', String(proc.child.pid), '-m', 'sh', '-c', line], { encoding: 'utf8' });
}

/** Fills the tmpfs until `leave` bytes are free (with files named filler-…). */
function fillUntil(proc: Proc, mount: string, leave: number): void {
  const free = Number(inNamespace(proc, `df -B1 --output=avail "${mount}" | tail -1`).trim());
  inNamespace(proc, `fallocate -l ${Math.max(free - leave, 4096)} "${mount}/filler-${free}"`);
}

interface Health {
  status: string;
  warning?: string;
}

async function health(base: string): Promise<Health> {
  return (await fetch(`${base}/healthz`)).json() as Promise<Health>;
}

const noNamespaces = namespacesUnavailable();
if (noNamespaces) console.warn(`SKIPPED the full-disk tests: ${noNamespaces}`);
const noPostgres = postgresUnavailable();

describe.skipIf(noNamespaces !== undefined).each([
  { driver: 'pglite', skip: false },
  { driver: 'postgres', skip: noPostgres !== undefined },
])('a full disk on $driver', ({ driver, skip }) => {
  let pg: TestPostgres | undefined;
  const procs: Proc[] = [];
  afterAll(async () => {
    for (const proc of procs) await stopProc(proc);
    await pg?.stop();
  }, hangGuard(60_000));

  it.skipIf(skip)(
    'fails the deployment that fills it with a clear line, answers throughout, says so in the log and /healthz, and recovers when space is back',
    async () => {
      const dir = tempDir(`disk-${driver}`);
      const repo = siteOf(dir, 4_000);
      const seed = path.join(dir, 'seed');
      mkdirSync(seed);
      const database = driver === 'postgres' ? ['--database', (pg = await startPostgres()).url] : [];
      const cli = (args: string[]) => {
        const result = runCli([...args, '--data', seed, ...database], dir);
        if (result.status !== 0) throw new Error(result.stderr);
        return result.stdout.trim();
      };
      cli(['project', 'add', 'big', '--repo', repo, '--branch', 'main', '--docs-dir', 'docs']);
      const token = cli(['key', 'create', '--project', 'big', '--kind', 'admin']);
      const mount = path.join(dir, 'mnt');
      const { proc, base } = await serveOnTmpfs(seed, mount, '72m', ['--min-free-disk', '24', ...database]);
      procs.push(proc);
      const headers = { authorization: `Bearer ${token}` };
      const update = () => fetch(`${base}/v1/project/update/big`, { method: 'POST', headers });
      const ended = (statusId: string) =>
        waitFor(
          async () => {
            const body = (await (await fetch(`${base}/v1/project/update-status/${statusId}`, { headers })).json()) as { status: string; summary: string };
            return body.status === 'success' || body.status === 'failure' ? body : undefined;
          },
          90_000,
          `deployment ${statusId}`,
        );

      // 1. The 4,000 pages' checkout (~16 MB) takes the disk under --min-free-disk: the
      // deployment fails at its next batch of writes, and the server answers throughout.
      fillUntil(proc, mount, 30 * MB);
      const probe = probeHealth(base);
      const first = (await (await update()).json()) as { statusId: string };
      const failed = await ended(first.statusId);
      const { probes, failures: unanswered } = await probe.stop();
      expect(failed.status).toBe('failure');
      expect(failed.summary).toMatch(
        /^the disk of the data folder has [\d.]+ MB free, under --min-free-disk \(24 MB\): deployments are refused until space is freed$/,
      );
      expect(probes).toBeGreaterThan(5);
      expect(unanswered).toEqual([]);
      // Log lines reach this process through a pipe, maybe after the answers that follow them.
      await waitFor(
        () => (/"disk":"low".*"msg":"the disk of the data folder has [\d.]+ MB free, under --min-free-disk/.test(proc.output()) ? true : undefined),
        10_000,
        'the low-disk line',
      );

      // 2. Under half of --min-free-disk: the embedded database takes no write (507), reads go on.
      // (Once the failed deployment's worktree is gone: it is not kept on a low disk. A deployment
      // refused at its local copy, before any worktree, leaves no worktrees folder at all.)
      await waitFor(
        () => (inNamespace(proc, `ls -A "${mount}/worktrees" 2>/dev/null || true`).trim() === '' ? true : undefined),
        20_000,
        'the worktree to be removed',
      );
      fillUntil(proc, mount, 8 * MB);
      const full = await waitFor(
        async () => {
          const now = await health(base);
          return now.warning?.match(driver === 'pglite' ? /read-only/ : /\b(1|[0-9])(\.\d)? MB free/) ? now : undefined;
        },
        10_000,
        '/healthz to say the disk is full',
      );
      expect(full.status).toBe('degraded');
      if (driver === 'pglite') {
        expect(full.warning).toMatch(/under half of --min-free-disk \(24 MB\): the database is read-only and deployments are refused until space is freed$/);
        const refused = await update();
        expect(refused.status).toBe(507);
        expect(((await refused.json()) as { error: string }).error).toMatch(/the database is read-only/);
      } else {
        // PostgreSQL's disk is not ours: only deployments wait for space.
        expect(full.warning).toMatch(/deployments are refused/);
      }
      expect((await fetch(`${base}/v1/project/update-status/${first.statusId}`, { headers })).status).toBe(200);

      // 3. Space comes back (the fillers go, the volume grows): the server says so by itself,
      // and the site deploys.
      inNamespace(proc, `rm "${mount}"/filler-* && mount -o remount,size=160m "${mount}"`);
      await waitFor(async () => ((await health(base)).status === 'ok' ? true : undefined), 10_000, '/healthz to say ok again');
      await waitFor(() => (/"disk":"ok".*"msg":"disk space is back/.test(proc.output()) ? true : undefined), 10_000, 'the disk-back line');
      const again = (await (await update()).json()) as { statusId: string };
      const done = await ended(again.statusId);
      expect(done.status, done.summary).toBe('success');
      expect(done.summary).toMatch(/4000 pages/);
    },
    240_000,
  );
});

/** Why an ext4 image cannot be made and mounted here (mkfs.ext4 from e2fsprogs, a loop device). */
function ext4Unavailable(dir: string): string | undefined {
  if (noNamespaces) return noNamespaces;
  const image = path.join(dir, 'probe.img');
  const made = spawnSync('sh', ['-c', 'truncate -s 8M "$1" && mkfs.ext4 -q -F "$1" && unshare -m --propagation private mount -o loop "$1" /mnt', 'sh', image], {
    encoding: 'utf8',
  });
  return made.status === 0 ? undefined : `cannot make and mount an ext4 image: ${made.stderr.trim()}`;
}

// Issue 52 item 6: the free space that counts is what an unprivileged writer may use (statfs's
// bavail), not what the file system has (bfree, which counts the blocks ext4 reserves for root).
// A tmpfs reserves none, so the tests above cannot tell the two apart; here half the disk is
// reserved, and only bavail puts it under --min-free-disk.
const ext4Dir = tempDir('disk-ext4');
const noExt4 = ext4Unavailable(ext4Dir);
if (noExt4 && !noNamespaces) console.warn(`SKIPPED the reserved-blocks test: ${noExt4}`);

describe.skipIf(noExt4 !== undefined)('a disk with reserved blocks (ext4)', () => {
  const procs: Proc[] = [];
  afterAll(async () => {
    for (const proc of procs) await stopProc(proc);
  }, hangGuard(60_000));

  it(
    'counts only the space a writer may use: half of a 512 MB disk reserved is under --min-free-disk 300, though 450 MB are free',
    async () => {
      const image = path.join(ext4Dir, 'disk.img');
      execFileSync('sh', ['-c', 'truncate -s 512M "$1" && mkfs.ext4 -q -F -m 50 "$1"', 'sh', image]);
      const seed = path.join(ext4Dir, 'seed');
      mkdirSync(seed);
      const mount = path.join(ext4Dir, 'mnt');
      const { proc, base } = await serveOnTmpfs(seed, mount, image, ['--min-free-disk', '300'], IMAGE);
      procs.push(proc);
      // The shape this test needs, read as the server reads it: free blocks over the limit, available ones under it.
      const [free, available] = inNamespace(proc, `stat -f -c '%f %a %S' "${mount}"`)
        .trim()
        .split(' ')
        .map(Number)
        .reduce<number[]>((out, value, index, all) => (index < 2 ? [...out, value * all[2]] : out), []);
      expect(free).toBeGreaterThan(300 * MB);
      expect(available).toBeLessThan(300 * MB);
      const low = await waitFor(
        async () => {
          const now = await health(base);
          return now.status === 'degraded' ? now : undefined;
        },
        10_000,
        '/healthz to say the disk is low',
      );
      expect(low.warning).toMatch(/^the disk of the data folder has [\d.]+ MB free, under --min-free-disk \(300 MB\)/);
      expect(Number(/has ([\d.]+) MB free/.exec(low.warning!)![1]) * MB).toBeLessThan(300 * MB);
    },
    hangGuard(120_000),
  );
});

describe.skipIf(noNamespaces !== undefined || ownPostgresUnavailable() !== undefined)("PostgreSQL's own disk full", () => {
  const cleanups: Array<() => void | Promise<unknown>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }, hangGuard(60_000));

  it(
    "the deployment fails with the server's error, serve answers every probe throughout, and deploys again once the server has room",
    async () => {
      const dir = tempDir('disk-pg-own');
      // A folder of its own (the postgres user must reach it), under the tmpfs it gets.
      const mount = tempDir('disk-pg-own-cluster');
      // A PostgreSQL cluster on a 100 MB tmpfs in a mount namespace that a sleeping process holds.
      const holder = spawn('unshare', ['-m', '--propagation', 'private', 'sleep', '600'], { stdio: 'ignore' });
      cleanups.push(() => {
        holder.kill('SIGKILL');
      });
      await waitFor(() => (holder.pid !== undefined ? true : undefined), 5_000, 'the namespace');
      const ns = (line: string) => execFileSync('nsenter', ['-t', String(holder.pid), '-m', 'sh', '-c', line], { encoding: 'utf8' });
      await waitFor(() => (readlinkSync(`/proc/${holder.pid}/ns/mnt`) !== readlinkSync('/proc/self/ns/mnt') ? true : undefined), 5_000, 'the namespace');
      const bin = postgresBin()!;
      const port = await freePort();
      const pgCtl = (action: string) =>
        ns(
          `runuser -u postgres -- ${bin}/pg_ctl -D "${mount}/data" -l "${mount}/log" -w -o "-p ${port} -k ${mount} -h 127.0.0.1 -c fsync=off" ${action} > /dev/null 2>&1 || true`,
        );
      ns(
        `mount -t tmpfs -o size=100m tmpfs "${mount}" && chown postgres "${mount}" && runuser -u postgres -- ${bin}/initdb -D "${mount}/data" -A trust -U postgres --no-sync > /dev/null`,
      );
      pgCtl('start');
      cleanups.push(() => {
        pgCtl('-m immediate stop');
      });
      const database = ['--database', `postgres://postgres@127.0.0.1:${port}/postgres`];
      const repo = siteOf(dir, 4_000);
      const cli = (args: string[]) => {
        const result = runCli([...args, ...database], dir);
        if (result.status !== 0) throw new Error(result.stderr);
        return result.stdout.trim();
      };
      cli(['project', 'add', 'big', '--repo', repo, '--branch', 'main', '--docs-dir', 'docs']);
      const token = cli(['key', 'create', '--project', 'big', '--kind', 'admin']);
      const serve = await startServe(dir, [...database, '--data', path.join(dir, 'data')]);
      cleanups.push(() => stopProc(serve.proc));
      const headers = { authorization: `Bearer ${token}` };
      const ended = (statusId: string) =>
        waitFor(
          async () => {
            const response = await fetch(`${serve.base}/v1/project/update-status/${statusId}`, { headers }).catch(() => undefined);
            const body = response?.ok ? ((await response.json()) as { status: string; summary: string }) : undefined;
            return body && (body.status === 'success' || body.status === 'failure') ? body : undefined;
          },
          120_000,
          `deployment ${statusId}`,
        );

      // Leave the server ~4 MB: the 4,000 pages' texts do not fit.
      const free = Number(ns(`df -B1 --output=avail "${mount}" | tail -1`).trim());
      ns(`fallocate -l ${free - 4 * MB} "${mount}/filler"`);
      let answered = 0;
      let unanswered = 0;
      let probing = true;
      const probes = (async () => {
        while (probing) {
          const ok = await fetch(`${serve.base}/healthz`, { signal: AbortSignal.timeout(5_000) }).then(
            () => true,
            () => false,
          );
          if (ok) answered++;
          else unanswered++;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })();
      const first = (await (await fetch(`${serve.base}/v1/project/update/big`, { method: 'POST', headers })).json()) as { statusId: string };
      const failed = await ended(first.statusId);
      probing = false;
      await probes;
      expect(failed.status).toBe('failure');
      expect(failed.summary).toMatch(
        /^the database server's disk is full \(could not extend file .*No space left on device\); free space there and update again$/,
      );
      expect(answered).toBeGreaterThan(5);
      expect(unanswered).toBe(0);

      // Room again (and the server started again if it had stopped): the same site deploys.
      ns(`rm "${mount}/filler" && mount -o remount,size=300m "${mount}"`);
      pgCtl('start');
      await waitFor(async () => ((await fetch(`${serve.base}/healthz`)).ok ? true : undefined), 60_000, 'serve to reach the database again');
      const again = (await (await fetch(`${serve.base}/v1/project/update/big`, { method: 'POST', headers })).json()) as { statusId: string };
      const done = await ended(again.statusId);
      expect(done.status, done.summary).toBe('success');
    },
    hangGuard(300_000),
  );
});
