import { describe, expect, it } from 'vitest';
import type { ProfileName } from '../../src/config/profiles.js';
import { isAcceptedByPlatform, schemaUrl } from '../../src/rules/schema-url.js';
import { validateText } from '../../src/validate.js';
import { testRule, type RuleCase } from './harness.js';

/**
 * What the hosted platform's validator answers for a `$schema` string, measured with
 * @mintlify/validation 0.1.878: `validateDocsConfig({ theme: 'mint', name: 'x', colors: { primary:
 * '#0D9373' }, navigation: { pages: ['index'] }, $schema })` (its schema: `z.string().url()`).
 */
const PLATFORM_ACCEPTS = [
  'https://mintlify.com/docs.json',
  'http://localhost:8080/docs.schema.json',
  'https://unpkg.com/docsnav/schema/docs.schema.json',
  'http://example.com',
  'file:///x',
  'file:./node_modules/docsnav/schema/docs.schema.json',
  'vscode://schemas/x',
  'mailto:a@b',
  'urn:x',
  'x:',
  'http:/x',
  'C:\\x\\docs.schema.json', // read as a URL with the scheme `c:`
  'https://example.com/a b',
  ' https://mintlify.com/docs.json ',
];
/** …and rejects (`$schema: Invalid url`), failing the whole docs.json. */
const PLATFORM_REJECTS = [
  './node_modules/docsnav/schema/docs.schema.json',
  'docs.schema.json',
  '../schema/docs.schema.json',
  '/x',
  '/node_modules/docsnav/schema/docs.schema.json',
  '//mintlify.com/docs.json',
  'https://',
  'https://exa mple.com',
  '',
  ' ',
];

const navigation = { pages: ['index'] };
const at = (severity: 'error' | 'info') => ({ pointer: '/$schema', severity });

const cases: RuleCase[] = [
  // Valid under both profiles.
  ...(['spec', 'platform'] as ProfileName[]).flatMap((profile): RuleCase[] => [
    { name: `${profile}: no $schema`, navigation, profile, expected: [] },
    ...PLATFORM_ACCEPTS.map((value): RuleCase => ({
      name: `${profile}: accepted ${JSON.stringify(value)}`,
      navigation,
      docs: { $schema: value },
      profile,
      expected: [],
    })),
    {
      name: `${profile}: a value that is not a string is the schema’s business`,
      navigation,
      docs: { $schema: 7 },
      profile,
      expected: [],
    },
    {
      name: `${profile}: a $schema inside navigation is not the document’s`,
      navigation: { pages: ['index'], $schema: './x.json' },
      profile,
      expected: [],
    },
  ]),

  // Invalid: an error under the platform profile (its build fails), an info hint under spec.
  ...PLATFORM_REJECTS.flatMap((value): RuleCase[] => [
    { name: `platform: rejected ${JSON.stringify(value)}`, navigation, docs: { $schema: value }, profile: 'platform', expected: [at('error')] },
    { name: `spec: rejected ${JSON.stringify(value)} (a hint)`, navigation, docs: { $schema: value }, profile: 'spec', expected: [at('info')] },
  ]),
  {
    name: 'platform: reported without a navigation too',
    navigation: undefined,
    docs: { $schema: './node_modules/docsnav/schema/docs.schema.json' },
    profile: 'platform',
    expected: [at('error')],
  },
  {
    name: 'platform: reported beside a navigation of the wrong type',
    navigation: ['index'],
    docs: { $schema: '/x' },
    profile: 'platform',
    expected: [at('error')],
  },
];

testRule(
  schemaUrl,
  cases,
  /^`\$schema` ".*" is not an absolute URL.*hosted platform.*"\$schema: Invalid url".*https:\/\/mintlify\.com\/docs\.json.*`json\.schemas`.*`yaml\.schemas`/,
);

describe('schema-url', () => {
  it('accepts exactly what the platform’s validator accepts (the measured table)', () => {
    expect(PLATFORM_ACCEPTS.filter((value) => !isAcceptedByPlatform(value))).toEqual([]);
    expect(PLATFORM_REJECTS.filter((value) => isAcceptedByPlatform(value))).toEqual([]);
  });

  it('says what to do, in the words of each profile', () => {
    const problem = (profile: ProfileName) =>
      validateText('{ "$schema": "./node_modules/docsnav/schema/docs.schema.json", "navigation": { "pages": ["index"] } }', { profile }).problems.find(
        (p) => p.code === 'schema-url',
      )!;
    expect(problem('platform')).toMatchObject({ code: 'schema-url', severity: 'error', pointer: '/$schema', line: 1, column: 14 });
    expect(problem('platform').message).toBe(
      '`$schema` "./node_modules/docsnav/schema/docs.schema.json" is not an absolute URL: the hosted platform rejects the whole docs.json ("$schema: Invalid url"). Instead, remove it or use a URL such as https://mintlify.com/docs.json, and map the schema to the file in the editor\'s settings (VS Code `json.schemas`, yaml-language-server `yaml.schemas`).',
    );
    expect(problem('spec')).toMatchObject({ code: 'schema-url', severity: 'info', pointer: '/$schema' });
    expect(problem('spec').message).toContain('For a site published there, remove it');
    expect(problem('spec').message).toMatch(/a self-hosted site may keep it\.$/);
  });

  it('takes a configured severity over the profile’s (on, off, or louder under spec)', () => {
    const text = '{ "$schema": "docs.schema.json", "navigation": { "pages": ["index"] } }';
    expect(validateText(text, { rules: { 'schema-url': 'error' }, profile: 'spec' }).problems.map((p) => [p.code, p.severity])).toEqual([
      ['schema-url', 'error'],
    ]);
    // (The platform profile also says what else the platform requires: `theme`, `name`, `colors`.)
    const ofSchemaUrl = <T extends { code: string }>(problems: T[]) => problems.filter((p) => p.code === 'schema-url');
    expect(ofSchemaUrl(validateText(text, { rules: { 'schema-url': 'warning' }, profile: 'platform' }).problems).map((p) => [p.code, p.severity])).toEqual([
      ['schema-url', 'warning'],
    ]);
    expect(ofSchemaUrl(validateText(text, { rules: { 'schema-url': 'off' }, profile: 'platform' }).problems)).toEqual([]);
  });

  it('leaves a non-string $schema to the schema layer (invalid-type), under both profiles', () => {
    for (const profile of ['spec', 'platform'] as ProfileName[]) {
      const problems = validateText('{ "$schema": { "url": "https://mintlify.com/docs.json" }, "navigation": { "pages": ["index"] } }', { profile }).problems;
      expect(problems.filter((p) => p.pointer !== '').map((p) => [p.code, p.pointer])).toEqual([['invalid-type', '/$schema']]);
    }
  });

  it('reads a YAML docs file the same way', () => {
    const problems = validateText('$schema: ./node_modules/docsnav/schema/docs.schema.json\nnavigation:\n  pages: [index]\n', {
      file: 'docs.yaml',
      profile: 'platform',
    }).problems;
    expect(problems.filter((p) => p.code === 'schema-url').map((p) => [p.code, p.severity, p.pointer, p.line])).toEqual([
      ['schema-url', 'error', '/$schema', 1],
    ]);
  });
});
