/** The harness of test/fix/compute*.test.ts: problems written as a rule reports them, fixed by `attachFixes`. */
import type { Code } from '../../src/codes.js';
import { applyEdits } from '../../src/fix/apply.js';
import { attachFixes } from '../../src/fix/compute.js';
import type { Problem } from '../../src/problem.js';
import { parseSource } from '../../src/source/index.js';

export interface Reported {
  code: Code;
  pointer: string;
  suggest?: string;
  at?: 'key' | 'value';
}

/** The text after the fix of each problem in `text` (undefined: no fix), as `attachFixes` computes them. */
export function fixed(file: string, text: string, reported: Reported[], profile?: 'spec' | 'platform'): Array<string | undefined> {
  const source = parseSource(file, text);
  const problems: Problem[] = reported.map(({ code, pointer, suggest, at }) => ({
    code,
    pointer,
    suggest,
    severity: 'error',
    message: code,
    file,
    ...source.locate(pointer, at ?? (code === 'unknown-field' || code === 'expanded-top-level' ? 'key' : 'value')),
  }));
  // The cases were written for the spec profile, which was the default: `language-code` is fixed only under it.
  attachFixes(problems, [source], { profile: profile ?? 'spec' });
  return problems.map((problem) => problem.fix && applyEdits(text, problem.fix.edits));
}

export const one = (file: string, text: string, problem: Reported, profile?: 'spec' | 'platform') => fixed(file, text, [problem], profile)[0];

export type Case = [name: string, text: string, problem: Reported, after: string | undefined, profile?: 'spec' | 'platform'];

export const nav = (inner: string) => `{"navigation": ${inner}}`;
