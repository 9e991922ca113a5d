import { describe, expect, it } from 'vitest';
import { validateText } from '../../src/validate.js';
import { BASE, SETTINGS_CASES, type SettingsCase } from './cases.js';

/** The case's docs.json: the base site with the case's keys over it (`undefined` removes one). */
export function documentOf(testCase: Pick<SettingsCase, 'docs'>): Record<string, unknown> {
  const docs: Record<string, unknown> = { ...BASE, ...testCase.docs };
  for (const [key, value] of Object.entries(docs)) if (value === undefined) delete docs[key];
  return docs;
}

describe('docs.json settings under --profile platform', () => {
  it.each(SETTINGS_CASES)('$name', (testCase) => {
    const text = JSON.stringify(documentOf(testCase), null, 2);
    const problems = validateText(text, { profile: 'platform' }).problems;
    expect(
      problems.map((p) => ({ code: p.code, pointer: p.pointer, severity: p.severity, ...(p.suggest !== undefined ? { suggest: p.suggest } : {}) })),
    ).toEqual(testCase.expected.map((e) => ({ severity: 'error', ...e })));
    for (const problem of problems) {
      if (problem.severity === 'error') expect(problem.message).toMatch(/The platform rejects the whole docs\.json for this( \(".+"\))?\.$/);
      else expect(problem.message).toMatch(/the platform knows: it ignores it\./);
    }
    // The spec profile says nothing about settings: its output is what it was.
    expect(validateText(text, { profile: 'spec' }).problems).toEqual([]);
  });

  it('explains an http social URL and offers its https form', () => {
    const text = JSON.stringify({ ...BASE, footer: { socials: { github: 'http://github.com/demo' } } }, null, 2);
    const [problem] = validateText(text, { profile: 'platform' }).problems;
    expect(problem).toMatchObject({
      code: 'invalid-value',
      severity: 'error',
      pointer: '/footer/socials/github',
      line: 14,
      column: 17,
      suggest: 'https://github.com/demo',
    });
    expect(problem.message).toBe(
      '`footer.socials.github` must be an https URL (not http:, and not a link to a .svg, .exe or .zip file), not "http://github.com/demo". The platform rejects the whole docs.json for this ("Must be a valid HTTPS URL.").',
    );
  });

  it('names every missing required setting in one problem at the top', () => {
    const [problem] = validateText('{ "navigation": { "pages": ["index"] } }', { profile: 'platform' }).problems;
    expect(problem).toMatchObject({ code: 'missing-field', pointer: '', line: 1, column: 1 });
    expect(problem.message).toMatch(/^docs\.json needs `theme` \("mint", "maple", .*\), `name` and `colors`\. The platform rejects/);
  });

  it('points at the key of an unknown field, with the nearest one', () => {
    const text = JSON.stringify({ ...BASE, colors: { primary: '#0D9373', lightt: '#fff' } });
    const [problem] = validateText(text, { profile: 'platform' }).problems;
    expect(problem).toMatchObject({ code: 'unknown-field', pointer: '/colors/lightt', suggest: 'light' });
    expect(text.slice(problem.column - 1, problem.endColumn - 1)).toBe('"lightt"');
    expect(problem.message).toContain('Did you mean `light`?');
  });

  it('reports a problem inside a $ref target in that file', () => {
    const files: Record<string, string> = { '/site/footer.json': '{\n  "socials": { "x": "http://x.com/demo" }\n}\n' };
    const text = JSON.stringify({ ...BASE, footer: { $ref: './footer.json' } });
    const result = validateText(text, { file: '/site/docs.json', root: '/site', readFile: (p) => files[p], profile: 'platform' });
    expect(result.problems.filter((p) => p.code !== 'page-not-found').map((p) => [p.file, p.pointer, p.line, p.code])).toEqual([
      ['/site/footer.json', '/socials/x', 2, 'invalid-value'],
    ]);
  });

  it('reads docs.yaml the same way', () => {
    const text = 'theme: mint\nname: Demo\ncolors:\n  primary: "#0D9373"\nseo:\n  indexing: navigabel\nnavigation:\n  pages: [index]\n';
    const problems = validateText(text, { file: 'docs.yaml', profile: 'platform' }).problems;
    expect(problems.map((p) => [p.code, p.pointer, p.line, p.suggest])).toEqual([['invalid-value', '/seo/indexing', 6, 'navigable']]);
  });

  it('follows the configured severities of the schema codes', () => {
    const text = JSON.stringify({ ...BASE, seo: { indexing: 'navigation' }, topbarLinks: [] });
    expect(
      validateText(text, { profile: 'platform', rules: { 'invalid-value': 'warning', 'unknown-field': 'off' } }).problems.map((p) => [p.code, p.severity]),
    ).toEqual([['invalid-value', 'warning']]);
  });

  it('leaves a docs.json that is not an object to the schema', () => {
    expect(validateText('[]', { profile: 'platform' }).problems.map((p) => [p.code, p.pointer])).toEqual([['invalid-type', '']]);
  });

  it('never reports the same thing as the docs.json schema (styling, interaction, $schema)', () => {
    const text = JSON.stringify({ ...BASE, styling: 'dark', interaction: { drilldown: 'yes' }, $schema: 7 });
    expect(
      validateText(text, { profile: 'platform' })
        .problems.map((p) => [p.code, p.pointer])
        .sort(),
    ).toEqual([
      ['invalid-type', '/$schema'],
      ['invalid-type', '/interaction/drilldown'],
      ['invalid-type', '/styling'],
    ]);
  });
});
