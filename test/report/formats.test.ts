import { describe, expect, it } from 'vitest';
import type { Problem } from '../../src/problem.js';
import type { ValidationResult } from '../../src/result.js';
import { FORMATS, formats, isFormat } from '../../src/report/formats.js';

/** Contracts every registered format keeps (src/report/formats.ts); each format's own tests pin its shape. */
const problem: Problem = {
  code: 'unknown-field',
  severity: 'error',
  message: '`expand` is not a field of a group.',
  file: 'docs.json',
  pointer: '/navigation/groups/0/expand',
  line: 3,
  column: 5,
  endLine: 3,
  endColumn: 13,
};
const withProblem: ValidationResult[] = [
  { file: 'docs.json', problems: [problem], sources: { 'docs.json': '{\n  "navigation": {\n    "expand": true\n  }\n}\n' } },
];
const clean: ValidationResult[] = [{ file: 'docs.json', problems: [], sources: { 'docs.json': '{}' } }];

describe.each(formats)('format %s', (format) => {
  it('is a registered name with a one-line description', () => {
    expect(isFormat(format)).toBe(true);
    expect(FORMATS[format].description).toMatch(/^[^\n]{10,200}$/);
  });

  it('reports a problem by its code and message, and ends with a newline', async () => {
    const text = (await FORMATS[format].load())(withProblem, {});
    expect(text).toContain(problem.code);
    expect(text).toContain(format === 'github' ? problem.message.replaceAll('`', '`') : problem.message);
    expect(text.endsWith('\n')).toBe(true);
  });

  it('renders no problems: a report that reports nothing', async () => {
    const text = (await FORMATS[format].load())(clean, {});
    expect(text).not.toContain(problem.message);
    expect(text === '' || text.endsWith('\n')).toBe(true);
  });
});

it('a name that is not registered is not a format', () => {
  for (const name of ['xml', 'Pretty', 'toString', '__proto__', '']) expect(isFormat(name)).toBe(false);
});
