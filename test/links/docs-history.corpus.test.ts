import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocsHistory, type DocsHistory } from '../../bench/docs-history.mjs';
import { resolveFile } from '../../src/index.js';

/**
 * The two-commit history bench/docs-history.mjs makes of ../shared/corpus/docs-repos/mintlify (for the bench of
 * `docsnav diff` and the tests of `validate --since`) is what it says: git sees the moves as renames and the
 * deletions as deletions, both commits resolve to a site without errors, and the page URLs that disappear between
 * them are exactly the moved and deleted pages.
 */
const temp = mkdtempSync(path.join(os.tmpdir(), 'docsnav-docs-history-test-'));
let history: DocsHistory;
const IN_PAGE_LINK_CODES: ReadonlySet<string> = new Set(['link-not-found', 'anchor-not-found']);
const git = (dir: string, ...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 26 }).trim();

/** The page URLs (paths) and error codes of the site checked out at `ref`, in a folder of its own. */
async function siteAt(ref: string) {
  const dir = path.join(temp, ref);
  mkdirSync(dir);
  execFileSync('sh', ['-c', `git -C "${history.dir}" archive ${ref} | tar -x -C "${dir}"`]);
  // The corpus copy's docsnav.config.json says `extends: platform` (its languages include zh); the library reads no config file.
  const { tree, problems } = await resolveFile(path.join(dir, 'docs.json'), { profile: 'platform' });
  // In-page links are left out: the head leaves links to the moved and deleted pages as they were, on purpose.
  const errors = problems.filter((problem) => problem.severity === 'error' && !IN_PAGE_LINK_CODES.has(problem.code)).map((problem) => problem.code);
  return { urls: new Set(tree.pages.map((page) => page.path)), errors };
}

// Two commits of 1,160 files: seconds alone, more under CI's load (vitest.config.ts gives hooks 120 s).
beforeAll(() => {
  history = createDocsHistory(path.join(temp, 'repo'));
});
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('bench/docs-history.mjs', () => {
  it('makes the same two commits every time', () => {
    const again = createDocsHistory(path.join(temp, 'again'));
    expect([again.baseRef, again.headRef]).toEqual([history.baseRef, history.headRef]);
    expect(git(history.dir, 'rev-list', '--count', 'HEAD')).toBe('2');
    expect(git(history.dir, 'rev-parse', 'HEAD~1')).toBe(history.baseRef);
  });

  it('git finds the moved pages as renames and the deleted ones as deletions, beside docs.json and redirects.json', () => {
    const changes = git(history.dir, 'diff', '-M', '--name-status', history.baseRef, history.headRef)
      .split('\n')
      .map((line) => line.split('\t'));
    const renames = changes.filter(([status]) => status.startsWith('R')).map(([, from, to]) => [from, to]);
    expect(renames.sort()).toEqual(history.moved.map((move) => [move.fromFile, move.toFile]).sort());
    expect(renames.length).toBe(20);
    expect(changes.filter(([status]) => status.startsWith('R') && status !== 'R100').length).toBeGreaterThan(0); // found by similarity
    expect(
      changes
        .filter(([status]) => status === 'D')
        .map(([, file]) => file)
        .sort(),
    ).toEqual(history.deleted.map((page) => page.file).sort());
    expect(history.deleted.length).toBe(5);
    expect(changes.filter(([status]) => status === 'M').map(([, file]) => file)).toEqual(['docs.json', 'redirects.json']);
  });

  it('both commits resolve without errors; the URLs that disappear are the moved and deleted pages', async () => {
    const [base, head] = [await siteAt(history.baseRef), await siteAt(history.headRef)];
    expect(base.errors).toEqual([]);
    expect(head.errors).toEqual([]);
    const gone = [...base.urls].filter((url) => !head.urls.has(url)).sort();
    const added = [...head.urls].filter((url) => !base.urls.has(url)).sort();
    expect(gone).toEqual([...history.moved.map((move) => move.from), ...history.deleted.map((page) => page.page)].sort());
    expect(added).toEqual(history.moved.map((move) => move.to).sort());
  });

  it('the head adds its redirects to redirects.json, the file docs.json names', () => {
    const redirects = JSON.parse(readFileSync(path.join(history.dir, 'redirects.json'), 'utf8'));
    expect(redirects.slice(-history.redirects.length)).toEqual(history.redirects);
    expect(JSON.parse(readFileSync(path.join(history.dir, 'docs.json'), 'utf8')).redirects).toEqual({ $ref: './redirects.json' });
    expect(history.moved.filter((move) => !move.redirect).length + history.deleted.length).toBe(7);
  });
});
