/**
 * Issue 58, the row of server/src/repository/local-copy.ts: the files a local repository's copy
 * already holds (from the last deployment) not counted in the copy's size budget. Each deployment
 * then counts only what it copies anew, and a repository that grows across deployments passes
 * the cap (`--max-local-copy-mb`; `maxLocalBytes` here) a little at a time. Through the server as
 * `docsnav serve` runs it: a project on a local repository, deployed, grown, deployed again.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { deploymentEnded, exampleRepo, git } from './helpers.js';
import { listeningServer } from './listening-server.js';
import { hangGuard } from '../../test/time-scale.mjs';

const MB = 1024 * 1024;
const server = listeningServer('planted-local-copy', { maxLocalBytes: MB });

/** Commits `bytes` random bytes (git cannot compress them) as `file`. */
function commitRandom(repo: string, file: string, bytes: number): void {
  mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
  writeFileSync(path.join(repo, file), randomBytes(bytes));
  git(repo, 'add', '-A');
  git(repo, 'commit', '-qm', `Add ${file}`);
}

async function deploy(id: string) {
  const { statusId } = await server.core.queueUpdate(id);
  return deploymentEnded(server.store, statusId, 120_000, `deployment of ${id}`);
}

describe('issue 58: local-copy.ts, what the copy already holds counts in its budget', () => {
  it(
    'a repository under the cap deploys; grown past it (each part under it), the next deployment is refused',
    async () => {
      const repo = exampleRepo(path.join(server.allowed, 'growing'));
      commitRandom(repo, 'assets/first.bin', 600 * 1024);
      await server.core.addProject({ id: 'growing', repo, branch: 'main', docsDir: 'docs' });
      const first = await deploy('growing');
      expect(first.status, first.summary).toBe('success');
      // 600 KB more: the new objects alone are under 1 MB, the repository's are over it.
      commitRandom(repo, 'assets/second.bin', 600 * 1024);
      const second = await deploy('growing');
      expect(second.status).toBe('failure');
      expect(second.summary).toBe("the repository's objects and branches are over 1 MB; docsnav copies at most that much from a local repository");
    },
    hangGuard(300_000),
  );
});
