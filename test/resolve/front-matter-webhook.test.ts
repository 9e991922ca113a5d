import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ProfileName } from '../../src/config/profiles.js';
import { resolveFile } from '../../src/resolve.js';
import { validateFile } from '../../src/validate.js';

/**
 * Issue 56: a page whose front matter names a webhook (`openapi: "webhook petDeleted"`). The
 * platform's title lookup (@mintlify/common getOpenApiTitleAndDescription, through
 * findOpenApiPath on the spec's `paths`) never finds a webhook, so the page is titled from its
 * file name, with no description. @mintlify/prebuild 1.0.1341 run on this very site gives: hook
 * "Hook", hook-desc "Hook desc", spec-hook "Spec hook", titled "Mine", bare "Bare", operation
 * "List pets". docsnav gives the same under the platform profile (the default) and says, as a
 * warning, what the page loses; the spec profile keeps the webhook's summary.
 */
function site(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'docsnav-fm-webhook-'));
  const webhook = (summary?: string, description?: string) => ({
    post: { ...(summary && { summary }), ...(description && { description }), responses: { 200: { description: 'ok' } } },
  });
  const files: Record<string, string> = {
    'docs.json': JSON.stringify({
      name: 'x',
      theme: 'mint',
      colors: { primary: '#000000' },
      navigation: { pages: ['hook', 'hook-desc', 'spec-hook', 'titled', 'bare', 'described', 'channel', 'no-channel', 'operation'] },
    }),
    'openapi.json': JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'x', version: '1' },
      paths: { '/pets': { get: { summary: 'List pets', description: 'All pets', responses: { 200: { description: 'ok' } } } } },
      webhooks: {
        petDeleted: webhook('Pet deleted', 'When a pet goes'),
        petAdded: webhook('Pet added'),
        petBare: webhook(),
        petNoted: webhook(undefined, 'Only a description'),
      },
    }),
    'hook.mdx': '---\nopenapi: webhook petDeleted\n---\nhi\n',
    'hook-desc.mdx': '---\nopenapi: webhook petAdded\ndescription: mine\n---\nhi\n',
    'spec-hook.mdx': '---\nopenapi: /openapi.json webhook petDeleted\n---\nhi\n',
    'titled.mdx': '---\nopenapi: webhook petDeleted\ntitle: Mine\ndescription: Mine too\n---\nhi\n',
    'bare.mdx': '---\nopenapi: webhook petBare\n---\nhi\n',
    'described.mdx': '---\nopenapi: webhook petNoted\n---\nhi\n',
    'channel.mdx': '---\nopenapi: webhook petDeleted\nasyncapi: chat\n---\nhi\n',
    'no-channel.mdx': '---\nopenapi: webhook petAdded\nasyncapi: ""\n---\nhi\n',
    'operation.mdx': '---\nopenapi: GET /pets\n---\nhi\n',
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(root, name), text);
  return path.join(root, 'docs.json');
}

const pages = async (file: string, profile?: ProfileName) =>
  (await resolveFile(file, { profile })).tree.pages.map((page) => [page.path, page.title, page.description ?? null, page.openapi?.method ?? null]);

describe('a page whose front matter names a webhook', () => {
  it('has the platform’s title (its file name’s) and no description from the webhook under the default profile', async () => {
    const file = site();
    const platform = [
      ['hook', 'Hook', null, 'WEBHOOK'],
      ['hook-desc', 'Hook desc', 'mine', 'WEBHOOK'],
      ['spec-hook', 'Spec hook', null, 'WEBHOOK'],
      ['titled', 'Mine', 'Mine too', 'WEBHOOK'],
      ['bare', 'Bare', null, 'WEBHOOK'],
      ['described', 'Described', null, 'WEBHOOK'],
      ['channel', 'Channel', null, 'WEBHOOK'],
      ['no-channel', 'No channel', null, 'WEBHOOK'],
      ['operation', 'List pets', 'All pets', 'GET'],
    ];
    expect(await pages(file)).toEqual(platform);
    expect(await pages(file, 'platform')).toEqual(platform);
  });

  it('keeps the webhook’s summary and description under the spec profile', async () => {
    const spec = await pages(site(), 'spec');
    expect(spec.slice(0, 3)).toEqual([
      ['hook', 'Pet deleted', 'When a pet goes', 'WEBHOOK'],
      ['hook-desc', 'Pet added', 'mine', 'WEBHOOK'],
      ['spec-hook', 'Pet deleted', 'When a pet goes', 'WEBHOOK'],
    ]);
  });

  it('says in the page, as a warning at the openapi line, what the platform does not show', () => {
    const problems = validateFile(site()).problems.filter((p) => p.code === 'front-matter-invalid');
    expect(problems.map((p) => [path.basename(p.file), p.line, p.severity, p.suggest ?? null])).toEqual([
      ['hook.mdx', 2, 'warning', 'title: "Pet deleted"'],
      ['hook-desc.mdx', 2, 'warning', 'title: "Pet added"'],
      ['spec-hook.mdx', 2, 'warning', 'title: "Pet deleted"'],
      ['described.mdx', 2, 'warning', null],
      // An empty `asyncapi` names no channel (the platform skips it): the webhook's summary is lost as ever.
      ['no-channel.mdx', 2, 'warning', 'title: "Pet added"'],
    ]);
    const [hook, desc, , described] = problems.map((p) => p.message);
    expect(hook).toBe(
      '`openapi: "webhook petDeleted"` in "hook.mdx" names a webhook: the platform looks a page\'s operation up among the spec\'s paths only, so it does not give the page its summary "Pet deleted" as the title or its description (its title comes from the file name). Write the title and a description in the front matter.',
    );
    expect(desc).toMatch(
      /does not give the page its summary "Pet added" as the title \(its title comes from the file name\)\. Write the title in the front matter\.$/,
    );
    expect(described).toMatch(/does not give the page its description \(its title comes from the file name\)\. Write a description in the front matter\.$/);
  });
});
