/**
 * A server as `docsnav serve` runs one, for a test file: the embedded database in a temporary
 * folder, the HTTP app listening on 127.0.0.1 (an ephemeral port, for /healthz probes and real
 * clients), and a job runner whose log the test can read. Started before the file's tests and
 * stopped after them.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/http/app.js';
import { Core } from '../src/core.js';
import { createLogger } from '../src/host/log.js';
import { JobRunner } from '../src/jobs/queue.js';
import { jobKinds } from '../src/jobs/kinds.js';
import { workerSettings } from '../src/jobs/settings.js';
import { openStore } from '../src/store/open.js';
import type { GitLimits } from '../src/repository/operations/limits.js';
import type { Store } from '../src/store/store.js';
import { tempDir } from './helpers.js';
import { hangGuard } from '../../test/time-scale.mjs';

export interface ListeningServer {
  /** The test's folder; `allowed` (made) is the folder local repositories may be in. */
  dir: string;
  allowed: string;
  store: Store;
  core: Core;
  app: FastifyInstance;
  base: string;
  /** What the job runner logged so far. */
  logged: () => string;
}

/** `git`: the runner's git limits (`localRoots`: [`<dir>/allowed`] unless given). */
export function listeningServer(prefix: string, git: Partial<GitLimits> = {}): ListeningServer {
  let logged = '';
  let runner: JobRunner | undefined;
  const server = { logged: () => logged } as ListeningServer;
  beforeAll(async () => {
    server.dir = tempDir(prefix);
    server.allowed = path.join(server.dir, 'allowed');
    mkdirSync(server.allowed);
    const data = path.join(server.dir, 'data');
    server.store = await openStore({ data });
    server.core = new Core(server.store);
    server.app = await buildApp(server.core);
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    server.base = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
    const log = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged += chunk.toString();
        done();
      },
    });
    const settings = workerSettings(data, { pollMs: 100, sweepMs: 500, git: { localRoots: [server.allowed], ...git } });
    runner = new JobRunner(server.store, jobKinds, settings, createLogger('info', log));
    await runner.start();
  }, hangGuard(120_000));
  afterAll(async () => {
    await runner?.stop();
    await server.app?.close();
    await server.store?.close();
  }, hangGuard(60_000));
  return server;
}
