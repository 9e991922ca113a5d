/**
 * `applyMove` writes what was planned or nothing: a file edited, or a target made, between the
 * plan and the write is refused before anything moves.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyMove } from '../../src/index.js';
import { docsJson, planOn, refusalOf, siteWith } from './harness.js';

function site(): string {
  return siteWith({
    'docs.json': docsJson(['index', 'guides/a']),
    'index.mdx': '# Home\n\n[A](/guides/a)\n',
    'guides/a.mdx': '# A\n',
  });
}

describe('applyMove', () => {
  it('writes the plan: the files moved, the changes written where they are now', () => {
    const root = site();
    // Into a new folder inside one that exists: only the new one is made.
    const applied = applyMove(planOn(root, { from: 'guides/a.mdx', to: 'guides/start/a.mdx' }));
    expect(applied).toEqual({ moved: [{ from: 'guides/a.mdx', to: 'guides/start/a.mdx', git: false }], written: ['docs.json', 'index.mdx'] });
    expect(existsSync(path.join(root, 'guides/a.mdx'))).toBe(false);
    expect(readFileSync(path.join(root, 'index.mdx'), 'utf8')).toBe('# Home\n\n[A](/guides/start/a)\n');
  });

  it('refuses a plan whose files changed since it was made, and moves nothing', () => {
    const root = site();
    const plan = planOn(root, { from: 'guides/a.mdx', to: 'start/a.mdx' });
    writeFileSync(path.join(root, 'index.mdx'), '# Home\n\n[A](/guides/a) edited\n');
    expect(refusalOf(() => applyMove(plan))).toMatchObject({ reason: 'changedSincePlan', data: { file: 'index.mdx' } });
    expect(existsSync(path.join(root, 'guides/a.mdx'))).toBe(true);
    expect(existsSync(path.join(root, 'start'))).toBe(false);
  });

  it('refuses a plan whose moved file is gone since (one with no text of its own to rewrite), and writes nothing', () => {
    const root = site();
    const plan = planOn(root, { from: 'guides/a.mdx', to: 'start/a.mdx' });
    expect(plan.changes.map((change) => change.file)).not.toContain('guides/a.mdx');
    rmSync(path.join(root, 'guides/a.mdx'));
    expect(refusalOf(() => applyMove(plan))).toMatchObject({ reason: 'changedSincePlan', data: { file: 'guides/a.mdx' } });
    expect(readFileSync(path.join(root, 'index.mdx'), 'utf8')).toBe('# Home\n\n[A](/guides/a)\n');
    expect(existsSync(path.join(root, 'start'))).toBe(false);
    expect(existsSync(path.join(root, '.docsnav-mv'))).toBe(false);
  });

  it('refuses a plan whose target appeared since', () => {
    const root = site();
    const plan = planOn(root, { from: 'guides/a.mdx', to: 'start.mdx' });
    writeFileSync(path.join(root, 'start.mdx'), '# Someone else\n');
    expect(refusalOf(() => applyMove(plan))).toMatchObject({ reason: 'targetExists' });
    expect(readFileSync(path.join(root, 'docs.json'), 'utf8')).toBe(docsJson(['index', 'guides/a']));
  });
});
