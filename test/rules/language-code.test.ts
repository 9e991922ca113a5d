import { describe, expect, it } from 'vitest';
import { validateText } from '../../src/validate.js';
import { REQUIRED_SETTINGS } from '../required-settings.js';
import { PLATFORM_LANGUAGE_CODES } from '../../src/config/profiles.js';
import { LANGUAGE_CODES } from '../../src/navigation/model.js';
import { languageCode } from '../../src/rules/language-code.js';
import { runRule, type RuleCase } from './harness.js';

const at = (i: number, suggest?: string) => ({ pointer: `/navigation/languages/${i}/language`, ...(suggest ? { suggest } : {}) });
const languages = (...codes: unknown[]) => ({ languages: codes.map((language) => ({ language, pages: ['a'] })) });

const cases: RuleCase[] = [
  // spec (the default)
  { name: 'all supported codes', navigation: languages('en', 'zh-Hant', 'pt-BR', 'ua'), expected: [] },
  { name: 'every spec code', navigation: languages(...LANGUAGE_CODES), expected: [] },
  // Issue 42: a code the platform accepts gets the platform profile (in the message), not another code.
  { name: 'uk: the platform profile, not ua', navigation: { languages: [{ language: 'en' }, { language: 'uk' }] }, expected: [at(1)] },
  { name: 'vi: the platform profile, not vn', navigation: { languages: [{ language: 'vi' }] }, expected: [at(0)] },
  { name: 'ja: the platform profile, not jp', navigation: { languages: [{ language: 'ja' }] }, expected: [at(0)] },
  { name: 'zh: the platform profile, not cn', navigation: { languages: [{ language: 'zh' }] }, expected: [at(0)] },
  { name: 'en-US suggests en', navigation: { languages: [{ language: 'en-US' }] }, expected: [at(0, 'en')] },
  { name: 'case slip suggests the right case', navigation: { languages: [{ language: 'pt-br' }] }, expected: [at(0, 'pt-BR')] },
  {
    name: 'nested inside a version',
    navigation: { versions: [{ version: 'v1', languages: [{ language: 'xx-unknown-code' }] }] },
    expected: [{ pointer: '/navigation/versions/0/languages/0/language' }],
  },
  {
    name: 'global languages entries too',
    navigation: { tabs: [], global: { languages: [{ language: 'ja', href: 'https://x.example/ja' }] } },
    expected: [{ pointer: '/navigation/global/languages/0/language' }],
  },
  { name: 'extra codes accepted', navigation: { languages: [{ language: 'ja' }, { language: 'uk' }] }, languageCodes: ['ja', 'uk'], expected: [] },
  {
    name: 'a `language` field on what is no language element is not checked',
    navigation: { tabs: [{ tab: 'T', language: 'xx', pages: ['a'] }] },
    expected: [],
  },
  { name: 'a region and script the spec lacks suggest the language', navigation: languages('de-Latn-CH'), expected: [at(0, 'de')] },
  { name: 'non-string language is the schema’s business', navigation: { languages: [{ language: 7 }] }, expected: [] },
  {
    name: 'spec: the platform-only codes are errors',
    navigation: languages('ja', 'pl', 'he', 'zh-CN'),
    expected: [
      {
        ...at(0),
        message: /^"ja" is not a supported language code: the spec allows [a-zA-Z, -]+; the hosted platform accepts "ja", so this is a warning/,
      },
      at(1),
      at(2),
      at(3),
    ],
  },

  // platform
  { name: 'platform: every platform code', profile: 'platform', navigation: languages(...PLATFORM_LANGUAGE_CODES), expected: [] },
  { name: 'platform: ja, uk, vi, zh, pl are fine', profile: 'platform', navigation: languages('ja', 'uk', 'vi', 'zh', 'pl'), expected: [] },
  { name: 'platform: ua suggests uk, vn suggests vi', profile: 'platform', navigation: languages('ua', 'vn'), expected: [at(0, 'uk'), at(1, 'vi')] },
  {
    name: 'platform: unknown code, close to one',
    profile: 'platform',
    navigation: languages('en', 'pl-PL', 'xx-unknown-code'),
    expected: [
      at(1, 'pl'),
      { ...at(2), message: /^"xx-unknown-code" is not a supported language code\. Supported by the hosted platform: [a-zA-Z, -]+\. \(Add more with/ },
    ],
  },
  { name: 'platform: case slip', profile: 'platform', navigation: languages('PT-br'), expected: [at(0, 'pt-BR')] },
  { name: 'platform: extra codes added to the platform’s', profile: 'platform', languageCodes: ['tlh'], navigation: languages('tlh', 'ja'), expected: [] },
  {
    name: 'platform: global languages too',
    profile: 'platform',
    navigation: { tabs: [], global: { languages: [{ language: 'xyz', href: 'https://x.example/xyz' }] } },
    expected: [{ pointer: '/navigation/global/languages/0/language' }],
  },
  {
    name: 'platform: a region the platform lacks suggests the language',
    profile: 'platform',
    navigation: languages('de-AT', 'en-US'),
    expected: [at(0, 'de'), at(1, 'en')],
  },
];

/** The cases were written for the spec profile (a case that names `platform` keeps it); the default is the platform's. */
const specCases = cases.map((testCase) => ({ profile: 'spec' as const, ...testCase }));

describe('language-code', () => {
  it.each(specCases)('$name', (testCase) => {
    const findings = runRule(languageCode, testCase);
    expect(findings.map(({ pointer, suggest }) => ({ pointer, ...(suggest ? { suggest } : {}) }))).toEqual(
      testCase.expected.map(({ pointer, suggest }) => ({ pointer, ...(suggest ? { suggest } : {}) })),
    );
    for (const finding of findings) expect(finding.message).toMatch(/is not a supported language code/);
  });
});

describe('language-code wording', () => {
  const messageOf = (code: string, profile: 'spec' | 'platform') => runRule(languageCode, { navigation: languages(code), profile })[0].message;

  it('under spec, says when the platform would accept the code', () => {
    const message = messageOf('ja', 'spec');
    expect(message).toMatch(
      /^"ja" is not a supported language code: the spec allows ar, cn, zh-Hant, .*, vn; the hosted platform accepts "ja", so this is a warning \(the default profile, platform, accepts it; make it an error with "rules" in docsnav\.config\.json\)\.$/,
    );
  });

  it('under spec, a code the platform rejects too lists the spec’s codes only', () => {
    const message = messageOf('xx', 'spec');
    expect(message).toMatch(/^"xx" is not a supported language code\. Supported: ar, cn, .*, vn\. \(Add more with --language-codes/);
    expect(message).not.toContain('platform');
  });

  it('under platform, lists the platform’s codes', () => {
    const message = messageOf('ua', 'platform');
    expect(message).toMatch(/^"ua" is not a supported language code\. Supported by the hosted platform: en, cn, zh, .*, hu\./);
    expect(message).not.toContain('so this is a warning');
  });
});

describe('language-code severity by profile (issue 56)', () => {
  const severities = (profile: 'spec' | 'platform' | undefined, rules?: Record<string, 'error'>) =>
    validateText(JSON.stringify({ ...REQUIRED_SETTINGS, navigation: languages('en', 'pt', 'zh', 'vi', 'xx') }), { profile, rules })
      .problems.filter((p) => p.code === 'language-code')
      .map((p) => [p.pointer.split('/')[3], p.severity]);

  it('the default (platform) accepts pt, zh and vi: only a code the platform rejects is an error', () => {
    expect(severities(undefined)).toEqual([['4', 'error']]);
  });

  it('spec: what only the platform accepts is a warning, what neither accepts an error', () => {
    expect(severities('spec')).toEqual([
      ['1', 'warning'],
      ['2', 'warning'],
      ['3', 'warning'],
      ['4', 'error'],
    ]);
  });

  it('spec with the rule asked for as an error: all errors', () => {
    expect(severities('spec', { 'language-code': 'error' }).map(([, severity]) => severity)).toEqual(['error', 'error', 'error', 'error']);
  });
});
