import { describe, expect, it } from 'vitest';
import { escapeData, escapeProperty, formatGithub, formatGithubSummary } from '../../src/report/github.js';
import { expandedTopLevel, mainResult, problem, result, results } from './fixtures.js';

describe('formatGithub', () => {
  it('writes one workflow command per problem: error, warning, notice', () => {
    expect(formatGithub(results)).toBe(
      [
        '::error file=docs.json,line=2,col=3,endLine=7,endColumn=4,title=primary-pattern::The navigation root holds both `languages` and `tabs`; keep exactly one.',
        '::error file=docs.json,line=4,col=21,endLine=4,endColumn=25,title=language-code::Unsupported language code "xx". Suggestion: use "es".',
        '::warning file=nav/tabs.json,line=4,col=36,endLine=4,endColumn=46,title=expanded-top-level::`expanded` has no effect on a top-level group.',
        '::notice file=nav/tabs.json,line=5,col=16,endLine=5,endColumn=50,title=openapi-remote::The OpenAPI URL https://example.com/openapi.json was not fetched.',
        '::error file=min/docs.json,line=1,col=1050026,endLine=1,endColumn=1050036,title=unknown-field::Unknown field "langauge". Suggestion: use "language".',
        '::error file=min/missing.json,line=3,col=5,endLine=3,endColumn=12,title=page-not-found::No intro.mdx or intro.md under the docs root.',
        '',
      ].join('\n'),
    );
  });

  it('escapes %, CR and LF in the message, and also : and , in property values', () => {
    const p = problem('invalid-value', 'error', 'sites/a,b/c:d%.json', { line: 1, column: 2, endLine: 3, endColumn: 4 }, 'Use 100%\nnot 50%,\r\nok: yes', {
      suggest: 'a:b',
    });
    expect(formatGithub([result('x', [p])])).toBe(
      '::error file=sites/a%2Cb/c%3Ad%25.json,line=1,col=2,endLine=3,endColumn=4,title=invalid-value::Use 100%25%0Anot 50%25,%0D%0Aok: yes Suggestion: use "a:b".\n',
    );
    expect(escapeData('%\r\n:,')).toBe('%25%0D%0A:,');
    expect(escapeProperty('%\r\n:,')).toBe('%25%0D%0A%3A%2C');
  });

  it('writes nothing at all for no problems', () => {
    expect(formatGithub([])).toBe('');
    expect(formatGithub([result('clean.json', [])])).toBe('');
  });

  it('annotates a problem in a $ref target shared by two checked files once', () => {
    const second = result('other/docs.json', [expandedTopLevel]);
    const lines = formatGithub([mainResult, second]).trimEnd().split('\n');
    expect(lines).toHaveLength(4);
  });
});

describe('formatGithub: more than GitHub shows', () => {
  const many = (severity: 'error' | 'warning' | 'info', count: number) =>
    Array.from({ length: count }, (_, i) =>
      problem(
        severity === 'info' ? 'openapi-remote' : severity === 'error' ? 'page-not-found' : 'page-path',
        severity,
        'docs.json',
        { line: i + 1, column: 1, endLine: i + 1, endColumn: 2 },
        `Problem ${i}.`,
      ),
    );

  it('says so in a last line when there are more than 10 errors or warnings', () => {
    const out = formatGithub([result('docs.json', [...many('error', 12), ...many('warning', 3)])])
      .trimEnd()
      .split('\n');
    expect(out).toHaveLength(16);
    expect(out.slice(0, 15).every((line) => line.startsWith('::'))).toBe(true);
    expect(out[15]).toBe(
      'docsnav: 12 errors; GitHub shows only the first 10 annotations of each kind per step, all problems are in this log (run with --format pretty for the full report).',
    );
    const both = formatGithub([result('docs.json', [...many('error', 11), ...many('warning', 11)])], { summaryWritten: true })
      .trimEnd()
      .split('\n');
    expect(both.at(-1)).toBe(
      'docsnav: 11 errors, 11 warnings; GitHub shows only the first 10 annotations of each kind per step, all problems are in the job summary.',
    );
  });

  it('adds nothing at exactly 10 of each', () => {
    const out = formatGithub([result('docs.json', [...many('error', 10), ...many('warning', 10), ...many('info', 10)])]);
    expect(out.trimEnd().split('\n')).toHaveLength(30);
    expect(out).not.toContain('GitHub shows only');
  });
});

describe('formatGithubSummary', () => {
  it('is a Markdown table of every problem, codes linked to the published docs, cells escaped', () => {
    const p = problem('invalid-value', 'error', 'a|b.json', { line: 3, column: 4, endLine: 3, endColumn: 5 }, 'Use <b>x</b> | y\nnext', { suggest: 'z' });
    const ruleDocsUrl = 'https://git.example.com/tools/docsnav/blob/main/docs/rules';
    expect(formatGithubSummary([result('a|b.json', [p, expandedTopLevel])], { ruleDocsUrl })).toBe(
      [
        '### docsnav: 2 problems',
        '',
        '| severity | code | location | message |',
        '|---|---|---|---|',
        `| error | [invalid-value](${ruleDocsUrl}/invalid-value.md) | \`a\\|b.json:3:4\` | Use \\<b\\>x\\</b\\> \\| y next Suggestion: use "z". |`,
        `| warning | [expanded-top-level](${ruleDocsUrl}/expanded-top-level.md) | \`nav/tabs.json:4:36\` | \\\`expanded\\\` has no effect on a top-level group. |`,
        '',
        '',
      ].join('\n'),
    );
    expect(formatGithubSummary([result('docs.json', [])])).toBe('### docsnav: no problems\n\n\n');
  });

  it('shows the code without a link when no published copy of the docs is named (a path on the runner means nothing on GitHub)', () => {
    const table = formatGithubSummary([result('docs.json', [expandedTopLevel])]);
    expect(table).toContain('| warning | `expanded-top-level` | `nav/tabs.json:4:36` |');
    expect(table).not.toMatch(/\]\(/);
  });
});
