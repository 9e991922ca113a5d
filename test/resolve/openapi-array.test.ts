import { describe, expect, it } from 'vitest';
import { json, resolveSite, spec } from './site.js';

/**
 * Issue 56 (f): two operations of different specs at one path, in one element's `openapi` array.
 * The platform's build (@mintlify/prebuild 1.0.1341) generates an element's pages from the first
 * spec of the array only: `openapi: ["a.yaml", "b.yaml"]`, both with GET /health "Health check",
 * gave the one page of a.yaml (and b.yaml's GET /other got none).
 */
const texts = {
  'a.json': spec({ '/health': { get: { summary: 'Health check' } } }),
  'b.json': spec({ '/health': { get: { summary: 'health check' } }, '/other': { get: { summary: 'Other' } } }),
};
const docs = { navigation: { tabs: [{ tab: 'API', openapi: ['a.json', 'b.json'] }] } };

describe('(f) an openapi array that generates pages', () => {
  it('under the platform profile (the default): the first spec only, and a warning at each other one', async () => {
    const { tree, problems } = await resolveSite({ name: 'Docs', theme: 'mint', colors: { primary: '#0D9373' }, ...docs }, texts, { profile: 'platform' });
    expect(tree.pages.map((page) => [page.path, page.title, page.openapi?.file])).toEqual([['api-reference/health-check', 'Health check', 'a.json']]);
    const warnings = problems.filter((p) => p.code === 'openapi-warning');
    expect(warnings.map((p) => [p.pointer, p.severity])).toEqual([['/navigation/tabs/0/openapi/1', 'warning']]);
    expect(warnings[0].message).toMatch(/first spec of its `openapi` array only \(a\.json\): it makes no page for the operations of "b\.json"/);
  });

  it('under the spec profile: every spec of the array', async () => {
    const { tree } = await resolveSite(docs, texts, { profile: 'spec' });
    expect(tree.pages.map((page) => page.openapi?.file)).toEqual(['a.json', 'b.json', 'b.json']);
    expect(json(docs)).toContain('b.json');
  });
});

describe('(f) an endpoint entry under an openapi array', () => {
  const entryDocs = { navigation: { dropdowns: [{ dropdown: 'API', openapi: ['a.json', 'b.json'], pages: [{ group: 'G', pages: ['GET /other'] }] }] } };
  const head = { name: 'Docs', theme: 'mint', colors: { primary: '#0D9373' } };

  it('under the platform profile: looked up in the first spec only, and the message names the spec that has it', async () => {
    const { tree, problems } = await resolveSite({ ...head, ...entryDocs }, texts, { profile: 'platform' });
    expect(tree.pages.map((page) => page.openapi?.path)).not.toContain('/other');
    const found = problems.filter((p) => p.code === 'endpoint-not-found');
    expect(found.map((p) => [p.pointer, p.severity, p.suggest])).toEqual([['/navigation/dropdowns/0/pages/0/pages/0', 'error', 'b.json GET /other']]);
    expect(found[0].message).toMatch(/first spec of its `openapi` array only; "b\.json" has it/);
  });

  it('under the spec profile: every spec of the array', async () => {
    const { tree, problems } = await resolveSite(entryDocs, texts, { profile: 'spec' });
    expect(tree.pages.find((page) => page.openapi?.path === '/other')?.openapi?.file).toBe('b.json');
    expect(problems.filter((p) => p.code === 'endpoint-not-found')).toEqual([]);
  });
});
