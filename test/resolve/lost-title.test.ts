import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ProfileName } from '../../src/config/profiles.js';
import { resolveFile } from '../../src/resolve.js';

/**
 * Issue 56 (d): two operations of different specs at one generated path ("Health check" in a.yaml,
 * "health check" in b.yaml: both `api-reference/health-check`). The platform serves the one it
 * writes last and decorates every entry of that path with it. Its build (@mintlify/prebuild
 * 1.0.1341, run on this very site) lists: health-check "health check" (b.yaml), status "STATUS"
 * (c.yaml), health-check "health check" (b.yaml), status "STATUS" (c.yaml).
 */
function site(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'docsnav-lost-title-'));
  const spec = (title: string, paths: string) => `openapi: 3.0.3\ninfo: { title: ${title}, version: '1' }\npaths:\n${paths}`;
  const files: Record<string, string> = {
    'docs.json': JSON.stringify({
      name: 'x',
      theme: 'mint',
      colors: { primary: '#000000' },
      navigation: {
        tabs: [
          { tab: 'A', groups: [{ group: 'GA', openapi: 'a.yaml', pages: ['GET /health', 'GET /a-only'] }] },
          { tab: 'B', groups: [{ group: 'GB', openapi: 'b.yaml', pages: ['GET /health'] }] },
          { tab: 'C', groups: [{ group: 'GC', openapi: 'c.yaml' }] },
        ],
      },
    }),
    'a.yaml': spec(
      'A',
      "  /health:\n    get: { summary: Health check, responses: { '200': { description: ok } } }\n  /a-only:\n    get: { summary: Status, responses: { '200': { description: ok } } }\n",
    ),
    'b.yaml': spec('B', "  /health:\n    get: { summary: health check, responses: { '200': { description: ok } } }\n"),
    'c.yaml': spec('C', "  /status:\n    get: { summary: STATUS, responses: { '200': { description: ok } } }\n"),
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(root, name), text);
  return path.join(root, 'docs.json');
}

const pages = async (profile?: ProfileName) =>
  (await resolveFile(site(), { profile })).tree.pages.map((page) => [page.path, page.title, page.lostTo !== undefined]);

describe('(d) an operation entry that lost its URL to another', () => {
  it('shows the served operation’s title, as the platform does (the default profile)', async () => {
    expect(await pages()).toEqual([
      ['api-reference/health-check', 'health check', true],
      ['api-reference/status', 'STATUS', true],
      ['api-reference/health-check', 'health check', false],
      ['api-reference/status', 'STATUS', false],
    ]);
  });

  it('under the spec profile it keeps its own title, at a suffixed path of its own', async () => {
    expect((await pages('spec')).map(([page, title]) => [page, title])).toEqual([
      ['api-reference/health-check-1', 'Health check'],
      ['api-reference/status-1', 'Status'],
      ['api-reference/health-check', 'health check'],
      ['api-reference/status', 'STATUS'],
    ]);
  });
});
