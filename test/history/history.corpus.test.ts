import { cpSync, mkdtempSync, readdirSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSiteBase } from '../../src/history/base.js';
import { diffSite } from '../../src/history/diff.js';
import { validateFile } from '../../src/validate.js';
import { git } from './repo.js';

const REPOS = '../shared/corpus/docs-repos';

describe.each(readdirSync(REPOS))('the real repository %s, committed as it is', (name) => {
  it('the site at HEAD is the working tree: nothing added, removed or moved, no redirect-missing', () => {
    const repo = realpathSync(mkdtempSync(path.join(tmpdir(), `docsnav-history-${name}-`)));
    cpSync(path.join(REPOS, name), repo, { recursive: true });
    git(repo, 'init', '-q');
    git(repo, 'add', '-A');
    git(repo, 'commit', '-qm', 'as it is');
    const docs = ['docs.json', 'docs.yaml', 'docs.yml'].map((file) => path.join(repo, file)).find((file) => readdirSync(repo).includes(path.basename(file)))!;
    const diff = diffSite(docs, 'HEAD');
    expect({ added: diff.added, removed: diff.removed, moved: diff.moved }).toEqual({ added: [], removed: [], moved: [] });
    const base = readSiteBase(docs, 'HEAD');
    expect(base.pages.size).toBeGreaterThan(50);
    expect(validateFile(docs, { since: base }).problems.filter((p) => p.code === 'redirect-missing')).toEqual([]);
  });
});
