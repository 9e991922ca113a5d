/**
 * The job kinds registry: complete by its type (checked by `npm run typecheck:test`, which
 * compiles the `@ts-expect-error` lines below), and the queue's lookup of a kind name read from
 * the database, which may name a kind this docsnav does not have.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobKinds } from '../src/jobs/kind.js';
import { jobKinds } from '../src/jobs/kinds.js';
import { JobRunner } from '../src/jobs/queue.js';
import { workerSettings } from '../src/jobs/settings.js';
import { enqueueJob } from '../src/store/jobs.js';
import { openStore } from '../src/store/open.js';
import type { Store } from '../src/store/store.js';
import { tempDir, waitFor } from './helpers.js';
import { hangGuard } from '../../test/time-scale.mjs';

let dir: string;
let store: Store;

beforeAll(async () => {
  dir = tempDir('job-kinds');
  store = await openStore({ data: path.join(dir, 'data') });
}, hangGuard(60_000));

afterAll(async () => {
  await store?.close();
});

describe('the job kinds registry', () => {
  it('has each kind under its own name', () => {
    for (const [name, kind] of Object.entries(jobKinds)) expect(kind.kind).toBe(name);
  });

  it('does not compile without an entry per kind, or with one under another name', () => {
    // @ts-expect-error the repair kind is missing
    const missing: JobKinds = { deployment: jobKinds.deployment };
    // @ts-expect-error the repair job under the deployment name
    const swapped: JobKinds = { deployment: jobKinds.repair, repair: jobKinds.repair };
    // @ts-expect-error enqueueJob takes the registry's names only
    const queueUnknown = () => enqueueJob(store, { id: 'x', kind: 'probe', lane: 'x' });
    expect([missing, swapped, queueUnknown]).toHaveLength(3);
  });
});

describe('the queue', () => {
  it('fails a job of a kind it does not have, saying so, also one named like a property every object has', async () => {
    const kinds = ['a-newer-kind', 'constructor', 'toString', '__proto__'];
    for (const [index, kind] of kinds.entries()) {
      await store.query('INSERT INTO jobs (id, kind, lane) VALUES ($1, $2, $3)', [`unknown-${index}`, kind, `lane-${index}`]);
    }
    const ended: Array<{ kind: string; outcome: string }> = [];
    const runner = new JobRunner(store, jobKinds, workerSettings(path.join(dir, 'data'), { pollMs: 100, sweepMs: 60_000, concurrency: 4 }), undefined, {
      jobEnded: (kind, outcome) => ended.push({ kind, outcome }),
    });
    await runner.start();
    try {
      const states = await waitFor(
        async () => {
          const rows = await store.query<{ id: string; state: string }>(`SELECT id, state FROM jobs WHERE id LIKE 'unknown-%' ORDER BY id`);
          return rows.every((row) => row.state === 'failed') ? rows : undefined;
        },
        20_000,
        'the unknown kinds to fail',
      );
      expect(states.map((row) => row.id)).toEqual(kinds.map((_, index) => `unknown-${index}`));
      await waitFor(() => ended.length === kinds.length || undefined, 5_000, 'every run to end');
      expect(ended.sort((a, b) => a.kind.localeCompare(b.kind))).toEqual(
        kinds.map((kind) => ({ kind, outcome: 'failure' })).sort((a, b) => a.kind.localeCompare(b.kind)),
      );
    } finally {
      await runner.stop();
    }
  });
});
