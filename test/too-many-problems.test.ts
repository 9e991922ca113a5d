/**
 * Past `maxProblemsPerFile` a file's problems are counted, not kept (src/pipeline/sink.ts): one
 * too-many-problems problem says how many more there are, at the highest severity among them.
 */
import { describe, expect, it } from 'vitest';
import { validateText } from '../src/validate.js';
import { REQUIRED_SETTINGS } from './required-settings.js';

const groups = (count: number) => Array.from({ length: count }, (_, i) => ({ group: i, pages: [] }));
const run = (navigation: unknown, maxProblemsPerFile: number) =>
  validateText(JSON.stringify({ ...REQUIRED_SETTINGS, navigation }), { maxProblemsPerFile }).problems.map(
    (p) => `${p.severity} ${p.code} ${p.message.split(':')[0]}`,
  );

describe('too-many-problems', () => {
  it('counts every problem past the cap, one by one', () => {
    expect(run({ groups: groups(4) }, 1)).toEqual([
      "error invalid-type `group` must be a string (the group's title).",
      'error too-many-problems 3 more problems in this file are not shown',
    ]);
    expect(run({ groups: groups(4) }, 3)).toEqual([
      ...Array(3).fill("error invalid-type `group` must be a string (the group's title)."),
      'error too-many-problems 1 more problem in this file is not shown',
    ]);
  });

  it("is the file's, at its start: no pointer, line 1, column 1, last of the file's problems", () => {
    const problems = validateText(JSON.stringify({ ...REQUIRED_SETTINGS, navigation: { groups: groups(4) } }), { maxProblemsPerFile: 2 }).problems;
    expect(problems.at(-1)).toMatchObject({ code: 'too-many-problems', file: 'docs.json', pointer: '', line: 1, column: 1 });
    expect(problems.map((p) => p.code)).toEqual(['invalid-type', 'invalid-type', 'too-many-problems']);
  });

  it('none past the cap: no count', () => {
    expect(run({ groups: groups(2) }, 2)).toEqual(Array(2).fill("error invalid-type `group` must be a string (the group's title)."));
  });
});
