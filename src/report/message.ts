import type { Problem } from '../problem.js';
import { shorten } from '../text.js';

/** A problem's message with its suggestion, for reports that have one line per problem (GitHub, SARIF, editors). */
export function messageWithSuggestion(problem: Pick<Problem, 'message' | 'suggest'>, shortened = true): string {
  if (problem.suggest === undefined) return problem.message;
  return `${problem.message} Suggestion: use ${JSON.stringify(shortened ? shorten(problem.suggest) : problem.suggest)}.`;
}
