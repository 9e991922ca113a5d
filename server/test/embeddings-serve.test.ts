/**
 * Retrieval by meaning end to end (issue 69): `docsnav serve --embeddings-base-url …` against the
 * scripted OpenAI-compatible server (eval/hashed-embeddings.mjs) on 127.0.0.1. A deployment embeds
 * its sections before it goes live and says so in its log; the next one embeds only the pages that
 * changed; a failing endpoint leaves the deployment live, lexical, and says so; a question in
 * words no page holds finds its page through the vectors (search route), fused with the words'
 * ranking.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the eval, without types
import { startHashedEmbeddings } from '../eval/hashed-embeddings.mjs';
import { exampleRepo, git, runCli, startServe, stopProc, tempDir, waitFor } from './helpers.js';
import { hangGuard } from '../../test/time-scale.mjs';

interface Scripted {
  baseUrl: string;
  behaviour: { mode: string };
  requests: Array<{ model: string; inputs: number }>;
  close: () => Promise<void>;
}

describe('docsnav serve with an embeddings endpoint', () => {
  let endpoint: Scripted | undefined;
  let serve: Awaited<ReturnType<typeof startServe>> | undefined;
  afterAll(async () => {
    if (serve) await stopProc(serve.proc);
    await endpoint?.close();
  });

  it(
    'embeds at deployment, then only what changed; a failing endpoint leaves the deployment live; a question in other words finds its page',
    async () => {
      // "zephyr" is a word no page holds: to this endpoint it means "deployments".
      endpoint = (await startHashedEmbeddings({ dimensions: 1024, synonyms: [['deployments', 'zephyr']] })) as Scripted;
      const dir = tempDir('embeddings-serve');
      const repo = exampleRepo(path.join(dir, 'site'));
      const cli = (...args: string[]) => {
        const result = runCli(args, dir);
        if (result.status !== 0) throw new Error(result.stderr);
        return result.stdout.trim();
      };
      cli('project', 'add', 'acme', '--repo', repo, '--branch', 'main', '--docs-dir', 'docs', '--domain', 'acme', '--allow-local-repos', dir);
      const admin = cli('key', 'create', '--project', 'acme', '--kind', 'admin');
      const key = cli('key', 'create', '--project', 'acme', '--kind', 'assistant');
      serve = await startServe(dir, ['--allow-local-repos', dir, '--embeddings-base-url', endpoint.baseUrl, '--embeddings-model', 'hashed']);
      const base = serve.base;
      const deploy = async () => {
        const { statusId } = (await (
          await fetch(`${base}/v1/project/update/acme`, { method: 'POST', headers: { authorization: `Bearer ${admin}` } })
        ).json()) as {
          statusId: string;
        };
        return waitFor(
          async () => {
            const status = (await (await fetch(`${base}/v1/project/update-status/${statusId}`, { headers: { authorization: `Bearer ${admin}` } })).json()) as {
              status: string;
              logs: string[];
            };
            return status.status === 'success' || status.status === 'failure' ? status : undefined;
          },
          120_000,
          'the deployment',
        );
      };
      const embedded = () => endpoint!.requests.reduce((sum, request) => sum + request.inputs, 0);

      const first = await deploy();
      expect(first.status).toBe('success');
      const line = first.logs.find((text) => text.startsWith('embeddings (hashed): '));
      const [, sections, count] =
        /^embeddings \(hashed\): (\d+) sections, (\d+) embedded, 0 unchanged since an earlier deployment in [\d.]+ s$/.exec(line ?? '') ?? [];
      expect(line).toBeDefined();
      expect(Number(count)).toBe(Number(sections));
      expect(embedded()).toBe(Number(sections));

      // Words no page holds: found by the vectors once the serving process has loaded them.
      const search = async (query: string) =>
        (
          (await (
            await fetch(`${base}/v1/assistant/acme/search?query=${encodeURIComponent(query)}&limit=3`, { headers: { authorization: `Bearer ${key}` } })
          ).json()) as {
            results: Array<{ url: string }>;
          }
        ).results.map((result) => result.url);
      await waitFor(async () => ((await search('zephyr'))[0] === '/concepts/deployments' ? true : undefined), 30_000, 'dense retrieval');
      // Words a page holds: still first (fused with the words' ranking, not replaced).
      expect((await search('projects'))[0]).toBe('/concepts/projects');

      // One page changed: only its section is embedded.
      writeFileSync(path.join(repo, 'docs/concepts/projects.mdx'), '---\ntitle: Projects\n---\n\nA project is one documentation site and its branch.\n');
      git(repo, 'commit', '-qam', 'projects reworded');
      const before = embedded();
      const second = await deploy();
      expect(second.status).toBe('success');
      expect(second.logs).toContainEqual(
        expect.stringMatching(
          new RegExp(`^embeddings \\(hashed\\): ${sections} sections, 1 embedded, ${Number(sections) - 1} unchanged since an earlier deployment in [\\d.]+ s$`),
        ),
      );
      expect(embedded() - before).toBe(1);

      // The endpoint down: the deployment goes live all the same, and its log says what happened.
      endpoint.behaviour.mode = 'fail';
      writeFileSync(path.join(repo, 'docs/concepts/projects.mdx'), '---\ntitle: Projects\n---\n\nA project is a documentation site.\n');
      git(repo, 'commit', '-qam', 'projects shortened');
      const third = await deploy();
      expect(third.status).toBe('success');
      expect(third.logs).toContain(
        'embeddings (hashed): stopped: the endpoint failed (see the server log); what was embedded is kept, the rest is embedded when the deployment is first asked about',
      );
    },
    hangGuard(300_000),
  );
});
