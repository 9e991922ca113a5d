/**
 * The counts and the one-of-each list of problems (src/result.ts): `countProblems` (the public
 * API's, the exit code's and the pretty summary's counts) by severity, and `uniqueProblems` (what
 * the GitHub and SARIF reports list): a problem in a `$ref` target two checked files share, once;
 * problems that differ in any of code, file, line, column, end or message, each kept.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countProblems } from '../src/index.js';
import type { Problem } from '../src/problem.js';
import { formatGithub, formatSarif } from '../src/report/index.js';
import { uniqueProblems, type ValidationResult } from '../src/result.js';
import { validateText } from '../src/validate.js';
import { tempTrees } from './config/temp-tree.js';
import { REQUIRED_SETTINGS } from './required-settings.js';

const tree = tempTrees('docsnav-result-');

const problem = (fields: Partial<Problem> = {}): Problem => ({
  code: 'page-not-found',
  severity: 'error',
  message: 'No page file "a.mdx" or "a.md" under the docs root (docs).',
  file: 'docs.json',
  pointer: '/navigation/pages/0',
  line: 3,
  column: 5,
  endLine: 3,
  endColumn: 8,
  ...fields,
});
const result = (file: string, problems: Problem[]): ValidationResult => ({ file, problems, sources: {} });

describe('countProblems', () => {
  it.each<[string, Problem['severity'][], { errors: number; warnings: number; infos: number }]>([
    ['none', [], { errors: 0, warnings: 0, infos: 0 }],
    ['one error', ['error'], { errors: 1, warnings: 0, infos: 0 }],
    ['one warning', ['warning'], { errors: 0, warnings: 1, infos: 0 }],
    ['one info', ['info'], { errors: 0, warnings: 0, infos: 1 }],
    ['of each kind, mixed', ['info', 'error', 'warning', 'error', 'info', 'error', 'warning'], { errors: 3, warnings: 2, infos: 2 }],
  ])('%s', (_name, severities, counts) => {
    expect(countProblems(severities.map((severity) => problem({ severity })))).toEqual(counts);
  });

  it('counts a real run: an error, a warning and an info of one docs.json', () => {
    const root = tree({ 'index.mdx': '' });
    const text = JSON.stringify({ ...REQUIRED_SETTINGS, navigation: { pages: ['index', 'missing', '/index', 'index'] } }, null, 2);
    const { problems } = validateText(text, { file: path.join(root, 'docs.json'), root });
    const bySeverity = { errors: 0, warnings: 0, infos: 0 };
    const keys = { error: 'errors', warning: 'warnings', info: 'infos' } as const;
    for (const p of problems) bySeverity[keys[p.severity]]++;
    expect(bySeverity.errors).toBeGreaterThan(0);
    expect(bySeverity.warnings + bySeverity.infos).toBeGreaterThan(0);
    expect(countProblems(problems)).toEqual(bySeverity);
  });
});

describe('uniqueProblems', () => {
  it('none of no results, and none of results with none', () => {
    expect(uniqueProblems([])).toEqual([]);
    expect(uniqueProblems([result('a.json', []), result('b.json', [])])).toEqual([]);
  });

  it('keeps each problem once, in the order first seen, within a result and across results', () => {
    const [a, b, c] = [problem(), problem({ line: 4, endLine: 4 }), problem({ line: 5, endLine: 5 })];
    const unique = uniqueProblems([result('one.json', [a, b, { ...a }]), result('two.json', [{ ...b }, c, { ...a }])]);
    expect(unique).toEqual([a, b, c]);
    expect(unique[0]).toBe(a);
    expect(unique[1]).toBe(b);
  });

  it.each<[keyof Problem, Problem[keyof Problem]]>([
    ['code', 'page-path'],
    ['file', 'nav.json'],
    ['line', 4],
    ['column', 6],
    ['endLine', 4],
    ['endColumn', 9],
    ['message', 'No page file "b.mdx" or "b.md" under the docs root (docs).'],
  ])('keeps two problems that differ in %s only', (field, value) => {
    const first = problem();
    const second = problem({ [field]: value });
    expect(uniqueProblems([result('one.json', [first]), result('two.json', [second])])).toEqual([first, second]);
  });

  it('a problem in a $ref target two docs files share is one annotation and one SARIF result', () => {
    const root = tree({ 'index.mdx': '', 'nav.json': JSON.stringify({ pages: ['index', 'gone'] }, null, 2) });
    const results = ['docs.json', 'beta/docs.json'].map((name) => {
      const file = path.join(root, name);
      const text = JSON.stringify(
        { ...REQUIRED_SETTINGS, navigation: { groups: [{ group: 'G', $ref: path.relative(path.dirname(file), path.join(root, 'nav.json')) }] } },
        null,
        2,
      );
      return validateText(text, { file, root });
    });
    const shared = results.map((r) => r.problems.filter((p) => p.code === 'page-not-found'));
    expect(shared.map((problems) => problems.length)).toEqual([1, 1]);
    expect(shared[0][0].file).toBe(shared[1][0].file);
    expect(uniqueProblems(results).filter((p) => p.code === 'page-not-found')).toHaveLength(1);
    expect(
      formatGithub(results)
        .split('\n')
        .filter((line) => line.includes('gone')),
    ).toHaveLength(1);
    const sarif = JSON.parse(formatSarif(results)) as { runs: Array<{ results: Array<{ ruleId: string }> }> };
    expect(sarif.runs[0].results.filter((r) => r.ruleId === 'page-not-found')).toHaveLength(1);
  });
});
