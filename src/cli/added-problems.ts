/**
 * The problems a move added: the site's problems after it that it did not have before, the
 * files and URLs of the problems before read where they are after the move. Two problems are the
 * same when their code, file (moved as the move moved it) and message (old paths and URLs read as
 * the new ones) are; lines are left out (an edit shifts them). Where messages still differ, a
 * file and code with no more problems than before added none.
 */
import path from 'node:path';
import type { Problem } from '../problem.js';
import type { MovePlan } from '../move/types.js';

export function addedProblems(before: readonly Problem[], after: readonly Problem[], plan: MovePlan): Problem[] {
  const renames = new Map<string, string>();
  for (const file of plan.files) renames.set(file.from, file.to);
  for (const page of plan.pages) renames.set(page.from, page.to);
  const keys = [...renames.keys()].sort((a, b) => b.length - a.length).map((key) => key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = keys.length === 0 ? undefined : new RegExp(`(?<![\\w.-])(${keys.join('|')})(?![\\w-])`, 'g');
  const movedFile = new Map(plan.files.map((file) => [path.join(plan.root, file.from), path.join(plan.root, file.to)]));
  const fileOf = (problem: Problem, moved: boolean) => {
    const absolute = path.resolve(problem.file);
    return moved ? (movedFile.get(absolute) ?? absolute) : absolute;
  };
  const groupOf = (problem: Problem, moved: boolean) => `${problem.code}\0${fileOf(problem, moved)}`;
  const seen = new Map<string, Map<string, number>>();
  for (const problem of before) {
    const group = groupOf(problem, true);
    const message = pattern ? problem.message.replace(pattern, (old) => renames.get(old) ?? old) : problem.message;
    const messages = seen.get(group) ?? new Map<string, number>();
    messages.set(message, (messages.get(message) ?? 0) + 1);
    seen.set(group, messages);
  }
  const byGroup = new Map<string, Problem[]>();
  for (const problem of after) {
    const group = groupOf(problem, false);
    const list = byGroup.get(group);
    if (list) list.push(problem);
    else byGroup.set(group, [problem]);
  }
  const added = new Set<Problem>();
  for (const [group, problems] of byGroup) {
    const messages = seen.get(group) ?? new Map<string, number>();
    const had = [...messages.values()].reduce((sum, count) => sum + count, 0);
    if (problems.length <= had) continue;
    const unmatched = problems.filter((problem) => {
      const count = messages.get(problem.message) ?? 0;
      if (count === 0) return true;
      messages.set(problem.message, count - 1);
      return false;
    });
    for (const problem of unmatched.slice(0, problems.length - had)) added.add(problem);
  }
  return after.filter((problem) => added.has(problem));
}
