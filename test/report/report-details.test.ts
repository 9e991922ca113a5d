/**
 * What the report formats pass on and decide in their small parts, each seen through the format
 * that uses it: the format table's options (colour, rule docs, tool version, source root, the job
 * summary), GitHub's commands, the summary table's bound and cells, SARIF's rule metadata per
 * severity and source, semantic versions, file names that are URLs, fingerprints that survive
 * moved lines, fixes, and the suggestion cut short on one-line reports but not in SARIF.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allCodes, codes, type Code } from '../../src/codes.js';
import type { Problem } from '../../src/problem.js';
import type { ValidationResult } from '../../src/result.js';
import { FORMATS } from '../../src/report/formats.js';
import { formatGithub, formatGithubSummary } from '../../src/report/github.js';
import { fingerprint, formatSarif, type SarifLog } from '../../src/report/sarif.js';
import { isRuleDocsUrl, ruleDocUrl } from '../../src/report/rule-docs.js';
import { problem, rangeOf, result } from './fixtures.js';

const text = '{\n  "navigation": { "pages": ["intro"] }\n}\n';
const at = rangeOf(text, '"intro"');
const one = (extra: Partial<Problem> = {}, severity: Problem['severity'] = 'error'): Problem => ({
  ...problem('page-not-found', severity, 'docs.json', at, 'No intro.mdx or intro.md under the docs root.', { pointer: '/navigation/pages/0' }),
  ...extra,
});
const results = (...problems: Problem[]): ValidationResult[] => [result('docs.json', problems, { 'docs.json': text })];

describe('the format table passes each option on', () => {
  it('pretty: colour (off unless asked) and the published rule docs', async () => {
    const pretty = await FORMATS.pretty.load();
    expect(pretty(results(one()), {})).not.toContain('\u001b[');
    expect(pretty(results(one()), { color: true })).toContain('\u001b[');
    expect(pretty(results(one()), { ruleDocsUrl: 'https://docs.example.com/rules' })).toContain('docs: https://docs.example.com/rules/page-not-found.md');
  });

  it('sarif: the tool version, the source root and the published rule docs', async () => {
    const sarif = await FORMATS.sarif.load();
    const log = JSON.parse(sarif(results(one()), { toolVersion: '4.5.6', srcRoot: process.cwd(), ruleDocsUrl: 'https://docs.example.com/rules/' })) as SarifLog;
    const run = log.runs[0];
    expect(run.tool.driver.version).toBe('4.5.6');
    expect(run.originalUriBaseIds?.['%SRCROOT%'].uri).toMatch(/^file:\/\/.*\/$/);
    expect(run.tool.driver.rules.find((rule) => rule.id === 'page-not-found')?.helpUri).toBe('https://docs.example.com/rules/page-not-found.md');
  });

  it('github: where the rest of the problems are', async () => {
    const github = await FORMATS.github.load();
    const many = results(...Array.from({ length: 11 }, (_, i) => one({ line: i + 1, pointer: `/n/${i}` })));
    expect(github(many, { summaryWritten: true })).toMatch(/all problems are in the job summary\.\n$/);
    expect(github(many, {})).toMatch(/all problems are in this log \(run with --format pretty for the full report\)\.\n$/);
  });
});

describe('GitHub', () => {
  it('an error, a warning and an info are the error, warning and notice commands; info over the limit is counted as notices', () => {
    const lines = formatGithub(results(one(), one({ line: 5 }, 'warning'), one({ line: 6 }, 'info'))).split('\n');
    expect(lines.map((line) => line.split(' ')[0])).toEqual(['::error', '::warning', '::notice', '']);
    const notices = formatGithub(results(...Array.from({ length: 11 }, (_, i) => one({ line: i + 1, pointer: `/n/${i}` }, 'info'))));
    expect(notices.trimEnd().split('\n').at(-1)).toMatch(/^docsnav: 11 notices; /);
  });

  it('an annotation cuts a long suggestion short; the job summary keeps it whole', () => {
    const suggest = `pages/${'a'.repeat(300)}`;
    const annotation = formatGithub(results(one({ suggest })));
    expect(annotation).toContain(`Suggestion: use "${suggest.slice(0, 200)}…".`);
    const summary = formatGithubSummary(results(one({ suggest })));
    expect(summary).toContain(`Suggestion: use "pages/${'a'.repeat(300)}".`);
  });

  it('the summary lists 2,000 problems at most and says how many more there are', () => {
    const problems = (n: number) => results(...Array.from({ length: n }, (_, i) => one({ line: i + 1, pointer: `/p/${i}` })));
    const rows = (summary: string) => summary.split('\n').filter((line) => line.startsWith('| error |')).length;
    const exactly = formatGithubSummary(problems(2000));
    expect(rows(exactly)).toBe(2000);
    expect(exactly).not.toContain('more (GitHub keeps');
    const over = formatGithubSummary(problems(2003));
    expect(rows(over)).toBe(2000);
    expect(over).toContain('\n… and 3 more (GitHub keeps at most 1 MiB of summary per step; the log has every one).\n');
  });

  it('a summary cell holds no line break of any kind, no control character, no table syntax', () => {
    const summary = formatGithubSummary(results(one({ message: 'a\r\nb\u2028c\u2029d\u001be|f' })));
    const row = summary.split('\n').find((line) => line.startsWith('| error |'))!;
    expect(row.endsWith(' | a b c d\uFFFDe\\|f |')).toBe(true);
  });
});

describe('SARIF', () => {
  const driver = (options: Parameters<typeof formatSarif>[1] = {}) => (JSON.parse(formatSarif(results(), options)) as SarifLog).runs[0].tool.driver;

  it('each rule says its level, precision and severity by its default severity and where it comes from', () => {
    const rules = driver().rules;
    const expected = (code: Code) => {
      const info = codes[code];
      return {
        level: { error: 'error', warning: 'warning', info: 'note' }[info.severity],
        precision: ['source', 'schema', 'config'].includes(info.source) ? 'very-high' : 'high',
        severity: { error: 'error', warning: 'warning', info: 'recommendation' }[info.severity],
        tags: ['docs.json', 'navigation', info.source],
      };
    };
    const seen = new Set<string>();
    for (const [index, code] of allCodes.entries()) {
      const rule = rules[index] as unknown as {
        defaultConfiguration: { level: string };
        properties: { precision: string; 'problem.severity': string; tags: string[] };
      };
      expect({
        level: rule.defaultConfiguration.level,
        precision: rule.properties.precision,
        severity: rule.properties['problem.severity'],
        tags: rule.properties.tags,
      }).toEqual(expected(code));
      seen.add(`${codes[code].severity}/${codes[code].source}`);
    }
    // Every severity and every source is among the codes checked.
    for (const value of ['error', 'warning', 'info', 'source', 'schema', 'config', 'rule', 'resolve'])
      expect(
        [...seen].some((pair) => pair.split('/').includes(value)),
        value,
      ).toBe(true);
  });

  it.each([
    ['1.2.3', true],
    ['10.20.30', true],
    ['1.2.3-beta.11', true],
    ['1.2.3-rc-1+build.2024', true],
    ['1.2.3+sha.5114f85', true],
    ['1.2', false],
    ['v1.2.3', false],
    ['1.2.3.4', false],
    ['1.2.3-', false],
    ['1.2.3+', false],
    ['1.2.3-beta!', false],
    ['1.2.3+b@d', false],
    ['1.2.x', false],
  ])('tool version %s: a semantic version is %s', (version, semantic) => {
    const found = driver({ toolVersion: version });
    expect(found.version).toBe(version);
    expect(found.semanticVersion).toBe(semantic ? version : undefined);
  });

  it('a file named by a URL stays that URL; a path is made relative to the source root, or absolute outside it', () => {
    const root = path.resolve('site');
    const locations = (file: string) => {
      const log = JSON.parse(formatSarif([result(file, [one({ file })])], { srcRoot: root, cwd: root })) as SarifLog;
      return log.runs[0].results[0].locations[0].physicalLocation.artifactLocation;
    };
    expect(locations('https://example.com/openapi.json')).toEqual({ uri: 'https://example.com/openapi.json' });
    expect(locations('HTTP://Example.com/a.json')).toEqual({ uri: 'HTTP://Example.com/a.json' });
    expect(locations('git+ssh://host/repo.json')).toEqual({ uri: 'git+ssh://host/repo.json' });
    expect(locations('docs/a.json')).toEqual({ uri: 'docs/a.json', uriBaseId: '%SRCROOT%' });
    expect(locations('../other/a.json').uri).toBe(`file://${path.resolve('other/a.json')}`);
    // Not a scheme (a digit first): a relative path, its colon escaped so that no reader takes it for one.
    expect(locations('1x://a.json')).toEqual({ uri: '1x%3A/a.json', uriBaseId: '%SRCROOT%' });
    // A scheme starts the name: a path with one further in is a path.
    expect(locations('dir/ab://c.json')).toEqual({ uri: 'dir/ab%3A/c.json', uriBaseId: '%SRCROOT%' });
  });

  it('a fingerprint does not change when only line or column numbers in the message do', () => {
    const print = (message: string) => fingerprint({ code: 'page-not-found', pointer: '/p', message }, 'docs.json');
    const same = [
      ['at line 3, column 4', 'at line 30, column 41'],
      ['lines 3-5', 'lines 13 - 15'],
      ['line 2:7', 'line 12: 70'],
      ['col 7 and columns 3,4', 'col 70 and columns 30, 40'],
      ['in a.mdx:12:5', 'in a.mdx:120:50'],
      ['in a.mdx:12', 'in a.mdx:7'],
    ];
    for (const [a, b] of same) expect(print(a), `${a} / ${b}`).toBe(print(b));
    // Other numbers still tell problems apart.
    expect(print('3 pages')).not.toBe(print('4 pages'));
    expect(print('version 3')).not.toBe(print('version 4'));
    expect(print('a.mdx:x')).not.toBe(print('a.mdx:y'));
  });

  it('a fix: "use" the suggestion or "remove it", each edit as offset and length; none without edits', () => {
    const fixed = (extra: Partial<Problem>) => (JSON.parse(formatSarif(results(one(extra)))) as SarifLog).runs[0].results[0].fixes;
    const edits = [{ start: 30, end: 37, text: '"intro2"' }];
    expect(fixed({ fix: { edits }, suggest: 'intro2' })).toEqual([
      {
        description: { text: 'Use "intro2" (docsnav validate --fix).' },
        artifactChanges: [
          {
            artifactLocation: { uri: 'docs.json', uriBaseId: '%SRCROOT%' },
            replacements: [{ deletedRegion: { charOffset: 30, charLength: 7 }, insertedContent: { text: '"intro2"' } }],
          },
        ],
      },
    ]);
    expect(fixed({ fix: { edits: [{ start: 5, end: 9, text: '' }] } })?.[0].description.text).toBe('Remove it (docsnav validate --fix).');
    expect(fixed({ fix: { edits: [] } })).toBeUndefined();
    expect(fixed({})).toBeUndefined();
  });

  it('keeps a long suggestion whole in the result message', () => {
    const suggest = `pages/${'b'.repeat(300)}`;
    const log = JSON.parse(formatSarif(results(one({ suggest })))) as SarifLog;
    expect(log.runs[0].results[0].message.text).toContain(`Suggestion: use "${suggest}".`);
  });
});

describe('the published rule docs', () => {
  it('are an http(s) URL, its scheme exactly; an empty one is none', () => {
    for (const url of ['xhttps://a.example/rules', 'httpsx://a.example/rules', 'ftp://a.example/rules']) expect(isRuleDocsUrl(url), url).toBe(false);
    expect(ruleDocUrl('page-not-found', { ruleDocsUrl: '' })).toBeUndefined();
    const log = JSON.parse(formatSarif(results(one()), { ruleDocsUrl: '' })) as SarifLog;
    expect(log.runs[0].tool.driver.rules.some((rule) => 'helpUri' in rule)).toBe(false);
  });
});
