/**
 * Empty arrays of divisions and empty names (src/schema/lost-arrays.ts explainEmptyDivisions,
 * src/schema/build-schema.ts nameProperty), as the platform treats them: its schema refuses an
 * empty `tabs`, and its union tries the element's next form, so only that key is dropped (a
 * warning); at the navigation root the build fails unless another non-empty division is there. An
 * empty name fails the element, but a language's code, which the language-code rule checks.
 */
import { describe, expect, it } from 'vitest';
import { validateText } from '../../src/validate.js';
import { REQUIRED_SETTINGS } from '../required-settings.js';

function problemsOf(navigation: Record<string, unknown>) {
  return validateText(JSON.stringify({ ...REQUIRED_SETTINGS, navigation }), { profile: 'platform' }).problems.map((problem) => ({
    severity: problem.severity,
    code: problem.code,
    pointer: problem.pointer,
    message: problem.message,
  }));
}

describe('an empty array of divisions', () => {
  it('at the root beside a non-empty one: a warning, the platform building from the other', () => {
    expect(problemsOf({ tabs: [], groups: [{ group: 'G', pages: ['index'] }] })).toContainEqual({
      severity: 'warning',
      code: 'invalid-value',
      pointer: '/navigation/tabs',
      message: 'An empty `tabs` holds no tab. The platform does not fail the build for this: it drops the empty `tabs` and builds the site from `groups`.',
    });
  });

  it('at the root alone, or beside another empty one: an error, the build fails', () => {
    expect(problemsOf({ tabs: [] })).toEqual([
      {
        severity: 'error',
        code: 'invalid-value',
        pointer: '/navigation/tabs',
        message: 'An empty `tabs` holds no tab, and the platform rejects the whole docs.json for it.',
      },
    ]);
    const both = problemsOf({ anchors: [], tabs: [] }).filter((problem) => problem.code === 'invalid-value');
    expect(both).toEqual([
      {
        severity: 'error',
        code: 'invalid-value',
        pointer: '/navigation/anchors',
        message: 'An empty `anchors` holds no anchor, and the platform rejects the whole docs.json for it.',
      },
      {
        severity: 'error',
        code: 'invalid-value',
        pointer: '/navigation/tabs',
        message: 'An empty `tabs` holds no tab, and the platform rejects the whole docs.json for it.',
      },
    ]);
  });

  it('inside an element: a warning, only that key dropped', () => {
    expect(problemsOf({ tabs: [{ tab: 'A', groups: [], pages: ['index'] }] })).toContainEqual({
      severity: 'warning',
      code: 'invalid-value',
      pointer: '/navigation/tabs/0/groups',
      message:
        'An empty `groups` holds no group. The platform does not fail the build for this: it drops the empty `groups` without a word; the rest of the element stays.',
    });
  });
});

describe('an empty name', () => {
  it("a group's: the platform rejects the whole docs.json", () => {
    expect(problemsOf({ groups: [{ group: '', pages: ['index'] }] })).toEqual([
      {
        severity: 'error',
        code: 'invalid-value',
        pointer: '/navigation/groups/0/group',
        message: "`group` must not be empty (the group's title), and the platform rejects the whole docs.json for it.",
      },
    ]);
  });

  it("a language's code: not a schema problem, the language-code rule's alone; a number is the schema's", () => {
    const empty = problemsOf({ languages: [{ language: '', pages: ['index'] }] });
    expect(empty.map((problem) => [problem.code, problem.pointer])).toEqual([['language-code', '/navigation/languages/0/language']]);
    expect(problemsOf({ languages: [{ language: 5, pages: ['index'] }] })).toEqual([
      {
        severity: 'error',
        code: 'invalid-type',
        pointer: '/navigation/languages/0/language',
        message: '`language` must be a string (a language code such as "en").',
      },
    ]);
  });
});
