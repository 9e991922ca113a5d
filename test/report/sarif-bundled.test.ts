/**
 * SARIF from docsnav bundled into another program, where its rule docs are not beside the code
 * (src/package-root.ts finds no package folder holding docs/rules): each rule's help is made from
 * its code's entry instead of its doc. The probe of the folder is the one thing replaced here.
 */
import { describe, expect, it, vi } from 'vitest';
import { allCodes, codes, ruleDocPath } from '../../src/codes.js';
import { formatSarif, type SarifLog } from '../../src/report/sarif.js';
import { results } from './fixtures.js';

vi.mock('../../src/package-root.js', () => ({ packageRoot: () => undefined }));

const rulesOf = (options = {}) => (JSON.parse(formatSarif(results, options)) as SarifLog).runs[0].tool.driver.rules;

describe('formatSarif without the rule docs beside the code', () => {
  it('each rule’s help names its doc in the package, says its default severity, and how to set it when it can be set', () => {
    const rules = rulesOf();
    expect(rules.map((rule) => rule.id)).toEqual(allCodes);
    for (const rule of rules) {
      const info = codes[rule.id];
      const lines = [
        `**${info.title}** (\`${rule.id}\`, ${info.severity} by default)`,
        '',
        info.description,
        '',
        `Examples, why it matters on the platform and how to fix it: \`${ruleDocPath(rule.id)}\` in the docsnav package.`,
        ...(info.source === 'config' ? [] : [`Set its severity with \`--rule ${rule.id}=off|info|warning|error\`.`]),
      ];
      expect(rule.help.markdown).toBe(lines.join('\n'));
    }
    expect(rules.some((rule) => codes[rule.id].source === 'config')).toBe(true);
  });

  it('with a published copy named, the help links to it', () => {
    const rules = rulesOf({ ruleDocsUrl: 'https://git.example.com/docsnav/blob/main/docs/rules' });
    const rule = rules.find((candidate) => candidate.id === 'page-not-found')!;
    expect(rule.help.markdown.split('\n')[4]).toBe(
      `Examples, why it matters on the platform and how to fix it: [${ruleDocPath('page-not-found')}](https://git.example.com/docsnav/blob/main/docs/rules/page-not-found.md).`,
    );
  });
});
