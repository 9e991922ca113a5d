/**
 * On the real documentation repositories, `docsnav validate` reports the same problems whether
 * pages are scanned on one thread or on helper threads, and whether their scans (and front
 * matter) come from a `--cache` file, with the pages not opened, or not.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpus } from '../corpus-files.js';
import { hangGuard } from '../time-scale.mjs';

function validate(docs: string, ...args: string[]) {
  const run = spawnSync(process.execPath, [path.resolve('dist/cli/main.js'), 'validate', docs, '--format', 'json', ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe.each(['mintlify', 'modelcontextprotocol', 'runpod'])('validate %s: threads and cache change nothing', (repository) => {
  it(
    'one thread, helper threads, a cold and a warm --cache: the same report',
    () => {
      const docs = path.join(corpus, 'docs-repos', repository, 'docs.json');
      const one = validate(docs, '--concurrency', '1');
      expect(one.stderr).toBe('');
      expect(JSON.parse(one.stdout)[0].problems.filter((problem: { code: string }) => problem.code === 'link-not-found').length).toBeGreaterThan(0);
      const cache = path.join(mkdtempSync(path.join(tmpdir(), 'docsnav-cache-')), '.docsnavcache');
      expect(validate(docs, '--concurrency', '2', '--cache-location', cache)).toEqual(one);
      expect(validate(docs, '--cache-location', cache)).toEqual(one);
      // Warm, pages are not opened unless a problem is shown in them: its line, column and code frame as read.
      expect(validate(docs, '--cache-location', cache, '--format', 'pretty')).toEqual(validate(docs, '--no-cache', '--format', 'pretty'));
    },
    hangGuard(120_000),
  );
});
