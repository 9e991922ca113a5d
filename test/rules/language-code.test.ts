import { describe, expect, it } from 'vitest';
import { languageCode } from '../../src/rules/language-code.js';
import { runRule, type RuleCase } from './harness.js';

const cases: RuleCase[] = [
  { name: 'all supported codes', navigation: { languages: ['en', 'zh-Hant', 'pt-BR', 'ua'].map((language) => ({ language, pages: ['a'] })) }, expected: [] },
  { name: 'uk suggests ua', navigation: { languages: [{ language: 'en' }, { language: 'uk' }] }, expected: [{ pointer: '/navigation/languages/1/language', suggest: 'ua' }] },
  { name: 'vi suggests vn', navigation: { languages: [{ language: 'vi' }] }, expected: [{ pointer: '/navigation/languages/0/language', suggest: 'vn' }] },
  { name: 'ja suggests jp', navigation: { languages: [{ language: 'ja' }] }, expected: [{ pointer: '/navigation/languages/0/language', suggest: 'jp' }] },
  { name: 'zh suggests cn', navigation: { languages: [{ language: 'zh' }] }, expected: [{ pointer: '/navigation/languages/0/language', suggest: 'cn' }] },
  { name: 'case slip suggests the right case', navigation: { languages: [{ language: 'pt-br' }] }, expected: [{ pointer: '/navigation/languages/0/language', suggest: 'pt-BR' }] },
  { name: 'nested inside a version', navigation: { versions: [{ version: 'v1', languages: [{ language: 'xx-unknown-code' }] }] }, expected: [{ pointer: '/navigation/versions/0/languages/0/language' }] },
  { name: 'global languages entries too', navigation: { tabs: [], global: { languages: [{ language: 'ja', href: 'https://x.example/ja' }] } }, expected: [{ pointer: '/navigation/global/languages/0/language', suggest: 'jp' }] },
  { name: 'extra codes accepted', navigation: { languages: [{ language: 'ja' }, { language: 'uk' }] }, languageCodes: ['ja', 'uk'], expected: [] },
  { name: 'non-string language is the schema’s business', navigation: { languages: [{ language: 7 }] }, expected: [] },
];

describe('language-code', () => {
  it.each(cases)('$name', (testCase) => {
    const findings = runRule(languageCode, testCase);
    expect(findings.map(({ pointer, suggest }) => ({ pointer, ...(suggest ? { suggest } : {}) }))).toEqual(
      testCase.expected.map(({ pointer, suggest }) => ({ pointer, ...(suggest ? { suggest } : {}) })),
    );
    for (const finding of findings) expect(finding.message).toMatch(/is not a supported language code/);
  });
});
