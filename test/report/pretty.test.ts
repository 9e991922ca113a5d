import { describe, expect, it, vi } from 'vitest';
import type { Code } from '../../src/codes.js';
import { formatPretty } from '../../src/report/pretty.js';
import { cleanResult, mainResult, minifiedResult, problem, rangeOf, result, results } from './fixtures.js';

const plain = (r = results) => formatPretty(r, { color: false });
/** The line that ends each problem: where its rule is documented (the shipped file, relative to the working folder: the project root). */
const docs = (code: Code) => `  docs: docs/rules/${code}.md`;

/** The lines of the block that starts with `header`, up to the next blank line. */
function block(output: string, header: string): string[] {
  const lines = output.split('\n');
  const start = lines.findIndex((line) => line.startsWith(header));
  expect(start, `no header ${header}`).toBeGreaterThanOrEqual(0);
  const end = lines.indexOf('', start);
  return lines.slice(start, end);
}

describe('formatPretty', () => {
  it('prints one eslint-like header per problem, in order', () => {
    const headers = plain()
      .split('\n')
      .filter((line) => /^\S+:\d+:\d+ {2}/.test(line));
    expect(headers).toEqual([
      'docs.json:2:3  error  primary-pattern  The navigation root holds both `languages` and `tabs`; keep exactly one.',
      'docs.json:4:21  error  language-code  Unsupported language code "xx".',
      'nav/tabs.json:4:36  warning  expanded-top-level  `expanded` has no effect on a top-level group.',
      'nav/tabs.json:5:16  info  openapi-remote  The OpenAPI URL https://example.com/openapi.json was not fetched.',
      'min/docs.json:1:1050026  error  unknown-field  Unknown field "langauge".',
      'min/missing.json:3:5  error  page-not-found  No intro.mdx or intro.md under the docs root.',
    ]);
  });

  it('frames the problem line with a line of context and carets under the range, then the suggestion', () => {
    expect(block(plain(), 'docs.json:4:21')).toEqual([
      'docs.json:4:21  error  language-code  Unsupported language code "xx".',
      '    3 |     "languages": [',
      '  > 4 |       { "language": "xx", "groups": [] }',
      '      |                     ^^^^',
      '    5 |     ],',
      '  suggestion: use "es"',
      docs('language-code'),
    ]);
  });

  it('marks only the first line of a multi-line range, from the column to the end of that line', () => {
    expect(block(plain(), 'docs.json:2:3')).toEqual([
      'docs.json:2:3  error  primary-pattern  The navigation root holds both `languages` and `tabs`; keep exactly one.',
      '    1 | {',
      '  > 2 |   "navigation": {',
      '      |   ^^^^^^^^^^^^^^^',
      '    3 |     "languages": [',
      docs('primary-pattern'),
    ]);
  });

  it('frames a problem in a $ref-ed file from that file’s text', () => {
    expect(block(plain(), 'nav/tabs.json:4:36')).toEqual([
      'nav/tabs.json:4:36  warning  expanded-top-level  `expanded` has no effect on a top-level group.',
      '    3 |     "tab": "API",',
      '  > 4 |     "groups": [{ "group": "Intro", "expanded": true, "pages": ["intro"] }],',
      '      |                                    ^^^^^^^^^^',
      '    5 |     "openapi": "https://example.com/openapi.json"',
      docs('expanded-top-level'),
    ]);
  });

  it('groups problems by file with a blank line between files', () => {
    const out = plain([mainResult]);
    expect(out).toContain(`  suggestion: use "es"\n${docs('language-code')}\n\nnav/tabs.json:4:36`);
    // within a file, framed problems are separated by a blank line too
    expect(out).toContain(`    3 |     "languages": [\n${docs('primary-pattern')}\n\ndocs.json:4:21`);
  });

  it('clips a very long line to a window around the column, caret still under the range', () => {
    const lines = block(plain(), 'min/docs.json:1:');
    expect(lines).toHaveLength(5);
    const [, code, carets, suggestion, link] = lines;
    expect(link).toBe(docs('unknown-field'));
    expect(code.startsWith('  > 1 | …')).toBe(true);
    expect(code.endsWith('…')).toBe(true);
    expect(code.length).toBeLessThan(140);
    expect(carets.indexOf('^')).toBe(code.indexOf('"langauge"'));
    expect(carets.trim()).toMatch(/^\| +\^{10}$/);
    expect(suggestion).toBe('  suggestion: use "language"');
    // nothing anywhere in the output is long
    expect(
      Math.max(
        ...plain()
          .split('\n')
          .map((l) => l.length),
      ),
    ).toBeLessThan(140);
  });

  it('clips context lines to the same window as the problem line', () => {
    const long = 'x'.repeat(5000);
    const text = `${long}\n${'y'.repeat(3000)}"bad"${'y'.repeat(3000)}\n${long}`;
    const range = rangeOf(text, '"bad"');
    const out = plain([result('a.json', [problem('invalid-value', 'error', 'a.json', range, 'Bad.')], { 'a.json': text })]);
    const lines = block(out, 'a.json:2:3001');
    expect(lines.map((l) => l.length).every((n) => n < 140)).toBe(true);
    expect(lines[3].indexOf('^')).toBe(lines[2].indexOf('"bad"'));
    // the window is the same for all three lines: they all start with the ellipsis at one place
    expect(lines[1].indexOf('…')).toBe(lines[2].indexOf('…'));
  });

  it('keeps the caret right when the column is at the very end of a long line', () => {
    const text = 'z'.repeat(1000) + '!';
    const out = plain([
      result('e.json', [problem('parse-error', 'error', 'e.json', { line: 1, column: 1002, endLine: 1, endColumn: 1002 }, 'Unexpected end.')], {
        'e.json': text,
      }),
    ]);
    const [, code, carets] = block(out, 'e.json:1:1002');
    expect(code.endsWith('z!')).toBe(true);
    expect(carets.indexOf('^')).toBe(code.length);
    expect(carets.trimEnd().endsWith(' ^')).toBe(true);
  });

  it('keeps tabs under a tab so that the carets stay under the range; the gutter is as wide as the last number', () => {
    const text = Array.from({ length: 8 }, (_, i) => `line ${i + 1}`).join('\n') + '\n\t\t"key":\t"value"\n\n';
    const out = plain([
      result('t.yaml', [problem('parse-error', 'error', 't.yaml', { line: 9, column: 10, endLine: 9, endColumn: 17 }, 'Bad.')], { 't.yaml': text }),
    ]);
    expect(block(out, 't.yaml:9:10').slice(1, 5)).toEqual(['     8 | line 8', '  >  9 | \t\t"key":\t"value"', '       | \t\t      \t^^^^^^^', '    10 |']);
  });

  it('an empty range gets one caret; an empty line has no trailing space', () => {
    const out = plain([
      result('e.json', [problem('parse-error', 'error', 'e.json', { line: 2, column: 1, endLine: 2, endColumn: 1 }, 'Bad.')], { 'e.json': '{\n\n}' }),
    ]);
    expect(block(out, 'e.json:2:1').slice(1, 5)).toEqual(['    1 | {', '  > 2 |', '      | ^', '    3 | }']);
  });

  it('skips the frame when the source text is missing', () => {
    const lines = block(plain(), 'min/missing.json:3:5');
    expect(lines).toEqual(['min/missing.json:3:5  error  page-not-found  No intro.mdx or intro.md under the docs root.', docs('page-not-found')]);
  });

  it('does not take a frame from Object.prototype for a file named like one of its keys', () => {
    const out = plain([result('constructor', [problem('parse-error', 'error', 'constructor', { line: 1, column: 1, endLine: 1, endColumn: 2 }, 'Bad.')])]);
    expect(out).toBe(`constructor:1:1  error  parse-error  Bad.\n${docs('parse-error')}\n\n✖ 1 problem (1 error, 0 warnings)\n`);
  });

  it('skips the frame when the line is outside the text instead of throwing', () => {
    const out = plain([
      result('s.json', [problem('parse-error', 'error', 's.json', { line: 9, column: 1, endLine: 9, endColumn: 1 }, 'Bad.')], { 's.json': '{}' }),
    ]);
    expect(out.split('\n').slice(1, 3)).toEqual([docs('parse-error'), '']);
  });

  it('ends with a summary line across all results', () => {
    const lines = plain().split('\n');
    expect(lines.at(-1)).toBe('');
    expect(lines.at(-2)).toBe('✖ 6 problems (4 errors, 1 warning, 1 info)');
  });

  it('words the summary for warnings only and info only', () => {
    const warn = problem('page-path', 'warning', 'w.json', { line: 1, column: 1, endLine: 1, endColumn: 1 }, 'Untidy.');
    const info = problem('openapi-remote', 'info', 'i.json', { line: 1, column: 1, endLine: 1, endColumn: 1 }, 'Not checked.');
    expect(
      plain([result('w.json', [warn])])
        .trimEnd()
        .split('\n')
        .at(-1),
    ).toBe('✖ 1 problem (0 errors, 1 warning)');
    expect(
      plain([result('i.json', [info])])
        .trimEnd()
        .split('\n')
        .at(-1),
    ).toBe('ℹ 1 problem (0 errors, 0 warnings, 1 info)');
  });

  describe('a long report ends with a count per code (issue 50)', () => {
    const at = (n: number) => ({ line: n, column: 1, endLine: n, endColumn: 2 });
    const many = (code: Code, severity: 'error' | 'warning' | 'info', count: number, file = 'docs.json') =>
      Array.from({ length: count }, (_, i) => problem(code, severity, file, at(i + 1), `Problem ${i}.`));

    it('more than 20 problems of more than one code: the codes by count, most first, before the summary line', () => {
      const out = plain([
        result('docs.json', [...many('page-path', 'warning', 3), ...many('page-not-found', 'error', 15), ...many('link-not-found', 'error', 3)]),
        result('other/docs.json', many('page-not-found', 'error', 2, 'other/docs.json')),
      ]);
      expect(out.trimEnd().split('\n').slice(-6)).toEqual([
        'Problems by code:',
        '  17  page-not-found',
        '   3  link-not-found',
        '   3  page-path',
        '',
        '✖ 23 problems (20 errors, 3 warnings)',
      ]);
    });

    it('a code with problems of several severities says how many of each', () => {
      const out = plain([
        result('docs.json', [
          ...many('page-path', 'error', 12),
          ...many('page-path', 'warning', 8),
          ...many('page-path', 'info', 1),
          ...many('schema-url', 'error', 1),
        ]),
      ]);
      expect(out.trimEnd().split('\n').slice(-5, -2)).toEqual(['Problems by code:', '  21  page-path (12 errors, 8 warnings, 1 info)', '   1  schema-url']);
    });

    it('a short report, or a long one of one code, is unchanged: the summary line alone', () => {
      for (const problems of [[...many('page-not-found', 'error', 18), ...many('page-path', 'warning', 2)], many('page-not-found', 'error', 300)]) {
        const out = plain([result('docs.json', problems)]);
        expect(out).not.toContain('Problems by code');
        expect(out.trimEnd().split('\n').slice(-3, -1)).toEqual([docs(problems.at(-1)!.code), '']);
      }
    });
  });

  it('says so when there are no problems', () => {
    expect(plain([])).toBe('✔ no problems\n');
    expect(plain([cleanResult])).toBe('✔ no problems\n');
  });

  it('colours severities and the summary only when asked', () => {
    const colored = formatPretty(results, { color: true });
    expect(colored).toContain('\x1b[31merror\x1b[39m');
    expect(colored).toContain('\x1b[33mwarning\x1b[39m');
    expect(colored).toContain('\x1b[34minfo\x1b[39m');
    expect(colored).toContain('✖ 6 problems (4 errors, 1 warning, 1 info)');
    expect(plain()).not.toContain('\x1b');
    // stripping the colours gives the plain report
    expect(colored.replace(/\x1b\[\d+m/g, '')).toBe(plain());
  });

  it('does not depend on the environment and is deterministic', () => {
    const before = plain();
    vi.stubEnv('FORCE_COLOR', '1');
    try {
      expect(plain()).toBe(before);
    } finally {
      vi.unstubAllEnvs();
    }
    expect(formatPretty(results, { color: true })).toBe(formatPretty(results, { color: true }));
  });

  it('keeps control characters from the file out of the terminal, and handles CRLF', () => {
    const text = '{\r\n  "title": "a\x1b[2Jb"\r\n}\r\n';
    const range = rangeOf(text.replace(/\r/g, ''), '"a\x1b[2Jb"');
    const out = plain([result('c.json', [problem('invalid-value', 'error', 'c.json', range, 'Bad.')], { 'c.json': text })]);
    expect(out).not.toContain('\x1b');
    expect(out).not.toContain('\r');
    const [, , code, carets] = block(out, 'c.json:2:12');
    expect(code).toBe('  > 2 |   "title": "a␛[2Jb"');
    expect(carets).toBe('      |            ^^^^^^^^');
  });

  it('does not copy a 2 MB one-line source into the output', () => {
    expect(plain([minifiedResult]).length).toBeLessThan(1000);
  });
});
