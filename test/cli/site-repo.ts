/**
 * A git repository holding a generated site (bench/generate.mjs), its first commit made: for the
 * CLI tests whose command must take a while (a second move meets the first; Ctrl-C is typed
 * during a check).
 */
import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { git } from '../history/repo.js';

const { writeSiteWithPages } = (await import(new URL('../../bench/generate.mjs', import.meta.url).href)) as {
  writeSiteWithPages: (folder: string, pages: number) => { pages: number };
};

export function generatedSiteRepo(pages: number, prefix: string): string {
  const repo = realpathSync(mkdtempSync(path.join(tmpdir(), prefix)));
  git(repo, 'init', '-q');
  writeSiteWithPages(repo, pages);
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'base');
  return repo;
}
