/**
 * What `project add` and `project update` warn of before the first deployment
 * (src/cli/project-checks.ts), on real repositories: a branch the repository lacks (with the
 * nearest as a guess, and at most five listed), a repository with no branch, a local path the
 * server refuses, and a repository that cannot be reached, its credentials never shown (issue 67).
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectWarnings } from '../src/cli/project-checks.js';
import { closeLocalThread } from '../src/repository/local-worker.js';
import type { Project } from '../src/store/projects.js';
import { exampleRepo, git, tempDir } from './helpers.js';

function project(repo: string, branch: string, id = 'acme'): Project {
  return {
    id,
    repo,
    branch,
    docsDir: '.',
    domain: null,
    compareUrl: null,
    autoFix: false,
    corsOrigins: null,
    currentDeploymentId: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

const ALLOWED = { localRoots: [tmpdir()] };

let repo: string;
let many: string;
let empty: string;

beforeAll(() => {
  repo = exampleRepo(path.join(tempDir('checks'), 'site'));
  many = exampleRepo(path.join(tempDir('checks-many'), 'site'));
  for (const branch of ['dev', 'docs', 'release', 'stage', 'preview', 'zeta']) git(many, 'branch', branch);
  empty = path.join(tempDir('checks-empty'), 'site');
  mkdirSync(empty);
  git(empty, 'init', '-q');
});

afterAll(async () => {
  await closeLocalThread();
});

describe('projectWarnings', () => {
  it('a branch the repository has: no warning', async () => {
    expect(await projectWarnings(project(repo, 'main'), ALLOWED)).toEqual([]);
    expect(await projectWarnings(project(many, 'zeta'), ALLOWED)).toEqual([]);
  });

  it.each([
    // One or two edits away: the guess.
    ['mian', 'did you mean "main"? its branches: main'],
    ['Main', 'did you mean "main"? its branches: main'],
    ['ma', 'did you mean "main"? its branches: main'],
    // Farther than two edits (and a third of the name): no guess.
    ['trunk', 'its branches: main'],
    ['m', 'its branches: main'],
  ])('a repository of one branch, "%s": %s', async (branch, remark) => {
    expect(await projectWarnings(project(repo, branch, 'web'), ALLOWED)).toEqual([
      `branch "${branch}" does not exist in ${repo} (${remark}); fix it with: docsnav project update web --branch ${remark.startsWith('did') ? 'main' : '<branch>'}`,
    ]);
  });

  it('many branches: the five nearest (ties alphabetically: dev, main, zeta at 5 edits), then an ellipsis', async () => {
    expect(await projectWarnings(project(many, 'stagee'), ALLOWED)).toEqual([
      `branch "stagee" does not exist in ${many} (did you mean "stage"? its branches: stage, dev, main, zeta, docs, …); fix it with: docsnav project update acme --branch stage`,
    ]);
  });

  it('a long name: a third of it may differ', async () => {
    expect(await projectWarnings(project(many, 'previewxxx'), ALLOWED)).toEqual([
      `branch "previewxxx" does not exist in ${many} (did you mean "preview"? its branches: preview, release, dev, main, stage, …); fix it with: docsnav project update acme --branch preview`,
    ]);
  });

  it('a repository with no branch yet', async () => {
    expect(await projectWarnings(project(empty, 'main'), ALLOWED)).toEqual([`${empty} has no branch yet; deployments of "main" fail until it is pushed`]);
  });

  it('a local path with no folder allowed, or outside the allowed ones: what to do', async () => {
    const todo =
      'the first deployment of acme will fail. Start docsnav serve with --allow-local-repos <folder holding it>, or give the project a URL: docsnav project update acme --repo <git URL>';
    expect(await projectWarnings(project(repo, 'main'), { localRoots: [] })).toEqual([
      `this server reads no repository from its own disk (its operator can allow folders with --allow-local-repos): ${todo}`,
    ]);
    expect(await projectWarnings(project(repo, 'main'), { localRoots: [path.join(tmpdir(), 'elsewhere')] })).toEqual([
      `the repository is outside the folders this server may read (--allow-local-repos): ${todo}`,
    ]);
  });

  it('a repository that cannot be reached: not checked, its token never shown', async () => {
    const token = 'ghp_secretToken0123456789';
    const url = `https://x-access-token:${token}@127.0.0.1:9/acme/docs.git`;
    const warnings = await projectWarnings(project(url, 'main'), ALLOWED);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^could not check branch "main" of https:\/\/127\.0\.0\.1:9\/acme\/docs\.git \(.+\); the first deployment will say whether it exists$/,
    );
    expect(warnings[0]).not.toContain(token);
    expect(warnings[0]).not.toContain('x-access-token');
  });
});
