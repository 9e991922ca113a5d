/**
 * A group's `openapi` or `asyncapi` of the wrong type (src/schema/lost-arrays.ts,
 * explainGroupSpecValue): the platform's validator drops that value alone, without a word, and
 * builds; the problem says so (an empty one is a warning), and the rest of the docs.json is not
 * said to be lost.
 */
import { describe, expect, it } from 'vitest';
import { validateText } from '../../src/validate.js';
import { REQUIRED_SETTINGS } from '../required-settings.js';

function problemsOf(group: Record<string, unknown>) {
  const text = JSON.stringify({ ...REQUIRED_SETTINGS, navigation: { groups: [{ group: 'API', pages: ['index'], ...group }] } });
  return validateText(text, { profile: 'platform' }).problems.filter((problem) => problem.pointer?.startsWith('/navigation/groups/0/'));
}

describe("a group's spec value of the wrong type", () => {
  for (const field of ['openapi', 'asyncapi'] as const) {
    it(`${field}: a number is dropped with the group's pages kept, and the problem says so`, () => {
      const found = problemsOf({ [field]: 7 });
      expect(found.length).toBeGreaterThan(0);
      expect(found[0].message).toContain(`its validator drops the group's whole \`${field}\` without a word, so no page is generated from it.`);
      expect(found[0].message).not.toMatch(/rejects the whole docs\.json/);
    });

    it(`${field}: an empty one is a warning, the platform dropping it without a word`, () => {
      const found = problemsOf({ [field]: '' });
      expect(found.length).toBeGreaterThan(0);
      expect(found[0].severity).toBe('warning');
      expect(found[0].message).toContain(`its validator drops a group's empty \`${field}\` without a word. Remove it, or name the spec.`);
    });
  }
});
