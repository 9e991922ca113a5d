/**
 * What `project add` and `project update` can tell before the first deployment (issue 42 §11):
 * a local repository the server will refuse (no `--allow-local-repos`, or outside its folders),
 * and a branch a reachable repository does not have (`mian`). Each is a warning, not a refusal
 * (the branch may be pushed later, a folder allowed at the next start), with what to run to
 * fix it; `project update` takes effect at the next deployment, without a restart.
 */
import { distance } from 'fastest-levenshtein';
import { GitError, LocalRepoError } from '../repository/errors.js';
import { remoteBranches } from '../repository/operations/fetch.js';
import { DEFAULT_GIT_LIMITS } from '../repository/operations/limits.js';
import { displayRepo, Redactor } from '../messages/redact.js';
import type { Project } from '../store/projects.js';

/** Longest the branch check may take: `add` answers at once, a slow repository is only not checked. */
const CHECK_TIMEOUT_MS = 10_000;
/** Branches named in a warning. */
const SHOWN_BRANCHES = 5;

/** The local folders the deploying process may read (its `--allow-local-repos`). */
export interface ProjectCheckContext {
  localRoots: readonly string[];
}

/** Warnings (one line each) about `project`'s repository and branch. */
export async function projectWarnings(project: Project, context: ProjectCheckContext, signal?: AbortSignal): Promise<string[]> {
  const redact = Redactor.forRepo(project.repo);
  const shown = displayRepo(project.repo);
  let branches: string[];
  try {
    branches = await remoteBranches(project.repo, { ...DEFAULT_GIT_LIMITS, timeoutMs: CHECK_TIMEOUT_MS, localRoots: context.localRoots }, signal);
  } catch (error) {
    if (!(error instanceof GitError)) throw error;
    const why = redact.text(error.message);
    if (error instanceof LocalRepoError)
      return [
        `${why}: the first deployment of ${project.id} will fail. Start docsnav serve with --allow-local-repos <folder holding it>, or give the project a URL: docsnav project update ${project.id} --repo <git URL>`,
      ];
    return [`could not check branch "${project.branch}" of ${shown} (${why}); the first deployment will say whether it exists`];
  }
  if (branches.includes(project.branch)) return [];
  if (branches.length === 0) return [`${shown} has no branch yet; deployments of "${project.branch}" fail until it is pushed`];
  const nearest = [...branches].sort((a, b) => distance(a, project.branch) - distance(b, project.branch) || a.localeCompare(b));
  const guess = distance(nearest[0], project.branch) <= Math.max(2, Math.floor(project.branch.length / 3)) ? nearest[0] : undefined;
  const listed = nearest.slice(0, SHOWN_BRANCHES).join(', ') + (branches.length > SHOWN_BRANCHES ? ', …' : '');
  return [
    `branch "${project.branch}" does not exist in ${shown} (${guess ? `did you mean "${guess}"? ` : ''}its branches: ${listed}); fix it with: docsnav project update ${project.id} --branch ${guess ?? '<branch>'}`,
  ];
}
