/**
 * A malformed `asyncapi` on the navigation root (src/schema/lost-arrays.ts): the platform's schema
 * strips the key from the root whatever it holds, so the build never fails on it. Its finding is
 * a warning saying so, under the platform profile, where any other malformed value is an error.
 */
import { describe, expect, it } from 'vitest';
import { validateText } from '../../src/validate.js';
import { REQUIRED_SETTINGS } from '../required-settings.js';

const GROUPS = [{ group: 'G', pages: ['index'] }];
const STRIPPED = 'The platform strips `asyncapi` from the navigation root whatever it holds, so its build does not fail on it.';

function problemsOf(navigation: Record<string, unknown>) {
  return validateText(JSON.stringify({ ...REQUIRED_SETTINGS, navigation }), { profile: 'platform' }).problems.map((problem) => ({
    severity: problem.severity,
    code: problem.code,
    pointer: problem.pointer,
    message: problem.message,
  }));
}

describe('a malformed asyncapi on the navigation root', () => {
  it.each([
    [
      'a number',
      5,
      'invalid-type',
      '/navigation/asyncapi',
      '`asyncapi` must be a spec path or URL (string), an array of them, or an object with `source` (and `directory`).',
    ],
    ['an object without source', {}, 'missing-field', '/navigation/asyncapi', "An `asyncapi` object needs a `source` field (the spec's path or URL)."],
    [
      'an object whose source is no string',
      { source: 7 },
      'invalid-type',
      '/navigation/asyncapi/source',
      "`source` must be a string (the spec's path or URL).",
    ],
    [
      'an array holding a number',
      [3],
      'invalid-type',
      '/navigation/asyncapi/0',
      'Each entry of `asyncapi` must be a spec path or URL (string) or an object with `source`.',
    ],
  ])('%s: a warning that says the platform strips it', (_, asyncapi, code, pointer, said) => {
    expect(problemsOf({ asyncapi, groups: GROUPS })).toEqual([{ severity: 'warning', code, pointer, message: `${said} ${STRIPPED}` }]);
  });

  it('an empty string: the same, beside asyncapi-ignored', () => {
    const problems = problemsOf({ asyncapi: '', groups: GROUPS });
    expect(problems).toContainEqual({
      severity: 'warning',
      code: 'invalid-value',
      pointer: '/navigation/asyncapi',
      message: `An empty \`asyncapi\` names no AsyncAPI file. ${STRIPPED}`,
    });
    expect(problems.every((problem) => problem.severity === 'warning')).toBe(true);
  });

  it('the same value on a group is an error of the group, not stripped', () => {
    const problems = problemsOf({ groups: [{ group: 'G', pages: ['index'], asyncapi: 5 }] });
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.some((problem) => problem.message.includes(STRIPPED))).toBe(false);
  });
});
