/**
 * Options the pipeline (src/pipeline/start.ts) passes on, seen through the public API: a caller's
 * `languageCodes` reach the language-code rule, and asking for progress (`onProgress`) changes
 * nothing of what a run finds or builds (the tree builder still walks the navigation beside the
 * progress count).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveFile, validateFile, validateText } from '../src/index.js';
import { tempDir } from './hostile/helpers.js';
import { REQUIRED_SETTINGS } from './required-settings.js';

const temp = tempDir();
afterAll(() => temp.remove());

describe('languageCodes', () => {
  const text = JSON.stringify(
    {
      ...REQUIRED_SETTINGS,
      navigation: {
        languages: [
          { language: 'en', pages: ['index'] },
          { language: 'tlh', pages: ['tlh/index'] },
        ],
      },
    },
    null,
    2,
  );
  const languageProblems = (options: { languageCodes?: string[] }) =>
    validateText(text, options)
      .problems.filter((problem) => problem.code === 'language-code')
      .map((problem) => problem.pointer);

  it.each<[string, string[] | undefined, string[]]>([
    ['none given: a code no profile knows is reported', undefined, ['/navigation/languages/1/language']],
    ['an empty list: the same', [], ['/navigation/languages/1/language']],
    ['the code given: accepted', ['tlh'], []],
    ['another code given: still reported', ['qya'], ['/navigation/languages/1/language']],
  ])('%s', (_name, languageCodes, pointers) => {
    expect(languageProblems({ languageCodes })).toEqual(pointers);
  });
});

describe('onProgress changes nothing a run finds or builds', () => {
  function site(): string {
    const root = temp.folder();
    mkdirSync(path.join(root, 'guides'));
    writeFileSync(
      path.join(root, 'docs.json'),
      JSON.stringify({
        ...REQUIRED_SETTINGS,
        navigation: {
          tabs: [
            { tab: 'Guides', groups: [{ group: 'Start', pages: ['index', 'guides/a', 'guides/missing', 'guides/a'] }] },
            { tab: 'More', pages: ['guides/b'] },
          ],
        },
      }),
    );
    writeFileSync(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nSee [A](/guides/a), [B](/guides/b#nowhere) and [gone](/guides/gone).\n');
    writeFileSync(path.join(root, 'guides', 'a.mdx'), '---\ntitle: A\n---\n\n# A\n');
    writeFileSync(path.join(root, 'guides', 'b.mdx'), '---\ntitle: B\n---\n\n## Only heading\n');
    writeFileSync(path.join(root, 'guides', 'unlisted.mdx'), '---\ntitle: [broken\n---\n');
    return path.join(root, 'docs.json');
  }

  it('validate: the same problems, with or without it (and some of every kind: navigation, pages, links)', () => {
    const file = site();
    const told: unknown[] = [];
    const withProgress = validateFile(file, { concurrency: 1, onProgress: (progress) => told.push(progress) });
    const without = validateFile(file, { concurrency: 1 });
    expect(told.length).toBeGreaterThan(0);
    expect(withProgress.problems).toEqual(without.problems);
    const codes = new Set(without.problems.map((problem) => problem.code));
    for (const code of ['page-not-found', 'duplicate-page', 'link-not-found', 'anchor-not-found']) expect(codes).toContain(code);
  });

  it('resolve: the same tree and problems, with or without it', async () => {
    const file = site();
    const withProgress = await resolveFile(file, { concurrency: 1, onProgress: () => {} });
    const without = await resolveFile(file, { concurrency: 1 });
    expect(JSON.stringify(without)).toContain('guides/b');
    expect(withProgress).toEqual(without);
  });
});
