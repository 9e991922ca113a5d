import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allCodes } from '../../src/codes.js';
import { formatPretty } from '../../src/report/pretty.js';
import { packageRoot } from '../../src/package-root.js';
import { isRuleDocsUrl, ruleDocFile, ruleDocLink, ruleDocText, ruleDocUrl } from '../../src/report/rule-docs.js';
import { problem, result } from './fixtures.js';

const projectRoot = path.resolve(import.meta.dirname, '../..');
/** A working folder outside the project (a sibling of it: the OS temp folder may hold the project). */
const outside = path.resolve(projectRoot, '..', 'not-the-project');

describe('where reports point for a rule’s documentation', () => {
  it('finds the docs shipped beside the code, for every code', () => {
    expect(packageRoot()).toBe(projectRoot);
    for (const code of allCodes) {
      const file = ruleDocFile(code);
      expect(file).toBe(path.join(projectRoot, 'docs', 'rules', `${code}.md`));
      expect(existsSync(file!), file).toBe(true);
      expect(ruleDocText(code)).toMatch(new RegExp(`^# \`${code}\``));
    }
  });

  it('names the shipped file relative to the working folder when inside it, else by its absolute path', () => {
    expect(ruleDocLink('page-path', { cwd: projectRoot })).toBe('docs/rules/page-path.md');
    expect(ruleDocLink('page-path', { cwd: path.join(projectRoot, 'docs') })).toBe('rules/page-path.md');
    expect(ruleDocLink('page-path', { cwd: outside })).toBe(path.join(projectRoot, 'docs', 'rules', 'page-path.md'));
  });

  it('links a published copy when one is named, with or without the trailing slash', () => {
    for (const base of ['https://git.example.com/docsnav/blob/main/docs/rules', 'https://git.example.com/docsnav/blob/main/docs/rules/']) {
      expect(ruleDocUrl('duplicate-page', { ruleDocsUrl: base })).toBe('https://git.example.com/docsnav/blob/main/docs/rules/duplicate-page.md');
      expect(ruleDocLink('duplicate-page', { ruleDocsUrl: base, cwd: projectRoot })).toBe(
        'https://git.example.com/docsnav/blob/main/docs/rules/duplicate-page.md',
      );
    }
    expect(ruleDocUrl('duplicate-page')).toBeUndefined();
  });

  it('takes only http and https addresses', () => {
    expect(isRuleDocsUrl('https://git.example.com/docs/rules/')).toBe(true);
    expect(isRuleDocsUrl('http://intranet/docsnav/rules')).toBe(true);
    for (const bad of ['docs/rules/', 'ftp://x/rules/', 'javascript:alert(1)', '', 'file:///opt/docsnav/docs/rules/'])
      expect(isRuleDocsUrl(bad), bad).toBe(false);
  });

  it('pretty ends each problem with the link it was given', () => {
    const p = problem('page-path', 'warning', 'docs.json', { line: 1, column: 1, endLine: 1, endColumn: 2 }, 'Untidy.');
    const out = formatPretty([result('docs.json', [p])], { color: false, ruleDocsUrl: 'https://git.example.com/r' });
    expect(out).toContain('  docs: https://git.example.com/r/page-path.md\n');
    expect(formatPretty([result('docs.json', [p])], { color: false, cwd: outside })).toContain(
      `  docs: ${path.join(projectRoot, 'docs', 'rules', 'page-path.md')}\n`,
    );
  });
});
