/**
 * What the move's mutation run (`npm run mutate -- --sample 40 move`) showed no test noticed: both
 * navigation entries of a folder rewritten in one docs.json, the URL a generated page still serves
 * left without a redirect, a journal that cannot be written refused in one line, and the journal
 * kept as copies when the git folder is on another file system.
 */
import { mkdtempSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyMove } from '../../src/index.js';
import { forward } from '../../src/move/journal.js';
import { finishMove, prepareMove } from '../../src/move/write.js';
import { git, write } from '../history/repo.js';
import { docsJson, planOn, refusalOf, siteWith, textsAfter } from './harness.js';

const SPEC = JSON.stringify({ openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: { '/users': { get: { summary: 'List users' } } } });

describe('a move, in docs.json', () => {
  it("rewrites every entry of a moved folder's pages in the one docs.json, not only the last", () => {
    const root = siteWith({
      'docs.json': docsJson(['index', 'guides/a', 'guides/b']),
      'index.mdx': '# Home\n',
      'guides/a.mdx': '# A\n',
      'guides/b.mdx': '# B\n',
    });
    const after = JSON.parse(textsAfter(planOn(root, { from: 'guides', to: 'learn' }))['docs.json']);
    expect(after.navigation.groups[0].pages).toEqual(['index', 'learn/a', 'learn/b']);
  });

  it('adds no redirect from a URL a page generated from a spec still serves after the move (only from the URL the moved file served)', () => {
    // The group's spec generates api-reference/list-users; a folder of the same name holds an index page.
    const root = siteWith({
      'docs.json': docsJson({
        groups: [
          { group: 'Docs', pages: ['index', 'api-reference/list-users/index'] },
          { group: 'API', openapi: 'api/openapi.json' },
        ],
      }),
      'index.mdx': '# Home\n',
      'api-reference/list-users/index.mdx': '# About listing users\n',
      'api/openapi.json': SPEC,
    });
    const plan = planOn(root, { from: 'api-reference/list-users/index.mdx', to: 'learn/users.mdx' });
    expect(plan.redirects.added.map(({ source, destination }) => `${source} -> ${destination}`)).toEqual(['/api-reference/list-users/index -> /learn/users']);
  });
});

describe('writing a move', () => {
  it('refuses in one line when a file is where its journal folder goes (no journal of ours), and moves nothing', () => {
    const root = siteWith({ 'docs.json': docsJson(['index', 'a']), 'index.mdx': '# Home\n\n[A](/a)\n', 'a.mdx': '# A\n' });
    writeFileSync(path.join(root, '.docsnav-mv'), 'not a folder\n');
    const refusal = refusalOf(() => applyMove(planOn(root, { from: 'a.mdx', to: 'b.mdx' })));
    expect(refusal).toMatchObject({ reason: 'notOurs', data: { journal: path.join(root, '.docsnav-mv'), why: 'it is not a folder' } });
    expect(readFileSync(path.join(root, 'index.mdx'), 'utf8')).toBe('# Home\n\n[A](/a)\n');
    expect(readFileSync(path.join(root, 'a.mdx'), 'utf8')).toBe('# A\n');
  });

  // /dev/shm is a tmpfs, another file system than the temporary folder's: no hard link reaches across.
  const shm = '/dev/shm';
  const otherFs = (() => {
    try {
      return statSync(shm).isDirectory() && statSync(shm).dev !== statSync(tmpdir()).dev;
    } catch {
      return false;
    }
  })();
  const made: string[] = [];
  afterAll(() => {
    for (const folder of made) rmSync(folder, { recursive: true, force: true });
  });

  it.runIf(otherFs)('with the git folder on another file system, moves (old files kept as copies) and undoes from halfway', () => {
    const site = {
      'docs.json': docsJson(['index', 'guides/a']),
      'index.mdx': '# Home\n\n[A](/guides/a)\n',
      'guides/a.mdx': '# A\n\n[Home](../index)\n',
    };
    const repoAt = () => {
      const repo = realpathSync(mkdtempSync(path.join(tmpdir(), 'docsnav-separate-')));
      const gitDir = mkdtempSync(path.join(shm, 'docsnav-git-'));
      made.push(repo, gitDir);
      rmSync(gitDir, { recursive: true });
      git(repo, 'init', '-q', '--separate-git-dir', gitDir);
      write(repo, site);
      git(repo, 'add', '-A');
      git(repo, 'commit', '-q', '-m', 'base');
      return repo;
    };
    const moved = repoAt();
    expect(applyMove(planOn(moved, { from: 'guides/a.mdx', to: 'start/a.mdx' })).moved).toEqual([{ from: 'guides/a.mdx', to: 'start/a.mdx', git: true }]);
    expect(readFileSync(path.join(moved, 'index.mdx'), 'utf8')).toBe('# Home\n\n[A](/start/a)\n');
    expect(git(moved, 'status', '--porcelain')).toContain('R  guides/a.mdx -> start/a.mdx');

    const halfway = repoAt();
    const { folder, journal } = prepareMove(planOn(halfway, { from: 'guides/a.mdx', to: 'start/a.mdx' }));
    expect(journal.changes.map((change) => change.kept)).toEqual(journal.changes.map(() => 'copy'));
    const steps = forward(folder, journal);
    for (let i = 0; i < journal.changes.length * 2; i++) steps.next();
    expect(readFileSync(path.join(halfway, 'index.mdx'), 'utf8')).toBe('# Home\n\n[A](/start/a)\n');
    expect(finishMove(halfway, 'abort')).toMatchObject({ done: 'undone' });
    for (const [file, text] of Object.entries(site)) expect(readFileSync(path.join(halfway, file), 'utf8')).toBe(text);
    expect(git(halfway, 'status', '--porcelain')).toBe('');
  });
});
