/**
 * The resolved tree's page paths are safe to write files from (issue 8): a site generator that
 * writes `<path>.html` must never be led outside its output folder or given control characters.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveText } from '../../src/resolve.js';
import { contractBreaches } from '../robustness/helpers.js';
import { tempDir } from './helpers.js';

const HOSTILE = ['../../../etc/cron.d/evil', 'C:\\Windows\\evil', '/abs/page', 'a/\u001b[2Jb', 'x/../../y', '..', './../z'];

describe('unsafe page paths', () => {
  it('each is a located problem, and the tree holds a safe path', async () => {
    const pages = [...HOSTILE, 'ok/page', 'https://example.com/a/../b'];
    const result = await resolveText(JSON.stringify({ navigation: { groups: [{ group: 'G', pages }] } }), { file: 'docs.json' });
    expect(contractBreaches(result)).toEqual([]);
    // Unsafe entries are left out of the tree (or kept as what is safe of them), each with a located problem.
    const paths = result.tree.pages.map((p) => p.path);
    for (const path of paths.filter((p) => !p.startsWith('https://'))) {
      expect(path.split('/')).not.toContain('..');
      expect(path).not.toMatch(/^\/|^[a-z]:|\\|[\u0000-\u001f\u007f-\u009f]/i);
    }
    expect(paths).toContain('ok/page');
    expect(paths).toContain('https://example.com/a/../b');
    HOSTILE.forEach((_, i) => {
      expect(result.problems.some((p) => p.pointer === `/navigation/groups/0/pages/${i}`)).toBe(true);
    });
  });

  it('an openapi directory that climbs out: generated pages stay inside', async () => {
    const temp = tempDir();
    try {
      writeFileSync(
        path.join(temp.dir, 'openapi.json'),
        JSON.stringify({ openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: { '/pets': { get: { summary: 'List pets', responses: {} } } } }),
      );
      const text = JSON.stringify({ navigation: { tabs: [{ tab: 'API', openapi: { source: 'openapi.json', directory: '../..' } }] } });
      const result = await resolveText(text, { file: path.join(temp.dir, 'docs.json'), root: temp.dir });
      expect(result.tree.pages.map((p) => p.path).filter((p) => p.split('/').includes('..'))).toEqual([]);
      expect(result.problems.some((p) => p.code === 'path-outside-root' || p.code === 'unsafe-slug')).toBe(true);
    } finally {
      temp.remove();
    }
  });
});
