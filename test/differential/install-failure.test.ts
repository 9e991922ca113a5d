import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { durationWords } from '../../bench/pinned.mjs';
import { PREBUILD } from '../../bench/prebuild.mjs';
import { hangGuard } from '../time-scale.mjs';

/**
 * `npm run differential` when its on-demand install of the platform's packages cannot finish
 * (issue 71): one line naming the cause (timed out after the limit), npm's last lines, exit 2, no
 * stack trace. The install is real: npm, an empty cache, and a registry on 127.0.0.1 that accepts
 * the connection and never answers, so npm waits until the limit kills it.
 */

const project = path.resolve(import.meta.dirname, '..', '..');
const work = mkdtempSync(path.join(tmpdir(), 'docsnav-install-failure-'));
const sockets = new Set<net.Socket>();
let asked = 0;
const registry = net.createServer((socket) => {
  asked += 1;
  sockets.add(socket);
  socket.on('close', () => sockets.delete(socket));
  socket.on('error', () => {});
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((done) => registry.close(() => done()));
  rmSync(work, { recursive: true, force: true });
});

/** The differential on one site, its install pointed at the silent registry; resolves to its exit and output. */
async function differentialWithSilentRegistry(timeoutSeconds: number) {
  await new Promise<void>((done) => registry.listen(0, '127.0.0.1', () => done()));
  const { port } = registry.address() as net.AddressInfo;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DOCSNAV_PLATFORM_PACKAGES: path.join(work, 'packages'),
    DOCSNAV_INSTALL_TIMEOUT_S: String(timeoutSeconds),
    npm_config_registry: `http://127.0.0.1:${port}/`,
    npm_config_cache: path.join(work, 'npm-cache'),
    npm_config_loglevel: 'verbose',
    npm_config_offline: 'false',
  };
  const child = spawn(process.execPath, ['bench/differential.mjs', '--count', '1'], { cwd: project, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const status = await new Promise<number | null>((done) => child.on('close', (code) => done(code)));
  return { status, stdout, stderr };
}

describe('npm run differential when the install of the platform’s packages times out', () => {
  it(
    'names the cause in one line, then npm’s last lines; exit 2, no stack trace',
    async () => {
      const { status, stdout, stderr } = await differentialWithSilentRegistry(15);
      expect(status, stderr).toBe(2);
      expect(stdout).toBe('');
      const lines = stderr.trimEnd().split('\n');
      const cause = lines.findIndex((line) => line.startsWith('bench/differential.mjs: '));
      expect(lines[cause]).toMatch(new RegExp(`^bench/differential\\.mjs: npm install ${PREBUILD.replace(/[.@/]/g, '\\$&')} into \\S+ timed out after 15 s$`));
      if (asked > 0) {
        // npm reached the registry, so it had said what it was doing (verbose): its own lines, not ours.
        expect(lines[cause + 1]).toMatch(/^npm's last lines \(all of them: \S+npm-install\.log\):$/);
        expect(lines.slice(cause + 2).length).toBeGreaterThan(0);
        for (const line of lines.slice(cause + 2)) expect(line).toMatch(/^ {2}npm /);
      } else {
        // A machine so busy that npm was stopped before it asked: that is said too.
        expect(lines.slice(cause + 1)).toEqual([expect.stringMatching(/^npm printed nothing \(\S+npm-install\.log\)$/)]);
      }
      expect(stderr).not.toMatch(/\n\s+at /);
      expect(stderr).not.toMatch(/Error:/);
    },
    hangGuard(180_000),
  );

  it('says the limit in minutes from a minute on, in seconds below', () => {
    expect(durationWords(10 * 60_000)).toBe('10 minutes');
    expect(durationWords(90_000)).toBe('1.5 minutes');
    expect(durationWords(60_000)).toBe('1 minute');
    expect(durationWords(3_000)).toBe('3 s');
    expect(durationWords(1_500)).toBe('1.5 s');
  });
});
