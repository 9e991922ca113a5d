/**
 * The problems a move added (src/cli/added-problems.ts, what `docsnav mv` reports after a move):
 * a problem the site had before is matched after the move by its code, its file (moved as the move
 * moved it) and its message (old paths and URLs read as the new ones, whole names only), never by
 * its line; where messages still differ, a file and code with no more problems than before added
 * none, and with more, the ones left unmatched are the ones added, in the order found after.
 */
import { describe, expect, it } from 'vitest';
import { addedProblems } from '../../src/cli/added-problems.js';
import type { Code } from '../../src/codes.js';
import type { MovePlan } from '../../src/move/types.js';
import type { Problem } from '../../src/problem.js';

const ROOT = '/site';

/** The plan of moving these files (root-relative), their pages' URLs moved alike. */
function planOf(files: Array<[string, string]>): MovePlan {
  const url = (file: string) => file.replace(/\.mdx$/, '');
  return {
    docsFile: `${ROOT}/docs.json`,
    root: ROOT,
    requests: files.map(([from, to]) => ({ from, to })),
    files: files.map(([from, to]) => ({ from, to })),
    pages: files.filter(([from]) => from.endsWith('.mdx')).map(([from, to]) => ({ from: url(from), to: url(to), fromFile: from, toFile: to })),
    changes: [],
    counts: { navigation: 0, links: 0 },
    redirects: { added: [], repointed: [], reversed: [] },
    notes: [],
  };
}

let line = 0;
/** A problem (each on a line of its own: lines never match). */
function problem(code: Code, file: string, message: string): Problem {
  line++;
  return { code, severity: 'error', message, file: `${ROOT}/${file}`, pointer: '', line, column: 1, endLine: line, endColumn: 2 };
}

const MOVE = planOf([['guides/a.mdx', 'learn/a.mdx']]);

describe('a problem the site had', () => {
  it('is not added: its file and message read as after the move, its line left out', () => {
    const before = [problem('link-not-found', 'guides/a.mdx', 'Link "/x" in guides/a.mdx leads nowhere (from /guides/a).')];
    const after = [problem('link-not-found', 'learn/a.mdx', 'Link "/x" in learn/a.mdx leads nowhere (from /learn/a).')];
    expect(addedProblems(before, after, MOVE)).toEqual([]);
    // In a file the move did not move: the same.
    expect(
      addedProblems(
        [problem('page-not-found', 'docs.json', 'No page guides/a or guides/b')],
        [problem('page-not-found', 'docs.json', 'No page learn/a or guides/b')],
        MOVE,
      ),
    ).toEqual([]);
  });

  /** Which of `after` are added to `before` when another problem of the same code and file comes too: matched messages leave that one alone. */
  const addedBeside = (before: string, after: string, plan = MOVE) => {
    const other = problem('link-not-found', 'docs.json', 'another');
    const added = addedProblems([problem('link-not-found', 'docs.json', before)], [problem('link-not-found', 'docs.json', after), other], plan);
    return added.map((p) => p.message);
  };

  it('names are renamed whole: not inside a longer name, after a word, a dot or a dash', () => {
    for (const [old, renamed] of [
      ['guides/a.mdx.bak', 'learn/a.mdx.bak'],
      ['(guides/a)', '(learn/a)'],
      ['"/guides/a"', '"/learn/a"'],
      ['guides/a.', 'learn/a.'],
      ['guides/a', 'learn/a'],
    ]) {
      expect(addedBeside(`See ${old}`, `See ${renamed}`), old).toEqual(['another']);
    }
    for (const old of ['guides/ab', 'guides/a-b', 'guides/a_b', 'xguides/a', 'my-guides/a', '.guides/a', '_guides/a']) {
      expect(addedBeside(`See ${old}`, `See ${old}`), old).toEqual(['another']);
    }
  });

  it('the longest name first; names with the characters of a pattern are names', () => {
    // A folder and a file in it moved apart (files only: no page URLs), the shorter first.
    const plan = {
      ...planOf([]),
      files: [
        { from: 'guides/a', to: 'b' },
        { from: 'guides/a.mdx', to: 'c.mdx' },
        { from: 'api (v1)/a+b.mdx', to: 'api/v1/a+b.mdx' },
      ],
    };
    expect(addedBeside('guides/a.mdx and guides/a', 'c.mdx and b', plan)).toEqual(['another']);
    expect(addedBeside('api (v1)/a+b.mdx', 'api/v1/a+b.mdx', plan)).toEqual(['another']);
    // Not a pattern: `.` is a dot, `+` a plus, `(` a parenthesis.
    expect(addedBeside('api (v1)/a+bXmdx', 'api (v1)/a+bXmdx', plan)).toEqual(['another']);
    expect(addedBeside('api (v1)/abb.mdx', 'api (v1)/abb.mdx', plan)).toEqual(['another']);
    expect(addedBeside('api v1/a+b.mdx', 'api v1/a+b.mdx', plan)).toEqual(['another']);
  });

  it('a move of nothing: messages compared as they are', () => {
    const plan = planOf([]);
    const same = [problem('link-not-found', 'docs.json', 'guides/a')];
    expect(addedProblems(same, [problem('link-not-found', 'docs.json', 'guides/a')], plan)).toEqual([]);
    const other = [problem('link-not-found', 'docs.json', 'learn/a'), problem('link-not-found', 'docs.json', 'learn/b')];
    expect(addedProblems(same, other, plan)).toEqual([other[0]]);
  });
});

describe('a problem the move added', () => {
  it('a new code, file or message, with more problems of its code and file than before', () => {
    const had = problem('link-not-found', 'guides/a.mdx', 'Link "/x" leads nowhere.');
    const kept = problem('link-not-found', 'learn/a.mdx', 'Link "/x" leads nowhere.');
    const newCode = problem('page-not-found', 'learn/a.mdx', 'Link "/x" leads nowhere.');
    const newFile = problem('link-not-found', 'docs.json', 'Link "/x" leads nowhere.');
    const newMessage = problem('link-not-found', 'learn/a.mdx', 'Link "/y" leads nowhere.');
    expect(addedProblems([had], [newCode, kept, newFile, newMessage], MOVE)).toEqual([newCode, newFile, newMessage]);
  });

  it('the same problem once more: the later one is added', () => {
    const before = [problem('duplicate-page', 'docs.json', '"guides/a" is listed twice')];
    const first = problem('duplicate-page', 'docs.json', '"learn/a" is listed twice');
    const second = problem('duplicate-page', 'docs.json', '"learn/a" is listed twice');
    expect(addedProblems(before, [first, second], MOVE)).toEqual([second]);
    // Twice before, twice after: none.
    expect(addedProblems([...before, problem('duplicate-page', 'docs.json', '"guides/a" is listed twice')], [first, second], MOVE)).toEqual([]);
  });

  it('messages that still differ: no more problems than before adds none; more adds as many, the unmatched first', () => {
    const before = [problem('invalid-value', 'docs.json', 'one'), problem('invalid-value', 'docs.json', 'two')];
    expect(addedProblems(before, [problem('invalid-value', 'docs.json', 'three'), problem('invalid-value', 'docs.json', 'four')], MOVE)).toEqual([]);
    expect(addedProblems(before, [problem('invalid-value', 'docs.json', 'three')], MOVE)).toEqual([]);
    // Fewer than before: none (not as many fewer as before).
    const threeBefore = [...before, problem('invalid-value', 'docs.json', 'six')];
    expect(addedProblems(threeBefore, [problem('invalid-value', 'docs.json', 'three'), problem('invalid-value', 'docs.json', 'four')], MOVE)).toEqual([]);
    const three = problem('invalid-value', 'docs.json', 'three');
    const two = problem('invalid-value', 'docs.json', 'two');
    const four = problem('invalid-value', 'docs.json', 'four');
    const five = problem('invalid-value', 'docs.json', 'five');
    // Three after, two before: one added, the first of those unmatched ("two" matched).
    expect(addedProblems(before, [two, three, four], MOVE)).toEqual([three]);
    // Four after: two added.
    expect(addedProblems(before, [three, two, four, five], MOVE)).toEqual([three, four]);
  });

  it('in the order found after the move, across files and codes', () => {
    const a = problem('link-not-found', 'docs.json', 'a');
    const b = problem('page-not-found', 'learn/a.mdx', 'b');
    const c = problem('link-not-found', 'docs.json', 'c');
    expect(addedProblems([], [a, b, c], MOVE)).toEqual([a, b, c]);
  });
});
