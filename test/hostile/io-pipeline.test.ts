import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Problem } from '../../src/problem.js';
import { resolveFile, resolveText } from '../../src/resolve.js';
import type { DocsFiles } from '../../src/docs-root.js';
import { validateFile, validateText } from '../../src/validate.js';

/**
 * One pipeline (issue 7 §5): validate and resolve report the same problems on the same
 * input, from disk and from in-memory files given through the same two hooks.
 */

const SITES = [
  ...readdirSync(path.join('fixtures', 'resolve'))
    .map((name) => path.join('fixtures', 'resolve', name))
    .filter((dir) => existsSync(path.join(dir, 'docs.json'))),
  path.join('fixtures', 'example'),
  path.join('fixtures', 'broken'),
].sort();

const key = (p: Problem) => `${p.code} ${p.severity} ${p.file} ${p.pointer} ${p.line}:${p.column} ${p.message}`;

/** Every file under a folder, as an in-memory docs root plus a readFile hook (nothing else is read). */
function inMemory(dir: string): { files: DocsFiles; readFile: (absolute: string) => string | undefined; reads: string[] } {
  const texts = new Map<string, string>();
  const folders = new Map<string, string[]>([['', []]]);
  const pending = [''];
  while (pending.length > 0) {
    const relative = pending.pop()!;
    for (const name of readdirSync(path.join(dir, relative))) {
      const child = relative ? `${relative}/${name}` : name;
      if (statSync(path.join(dir, child)).isDirectory()) {
        folders.set(child, []);
        pending.push(child);
      } else {
        folders.get(relative)!.push(name);
        texts.set(child, readFileSync(path.join(dir, child), 'utf8'));
      }
    }
  }
  const root = path.resolve(dir);
  const reads: string[] = [];
  return {
    reads,
    files: { root: dir, hasFile: (p) => texts.has(p), filesIn: (folder) => folders.get(folder) ?? [] },
    readFile: (absolute) => {
      reads.push(absolute);
      return texts.get(path.relative(root, absolute).split(path.sep).join('/'));
    },
  };
}

describe('validate and resolve: one pipeline', () => {
  it.each(SITES)('%s: the same problems from validateFile and resolveFile', async (dir) => {
    const file = path.join(dir, 'docs.json');
    const validated = validateFile(file);
    const resolved = await resolveFile(file);
    expect(validated.problems.map(key)).toEqual(resolved.problems.map(key));
    expect(validated.sources).toEqual(resolved.sources);
  });

  it.each(SITES)('%s: the same problems from validateText and resolveText with in-memory files, and as from disk', async (dir) => {
    const file = path.join(dir, 'docs.json');
    const text = readFileSync(file, 'utf8');
    const memory = inMemory(dir);
    const options = { file, root: dir, files: memory.files, readFile: memory.readFile };
    const validated = validateText(text, options);
    const resolved = await resolveText(text, options);
    expect(validated.problems.map(key)).toEqual(resolved.problems.map(key));
    expect(validated.problems.map(key)).toEqual(validateFile(file).problems.map(key));
    // Specs (and $ref targets) came through the hook.
    const usesSpecs = /"openapi"|GET |POST /.test(text);
    if (usesSpecs) expect(memory.reads.length).toBeGreaterThan(0);
  });

  it('validate reports what only the build sees: endpoint-not-found, endpoint-excluded, openapi-invalid, openapi-warning', () => {
    const codes = ['problems', 'hidden-excluded'].flatMap((name) =>
      validateFile(path.join('fixtures', 'resolve', name, 'docs.json')).problems.map((p) => p.code),
    );
    for (const code of ['endpoint-not-found', 'endpoint-excluded', 'openapi-invalid', 'openapi-warning'] as const) expect(codes).toContain(code);
  });

  it('specs: false (--no-specs) reads no spec and reports none of the spec codes', () => {
    const memory = inMemory(path.join('fixtures', 'resolve', 'problems'));
    const file = path.join('fixtures', 'resolve', 'problems', 'docs.json');
    const result = validateText(readFileSync(file, 'utf8'), { file, files: memory.files, readFile: memory.readFile, specs: false, profile: 'spec' });
    expect(memory.reads).toEqual([]);
    const codes = new Set(result.problems.map((p) => p.code));
    for (const code of ['endpoint-not-found', 'endpoint-excluded', 'openapi-invalid', 'openapi-warning'])
      expect(codes.has(code as Problem['code'])).toBe(false);
  });

  it('no problem is said twice at one place (no layer overlaps another)', async () => {
    for (const dir of SITES) {
      const result = await resolveFile(path.join(dir, 'docs.json'));
      const seen = result.problems.map((p) => `${p.code} ${p.file} ${p.pointer}`);
      expect(new Set(seen).size, dir).toBe(seen.length);
    }
  });

  it('a missing spec is openapi-not-found once, from validate and resolve alike', async () => {
    const text = JSON.stringify({ navigation: { groups: [{ group: 'A', openapi: 'gone.json', pages: ['GET /a', 'GET /b'] }] } });
    const files: DocsFiles = { root: 'docs', hasFile: () => false, filesIn: () => [] };
    const validated = validateText(text, { files, readFile: () => undefined, profile: 'spec' });
    const resolved = await resolveText(text, { files, readFile: () => undefined, profile: 'spec' });
    expect(validated.problems.map((p) => `${p.code} ${p.pointer}`)).toEqual(['openapi-not-found /navigation/groups/0/openapi']);
    expect(resolved.problems.map(key)).toEqual(validated.problems.map(key));
  });
});

describe('slugs as the platform (issue 7 §6)', () => {
  const health = JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'h', version: '1' },
    paths: { '/health': { get: { responses: {} } }, '/health/{x}': { get: { responses: {} } } },
  });

  it('an explicit entry, then bulk generation of the same paths: bulk keeps the platform URLs, the entry gets the next free suffix', async () => {
    const text = JSON.stringify({
      navigation: {
        tabs: [
          { tab: 'Picked', openapi: 'health.json', groups: [{ group: 'One', pages: ['GET /health/{x}'] }] },
          { tab: 'All', groups: [{ group: 'Health', openapi: 'health.json' }] },
        ],
      },
    });
    const files: DocsFiles = { root: 'docs', hasFile: (p) => p === 'health.json', filesIn: () => [] };
    const result = await resolveText(text, { files, readFile: (p) => (p.endsWith('health.json') ? health : undefined), profile: 'spec' });
    expect(result.tree.pages.map((p) => `${p.path} ${p.openapi?.method} ${p.openapi?.path}`)).toEqual([
      'api-reference/get-health-2 GET /health/{x}',
      'api-reference/get-health GET /health',
      'api-reference/get-health-1 GET /health/{x}',
    ]);
    expect(result.tree.pages.some((p) => p.path.endsWith('-1-1'))).toBe(false);
    const collisions = result.problems.filter((p) => p.code === 'slug-collision');
    expect(collisions.map((p) => p.pointer)).toEqual(['/navigation/tabs/0/groups/0/pages/0', '/navigation/tabs/1/groups/0/openapi']);
  });

  it('N explicit entries with one summary: the last keeps the path, the others -1 … -(N-1), each once', async () => {
    const n = 20_000;
    const paths: Record<string, unknown> = {};
    const pages: string[] = [];
    for (let i = 0; i < n; i++) {
      paths[`/a${i}`] = { get: { summary: 'Same', responses: {} } };
      pages.push(`GET /a${i}`);
    }
    const spec = JSON.stringify({ openapi: '3.1.0', info: { title: 's', version: '1' }, paths });
    const text = JSON.stringify({ navigation: { groups: [{ group: 'G', openapi: 's.json', pages }] } });
    const files: DocsFiles = { root: 'docs', hasFile: (p) => p === 's.json', filesIn: () => [] };
    const result = validateText(text, { files, readFile: () => spec, rules: { 'slug-collision': 'off' }, profile: 'spec' });
    expect(result.problems).toEqual([]);
    const tree = await resolveText(text, { files, readFile: () => spec, rules: { 'slug-collision': 'off' }, profile: 'spec' });
    const got = tree.tree.pages.map((p) => p.path);
    expect(got[n - 1]).toBe('api-reference/same');
    expect(got[0]).toBe('api-reference/same-1');
    expect(got[n - 2]).toBe(`api-reference/same-${n - 1}`);
    expect(new Set(got).size).toBe(n);
  });

  it("corpus site 0261: api-reference/system/check-api-server-health is the later spec's operation (gmgn-wallet), as on the platform", async () => {
    const dir = path.join('..', 'shared', 'corpus', 'sites', '0261');
    if (!existsSync(dir)) return;
    const result = await resolveFile(path.join(dir, 'docs.json'), { rules: { 'page-not-found': 'off' }, profile: 'spec' });
    const page = result.tree.pages.find((p) => p.path === 'api-reference/system/check-api-server-health');
    expect(page?.openapi?.file).toBe('openapi/gmgn-wallet.openapi.json');
    const loser = result.tree.pages.find((p) => p.path === 'api-reference/system/check-api-server-health-1');
    expect(loser?.openapi?.file).toBe('openapi/gmgn-token.openapi.json');
    expect(result.problems.some((p) => p.code === 'slug-collision')).toBe(true);
  });
});
