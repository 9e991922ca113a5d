/**
 * A top-level setting of docs.json written inside `navigation` (src/settings/index.ts
 * misplacedSetting): the platform drops it there without a word. The finding says where it goes,
 * and whether docs.json already has one at the top level (then the two are to be merged, and no fix
 * moves it). Through validateText, and settingUnderNavigation's pointers as a table.
 */
import { describe, expect, it } from 'vitest';
import { misplacedSetting, settingUnderNavigation } from '../../src/settings/index.js';
import { validateText } from '../../src/validate.js';

const SETTINGS = { name: 'Docs', theme: 'mint', colors: { primary: '#0D9373' } };
const problemsOf = (docs: Record<string, unknown>) =>
  validateText(JSON.stringify({ ...SETTINGS, ...docs }, null, 2), {}).problems.map((p) => ({
    code: p.code,
    pointer: p.pointer,
    message: p.message,
    suggest: p.suggest,
    fix: p.fix !== undefined,
  }));

describe('a top-level setting inside navigation', () => {
  it('says it has no effect there and to move it beside navigation; the fix moves it', () => {
    expect(problemsOf({ navigation: { pages: ['index'], styling: { eyebrows: 'section' } } })).toEqual([
      {
        code: 'unknown-field',
        pointer: '/navigation/styling',
        message:
          '`styling` is a top-level setting of docs.json, not a field of `navigation`: the platform drops it here, so it has no effect. Move it out of `navigation`, beside it.',
        suggest: undefined,
        fix: true,
      },
    ]);
  });

  it('when docs.json has one at the top level too, says to merge the two, and moves nothing', () => {
    expect(problemsOf({ interaction: { drilldown: true }, navigation: { pages: ['index'], interaction: { drilldown: false } } })).toEqual([
      {
        code: 'unknown-field',
        pointer: '/navigation/interaction',
        message:
          '`interaction` is a top-level setting of docs.json, not a field of `navigation`: the platform drops it here, so it has no effect. docs.json already has a top-level `interaction`: merge the two there.',
        suggest: undefined,
        fix: false,
      },
    ]);
  });

  it('an unknown key of navigation that is no setting keeps its own message and suggestion', () => {
    expect(problemsOf({ navigation: { pages: ['index'], tabs2: 1 } })).toEqual([
      { code: 'unknown-field', pointer: '/navigation/tabs2', message: '`tabs2` is not a field of `navigation`.', suggest: 'tabs', fix: false },
    ]);
  });
});

describe('settingUnderNavigation', () => {
  it.each([
    ['unknown-field', '/navigation/styling', 'styling'],
    ['unknown-field', '/navigation/appearance', 'appearance'],
    ['unknown-field', '/navigation/theme', 'theme'],
    // Deeper, above, or not the whole key.
    ['unknown-field', '/navigation/tabs/0/styling', undefined],
    ['unknown-field', '/navigation/styling/eyebrows', undefined],
    ['unknown-field', '/x/navigation/styling', undefined],
    ['unknown-field', '/styling', undefined],
    ['unknown-field', '/navigation/st~1yling', undefined],
    // navigation itself is a setting of docs.json, never one inside it.
    ['unknown-field', '/navigation/navigation', undefined],
    // Not a setting, or not an unknown field.
    ['unknown-field', '/navigation/tabs2', undefined],
    ['unknown-field', '/navigation/toString', undefined],
    ['invalid-value', '/navigation/styling', undefined],
  ] as const)('%s at %s: %s', (code, pointer, key) => {
    expect(settingUnderNavigation({ code, pointer })).toBe(key);
  });
});

describe('misplacedSetting', () => {
  const finding = { code: 'unknown-field' as const, pointer: '/navigation/styling', message: '`styling` is not a field of `navigation`.', suggest: 'tabs' };
  const MOVE = 'Move it out of `navigation`, beside it.';
  it.each([
    [null, MOVE],
    [[{ styling: {} }], MOVE],
    ['styling', MOVE],
    [{ navigation: {} }, MOVE],
    [{ styling: {} }, 'docs.json already has a top-level `styling`: merge the two there.'],
  ])('in %j: “%s”, without the suggestion', (docs, end) => {
    const widened = misplacedSetting(finding, docs);
    expect(widened.message.endsWith(end)).toBe(true);
    expect(widened).not.toHaveProperty('suggest');
    expect(widened.pointer).toBe(finding.pointer);
  });

  it('any other finding is returned as it is', () => {
    const other = { ...finding, pointer: '/navigation/tabs2' };
    expect(misplacedSetting(other, {})).toBe(other);
  });
});
