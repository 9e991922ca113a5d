/**
 * Issue 52 items 2 and 6: retention no reader can hold, and every condition of its kept set.
 *
 * Through the HTTP API, the attack: one thread asking after each of many deployments under
 * `--keep-deployments 1` (before, every deployment an open thread's answers cited kept its texts:
 * all of them). Now a thread pins only the deployment it was last answered from, and a project
 * keeps the texts of at most keep + 1 deployments, counted in the store. An old thread's follow-up
 * is answered from the current deployment and says so when its sources moved.
 *
 * Then the kept set itself (`pruneDeployments`), on both databases: every history of successful
 * and failed deployments of length 4, under keep 1 and 2, against a model written apart from the
 * SQL; and each other condition alone false (a coalesced request, a deployment still running, a
 * current deployment older than the newest, a quiet thread, a thread's earlier answer, two
 * threads).
 */
import { randomUUID } from 'node:crypto';
import { renameSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Core } from '../src/core.js';
import { buildApp } from '../src/http/app.js';
import { JobRunner } from '../src/jobs/queue.js';
import { jobKinds } from '../src/jobs/kinds.js';
import { workerSettings } from '../src/jobs/settings.js';
import { appendMessages, insertThread } from '../src/store/assistant.js';
import { insertPageSections } from '../src/store/deployments.js';
import { migrate } from '../src/store/migrate.js';
import { openStore } from '../src/store/open.js';
import { pruneDeployments } from '../src/store/retention.js';
import type { Store } from '../src/store/store.js';
import { chat, userMessage, type ChatResult } from './assistant-helpers.js';
import { exampleRepo, git, itOnEachStore, LOCAL_ROOTS, tempDir, waitFor } from './helpers.js';
import { section } from './sections.js';
import { hangGuard } from '../../test/time-scale.mjs';

describe('a thread that asks after every deployment (through the HTTP API, --keep-deployments 1)', () => {
  let dir: string;
  let store: Store;
  let runner: JobRunner;
  let app: FastifyInstance;
  let base: string;
  let repo: string;
  let admin: string;
  let assistant: string;

  beforeAll(async () => {
    dir = tempDir('retention-http');
    store = await openStore({ data: path.join(dir, 'data') });
    const core = new Core(store);
    repo = exampleRepo(path.join(dir, 'site'));
    await core.addProject({ id: 'acme', repo, branch: 'main', docsDir: 'docs', domain: 'acme' });
    admin = (await core.createKey('acme', 'admin')).token;
    assistant = (await core.createKey('acme', 'assistant')).token;
    runner = new JobRunner(store, jobKinds, workerSettings(path.join(dir, 'data'), { pollMs: 100, keepDeployments: 1, git: { localRoots: LOCAL_ROOTS } }));
    await runner.start();
    app = await buildApp(core);
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  }, hangGuard(120_000));

  afterAll(async () => {
    await app?.close();
    await runner?.stop();
    await store?.close();
  });

  /** POST /v1/project/update, then the status until it ends and its job (retention included) is done. */
  async function deploy(): Promise<string> {
    const { statusId } = (await (await fetch(`${base}/v1/project/update/acme`, { method: 'POST', headers: { authorization: `Bearer ${admin}` } })).json()) as {
      statusId: string;
    };
    const status = await waitFor(
      async () => {
        const body = (await (await fetch(`${base}/v1/project/update-status/${statusId}`, { headers: { authorization: `Bearer ${admin}` } })).json()) as {
          status: string;
          summary: string;
        };
        return body.status === 'success' || body.status === 'failure' ? body : undefined;
      },
      60_000,
      'the deployment',
    );
    expect(status.status, status.summary).toBe('success');
    await waitFor(() => (runner.busy === 0 ? true : undefined), 30_000, 'retention to end');
    return statusId;
  }

  /** Deployments of the project whose texts, trees, file maps or search indexes are still stored. */
  async function holding(): Promise<string[]> {
    const rows = await store.query<{ id: string }>(
      `SELECT d.id FROM deployments d WHERE d.project_id = 'acme' AND (
         EXISTS (SELECT 1 FROM page_sections p WHERE p.deployment_id = d.id) OR EXISTS (SELECT 1 FROM tree_parts t WHERE t.deployment_id = d.id)
         OR EXISTS (SELECT 1 FROM file_parts f WHERE f.deployment_id = d.id) OR EXISTS (SELECT 1 FROM search_indexes s WHERE s.deployment_id = d.id))
       ORDER BY d.created_at`,
    );
    return rows.map((row) => row.id);
  }

  const url = () => `${base}/v1/assistant/acme/message`;
  const answerText = (result: ChatResult) => (result.message?.content ?? '').trim();

  it(
    'keeps the texts of 2 deployments at most (before: every one the thread was answered from), and each answer comes from the current one',
    async () => {
      const messages = [userMessage('u0', 'How do I create a pet?')];
      let threadId: string | undefined;
      const deployments: string[] = [];
      for (let round = 0; round < 8; round++) {
        git(repo, 'commit', '-q', '--allow-empty', '-m', `Redeploy ${round}`);
        deployments.push(await deploy());
        const held = await holding();
        expect(held.length, `after deployment ${round + 1}: ${held.join(', ')}`).toBeLessThanOrEqual(2);
        // The current deployment, and the one the thread was last answered from.
        expect(held).toEqual(deployments.slice(-2));
        const result = await chat(url(), assistant, messages, threadId ? { threadId } : {});
        expect(result.status).toBe(200);
        expect(result.error).toBeUndefined();
        threadId ??= result.threadIdHeader!;
        messages.push(result.message!, userMessage(`u${round + 1}`, 'and list them?'));
        const answered = await store.query<{ deployment_id: string }>(
          `SELECT deployment_id FROM assistant_messages WHERE thread_id = $1 AND role = 'assistant' ORDER BY seq DESC LIMIT 1`,
          [threadId],
        );
        expect(answered[0].deployment_id).toBe(deployments.at(-1));
      }
      const sections = await store.query<{ deployments: number }>(
        `SELECT count(DISTINCT deployment_id)::integer AS deployments FROM page_sections WHERE deployment_id IN (SELECT id FROM deployments WHERE project_id = 'acme')`,
      );
      expect(sections[0].deployments).toBe(2);
    },
    hangGuard(240_000),
  );

  it(
    "an old thread's follow-up is answered from the current deployment, and says where the sources of its last answer went",
    async () => {
      const question = userMessage('a1', 'How do I authenticate API requests?');
      const first = await chat(url(), assistant, [question]);
      const threadId = first.threadIdHeader!;
      const cited = (first.message?.parts ?? []).flatMap((part) => (part.type === 'source' ? [part.source.url] : []));
      expect(cited).toContain('/api/authentication');
      // Nothing moved: no word of it.
      const same = await chat(url(), assistant, [question, first.message!, userMessage('a2', 'and which header?')], { threadId });
      expect(answerText(same)).not.toMatch(/has changed since my previous answer/);

      // The authentication page moves to guides/, the quickstart is removed.
      mkdirSync(path.join(repo, 'docs', 'guides'), { recursive: true });
      renameSync(path.join(repo, 'docs', 'api', 'authentication.mdx'), path.join(repo, 'docs', 'guides', 'authentication.mdx'));
      const docsJson = path.join(repo, 'docs', 'docs.json');
      writeFileSync(docsJson, readFileSync(docsJson, 'utf8').replace('"api/authentication"', '"guides/authentication"'));
      git(repo, 'add', '-A');
      git(repo, 'commit', '-qm', 'Move the authentication page');
      const moved = await deploy();

      const follow = await chat(url(), assistant, [question, first.message!, same.message!, userMessage('a3', 'and how do I rotate a key?')], { threadId });
      expect(follow.status).toBe(200);
      const lines = answerText(follow).split('\n\n');
      expect(lines[0]).toMatch(
        /^The documentation has changed since my previous answer in this thread, and pages it cited moved: Authentication \(\/api\/authentication\) is now at \/guides\/authentication(;|\.)/,
      );
      expect(lines[0]).toMatch(/This answer is from the current documentation\.$/);
      const answered = await store.query<{ deployment_id: string; content: string }>(
        `SELECT deployment_id, content FROM assistant_messages WHERE thread_id = $1 AND role = 'assistant' ORDER BY seq DESC LIMIT 1`,
        [threadId],
      );
      expect(answered[0].deployment_id).toBe(moved);
      expect(answered[0].content.startsWith(lines[0])).toBe(true);
      // The next follow-up, from the same deployment: no notice.
      const after = await chat(url(), assistant, [question, first.message!, same.message!, follow.message!, userMessage('a4', 'thanks; and pets?')], {
        threadId,
      });
      expect(answerText(after)).not.toMatch(/has changed since my previous answer/);
    },
    hangGuard(120_000),
  );
});

type Outcome = 'success' | 'failure';

/** A deployment of a history: its outcome, and the deployment its run was (a coalesced request's is another's). */
interface Step {
  id: string;
  status: Outcome | 'queued' | 'in_progress';
  deployedBy?: string;
}

/**
 * What retention keeps, written apart from its SQL: the newest `keep` successes that ran
 * themselves; one more: the current deployment when not among them, else the newest deployment
 * an open thread was last answered from; deployments that have not ended are never touched.
 */
function expectedKept(steps: readonly Step[], keep: number, current: string | undefined, pinned: readonly string[]): Set<string> {
  const ran = steps.filter((step) => step.status === 'success' && (step.deployedBy ?? step.id) === step.id);
  const kept = new Set(ran.slice(-keep).map((step) => step.id));
  const candidates = [
    ...(current && !kept.has(current) ? [current] : []),
    ...[...ran]
      .reverse()
      .map((step) => step.id)
      .filter((id) => pinned.includes(id) && !kept.has(id)),
  ];
  if (candidates[0]) kept.add(candidates[0]);
  for (const step of steps) if (step.status === 'queued' || step.status === 'in_progress') kept.add(step.id);
  return kept;
}

/** Writes a project's history (oldest first, a minute apart), each deployment with one text section; returns a fresh project id. */
async function writeHistory(store: Store, steps: readonly Step[], current: string | undefined): Promise<string> {
  const projectId = `p-${randomUUID().slice(0, 8)}`;
  await store.query(`INSERT INTO projects (id, repo, branch) VALUES ($1, '/tmp/none', 'main')`, [projectId]);
  for (const [index, step] of steps.entries()) {
    const ended = step.status === 'success' || step.status === 'failure';
    await store.query(
      `INSERT INTO deployments (id, project_id, status, created_at, ended_at, deployed_by)
       VALUES ($1, $2, $3, now() - make_interval(mins => $4), CASE WHEN $5 THEN now() - make_interval(mins => $4) + interval '30 seconds' END, $6)`,
      [step.id, projectId, step.status, steps.length - index, ended, ended ? (step.deployedBy ?? step.id) : null],
    );
    await insertPageSections(store, step.id, [section({ pagePath: 'index', pageTitle: step.id, body: `Text of ${step.id}.` })]);
  }
  await store.query('UPDATE projects SET current_deployment_id = $2 WHERE id = $1', [projectId, current ?? null]);
  return projectId;
}

/** A thread of the project whose answers came from `answeredFrom` (in order), its last message `hoursAgo`. */
async function writeThread(store: Store, projectId: string, answeredFrom: readonly string[], hoursAgo = 0): Promise<void> {
  const id = randomUUID();
  await insertThread(store, { id, projectId, fp: 'fp' });
  for (const deploymentId of answeredFrom)
    await appendMessages(store, id, [
      { id: randomUUID(), role: 'user', content: 'A question.' },
      { id: randomUUID(), role: 'assistant', content: 'An answer.', deploymentId },
    ]);
  await store.query(`UPDATE assistant_threads SET updated_at = now() - make_interval(hours => $2) WHERE id = $1`, [id, hoursAgo]);
}

/** The deployments of the project that still hold their texts. */
async function holdingTexts(store: Store, projectId: string): Promise<Set<string>> {
  const rows = await store.query<{ id: string }>(
    'SELECT DISTINCT p.deployment_id AS id FROM page_sections p JOIN deployments d ON d.id = p.deployment_id WHERE d.project_id = $1',
    [projectId],
  );
  return new Set(rows.map((row) => row.id));
}

const sorted = (ids: Iterable<string>) => [...ids].sort();

async function checkKeptSet(store: Store): Promise<void> {
  await migrate(store);
  // Every history of 4 successful and failed deployments, under keep 1 and 2.
  for (let mask = 0; mask < 16; mask++) {
    for (const keep of [1, 2]) {
      const steps: Step[] = [0, 1, 2, 3].map((bit) => ({ id: `d${bit}-${randomUUID().slice(0, 6)}`, status: mask & (1 << bit) ? 'success' : 'failure' }));
      const current = steps.filter((step) => step.status === 'success').at(-1)?.id;
      const projectId = await writeHistory(store, steps, current);
      await pruneDeployments(store, projectId, keep);
      const history = steps.map((step) => step.status[0]).join('');
      expect(sorted(await holdingTexts(store, projectId)), `history ${history} (oldest first), keep ${keep}`).toEqual(
        sorted(expectedKept(steps, keep, current, [])),
      );
    }
  }

  // A coalesced request (it ended with the run it was folded into, after it) takes no kept place.
  {
    const steps: Step[] = [
      { id: `s1-${randomUUID()}`, status: 'success' },
      { id: `s2-${randomUUID()}`, status: 'success' },
    ];
    steps.push({ id: `c-${randomUUID()}`, status: 'success', deployedBy: steps[1].id });
    const projectId = await writeHistory(store, steps, steps[1].id);
    await pruneDeployments(store, projectId, 2);
    expect(sorted(await holdingTexts(store, projectId)), 'a coalesced request').toEqual(sorted([steps[0].id, steps[1].id]));
  }

  // A deployment still queued or running is never deleted from, however old.
  for (const status of ['queued', 'in_progress'] as const) {
    const steps: Step[] = [
      { id: `r-${randomUUID()}`, status },
      { id: `s1-${randomUUID()}`, status: 'success' },
      { id: `s2-${randomUUID()}`, status: 'success' },
    ];
    const projectId = await writeHistory(store, steps, steps[2].id);
    const result = await pruneDeployments(store, projectId, 1);
    expect(result.deployments, `a deployment ${status}`).toEqual([steps[1].id]);
    expect(sorted(await holdingTexts(store, projectId))).toEqual(sorted([steps[0].id, steps[2].id]));
    // A second pass finds nothing more (a pruned deployment is not a candidate again).
    expect((await pruneDeployments(store, projectId, 1)).deployments).toEqual([]);
  }

  // The current deployment is kept even when it is not the newest success (the extra place).
  {
    const steps: Step[] = ['a', 'b', 'c'].map((name) => ({ id: `${name}-${randomUUID()}`, status: 'success' as const }));
    const projectId = await writeHistory(store, steps, steps[0].id);
    await writeThread(store, projectId, [steps[1].id]);
    await pruneDeployments(store, projectId, 1);
    expect(sorted(await holdingTexts(store, projectId)), 'an older current deployment').toEqual(sorted(expectedKept(steps, 1, steps[0].id, [steps[1].id])));
    expect(await holdingTexts(store, projectId)).toEqual(new Set([steps[0].id, steps[2].id]));
  }

  // Threads: an open one pins the deployment of its last answer only; a quiet one nothing; of
  // several pinned deployments only the newest keeps its texts (keep + 1 at most).
  const threadCases: Array<{ name: string; threads: Array<{ from: number[]; hoursAgo?: number }>; kept: number[] }> = [
    { name: 'an open thread last answered from d1', threads: [{ from: [1] }], kept: [1, 4] },
    { name: 'a quiet thread (25 h) last answered from d1', threads: [{ from: [1], hoursAgo: 25 }], kept: [4] },
    { name: 'a thread answered from d0, d1, d2 (the attack)', threads: [{ from: [0, 1, 2] }], kept: [2, 4] },
    { name: 'a thread answered from d2, then d0', threads: [{ from: [2, 0] }], kept: [0, 4] },
    { name: 'two threads last answered from d0 and d2', threads: [{ from: [0] }, { from: [2] }], kept: [2, 4] },
    { name: 'a thread last answered from the current deployment', threads: [{ from: [1, 4] }], kept: [4] },
    { name: 'a thread last answered from a failed deployment', threads: [{ from: [3] }], kept: [4] },
  ];
  for (const { name, threads, kept } of threadCases) {
    const steps: Step[] = [0, 1, 2, 3, 4].map((n) => ({ id: `d${n}-${randomUUID()}`, status: n === 3 ? 'failure' : 'success' }));
    const projectId = await writeHistory(store, steps, steps[4].id);
    for (const thread of threads)
      await writeThread(
        store,
        projectId,
        thread.from.map((n) => steps[n].id),
        thread.hoursAgo,
      );
    await pruneDeployments(store, projectId, 1);
    expect(sorted(await holdingTexts(store, projectId)), name).toEqual(sorted(kept.map((n) => steps[n].id)));
  }
}

describe("retention's kept set", () => {
  itOnEachStore(
    { pglite: 'every history and every condition, on PGlite', postgres: 'every history and every condition, on PostgreSQL' },
    'retention-kept',
    checkKeptSet,
  );
});
