/**
 * A named group without `pages` (src/schema/lost-arrays.ts's groupWithoutPages): the spec requires
 * them, but the platform's schema defaults them to none, so it shows the group with no pages and
 * nothing around it is lost. The schema's missing-field says so; a group that is malformed
 * otherwise (no name, an empty name) still costs the array it is in.
 */
import { describe, expect, it } from 'vitest';
import { validateText } from '../../src/validate.js';
import { REQUIRED_SETTINGS } from '../required-settings.js';

function problemsOf(groups: unknown[]) {
  const navigation = {
    tabs: [
      { tab: 'A', groups },
      { tab: 'B', pages: ['b'] },
    ],
  };
  return validateText(JSON.stringify({ ...REQUIRED_SETTINGS, navigation }), { profile: 'platform' }).problems.map((problem) => ({
    code: problem.code,
    pointer: problem.pointer,
    message: problem.message,
  }));
}

describe('a group without pages', () => {
  it('named: the platform shows it with no pages, and nothing around it is lost', () => {
    const found = problemsOf([{ group: 'Empty' }, { group: 'Full', pages: ['a'] }]).filter((p) => p.code === 'missing-field');
    expect(found).toHaveLength(1);
    expect(found[0].pointer).toBe('/navigation/tabs/0/groups/0');
    expect(found[0].message).toMatch(/The platform does not fail the build for this: it shows the group with no pages\.$/);
    expect(found[0].message).not.toMatch(/drops the whole/);
  });

  it.each([
    ['with no name', { pages: ['c'] }],
    ['whose name is not a string', { group: 7 }],
  ])('%s: the platform drops the groups around it', (_name, group) => {
    const messages = problemsOf([group, { group: 'Full', pages: ['a'] }]).map((p) => p.message);
    expect(messages.some((message) => /drops the whole `groups` of a tab "A"/.test(message))).toBe(true);
    expect(messages.some((message) => /shows the group with no pages/.test(message))).toBe(false);
  });
});
