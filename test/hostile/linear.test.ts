/**
 * Linear in every input, bounded memory (issue 8): for each class of input that used to be
 * quadratic or to crash, the outcome at a size that broke today's build. No timing is
 * asserted: a child process that runs too long is killed (a hang guard) and fails the test;
 * the cost at N and 2N is compared in `npm run bench`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Problem } from '../../src/problem.js';
import { formatGithub } from '../../src/report/github.js';
import { formatJson } from '../../src/report/json.js';
import { formatPretty } from '../../src/report/pretty.js';
import { formatSarif } from '../../src/report/sarif.js';
import { resolveText } from '../../src/resolve.js';
import { MAX_QUOTED } from '../../src/text.js';
import { MAX_PROBLEMS_PER_FILE } from '../../src/pipeline/sink.js';
import { validateText } from '../../src/validate.js';
import { contractBreaches } from '../robustness/helpers.js';
import { generateAliasBomb, generateDeepProblems, generateLongString, generateManyProblems, generateMissingPages, runCli, tempDir } from './helpers.js';
import { hangGuard } from '../time-scale.mjs';

let temp: { dir: string; remove: () => void };
beforeAll(() => {
  temp = tempDir();
});
afterAll(() => temp?.remove());

function write(name: string, text: string): string {
  const file = path.join(temp.dir, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

/** The number in "N more problems … not shown". */
function hiddenCount(problem: Problem): number {
  const match = /^([\d,]+) more problems? in this file/.exec(problem.message);
  expect(match, problem.message).not.toBeNull();
  return Number(match![1].replace(/,/g, ''));
}

describe('one problem per nesting level', () => {
  // 5,000 levels ran out of memory (3,000: 22 s and 1.9 GB): every problem's pointer was
  // rebuilt from the root, located by a scan from the start, and kept.
  it('5,000 levels: a capped, located report in a process limited to 256 MB of heap', { timeout: hangGuard(120_000) }, async () => {
    const file = write('deep/docs.json', generateDeepProblems(5000));
    const run = await runCli(['validate', file, '--format', 'json', '--rule', 'page-not-found=off'], {
      nodeArgs: ['--max-old-space-size=256'],
      killAfterMs: 90_000,
    });
    expect(run.killed).toBe(false);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    const [report] = JSON.parse(run.stdout) as Array<{ problems: Problem[] }>;
    expect(report.problems).toHaveLength(MAX_PROBLEMS_PER_FILE + 1);
    const summary = report.problems.at(-1)!;
    expect(summary.code).toBe('too-many-problems');
    // 5,000 untidy pages and a too-deep or two: the first 1,000 are shown.
    expect(hiddenCount(summary)).toBeGreaterThanOrEqual(5000 - MAX_PROBLEMS_PER_FILE);
  });

  // Issue 57: a mint.json whose groups nest 40,000 deep took ~70 s (10,000: 58 s and 1.4 GB) where a
  // docs.json stops at 100 levels: its legacy check copied a path per level, its clone made a pointer
  // per level. Now one depth limit for both (src/limits.ts), and each walk linear.
  it('a mint.json with groups nested 40,000 deep: followed 100 deep as a docs.json is, in a process limited to 256 MB of heap', async () => {
    let open = '';
    let close = '';
    for (let i = 0; i < 40_000; i++) {
      open += `{"group":"g${i}","pages":["index",`;
      close = `]}${close}`;
    }
    const file = write('deep-mint/mint.json', `{"name":"x","favicon":"/f.svg","colors":{"primary":"#000000"},"navigation":[${open}"index"${close}]}`);
    write('deep-mint/index.mdx', '# Home\n');
    const run = await runCli(['validate', file, '--format', 'json', '--no-cache'], { nodeArgs: ['--max-old-space-size=256'], killAfterMs: 50_000 });
    expect(run.killed).toBe(false);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    const [report] = JSON.parse(run.stdout) as Array<{ problems: Problem[] }>;
    const deep = report.problems.filter((problem) => problem.code === 'too-deep');
    expect(deep.length).toBeGreaterThan(0);
    expect(deep.every((problem) => problem.message.includes('100'))).toBe(true);
    // "index" again in each group followed: the 100 levels docsnav follows, no more.
    expect(report.problems.filter((problem) => problem.code === 'duplicate-page')).toHaveLength(100);
  });

  it('2,000 levels in-process: every problem shown keeps the contract (pointers name what is there)', () => {
    const result = validateText(generateDeepProblems(2000), { file: 'docs.json' });
    expect(result.problems).toHaveLength(MAX_PROBLEMS_PER_FILE + 1);
    expect(contractBreaches(result)).toEqual([]);
    const deepest = result.problems.filter((p) => p.code === 'page-path').at(-1)!;
    expect(deepest.pointer.split('/pages/1').length).toBeGreaterThan(900);
  });
});

describe('many problems in one file', () => {
  const many = (count: number): Problem[] =>
    Array.from({ length: count }, (_, i) => ({
      code: 'page-path',
      severity: 'warning',
      message: `Page path "p${i}.mdx" has a file extension.`,
      file: 'docs.json',
      pointer: `/navigation/pages/${i}`,
      line: 1,
      column: 1,
      endLine: 1,
      endColumn: 2,
    }));

  // The pretty formatter spread every problem into push(...): 150,000 overflowed the stack.
  it('every formatter takes 150,000 problems', () => {
    const results = [{ file: 'docs.json', problems: many(150_000), sources: {} }];
    expect(formatPretty(results, { color: false })).toMatch(/150000 problems \(0 errors, 150000 warnings\)\n$/);
    expect(JSON.parse(formatJson(results))[0].problems).toHaveLength(150_000);
    expect(JSON.parse(formatSarif(results)).runs[0].results).toHaveLength(150_000);
    // 150,000 annotations, the line saying GitHub shows only the first 10 of a kind, and the final newline.
    expect(formatGithub(results).split('\n')).toHaveLength(150_002);
  });

  it('150,000 problems in a file: the first 1,000 and a count of the rest', () => {
    const result = validateText(generateManyProblems(150_000), { file: 'docs.json', profile: 'spec' });
    expect(result.problems).toHaveLength(MAX_PROBLEMS_PER_FILE + 1);
    const summary = result.problems.at(-1)!;
    // The generated pages end in .mdx, a page-path error (issue 50): the count says the worst severity it hides.
    expect(summary).toMatchObject({ code: 'too-many-problems', severity: 'error', pointer: '', line: 1, column: 1 });
    expect(hiddenCount(summary)).toBe(149_000);
    expect(contractBreaches(result)).toEqual([]);
    expect(formatPretty([result], { color: false })).toContain('149,000 more problems in this file are not shown');
  });

  it('the cap is an option; the count takes the highest severity it hides; it can be turned off', () => {
    const docs = JSON.parse(generateManyProblems(50)) as { navigation: { groups: Array<{ pages: string[] }> } };
    docs.navigation.groups[0].pages.push('../outside'); // an error, after 50 warnings
    const text = JSON.stringify(docs);
    const capped = validateText(text, { maxProblemsPerFile: 10, profile: 'spec' });
    expect(capped.problems.map((p) => p.code)).toEqual([...Array(10).fill('page-path'), 'too-many-problems']);
    expect(capped.problems[10]).toMatchObject({ severity: 'error', message: expect.stringMatching(/^41 more problems .* at most 10 per file/) });
    const off = validateText(text, { maxProblemsPerFile: 10, rules: { 'too-many-problems': 'off' }, profile: 'spec' });
    expect(off.problems).toHaveLength(10);
    expect(validateText(text, { profile: 'spec' }).problems).toHaveLength(51);
  });

  it('resolve keeps the same cap', async () => {
    const result = await resolveText(generateManyProblems(3000), { file: 'docs.json' });
    expect(result.problems).toHaveLength(MAX_PROBLEMS_PER_FILE + 1);
    expect(result.problems.at(-1)!.code).toBe('too-many-problems');
    expect(result.tree.pages).toHaveLength(3000);
    const small = await resolveText(generateManyProblems(30), { file: 'docs.json', maxProblemsPerFile: 5 });
    expect(small.problems).toHaveLength(6);
    expect(small.problems.at(-1)!.code).toBe('too-many-problems');
  });
});

describe('did-you-mean for missing pages', () => {
  // Each missing page listed its folder again and compared itself with every file in it:
  // 20,000 missing pages in a folder of 20,000 files took about two minutes.
  it('20,000 missing pages in a folder of 20,000 files: every one found, good suggestions', { timeout: hangGuard(150_000) }, async () => {
    const { docs, files } = generateMissingPages(20_000);
    const root = path.join(temp.dir, 'missing');
    mkdirSync(path.join(root, 'guides'), { recursive: true });
    for (const name of files) writeFileSync(path.join(root, name), '');
    const file = write('missing/docs.json', docs);
    const run = await runCli(['validate', file, '--format', 'json', '--profile', 'spec'], { killAfterMs: 120_000 });
    expect(run.killed).toBe(false);
    expect(run.code).toBe(1);
    const problems = (JSON.parse(run.stdout) as Array<{ problems: Problem[] }>)[0].problems;
    expect(problems).toHaveLength(MAX_PROBLEMS_PER_FILE + 1);
    expect(hiddenCount(problems.at(-1)!)).toBe(19_000);
    const listed = (JSON.parse(docs) as { navigation: { groups: Array<{ pages: string[] }> } }).navigation.groups[0].pages;
    const good = problems.filter((p) => p.code === 'page-not-found' && p.suggest === listed[Number(p.pointer.split('/').at(-1))].replace('topci', 'topic'));
    expect(good.length).toBeGreaterThanOrEqual(990);
  });

  it('a small folder is still compared in full', () => {
    const files = { root: 'docs', hasFile: () => false, filesIn: (dir: string) => (dir === '' ? ['quickstart.mdx', 'installation.mdx', 'Changelog.md'] : []) };
    const result = validateText(JSON.stringify({ navigation: { pages: ['quikstart', 'instalation', 'changelog'] } }), { files, profile: 'spec' });
    expect(result.problems.map((p) => p.suggest)).toEqual(['quickstart', 'installation', 'Changelog']);
  });
});

describe('YAML alias bombs', () => {
  // The aliases were refused, but the problem sat on line 1, column 1 and said only "YAML error".
  it('docs.yaml: a parse-error at the aliases, nothing expanded', () => {
    const text = generateAliasBomb(12, 9);
    const result = validateText(text, { file: 'docs.yaml' });
    expect(result.problems).toHaveLength(1);
    const [problem] = result.problems;
    expect(problem.code).toBe('parse-error');
    expect(problem.message).toMatch(/aliases expand to more than 1,000 nodes/);
    expect(problem.line).toBe(text.split('\n').findIndex((line) => line.includes('*a12')) + 1);
    expect(contractBreaches(result)).toEqual([]);
  });

  it('a YAML $ref target: the problem is in that file', () => {
    const main = write('bomb/docs.json', JSON.stringify({ navigation: { $ref: 'nav.yaml' } }));
    write('bomb/nav.yaml', generateAliasBomb(20, 4));
    const result = validateText(JSON.stringify({ navigation: { $ref: 'nav.yaml' } }), { file: main, root: path.dirname(main), profile: 'spec' });
    expect(result.problems.map((p) => [p.code, path.basename(p.file)])).toEqual([['parse-error', 'nav.yaml']]);
  });

  it('a YAML spec: resolve finishes in a process limited to 256 MB of heap', { timeout: hangGuard(60_000) }, async () => {
    const bomb = generateAliasBomb(12, 9)
      .split('\nnavigation')[0]
      .split('\n')
      .map((line) => `  ${line}`)
      .join('\n');
    write(
      'spec-bomb/openapi.yaml',
      `openapi: 3.1.0\ninfo: {title: Bomb, version: "1"}\nx-bomb:\n${bomb}\npaths:\n  /a:\n    get:\n      summary: A\n      tags: [*a12]\n      responses: {}\n`,
    );
    const file = write('spec-bomb/docs.json', JSON.stringify({ navigation: { tabs: [{ tab: 'API', openapi: 'openapi.yaml' }] } }));
    const run = await runCli(['resolve', file], { nodeArgs: ['--max-old-space-size=256'], killAfterMs: 50_000 });
    expect(run.killed).toBe(false);
    expect(run.stderr).not.toMatch(/internal error|heap|Maximum call stack/i);
    expect([0, 1]).toContain(run.code);
  });
});

describe('huge values', () => {
  // A page name of 270 million characters made "No page file "<page>.mdx" or "<page>.md""
  // longer than a string can be: an "Invalid string length" internal error.
  it('a 1,000,000-character page name and key: messages quote at most MAX_QUOTED characters of them', () => {
    const long = 'a'.repeat(1_000_000);
    const text = JSON.stringify({ navigation: { pages: [`${long}.mdx`], [long]: 1 } });
    const files = { root: 'docs', hasFile: () => false, filesIn: (dir: string) => (dir === '' ? ['a.mdx'] : []) };
    const result = validateText(text, { files, profile: 'spec' });
    expect(new Set(result.problems.map((p) => p.code))).toEqual(new Set(['page-not-found', 'page-path', 'unknown-field']));
    for (const problem of result.problems) {
      expect(problem.message.length).toBeLessThan(3 * MAX_QUOTED + 200);
      expect(problem.message).toContain(`${'a'.repeat(MAX_QUOTED)}…`);
    }
    // The suggestion is data: whole in the result, shortened where a person reads it.
    expect(result.problems.find((p) => p.code === 'page-path')!.suggest).toBe(long);
    expect(formatPretty([result], { color: false }).length).toBeLessThan(5_000);
    expect(formatGithub([result]).length).toBeLessThan(5_000);
  });

  it('a 20,000,000-character page name through the CLI: located problems, a short report', { timeout: hangGuard(120_000) }, async () => {
    const file = write('long/docs.json', generateLongString(20_000_000));
    const run = await runCli(['validate', file], { killAfterMs: 100_000 });
    expect(run.killed).toBe(false);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/page-not-found/);
    expect(run.stdout.length).toBeLessThan(5_000);
  });
});
