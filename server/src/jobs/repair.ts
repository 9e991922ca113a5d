/**
 * The repair (agent) job, issue 12 §2: fetch the branch (the deployment branch unless the
 * request named another), check it out, validate its docs.json with the project's config and
 * apply the library's safe fixes (`fixFile`), validate again, commit what changed, and push it
 * to a new branch `docsnav/fix-<id>` with an explicit refspec. Never pushes to the deployment
 * branch. The session records one todo per problem worked on.
 */
import path from 'node:path';
import { plural } from '../messages/text.js';
import type { FixFileResult, Problem } from 'docsnav';
import { GitError } from '../repository/errors.js';
import { listFiles } from '../repository/operations/commits.js';
import { fetchBranch } from '../repository/operations/fetch.js';
import { pushHead } from '../repository/operations/push.js';
import { runGit } from '../repository/operations/run-git.js';
import { addWorktree, removeWorktree } from '../repository/operations/worktrees.js';
import { runInThread } from '../analysis/library-threads.js';
import { findSession, updateSession, type AgentSessionRecord, type SessionUpdate, type Todo } from '../store/agent.js';
import { findProject, type Project } from '../store/projects.js';
import type { Queryable } from '../store/store.js';
import { displayRepo, type Redactor } from '../messages/redact.js';
import { cacheName, checkTree, dropLinks, isKnownFailure, jobRedactor } from './deployment.js';
import type { JobContext, JobKind, JobOutcome } from './kind.js';
import { fixBranchName, REPAIR_KIND } from './repair-kind.js';

/** The job cannot go on, for a reason the user can act on. */
class RepairFailure extends Error {
  constructor(
    message: string,
    readonly reason: 'error' | 'github_misconfigured' = 'error',
  ) {
    super(message);
  }
}

/** Most todos kept on one session (the rest are summed up in the message). */
const MAX_TODOS = 500;

export const repairJob: JobKind<typeof REPAIR_KIND> = {
  kind: REPAIR_KIND,

  async run(context: JobContext<typeof REPAIR_KIND>): Promise<JobOutcome | undefined> {
    const { job, db, signal } = context;
    const session = await findSession(db, job.id);
    if (!session) {
      await context.complete('failed', async () => {});
      return { outcome: 'failure', error: 'the agent session no longer exists' };
    }
    const project = await findProject(db, job.lane);
    const redact = project ? jobRedactor(project.repo, context.settings, repairWorktree(context)) : undefined;
    let outcome: SessionUpdate;
    try {
      if (!project || !redact) throw new RepairFailure(`project "${job.lane}" no longer exists`);
      outcome = await repair(project, session, context, redact);
    } catch (error) {
      if (signal.aborted) return undefined; // the lease was lost or the worker is stopping: someone else finishes
      const known = error instanceof RepairFailure || isKnownFailure(error);
      if (!known) context.log.error({ err: redact?.text((error as Error)?.stack ?? String(error)) }, 'repair job crashed');
      const reason = error instanceof RepairFailure ? error.reason : 'error';
      const message = known ? error.message : 'internal error while repairing (see the server log)';
      const current = await findSession(db, job.id);
      outcome = {
        halted: true,
        haltReason: reason,
        messageToUser: reason === 'error' ? `The job stopped: ${message}` : message,
        todos: (current?.todos ?? []).map((todo) => (todo.status === 'completed' ? todo : { ...todo, status: 'cancelled' })),
        pullRequestLink: null,
      };
    }
    if (signal.aborted) return undefined;
    if (redact) outcome = redact.deep(outcome);
    if (!(await context.complete('done', (tx) => updateSession(tx, job.id, { ...outcome, ended: true })))) return undefined;
    const failed = outcome.haltReason !== 'completed';
    return { outcome: failed ? 'failure' : outcome.pullRequestLink ? 'pushed' : 'nothing-to-fix', ...(failed ? { error: outcome.messageToUser } : {}) };
  },

  async abandoned(db: Queryable, jobId: string): Promise<void> {
    await updateSession(db, jobId, {
      halted: true,
      haltReason: 'error',
      messageToUser: 'The job was interrupted on every attempt (its workers stopped); start a new one.',
      ended: true,
    });
  },
};

async function repair(project: Project, session: AgentSessionRecord, context: JobContext<typeof REPAIR_KIND>, redact: Redactor): Promise<SessionUpdate> {
  const { job, settings, signal } = context;
  const branch = fixBranchName(session.id);
  if (branch === project.branch || branch === session.sourceBranch)
    throw new RepairFailure(`the fix branch ${branch} is the deployment branch; docsnav never pushes to it`);
  const cacheDir = path.join(settings.dataDir, 'git', cacheName(project.id));
  const worktree = repairWorktree(context);
  const sha = await fetchBranch(cacheDir, project.repo, session.sourceBranch, settings.git, signal);
  const docs = checkTree(await listFiles(cacheDir, sha, settings.git), project.docsDir, settings);
  await addWorktree(cacheDir, sha, worktree, settings.git, signal);
  try {
    dropLinks(worktree, docs.links, project.docsDir);
    const docsRoot = path.join(worktree, project.docsDir);
    const docsFile = path.join(docsRoot, docs.docsFile);
    // The library's work on the repository's content runs in a thread with a time limit (a
    // backtracking `ignore` glob in its config costs that thread, never the server).
    const result = await runInThread('fix', { docsRoot, docsFile, checkoutRoot: worktree }, settings.check, signal);
    const shown = (file: string) => (path.isAbsolute(file) ? path.relative(worktree, file) : path.posix.join(project.docsDir, file)).split(path.sep).join('/');
    const todos = todosOf(result, shown, 'in_progress');
    if (signal.aborted) return {};
    await context.write((tx) => updateSession(tx, job.id, { todos: redact.deep(todos) }));
    const fixedCount = result.fixed.length;
    const finalTodos = todosOf(result, shown);
    if (result.written.length === 0) {
      return {
        halted: true,
        haltReason: 'completed',
        todos: finalTodos,
        pullRequestLink: null,
        title: `Nothing to fix automatically in ${shown(docsFile)}`,
        messageToUser: summary(result, shown, undefined, project),
      };
    }
    const files = result.written.map((file) => path.relative(worktree, path.resolve(file)).split(path.sep).join('/'));
    await runGit(['add', '--', ...files], { cwd: worktree, timeoutMs: settings.git.timeoutMs, signal });
    const message = commitText(result, shown, session.sourceBranch);
    await runGit(['-c', 'user.name=docsnav', '-c', 'user.email=docsnav@localhost', 'commit', '--quiet', '--no-verify', '-m', message], {
      cwd: worktree,
      timeoutMs: settings.git.timeoutMs,
      signal,
    });
    try {
      // A retry (the previous worker died, maybe after pushing) replaces the session's own branch.
      await pushHead(worktree, project.repo, branch, settings.git, signal, job.attempts > 1);
    } catch (error) {
      if (signal.aborted) throw error;
      const why = error instanceof GitError ? error.message : String(error);
      throw new RepairFailure(
        `The fixes are ready but the branch ${branch} could not be pushed to ${displayRepo(project.repo)}: ${why}. Check that the repository accepts pushes from this server (credentials, branch protection, hooks), then start a new job.`,
        'github_misconfigured',
      );
    }
    return {
      halted: true,
      haltReason: 'completed',
      todos: finalTodos,
      pullRequestLink: project.compareUrl
        ? project.compareUrl.replaceAll('{branch}', branch).replaceAll('{base}', session.sourceBranch)
        : `${displayRepo(project.repo)}#${branch}`,
      title: `Fix ${plural(fixedCount, 'docs problem')} on ${session.sourceBranch}`,
      messageToUser: summary(result, shown, branch, project),
    };
  } finally {
    await removeWorktree(cacheDir, worktree, settings.git);
  }
}

function repairWorktree({ job, settings }: JobContext<typeof REPAIR_KIND>): string {
  return path.join(settings.dataDir, 'worktrees', `repair-${job.id}-${job.attempts}`);
}

function located(problem: Problem, shown: (file: string) => string): string {
  return `${shown(problem.file)}:${problem.line}:${problem.column} ${problem.code} ${problem.message}`;
}

function priorityOf(problem: Problem): Todo['priority'] {
  return problem.severity === 'error' ? 'high' : problem.severity === 'warning' ? 'medium' : 'low';
}

/** One todo per problem found before fixing: completed when gone after, cancelled when it stayed. */
function todosOf(result: FixFileResult, shown: (file: string) => string, running?: 'in_progress'): Todo[] {
  const fixed = new Set(result.fixed);
  return result.before.slice(0, MAX_TODOS).map((problem, index) => ({
    id: String(index + 1),
    content: located(problem, shown),
    priority: priorityOf(problem),
    status: running ? (problem.fix ? running : 'pending') : fixed.has(problem) ? 'completed' : 'cancelled',
  }));
}

function commitText(result: FixFileResult, shown: (file: string) => string, sourceBranch: string): string {
  const lines = result.fixed.map((problem) => `- ${located(problem, shown)}`);
  return [
    `docsnav: fix ${plural(result.fixed.length, 'problem')} in ${result.written.map(shown).join(', ')}`,
    '',
    `Safe fixes applied by docsnav to ${sourceBranch}:`,
    ...lines,
  ].join('\n');
}

function summary(result: FixFileResult, shown: (file: string) => string, branch: string | undefined, project: Project): string {
  const parts: string[] = [];
  if (branch)
    parts.push(
      `Fixed ${plural(result.fixed.length, 'problem')} and pushed them to the branch ${branch} of ${displayRepo(project.repo)}; review and merge it into ${project.branch}.`,
    );
  else if (result.before.length === 0) parts.push('No problems found: nothing to fix.');
  else parts.push('No problem had a safe automatic fix: nothing was changed.');
  for (const problem of result.fixed.slice(0, 20)) parts.push(`Fixed: ${located(problem, shown)}`);
  if (result.remaining.length > 0) {
    parts.push(`${result.remaining.length} problem${result.remaining.length === 1 ? ' needs' : 's need'} a person:`);
    for (const problem of result.remaining.slice(0, 20))
      parts.push(`- ${located(problem, shown)}${problem.suggest ? ` (suggestion: ${problem.suggest})` : ''}`);
  }
  if (result.introduced.length > 0) {
    parts.push(`The fixes caused ${plural(result.introduced.length, 'new problem')}:`);
    for (const problem of result.introduced.slice(0, 20)) parts.push(`- ${located(problem, shown)}`);
  }
  return parts.join('\n');
}
