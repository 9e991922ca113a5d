/**
 * What a config's findings say, word for word, for every branch of src/config-file/check.ts: the
 * config's kind, each key's type, an unknown profile, key, code or severity (and the suggestion
 * made for it), the entries of `languageCodes` and `ignore`. check.test.ts holds the pointers and
 * suggestions of real-shaped configs; this file the messages a user reads (a whole-target mutation
 * run of `config` found most of them changeable with no test failing).
 */
import { describe, expect, it } from 'vitest';
import { checkConfig } from '../../src/config-file/check.js';
import { ignoredPages, ignorePatternProblem, ignoreTest } from '../../src/config/ignore.js';

const CODES_HINT = '(the codes are listed in README.md)';
const SEVERITIES = 'one of "off", "info", "warning", "error"';

describe('the findings of a config, word for word (under package.json\'s "docsnav")', () => {
  it.each([
    [null, [{ message: 'The config must be an object (got null), e.g. { "extends": "platform" }.', pointer: '/docsnav' }]],
    [[], [{ message: 'The config must be an object (got an array), e.g. { "extends": "platform" }.', pointer: '/docsnav' }]],
    ['platform', [{ message: 'The config must be an object (got a string), e.g. { "extends": "platform" }.', pointer: '/docsnav' }]],
    [5, [{ message: 'The config must be an object (got a number), e.g. { "extends": "platform" }.', pointer: '/docsnav' }]],
    [{ $schema: 5 }, [{ message: '`$schema` must be a string (got a number).', pointer: '/docsnav/$schema' }]],
    [
      { extends: 'platfrom' },
      [{ message: 'Unknown profile "platfrom": `extends` is one of platform, spec.', pointer: '/docsnav/extends', suggest: 'platform' }],
    ],
    [{ extends: 7 }, [{ message: '`extends` must be one of "platform", "spec" (got a number).', pointer: '/docsnav/extends' }]],
    [
      { rules: 'x' },
      [{ message: '`rules` must be an object of code: severity, e.g. { "page-not-found": "warning" } (got a string).', pointer: '/docsnav/rules' }],
    ],
    [
      { rules: { 'config-invalid': 'off' } },
      [{ message: '`config-invalid` cannot be set: a bad config always stops the run.', pointer: '/docsnav/rules/config-invalid', at: 'key' }],
    ],
    [
      { rules: { 'page-not-fond': 'off' } },
      [{ message: `Unknown code "page-not-fond" in \`rules\` ${CODES_HINT}.`, pointer: '/docsnav/rules/page-not-fond', at: 'key', suggest: 'page-not-found' }],
    ],
    [
      { rules: { 'page-not-found': 'warn' } },
      [{ message: 'Unknown severity "warn" for page-not-found: use off, info, warning, error.', pointer: '/docsnav/rules/page-not-found', suggest: 'warning' }],
    ],
    // An alias is read in any case ("Warnings" is "warnings", which means warning).
    [
      { rules: { 'page-not-found': 'Warnings' } },
      [
        {
          message: 'Unknown severity "Warnings" for page-not-found: use off, info, warning, error.',
          pointer: '/docsnav/rules/page-not-found',
          suggest: 'warning',
        },
      ],
    ],
    [
      { rules: { 'page-not-found': 2 } },
      [{ message: `The severity of page-not-found must be ${SEVERITIES} (got a number).`, pointer: '/docsnav/rules/page-not-found', suggest: 'error' }],
    ],
    [
      { rules: { 'page-not-found': true } },
      [{ message: `The severity of page-not-found must be ${SEVERITIES} (got a boolean).`, pointer: '/docsnav/rules/page-not-found' }],
    ],
    [{ languageCodes: 'en' }, [{ message: '`languageCodes` must be an array of strings (got a string).', pointer: '/docsnav/languageCodes' }]],
    [
      { languageCodes: ['en', 5, 'e n'] },
      [
        { message: 'Each entry of `languageCodes` must be a string (got a number).', pointer: '/docsnav/languageCodes/1' },
        { message: '"e n" is not a language code (letters, digits and "-" only).', pointer: '/docsnav/languageCodes/2' },
      ],
    ],
    [
      { ignore: ['drafts/**', 3, ' ', '!keep/**'] },
      [
        { message: 'Each entry of `ignore` must be a string (got a number).', pointer: '/docsnav/ignore/1' },
        { message: 'An ignore pattern cannot be empty.', pointer: '/docsnav/ignore/2' },
        { message: 'Negated ignore patterns ("!…") are not supported: list what to ignore.', pointer: '/docsnav/ignore/3' },
      ],
    ],
    [{ ignore: {} }, [{ message: '`ignore` must be an array of strings (got an object).', pointer: '/docsnav/ignore' }]],
    // The keys listed are the ones a user writes: not `$schema`, which is suggested only for a near miss of it.
    [
      { extned: 'platform' },
      [{ message: '`extned` is not a config key (the keys are extends, rules, languageCodes, ignore).', pointer: '/docsnav/extned', at: 'key' }],
    ],
    [
      { $schem: 'x' },
      [
        {
          message: '`$schem` is not a config key (the keys are extends, rules, languageCodes, ignore).',
          pointer: '/docsnav/$schem',
          at: 'key',
          suggest: '$schema',
        },
      ],
    ],
  ])('%j', (config, findings) => {
    expect(checkConfig(config, '/docsnav').findings).toEqual(findings);
  });

  it('keeps what is sound beside what is not', () => {
    expect(checkConfig({ extends: 'spec', rules: { 'page-not-found': 'off', nope: 'off' }, languageCodes: ['tlh', 5], ignore: ['a/**', ''] }).options).toEqual({
      profile: 'spec',
      rules: { 'page-not-found': 'off' },
      languageCodes: ['tlh'],
      ignore: ['a/**'],
    });
  });
});

describe('ignore patterns', () => {
  const root = {
    navigation: { groups: [{ group: 'G', root: './drafts/intro.mdx', pages: ['drafts/a', 'guide/b', { group: 'H', pages: ['/drafts/c.md'] }] }] },
  };

  it.each([
    ['', 'an ignore pattern cannot be empty'],
    ['  \t', 'an ignore pattern cannot be empty'],
    ['!drafts/**', 'negated ignore patterns ("!…") are not supported: list what to ignore'],
    ['drafts/**', undefined],
    ['/navigation/tabs/0/**', undefined],
  ])('%j: %s', (pattern, problem) => {
    expect(ignorePatternProblem(pattern)).toBe(problem);
  });

  it('no usable pattern: no test at all', () => {
    expect(ignoreTest(undefined)).toBeUndefined();
    expect(ignoreTest([])).toBeUndefined();
    expect(ignoreTest(['', '!x'])).toBeUndefined();
    expect(ignoredPages(['/navigation/**', ''])).toBeUndefined();
  });

  it('a page glob matches a page entry or a group root by its tidy path (no ./, / or extension), nothing else', () => {
    const test = ignoreTest(['drafts/**'])!;
    expect(test('/navigation/groups/0/pages/0', root)).toBe(true);
    expect(test('/navigation/groups/0/pages/2/pages/0', root)).toBe(true);
    expect(test('/navigation/groups/0/root', root)).toBe(true);
    expect(test('/navigation/groups/0/pages/1', root)).toBe(false);
    // Not a page: the group's title, a group object in `pages`, a pointer too short to be one.
    expect(test('/navigation/groups/0/group', root)).toBe(false);
    expect(test('/navigation/groups/0/pages/2', root)).toBe(false);
    expect(test('/navigation', root)).toBe(false);
    expect(test('', root)).toBe(false);
  });

  it('a pointer glob matches pointers, dot segments included; both kinds together', () => {
    const test = ignoreTest(['/navigation/groups/*/pages/1', 'guide/**', '!x'])!;
    expect(test('/navigation/groups/0/pages/1', root)).toBe(true);
    expect(test('/navigation/groups/0/pages/0', root)).toBe(false);
    const dots = ignoreTest(['/navigation/**'])!;
    expect(dots('/navigation/.hidden/x', root)).toBe(true);
    expect(ignoreTest(['/navigation/groups/0/**'])!('/navigation/groups/0/pages/1', root)).toBe(true);
  });

  it('ignoredPages tests page paths against the page globs only', () => {
    const pages = ignoredPages(['drafts/**', '/navigation/**', '.hidden/*'])!;
    expect(pages('drafts/a')).toBe(true);
    expect(pages('.hidden/x')).toBe(true);
    expect(pages('guide/b')).toBe(false);
    expect(pages('/navigation/x')).toBe(false);
  });
});
