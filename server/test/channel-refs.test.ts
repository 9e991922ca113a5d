/**
 * A channel page's text follows `$ref`s as the library does (issue 66): the server had a copy of
 * the library's follower with another hop limit (8 against 16), so a message reached through a
 * chain of twelve references was in the library's channel and missing from the server's text.
 * The server now calls the library's public `followLocalRef`. Through a real `docsnav serve`: the
 * site deployed, the message's words found by the search route on the channel's page.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git, runCli, startServe, stopProc, tempDir, waitFor, type Proc } from './helpers.js';
import { hangGuard } from '../../test/time-scale.mjs';

function cli(cwd: string, args: string[]): string {
  const result = runCli(args, cwd);
  if (result.status !== 0) throw new Error(`docsnav ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return result.stdout.trim();
}

/** A spec whose channel's message is `$ref` → `$ref` → … twelve times, then the message (`hops` references in all). */
function spec(hops: number): string {
  const lines = [
    'asyncapi: 3.0.0',
    'info: { title: Shop events, version: "1" }',
    'channels:',
    '  orderUpdates:',
    '    address: orders/{orderId}',
    '    description: Every change to an order.',
    '    messages:',
    '      orderChanged: { $ref: "#/components/messages/m1" }',
    // Channel ids with a `/` and a `~`: an operation names them as JSON pointers (`~1`, `~0`).
    '  shop/refunds:',
    '    address: refunds/{refundId}',
    '  tilde~events:',
    '    address: tilde',
    'operations:',
    '  sendRefund:',
    '    action: send',
    '    channel: { $ref: "#/channels/shop~1refunds" }',
    '    summary: A quixotic refund was issued.',
    '  receiveTilde:',
    '    action: receive',
    '    channel: { $ref: "#/channels/tilde~0events" }',
    '    summary: A xylophonic event came.',
    'components:',
    '  messages:',
  ];
  for (let i = 1; i < hops; i++) lines.push(`    m${i}: { $ref: "#/components/messages/m${i + 1}" }`);
  lines.push(`    m${hops}: { name: OrderChanged, summary: A zanzibarian field of the order changed. }`, '');
  return lines.join('\n');
}

describe('a channel message reached through twelve $refs (docsnav serve)', () => {
  let dir: string;
  let proc: Proc | undefined;
  let base: string;
  const keys: Record<string, string> = {};

  beforeAll(async () => {
    dir = tempDir('channel-refs');
    const repo = path.join(dir, 'site');
    mkdirSync(path.join(repo, 'docs', 'ws'), { recursive: true });
    git(repo, 'init', '-q');
    writeFileSync(
      path.join(repo, 'docs', 'docs.json'),
      `${JSON.stringify({
        theme: 'mint',
        name: 'Shop',
        colors: { primary: '#0D9373' },
        navigation: {
          tabs: [
            { tab: 'Home', pages: ['index'] },
            { tab: 'Events', asyncapi: 'ws/events.yaml' },
          ],
        },
      })}\n`,
    );
    writeFileSync(path.join(repo, 'docs', 'index.mdx'), '---\ntitle: Welcome\n---\nHello.\n');
    writeFileSync(path.join(repo, 'docs', 'ws', 'events.yaml'), spec(12));
    git(repo, 'add', '-A');
    git(repo, 'commit', '-qm', 'Shop docs');
    cli(dir, ['project', 'add', 'shop', '--repo', repo, '--branch', 'main', '--docs-dir', 'docs', '--domain', 'shop']);
    keys.admin = cli(dir, ['key', 'create', '--project', 'shop', '--kind', 'admin']);
    keys.assistant = cli(dir, ['key', 'create', '--project', 'shop', '--kind', 'assistant']);
    ({ proc, base } = await startServe(dir, []));
    const queued = await fetch(`${base}/v1/project/update/shop`, { method: 'POST', headers: { authorization: `Bearer ${keys.admin}` } });
    const { statusId } = (await queued.json()) as { statusId: string };
    const ended = await waitFor(
      async () => {
        const response = await fetch(`${base}/v1/project/update-status/${statusId}`, { headers: { authorization: `Bearer ${keys.admin}` } });
        const body = (await response.json()) as { status: string };
        return body.status === 'success' || body.status === 'failure' ? body : undefined;
      },
      120_000,
      'the deployment',
    );
    expect(ended.status).toBe('success');
  }, hangGuard(300_000));

  afterAll(async () => {
    if (proc) await stopProc(proc);
  });

  it("the message's words find the channel's page, as the library's channel has the message", async () => {
    const response = await fetch(`${base}/v1/assistant/shop/search?query=zanzibarian`, { headers: { authorization: `Bearer ${keys.assistant}` } });
    expect(response.status).toBe(200);
    const found = (await response.json()) as { results: Array<{ path: string; snippet: string }> };
    expect(found.results.map((result) => result.path)).toContain('api-reference/websockets/orderupdates');
    expect(found.results.find((result) => result.path === 'api-reference/websockets/orderupdates')?.snippet).toMatch(/OrderChanged/);
  });

  it.each([
    ['a `/` (~1 in the $ref)', 'quixotic', /refunds/],
    ['a `~` (~0 in the $ref)', 'xylophonic', /tilde/],
  ])("a channel id with %s keeps its operations in search, on that channel's page", async (_, word, page) => {
    const response = await fetch(`${base}/v1/assistant/shop/search?query=${word}`, { headers: { authorization: `Bearer ${keys.assistant}` } });
    expect(response.status).toBe(200);
    const found = (await response.json()) as { results: Array<{ path: string; snippet: string }> };
    expect(found.results.length).toBeGreaterThan(0);
    expect(found.results[0].path).toMatch(page);
    expect(found.results[0].snippet).toContain(word);
  });
});
