/**
 * What mv says (issue 71 item 7): `--continue` and `--abort` with no move recorded fail (exit 2,
 * one line), as git's `rebase --continue` does without a rebase; and the count of the problems the
 * site had before a move adds up (its infos were left out of the sum).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoWith } from '../history/repo.js';

const cli = path.resolve('dist/cli/main.js');

function docsnav(args: string[], cwd: string) {
  const result = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '' } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const docs = (groups: unknown[]) => `${JSON.stringify({ navigation: { groups }, name: 'Docs', theme: 'mint', colors: { primary: '#0D9373' } }, null, 2)}\n`;

describe('mv --continue and --abort with nothing recorded', () => {
  it.each(['--continue', '--abort'])('%s: exit 2, one line, nothing changed', (flag) => {
    const repo = repoWith({ 'docs.json': docs([{ group: 'Start', pages: ['index'] }]), 'index.mdx': '# Home\n' });
    const run = docsnav(['mv', flag], repo);
    expect(run).toEqual({ code: 2, stdout: '', stderr: `docsnav: no unfinished move is recorded for .: nothing to ${flag.slice(2)}\n` });
  });
});

describe('the problems the site had before a move', () => {
  it('errors, warnings and infos add up to the whole', () => {
    const repo = repoWith({
      // An info (a spec by URL, not fetched), an error (a missing page) and a warning-free rest.
      'docs.json': docs([
        { group: 'Start', pages: ['index', 'guides/a', 'missing'] },
        { group: 'API', openapi: 'https://example.com/openapi.json', pages: ['index'] },
      ]),
      'index.mdx': '# Home\n',
      'guides/a.mdx': '# A\n',
    });
    const before = JSON.parse(docsnav(['validate', '--format', 'json'], repo).stdout)[0].problems as Array<{ severity: string }>;
    const count = (severity: string) => before.filter((problem) => problem.severity === severity).length;
    expect(count('info')).toBeGreaterThan(0);
    const run = docsnav(['mv', 'guides', 'learn'], repo);
    expect(run.code).toBe(0);
    const infos = count('info');
    expect(run.stderr).toContain(
      `the site had ${before.length} problems before it (${count('error')} error${count('error') === 1 ? '' : 's'}, ${count('warning')} warning${count('warning') === 1 ? '' : 's'}, ${infos} info)`,
    );
    expect(count('error') + count('warning') + infos).toBe(before.length);
  });
});
