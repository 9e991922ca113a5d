/**
 * Issue 17 as an operator meets it, with real `docsnav` processes: a damaged embedded database
 * is refused, never re-created over (item 2); a crashed owner's lock never blocks a restart, even
 * when its pid now belongs to someone else (item 3); SIGTERM ends open answers after the grace
 * and exits (item 7); keys and projects are managed while serve runs (item 18); the log says
 * how each job ended and stays quiet about health probes (item 19).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fakeModel } from './assistant-helpers.js';
import { exampleRepo, runCli, startServe, stopProc, tempDir, waitFor, type Proc } from './helpers.js';

const procs: Proc[] = [];
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const proc of procs) await stopProc(proc, 'SIGKILL');
  for (const cleanup of cleanups) await cleanup();
}, 60_000);

function cli(cwd: string, args: string[]): string {
  const result = runCli(args, cwd);
  if (result.status !== 0) throw new Error(`docsnav ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return result.stdout.trim();
}

/** A data folder with project acme (a copy of the example site) and an admin key. */
function projectFolder(prefix: string): { dir: string; token: string } {
  const dir = tempDir(prefix);
  const repo = exampleRepo(path.join(dir, 'site'));
  cli(dir, ['project', 'add', 'acme', '--repo', repo, '--branch', 'main', '--docs-dir', 'docs', '--domain', 'acme']);
  const token = cli(dir, ['key', 'create', '--project', 'acme', '--kind', 'admin']);
  return { dir, token };
}

async function deploy(base: string, token: string): Promise<{ status: string; summary: string }> {
  const { statusId } = (await (await fetch(`${base}/v1/project/update/acme`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })).json()) as {
    statusId: string;
  };
  return waitFor(
    async () => {
      const body = (await (await fetch(`${base}/v1/project/update-status/${statusId}`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
        status: string;
        summary: string;
      };
      return body.status === 'success' || body.status === 'failure' ? body : undefined;
    },
    60_000,
    'the deployment',
  );
}

describe('the data folder', () => {
  it('a damaged embedded database (db/PG_VERSION gone) is refused with one line, and left as it was', () => {
    const { dir } = projectFolder('damaged');
    const db = path.join(dir, '.docsnav', 'db');
    rmSync(path.join(db, 'PG_VERSION'));
    const before = readdirSync(db).sort();
    for (const args of [
      ['project', 'list'],
      ['key', 'list'],
    ]) {
      const result = runCli(args, dir);
      expect(result.status).toBe(2);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toMatch(/^docsnav: .*\.docsnav\/db is not a complete database \(no PG_VERSION\)/);
      expect(result.stdout).toBe('');
    }
    expect(readdirSync(db).sort()).toEqual(before);
    expect(existsSync(path.join(db, 'PG_VERSION'))).toBe(false);
  });

  it("a crashed serve's lock does not block a restart, even when its old pid is someone else's now", async () => {
    const { dir, token } = projectFolder('stale-lock');
    let serve = await startServe(dir, []);
    procs.push(serve.proc);
    await stopProc(serve.proc, 'SIGKILL');
    expect(existsSync(path.join(dir, '.docsnav', 'docsnav.sock'))).toBe(true); // what a crash leaves
    // The pid lock file of earlier versions naming a live process (pid reuse after a crash).
    const other = spawn('sleep', ['30'], { stdio: 'ignore' });
    cleanups.push(() => void other.kill('SIGKILL'));
    writeFileSync(path.join(dir, '.docsnav', 'docsnav.lock'), String(other.pid));
    serve = await startServe(dir, []);
    procs.push(serve.proc);
    expect((await deploy(serve.base, token)).status).toBe('success');
    expect(await stopProc(serve.proc)).toBe(0);
    expect(existsSync(path.join(dir, '.docsnav', 'docsnav.sock'))).toBe(false);
  }, 120_000);
});

describe('a running serve', () => {
  it('is managed while it serves: keys created and revoked, projects updated, listed and removed', async () => {
    const { dir, token } = projectFolder('manage');
    const serve = await startServe(dir, []);
    procs.push(serve.proc);
    // The build ships the browser script (dist/web/widget.js, copied by the build) and serves it.
    const widget = await fetch(`${serve.base}/assistant/widget.js`);
    expect(widget.status).toBe(200);
    expect(await widget.text()).toMatch(/^\/\/ @ts-check\n\/\*\*\n \* The docsnav assistant in a browser/);
    const second = cli(dir, ['key', 'create', '--project', 'acme', '--kind', 'admin']);
    const status = (key: string) =>
      fetch(`${serve.base}/v1/project/update/acme`, { method: 'POST', headers: { authorization: `Bearer ${key}` } }).then((r) => r.status);
    expect(await status(second)).toBe(202);
    const listed = cli(dir, ['key', 'list', '--project', 'acme']).split('\n');
    expect(listed).toHaveLength(2);
    // Revoke the key made last (keys are listed oldest first): refused at once, the other still works.
    const newest = listed.at(-1)!.split('\t')[0];
    expect(cli(dir, ['key', 'revoke', newest])).toBe(`revoked key ${newest}`);
    expect(await status(second)).toBe(401);
    expect(await status(token)).toBe(202);
    expect(cli(dir, ['project', 'update', 'acme', '--branch', 'release', '--auto-fix'])).toMatch(/^updated project acme\t.*\trelease\t/);
    expect(cli(dir, ['project', 'remove', 'acme'])).toBe('removed project acme');
    expect(cli(dir, ['project', 'list'])).toBe('');
    expect(await status(token)).toBe(401);
    const bad = runCli(['project', 'remove', 'acme'], dir);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe('docsnav: no project "acme" (see docsnav project list)\n');
  }, 120_000);

  it('on SIGTERM: stops accepting, ends an open answer with an error part after the grace, exits 0; its log says how each job ended, and nothing of health probes', async () => {
    const model = await fakeModel();
    cleanups.push(() => model.close());
    const { dir, token } = projectFolder('shutdown');
    const assistantKey = cli(dir, ['key', 'create', '--project', 'acme', '--kind', 'assistant']);
    const serve = await startServe(dir, ['--model-base-url', model.baseUrl, '--model', 'hang', '--shutdown-grace', '1']);
    procs.push(serve.proc);
    expect((await deploy(serve.base, token)).status).toBe('success');
    const response = await fetch(`${serve.base}/v1/assistant/acme/message`, {
      method: 'POST',
      headers: { authorization: `Bearer ${assistantKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ fp: 'anonymous', messages: [{ id: 'u1', role: 'user', content: 'how do I authenticate?' }] }),
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    let text = '';
    const decoder = new TextDecoder();
    while (!text.includes('0:"Let me think"')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    const stopping = Date.now();
    serve.proc.child.kill('SIGTERM');
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    expect(text).toMatch(/\n3:"the model did not finish: the server is restarting; please ask again in a moment"\n/);
    expect(await serve.proc.exited).toBe(0);
    const seconds = (Date.now() - stopping) / 1000;
    expect(seconds).toBeLessThan(8);
    await expect(fetch(`${serve.base}/healthz`)).rejects.toThrow();
    const lines = serve.proc
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const ended = lines.find((line) => line.msg === 'job ended');
    expect(ended).toMatchObject({ project: 'acme', kind: 'deployment', outcome: 'success', attempt: 1 });
    expect(ended?.durationMs).toEqual(expect.any(Number));
    expect(lines.filter((line) => JSON.stringify(line).includes('/healthz'))).toEqual([]);
    expect(lines.some((line) => line.msg === 'request completed')).toBe(true);
  }, 120_000);
});
