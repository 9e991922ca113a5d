import { Ajv } from 'ajv';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allCodes, codes } from '../../src/codes.js';
import { checkConfig } from '../../src/config-file/check.js';
import { readmeBlock } from '../readme-blocks.mjs';

const schema = JSON.parse(readFileSync('schema/config.schema.json', 'utf8'));

interface CheckCase {
  name: string;
  config: unknown;
  /** Expected findings: pointer, where it points and the suggestion, in order. */
  expected: Array<{ pointer: string; at?: 'key'; suggest?: string }>;
  options?: unknown;
}

const cases: CheckCase[] = [
  // Valid.
  { name: 'empty', config: {}, expected: [], options: {} },
  { name: 'one-line opt-in', config: { extends: 'platform' }, expected: [], options: { profile: 'platform' } },
  { name: 'spec explicitly', config: { extends: 'spec' }, expected: [], options: { profile: 'spec' } },
  {
    name: 'everything',
    config: {
      $schema: './node_modules/docsnav/schema/config.schema.json',
      extends: 'platform',
      rules: { 'page-not-found': 'off', 'duplicate-page': 'error' },
      languageCodes: ['tlh', 'en-GB'],
      ignore: ['drafts/**', '/navigation/tabs/3/**'],
    },
    expected: [],
    options: {
      profile: 'platform',
      rules: { 'page-not-found': 'off', 'duplicate-page': 'error' },
      languageCodes: ['tlh', 'en-GB'],
      ignore: ['drafts/**', '/navigation/tabs/3/**'],
    },
  },
  {
    name: 'every code and severity',
    config: { rules: Object.fromEntries(allCodes.filter((c) => c !== 'config-invalid').map((c, i) => [c, ['off', 'info', 'warning', 'error'][i % 4]])) },
    expected: [],
  },
  { name: 'empty lists', config: { languageCodes: [], ignore: [] }, expected: [], options: { languageCodes: [], ignore: [] } },

  // Invalid.
  { name: 'not an object: array', config: [], expected: [{ pointer: '' }] },
  { name: 'not an object: string', config: 'platform', expected: [{ pointer: '' }] },
  { name: 'not an object: null', config: null, expected: [{ pointer: '' }] },
  { name: 'unknown key, close to one', config: { extend: 'platform' }, expected: [{ pointer: '/extend', at: 'key', suggest: 'extends' }] },
  { name: 'unknown key, far from all', config: { plugins: [] }, expected: [{ pointer: '/plugins', at: 'key' }] },
  { name: 'unknown profile', config: { extends: 'platfrom' }, expected: [{ pointer: '/extends', suggest: 'platform' }] },
  { name: 'profile of the wrong type', config: { extends: ['platform'] }, expected: [{ pointer: '/extends' }] },
  { name: 'rules not an object', config: { rules: ['page-not-found=off'] }, expected: [{ pointer: '/rules' }] },
  {
    name: 'unknown code',
    config: { rules: { 'page-not-fond': 'off' } },
    expected: [{ pointer: '/rules/page-not-fond', at: 'key', suggest: 'page-not-found' }],
  },
  { name: 'unknown severity', config: { rules: { 'page-not-found': 'warn' } }, expected: [{ pointer: '/rules/page-not-found', suggest: 'warning' }] },
  { name: 'unknown severity, far from all', config: { rules: { 'page-not-found': 'loud' } }, expected: [{ pointer: '/rules/page-not-found' }] },
  {
    name: 'ESLint numbers suggest our words',
    config: { rules: { 'page-not-found': 0, 'page-path': 2 } },
    expected: [
      { pointer: '/rules/page-not-found', suggest: 'off' },
      { pointer: '/rules/page-path', suggest: 'error' },
    ],
  },
  { name: 'severity of the wrong type', config: { rules: { 'page-not-found': true } }, expected: [{ pointer: '/rules/page-not-found' }] },
  { name: 'config-invalid cannot be set', config: { rules: { 'config-invalid': 'off' } }, expected: [{ pointer: '/rules/config-invalid', at: 'key' }] },
  { name: 'languageCodes a string', config: { languageCodes: 'ja,uk' }, expected: [{ pointer: '/languageCodes' }] },
  {
    name: 'languageCodes entries',
    config: { languageCodes: ['ja', 7, 'zh Hans', ''] },
    expected: [{ pointer: '/languageCodes/1' }, { pointer: '/languageCodes/2' }, { pointer: '/languageCodes/3' }],
  },
  { name: 'ignore a string', config: { ignore: 'drafts/**' }, expected: [{ pointer: '/ignore' }] },
  {
    name: 'ignore entries',
    config: { ignore: ['ok/**', null, '', '  ', '!drafts/**'] },
    expected: [{ pointer: '/ignore/1' }, { pointer: '/ignore/2' }, { pointer: '/ignore/3' }, { pointer: '/ignore/4' }],
  },
  { name: '$schema not a string', config: { $schema: 7 }, expected: [{ pointer: '/$schema' }] },
  {
    name: 'several at once, in key order',
    config: { extends: 'x', rules: { nope: 'off', 'page-path': 'loud' }, other: 1 },
    expected: [{ pointer: '/extends' }, { pointer: '/rules/nope', at: 'key' }, { pointer: '/rules/page-path' }, { pointer: '/other', at: 'key' }],
  },
];

describe('checkConfig', () => {
  it.each(cases)('$name', ({ config, expected, options }) => {
    const checked = checkConfig(config);
    expect(checked.findings.map(({ pointer, at, suggest }) => ({ pointer, ...(at ? { at } : {}), ...(suggest ? { suggest } : {}) }))).toEqual(expected);
    for (const finding of checked.findings) expect(finding.message).toMatch(/^\S.*\.$/);
    if (options !== undefined) expect(checked.options).toEqual(options);
  });

  it('puts pointers under the base (package.json "docsnav")', () => {
    expect(checkConfig({ extends: 1 }, '/docsnav').findings.map((f) => f.pointer)).toEqual(['/docsnav/extends']);
  });
});

describe('schema/config.schema.json', () => {
  const validate = new Ajv({ allErrors: true, strict: true }).compile(schema);

  it('is draft-07 with a description on every property', () => {
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    for (const [key, property] of Object.entries(schema.properties as Record<string, { description?: string }>)) expect(property.description, key).toBeTruthy();
  });

  it('lists every configurable code with its description (UPDATE_EXPECTED=1 rewrites the list)', () => {
    if (process.env.UPDATE_EXPECTED) {
      schema.properties.rules.properties = Object.fromEntries(
        allCodes
          .filter((code) => code !== 'config-invalid')
          .map((code) => [
            code,
            { description: `${codes[code].description} (default: ${codes[code].severity})`, type: 'string', enum: ['off', 'info', 'warning', 'error'] },
          ]),
      );
      writeFileSync('schema/config.schema.json', JSON.stringify(schema, null, 2) + '\n');
    }
    const properties = schema.properties.rules.properties as Record<string, { description: string; enum: string[] }>;
    expect(Object.keys(properties)).toEqual(allCodes.filter((code) => code !== 'config-invalid'));
    for (const [code, property] of Object.entries(properties)) {
      expect(property.description).toBe(`${codes[code as keyof typeof codes].description} (default: ${codes[code as keyof typeof codes].severity})`);
      expect(property.enum).toEqual(['off', 'info', 'warning', 'error']);
    }
  });

  it.each(cases)('agrees with the hand check: $name', ({ config }) => {
    expect(validate(config)).toBe(checkConfig(config).findings.length === 0);
  });
});

describe('the README’s config examples', () => {
  // The blocks by name (test/readme.test.ts also loads each as a config file).
  const examples = ['config-platform', 'config-full'].map((name) => JSON.parse(readmeBlock(name).text) as unknown);

  it('are there, and are valid configs', () => {
    for (const example of examples) expect(checkConfig(example).findings).toEqual([]);
  });
});
