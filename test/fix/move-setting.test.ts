import { describe, expect, it } from 'vitest';
import { fixText, validateText } from '../../src/index.js';

/** The text after fixing, checked to be idempotent: fixing it again changes nothing. */
function fixed(text: string, file = 'docs.json'): string {
  const after = fixText(text, { file }).files.find((f) => f.file === file)?.after ?? text;
  expect(fixText(after, { file }).files, 'a second run changes nothing').toEqual([]);
  return after;
}

const lf = (lines: string[]) => lines.join('\n') + '\n';

/** Issue 56 (e): a top-level setting written under `navigation`, which the platform drops there. */
describe('a top-level setting under navigation', () => {
  const before = lf([
    '{',
    '  "name": "Docs",',
    '  "navigation": {',
    '    "interaction": {',
    '      "drilldown": false',
    '    },',
    '    "pages": ["intro"]',
    '  }',
    '}',
  ]);

  it('says where it goes', () => {
    const problems = validateText(before).problems.filter((p) => p.code === 'unknown-field');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ severity: 'error', pointer: '/navigation/interaction' });
    expect(problems[0].message).toMatch(/`interaction` is a top-level setting of docs\.json.*Move it out of `navigation`, beside it/);
  });

  it('--fix moves it beside navigation, its text as written, nothing else changed', () => {
    expect(fixed(before)).toBe(
      lf(['{', '  "name": "Docs",', '  "interaction": {', '    "drilldown": false', '  },', '  "navigation": {', '    "pages": ["intro"]', '  }', '}']),
    );
  });

  it('keeps CRLF line ends and moves the last member too (its comma goes with it)', () => {
    const text = ['{', '  "navigation": {', '    "pages": ["intro"],', '    "styling": { "eyebrows": "breadcrumbs" }', '  }', '}', ''].join('\r\n');
    expect(fixed(text)).toBe(['{', '  "styling": { "eyebrows": "breadcrumbs" },', '  "navigation": {', '    "pages": ["intro"]', '  }', '}', ''].join('\r\n'));
  });

  it('is not moved onto a top-level key of the same name (a person merges them)', () => {
    const text = lf([
      '{',
      '  "appearance": { "default": "dark" },',
      '  "navigation": {',
      '    "appearance": { "strict": true },',
      '    "pages": ["intro"]',
      '  }',
      '}',
    ]);
    const [problem] = validateText(text).problems.filter((p) => p.code === 'unknown-field');
    expect(problem.message).toMatch(/already has a top-level `appearance`: merge the two there/);
    expect(problem.fix).toBeUndefined();
    expect(fixText(text).files).toEqual([]);
  });

  it('an unknown key that is no setting keeps its own message and gets no move', () => {
    const [problem] = validateText(lf(['{', '  "navigation": { "tabz": [], "pages": ["intro"] }', '}'])).problems.filter((p) => p.code === 'unknown-field');
    expect(problem.message).toMatch(/`tabz` is not a field of/);
  });

  it('YAML gets the message but no fix', () => {
    const text = lf(['navigation:', '  interaction:', '    drilldown: false', '  pages:', '    - intro']);
    const [problem] = validateText(text, { file: 'docs.yaml' }).problems.filter((p) => p.code === 'unknown-field');
    expect(problem.message).toMatch(/top-level setting/);
    expect(problem.fix).toBeUndefined();
  });
});
