/**
 * `ValidateOptions.onProgress` (src/pipeline/progress.ts): the counts a validation tells as it
 * goes (navigation entries walked, files read through the pipeline's reader, page bodies checked),
 * only growing, each call a copy; an error thrown from it stops the validation and reaches the
 * caller as it is.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateFile, type ValidationProgress } from '../../src/index.js';

function site(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'docsnav-progress-'));
  mkdirSync(path.join(root, 'guides'));
  writeFileSync(
    path.join(root, 'docs.json'),
    JSON.stringify({
      name: 'Acme',
      theme: 'mint',
      colors: { primary: '#0D9373' },
      navigation: { groups: [{ group: 'Docs', pages: ['index', 'guides/a', 'guides/b'] }] },
    }),
  );
  writeFileSync(path.join(root, 'index.mdx'), '# Home\n\nSee [A](/guides/a).\n');
  writeFileSync(path.join(root, 'guides', 'a.mdx'), '# A\n');
  writeFileSync(path.join(root, 'guides', 'b.mdx'), '# B\n');
  return path.join(root, 'docs.json');
}

describe('onProgress', () => {
  it('is told each step: entries walked (the navigation, the group, three pages), files read, pages checked; counts that only grow', () => {
    const told: ValidationProgress[] = [];
    const { problems } = validateFile(site(), { concurrency: 1, onProgress: (progress) => told.push(progress) });
    expect(problems).toEqual([]);
    // Read: the three pages and one more file the pipeline's reader is asked for (four on this site, as measured; the library's example, two pages: three).
    expect(told.at(-1)).toEqual({ entries: 5, read: 4, scanned: 3 });
    for (const [i, progress] of told.entries()) {
      if (i === 0) continue;
      const before = told[i - 1];
      expect(progress.entries >= before.entries && progress.read >= before.read && progress.scanned >= before.scanned).toBe(true);
      // One count grows at a time: each call is a step.
      expect(progress.entries + progress.read + progress.scanned).toBeGreaterThan(before.entries + before.read + before.scanned);
    }
    // Each call is a copy: what a caller keeps is not changed by the next step.
    expect(told[0]).not.toBe(told[1]);
    expect(told[0].entries + told[0].read + told[0].scanned).toBe(1);
  });

  it('an error it throws stops the validation and reaches the caller as it is', () => {
    class Stop extends Error {}
    let calls = 0;
    expect(() =>
      validateFile(site(), {
        onProgress: (progress) => {
          calls++;
          if (progress.read === 1) throw new Stop('enough');
        },
      }),
    ).toThrow(Stop);
    // Stopped at the first file read, not at the end (5 entries, 4 files read, 3 pages checked: 12 calls).
    expect(calls).toBeLessThan(11);
  });

  it('not given: the same result', () => {
    const file = site();
    expect(validateFile(file).problems).toEqual(validateFile(file, { onProgress: () => undefined }).problems);
  });
});
