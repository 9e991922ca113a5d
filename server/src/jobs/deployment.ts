/**
 * The deployment job: fetch the project's branch (commits and trees, then the blobs of only the
 * files it reads: pages, docs and spec files, config files), check them (sizes, symlinks), write
 * them out, validate and resolve its docs.json with the library in a worker thread, and store
 * the outcome. A page unchanged since the previous deployment has its texts copied, not made again. Errors in the docs fail the deployment with the problems in
 * its logs; the previous successful deployment stays current. A burst of update requests is
 * folded into one run of the newest commit.
 */
import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { unlinkSync } from 'node:fs';
import path from 'node:path';
import { plural } from '../messages/text.js';
import { runInThread, ThreadError } from '../analysis/library-threads.js';
import type { AnalyzeOutput } from '../analysis/analyze.js';
import { DiskFull } from '../host/disk.js';
import { jsonParts } from '../analysis/json-parts.js';
import { formatBytes, GitError, isNotThere } from '../repository/errors.js';
import { blobSizes, commitMessage, listFiles, type TreeEntry } from '../repository/operations/commits.js';
import { fetchBlobs, fetchBranch, type LocalCopy } from '../repository/operations/fetch.js';
import { writeBlobs } from '../repository/operations/write-blobs.js';
import { displayRepo, Redactor } from '../messages/redact.js';
import { claimCheckout, keepCheckout } from '../repository/checkouts.js';
import {
  appendLogs,
  batchSteps,
  deleteFileParts,
  deletePageSections,
  deploymentFiles,
  replaceFileParts,
  finishDeployments,
  markInProgress,
  resultColumns,
  reusablePages,
  storeFilePart,
  storeResult,
  storeSections,
  type DeploymentOutcome,
  type FilesChanged,
} from '../store/deployments.js';
import { CONFIG_FILE_NAMES, isFixable, messageWithSuggestion, type Problem } from 'docsnav';
import { DamagedPart } from '../store/checksum.js';
import { mergeFollowing } from '../store/jobs.js';
import { pruneDeployments, reclaimSpace } from '../store/retention.js';
import { queueRepair } from './repair-kind.js';
import { findProject, setCurrentDeployment, type Project } from '../store/projects.js';
import { isConnectionLost, type Queryable } from '../store/store.js';
import { DEPLOYMENT_KIND } from './deployment-kind.js';
import type { JobContext, JobKind, JobOutcome } from './kind.js';
import type { WorkerSettings } from './settings.js';

const DOCS_FILES = ['docs.json', 'docs.yaml', 'docs.yml'];
/**
 * Page text rows stored per write: on the embedded database a write runs on the main thread
 * and holds the database, so /healthz and other projects wait for it (50 rows: tens of ms; a
 * copied run of 100 took ~70 ms here, and five of them held the loop 370 ms in the eval).
 * Each write is also a transaction (the lease renewed, a commit) of about 1 ms of the main
 * thread's CPU: 300,000 sections of a generated site stored 50 at a time took 26.1 s of CPU,
 * 250 at a time 20.9 s (issue 61, load 12-13 on 2 cores). 200 keep each write short (the
 * slowest of 300 writes of 200 rows 193 ms at load 22) for most of that gain.
 */
const STORED_ROWS = 200;
/**
 * On PostgreSQL a write holds no thread of this process: rows per write are then as many as one
 * statement stores (`storeSections`). 50 at a time, 100,000 pages took 6,000 writes (each a
 * transaction renewing the lease), and the analysis thread waited for them half its time.
 */
const POSTGRES_STORED_ROWS = 500;
/**
 * Copied rows per write: a copy reads each row by its key inside the database and sends no text.
 * Each write also costs a transaction (the lease renewed, a commit): 9,430 sections copied 250 at
 * a time took 1.9 s of a redeploy on PGlite, 1,000 at a time 0.9 s. One such write holds the
 * embedded database 72 ms (median; 128 ms at most) in a measurement on this machine class.
 */
const COPIED_ROWS = 1000;
/**
 * A whole turn of the event loop (timers, I/O, then on): between two writes of a deployment,
 * requests are answered. A `setImmediate` alone let runs of writes pass with no timer served.
 */
const turn = () => new Promise((resolve) => setTimeout(resolve, 0));
/** Characters of the file map's JSON text per part (one statement each, as the page tree's). */
const FILE_PART_CHARS = 256 * 1024;
/** Problems listed one per line in the logs; the rest are counted. */
const MAX_PROBLEM_LINES = 200;

/** A deployment that cannot go on, for a reason the user can act on. */
class DeploymentFailure extends Error {}

/** Failures whose message is for the user (the rest say "internal error" and go to the server log). */
export function isKnownFailure(error: unknown): error is Error {
  return error instanceof DeploymentFailure || error instanceof GitError || error instanceof ThreadError || error instanceof DiskFull;
}

/**
 * What a job says of its project leaves with no credentials of its repository URL and none of
 * this server's folders: the checkout is spoken of by repository-relative paths.
 */
export function jobRedactor(repo: string, settings: WorkerSettings, worktree?: string): Redactor {
  return Redactor.forRepo(repo, [...(worktree ? [{ folder: worktree, label: '' }] : []), { folder: settings.dataDir, label: '<data folder>' }]);
}

export const deploymentJob: JobKind<typeof DEPLOYMENT_KIND> = {
  kind: DEPLOYMENT_KIND,

  async run(context: JobContext<typeof DEPLOYMENT_KIND>): Promise<JobOutcome | undefined> {
    const { job, db, signal } = context;
    const project = await findProject(db, job.lane);
    const worktree = path.join(context.settings.dataDir, 'worktrees', `${job.id}-${job.attempts}`);
    // Paths in the checkout are shown relative to it (`docs/index.mdx`), secrets as ***.
    const redact = project ? jobRedactor(project.repo, context.settings, worktree) : new Redactor([]);
    const merged = await context.write(async (tx) => {
      const merged = await mergeFollowing(tx, job);
      await markInProgress(tx, [job.id, ...merged]);
      // A retry starts over: texts and file map parts stored by an earlier attempt are dropped.
      await deletePageSections(tx, job.id);
      await deleteFileParts(tx, job.id);
      return merged;
    });
    const ids = [job.id, ...merged];
    const log = (line: string) => context.write((tx) => appendLogs(tx, ids, [redact.text(line)]));
    if (job.attempts > 1) await log(`attempt ${job.attempts}: the previous worker stopped before finishing`);
    if (merged.length > 0) await log(`coalesced ${plural(merged.length, 'later update request')} into deployment ${job.id} (one run of the newest commit)`);
    let outcome: DeploymentOutcome;
    try {
      if (!project) throw new DeploymentFailure(`project "${job.lane}" no longer exists`);
      outcome = await deploy(project, context, worktree, log, redact);
    } catch (error) {
      if (signal.aborted) return undefined; // the lease was lost or the worker is stopping: someone else finishes
      // The database went away (a restart): not the deployment's failure. The run ends here and the
      // job runs again from the start once the database is back (JobRunner); what this attempt
      // stored is deleted when the next one starts, and nothing of it was ever current.
      if (isConnectionLost(error)) throw error;
      const known = isKnownFailure(error);
      // SQLSTATE 53100: the database server's own disk is full (PostgreSQL's to free; nothing of this deployment was kept).
      const diskFull = !known && (error as { code?: unknown })?.code === '53100';
      const summary = known
        ? error.message
        : diskFull
          ? `the database server's disk is full (${(error as Error).message}); free space there and update again`
          : 'internal error while deploying (see the server log)';
      outcome = { status: 'failure', summary, logs: [] };
      if (diskFull) context.log.error({ err: (error as Error).message }, "the database server's disk is full");
      else if (!known) context.log.error({ err: redact.text((error as Error)?.stack ?? String(error)) }, 'deployment crashed');
    }
    if (signal.aborted) return undefined;
    outcome = redact.deep(outcome);
    // Written before the deployment is ended, each on its own, with requests answered between:
    // the problems, and the file map part by part (6 MB of JSON for 100,000 pages).
    for (const { column, json } of resultColumns(outcome)) {
      await turn();
      await context.write((tx) => storeResult(tx, job.id, column, json));
    }
    if (outcome.files) {
      let part = 0;
      for (const data of jsonParts(outcome.files, FILE_PART_CHARS)) {
        await turn();
        await context.write((tx) => storeFilePart(tx, job.id, part, data));
        part++;
      }
      outcome = { ...outcome, fileParts: part };
    }
    const note = merged.length > 0 ? ` (${merged.length + 1} update requests coalesced into this run)` : '';
    const done = await context.complete('done', async (tx) => {
      await finishDeployments(tx, job.id, merged, outcome, note);
      if (outcome.status === 'success') await setCurrentDeployment(tx, job.lane, job.id);
      else await deletePageSections(tx, job.id);
      // A project with auto-fix gets a repair job when the deployment found problems of a fixable code
      // (the job applies only the safe fixes, and says so when there was none).
      if (project?.autoFix && outcome.commit && outcome.problems?.some((problem) => problem.fix !== undefined || isFixable(problem.code))) {
        await queueRepair(tx, {
          projectId: project.id,
          sourceBranch: project.branch,
          title: `Repair the docs navigation of ${project.branch} after deployment ${job.id.slice(0, 8)}`,
        });
      }
    });
    if (!done) return undefined;
    if (outcome.status === 'success') await retain(context, job.lane);
    return { outcome: outcome.status, ...(outcome.status === 'failure' ? { error: outcome.summary } : {}) };
  },

  async abandoned(db: Queryable, jobId: string, mergedIds: readonly string[]): Promise<void> {
    await deletePageSections(db, jobId);
    await deleteFileParts(db, jobId);
    await finishDeployments(db, jobId, mergedIds, {
      status: 'failure',
      summary: 'the deployment was interrupted on every attempt (its workers stopped); request a new update',
      logs: [],
    });
  },
};

/**
 * After a deployment succeeded, deletes what the project's deployments past the newest
 * `--keep-deployments` kept (store/retention.ts) and says so in the server log. Written after the
 * job is complete, so neither fenced on its lease nor stopped by it (the job's lease ends with
 * it): what it deletes is past retention whoever deletes it. A pass is bounded (`PASS_ROWS`), so
 * a stopping worker waits for a few short statements at most; what a pass leaves (past its
 * bound, or after an error) the next one deletes.
 */
async function retain(context: JobContext<typeof DEPLOYMENT_KIND>, projectId: string): Promise<void> {
  const started = performance.now();
  const keep = context.settings.keepDeployments;
  try {
    const result = await pruneDeployments(context.db, projectId, keep, async () => void (await turn()));
    if (result.deployments.length === 0) return;
    await reclaimSpace(context.db);
    context.log.info(
      { deployments: result.deployments, sections: result.sections, keep, ms: Math.round(performance.now() - started) },
      `retention: deleted the page texts, trees and indexes of ${plural(result.deployments.length, 'older deployment')} (${plural(result.sections, 'section')}; the newest ${keep} are kept)`,
    );
  } catch (error) {
    context.log.warn({ err: (error as Error)?.message ?? String(error), keep }, 'retention: stopped before the end; the next deployment deletes the rest');
  }
}

/** What `fetchCommit` learns of the branch: its commit, the docs folder's files and links, the current deployment. */
interface FetchedCommit {
  sha: string;
  entries: TreeEntry[];
  docs: ReturnType<typeof checkTree>;
  commit: NonNullable<DeploymentOutcome['commit']>;
  /** The project's current deployment (its texts are copied where a page is unchanged). */
  current: string | null;
}

/**
 * The deployment, step by step: the branch's commit, the files it reads (fetched and checked),
 * the checkout written (only what changed since the kept one), the docs checked and the page
 * texts and tree stored, and the outcome. The checkout is kept for the next deployment, or removed.
 */
async function deploy(
  project: Project,
  context: JobContext<typeof DEPLOYMENT_KIND>,
  worktree: string,
  log: (line: string) => Promise<void>,
  redact: Redactor,
): Promise<DeploymentOutcome> {
  const { settings, signal } = context;
  // A partial cache of its own (a repair checks whole commits out of the project's other cache).
  const cacheDir = path.join(settings.dataDir, 'git', cacheName(project.id, 'docs'));
  const fetched = await fetchCommit(project, context, cacheDir, log);
  const started = performance.now();
  const files = await fetchFiles(project, context, cacheDir, fetched);
  // The files of the project's last deployment, when kept: only what changed is written.
  const keptDir = path.join(settings.dataDir, 'checkouts', cacheName(project.id, 'docs'));
  settings.disk?.refuseDeployment();
  const held = await claimCheckout(keptDir, worktree);
  let written: number | undefined;
  try {
    written = await writeBlobs(cacheDir, files.read, worktree, settings.git, signal, held);
    await logCheckout(log, files, written, started, fetched.docs.links, project.docsDir);
    const analysis = await analyzeAndStore(project, context, worktree, fetched, log, redact);
    return outcomeOf(project, settings, fetched, analysis);
  } finally {
    releaseCheckout(settings, worktree, keptDir, files.read, written);
  }
}

/**
 * Fetches the project's branch into its partial cache (commits and trees, no blobs yet), and
 * checks the commit's tree (`checkTree`) before anything is written. Says what changed in the
 * docs folder since the current deployment.
 */
async function fetchCommit(
  project: Project,
  context: JobContext<typeof DEPLOYMENT_KIND>,
  cacheDir: string,
  log: (line: string) => Promise<void>,
): Promise<FetchedCommit> {
  const { settings, signal } = context;
  // Below --min-free-disk a deployment does not start, and fails at its next batch of writes.
  settings.disk?.refuseDeployment();
  await log(`fetching ${project.branch} from ${displayRepo(project.repo)}`);
  const started = performance.now();
  let copied: LocalCopy | undefined;
  const sha = await fetchBranch(cacheDir, project.repo, project.branch, settings.git, signal, { partial: true, onCopied: (copy) => (copied = copy) });
  if (copied) await log(copyLine(copied));
  const message = await commitMessage(cacheDir, sha, settings.git);
  await log(`commit ${sha.slice(0, 12)} (fetched in ${elapsed(started)}): ${message.split('\n')[0].slice(0, 200)}`);

  const entries = await listFiles(cacheDir, sha, settings.git, { sizes: false });
  // Each step over the commit's files runs whole on the main thread: with a turn of the event loop
  // between two, requests are answered between them. Run back to back on a commit of 100,000
  // files, they held the main thread 8.0 s (listing 0.9 s, checkTree 1.4 s, filesChanged 1.7 s
  // among them, in a CPU profile at load ~20 on 2 cores) and /healthz waited 7.8 s (issue 61).
  await turn();
  const docs = checkTree(entries, project.docsDir, settings);
  await turn();
  const current = project.currentDeploymentId;
  const previous = current ? await previousFiles(project, context, cacheDir, current, log) : undefined;
  await turn();
  const changed = filesChanged(previous ?? {}, docs.files);
  await turn();
  return { sha, entries, docs, current, commit: { sha, message, filesChanged: changed } };
}

/** What copying a local repository into the data folder took (git reads that copy, never the repository). */
function copyLine(copy: LocalCopy): string {
  const removed = copy.removed > 0 ? `, ${plural(copy.removed, 'file')} it no longer has removed` : '';
  const copied =
    copy.copied === copy.files
      ? `its ${plural(copy.files, 'file')} (${formatBytes(copy.copiedBytes)})`
      : `${copy.copied} new of its ${plural(copy.files, 'file')} (${formatBytes(copy.copiedBytes)}; the others are kept from the last copy)`;
  return `copied the local repository for git to read: ${copied}${removed} in ${Math.round(copy.ms)} ms`;
}

/**
 * The current deployment's file map, for filesChanged. A damaged one (a part missing or not
 * matching its checksum: store/deployments.ts) is made again from that deployment's commit,
 * whose trees the project's cache holds, and stored in its place, with a line in the server's
 * log and one in the deployment's; when the commit cannot be read there, every file counts as
 * added, as after a pruned deployment.
 */
async function previousFiles(
  project: Project,
  context: JobContext<typeof DEPLOYMENT_KIND>,
  cacheDir: string,
  current: string,
  log: (line: string) => Promise<void>,
): Promise<Record<string, string> | undefined> {
  const { db, settings } = context;
  try {
    return await deploymentFiles(db, current);
  } catch (error) {
    if (!(error instanceof DamagedPart)) throw error;
    const [row] = await db.query<{ commit_sha: string | null }>('SELECT commit_sha FROM deployments WHERE id = $1', [current]);
    const commit = row?.commit_sha ?? '';
    let files: Record<string, string> | undefined;
    let unreadable = commit ? undefined : 'no commit is recorded for it';
    try {
      if (commit) files = checkTree(await listFiles(cacheDir, commit, settings.git, { sizes: false }), project.docsDir, settings).files;
    } catch (readError) {
      // Not in the cache (pruned from the repository, a cache made again), git failed, or over a limit set since: said why below.
      if (!(readError instanceof GitError || readError instanceof DeploymentFailure)) throw readError;
      unreadable = readError.message.split('\n')[0];
    }
    if (files) await context.write((tx) => replaceFileParts(tx, current, jsonParts(files, FILE_PART_CHARS)));
    const line = files
      ? `the stored file map of deployment ${current} was damaged (${error.message}): made again from its commit ${commit.slice(0, 12)}`
      : `the stored file map of deployment ${current} was damaged (${error.message}) and its commit cannot be read here (${unreadable}): every file counts as added`;
    context.log.warn({ deploymentId: current, damaged: error.message, rebuilt: files !== undefined, ...(unreadable ? { err: unreadable } : {}) }, line);
    await log(line);
    return files;
  }
}

/**
 * Fetches the blobs of only the files the deployment reads (`filesRead`), and checks their
 * sizes (per file, in total, per page) before any is written out.
 */
async function fetchFiles(
  project: Project,
  context: JobContext<typeof DEPLOYMENT_KIND>,
  cacheDir: string,
  fetched: FetchedCommit,
): Promise<{ read: TreeEntry[]; blobs: number }> {
  const { settings, signal } = context;
  const read = filesRead(fetched.entries, project.docsDir);
  await turn();
  const ids = read.map((entry) => entry.id);
  const blobs = await fetchBlobs(cacheDir, project.repo, fetched.sha, new Set(ids), settings.git, signal);
  const sizes = await blobSizes(cacheDir, ids, settings.git);
  const sized = read.map((entry, index) => ({ ...entry, size: sizes[index] }));
  checkSizes(sized, settings);
  checkPageSizes(sized, project.docsDir, settings);
  return { read, blobs };
}

/** Logs what the checkout took (files written, blobs fetched) and the symbolic links it skipped. */
async function logCheckout(
  log: (line: string) => Promise<void>,
  files: { read: readonly TreeEntry[]; blobs: number },
  written: number,
  started: number,
  links: readonly string[],
  docsDir: string,
): Promise<void> {
  await log(
    written < files.read.length
      ? `wrote ${written} of the ${plural(files.read.length, 'file')} the deployment reads (the others are as the last deployment wrote them; ${plural(files.blobs, 'blob')} fetched) in ${elapsed(started)}`
      : `wrote the ${plural(files.read.length, 'file')} the deployment reads (${plural(files.blobs, 'blob')} fetched) in ${elapsed(started)}`,
  );
  for (const line of linkLines(links, docsDir)) await log(line);
}

/**
 * Validates and resolves the checkout's docs.json in a worker thread, storing what the thread
 * sends as it comes: the parts of the page tree (redacted as the rest of the outcome is), then
 * the page texts, batch by batch (each write fenced on the lease, a turn of the event loop
 * between two). Logs what was checked, parsed and copied.
 */
async function analyzeAndStore(
  project: Project,
  context: JobContext<typeof DEPLOYMENT_KIND>,
  worktree: string,
  fetched: FetchedCommit,
  log: (line: string) => Promise<void>,
  redact: Redactor,
): Promise<AnalyzeOutput> {
  const { job, db, settings, signal } = context;
  const { docs, current } = fetched;
  const docsRoot = path.join(worktree, project.docsDir);
  const docsFile = path.join(docsRoot, docs.docsFile);
  await log(`checking ${path.posix.join(project.docsDir, docs.docsFile)}`);
  const started = performance.now();
  const reusable = current ? await reusablePages(db, current) : undefined;
  const rows = context.embedded ? STORED_ROWS : POSTGRES_STORED_ROWS;
  const analysis = await runInThread(
    'analyze',
    {
      docsRoot,
      docsFile,
      checkoutRoot: worktree,
      maxPages: settings.maxPages,
      blobs: docs.files,
      previous: reusable,
      scanStore: path.join(settings.dataDir, 'scans', `${cacheName(project.id, 'docs')}.json`),
    },
    settings.check,
    signal,
    async (batch) => {
      for (const step of batchSteps(batch, rows, COPIED_ROWS)) {
        settings.disk?.refuseDeployment();
        const stored = step.tree ? { ...step, tree: step.tree.map((part) => ({ ...part, data: redact.text(part.data) })) } : step;
        await context.write((tx) => storeSections(tx, job.id, stored, current ?? undefined));
        await turn();
      }
    },
  );
  await log(`checked ${plural(analysis.pages, 'page')} in ${elapsed(started)}`);
  if (analysis.scansReused > 0)
    await log(`read ${plural(analysis.scanned, 'page file')} for links; ${analysis.scansReused} unchanged since the last deployment were not parsed again`);
  if (analysis.reusedPages > 0)
    await log(`copied the texts of ${plural(analysis.reusedPages, 'unchanged page')} (${plural(analysis.copied, 'section')}) from deployment ${current}`);
  return analysis;
}

/** The deployment's outcome from its analysis: a failure for errors or too many pages, else a success with its tree's parts counted. */
function outcomeOf(project: Project, settings: WorkerSettings, fetched: FetchedCommit, analysis: AnalyzeOutput): DeploymentOutcome {
  const errors = analysis.problems.filter((problem) => problem.severity === 'error');
  const warnings = analysis.problems.filter((problem) => problem.severity === 'warning');
  const logs = problemLines(analysis.problems);
  const counts = `${plural(errors.length, 'error')}, ${plural(warnings.length, 'warning')}`;
  const base = { logs, commit: fetched.commit, files: fetched.docs.files, problems: analysis.problems };
  if (errors.length > 0) return { ...base, status: 'failure', summary: `${counts}; first: ${problemLine(errors[0])}` };
  if (analysis.overLimit) {
    return {
      ...base,
      status: 'failure',
      summary: `the site has ${plural(analysis.pages, 'page')}, over this server's limit of ${settings.maxPages} (--max-pages)`,
    };
  }
  return {
    ...base,
    status: 'success',
    summary: `deployed ${fetched.sha.slice(0, 12)} of ${project.branch}: ${plural(analysis.pages, 'page')}, ${counts}`,
    logs: [...logs, `stored ${plural(analysis.sections, 'text section')} of ${plural(analysis.pages, 'page')}`],
    treeParts: analysis.treeParts,
  };
}

/**
 * In the background, not awaited: deleting 100,000 files takes seconds the deployment does not
 * wait for (a new worktree has a name of its own; a crash's leftovers are cleared at start). A
 * worktree with every file written is kept for the next deployment instead. On a disk below
 * --min-free-disk it is not kept: the space comes back by itself.
 */
function releaseCheckout(settings: WorkerSettings, worktree: string, keptDir: string, read: readonly TreeEntry[], written: number | undefined): void {
  if (written !== undefined && (settings.disk?.check().state ?? 'ok') === 'ok') void keepCheckout(worktree, keptDir, read).catch(() => {});
  else void rm(worktree, { recursive: true, force: true }).catch(() => {});
}

/**
 * Checks the commit before anything is written to disk: total and per-file size, a docs.json in
 * the docs folder, not a link. Returns the docs folder's files (path -> blob id) and every
 * symbolic link of the commit (repository paths): they are removed from the checkout, never
 * followed (`dropLinks`).
 */
export function checkTree(
  entries: readonly TreeEntry[],
  docsDir: string,
  settings: WorkerSettings,
): { docsFile: string; files: Record<string, string>; links: string[] } {
  const prefix = docsDir === '.' ? '' : `${docsDir}/`;
  const files: Record<string, string> = {};
  const links: string[] = [];
  if (entries.length > settings.git.maxFiles)
    throw new DeploymentFailure(`the commit holds ${entries.length} files, over the limit of ${settings.git.maxFiles} (--max-files)`);
  checkSizes(entries, settings);
  for (const entry of entries) {
    if (entry.mode === '120000') {
      links.push(entry.path);
      continue;
    }
    if (!entry.path.startsWith(prefix)) continue;
    if (entry.type === 'blob') files[entry.path.slice(prefix.length)] = entry.id;
  }
  const docsFile = DOCS_FILES.find((name) => Object.hasOwn(files, name));
  if (!docsFile) {
    const linked = DOCS_FILES.map((name) => `${prefix}${name}`).find((name) => links.includes(name));
    if (linked) throw new DeploymentFailure(`${linked} is a symbolic link; docsnav does not follow links (commit the file itself)`);
    throw new DeploymentFailure(`no docs.json in ${docsDir === '.' ? 'the top folder' : `${docsDir}/`} of the branch`);
  }
  return { docsFile, files, links };
}

/** Each file's size, and their total, within the limits (a size of 0: not known, a blob not fetched). */
function checkSizes(entries: readonly TreeEntry[], settings: WorkerSettings): void {
  let total = 0;
  for (const entry of entries) {
    total += entry.size;
    if (entry.size > settings.git.maxFileBytes) {
      throw new DeploymentFailure(`${entry.path} is ${formatBytes(entry.size)}, over the limit of ${formatBytes(settings.git.maxFileBytes)} per file`);
    }
  }
  if (total > settings.git.maxBytes)
    throw new DeploymentFailure(`the commit holds ${formatBytes(total)} of files, over the limit of ${formatBytes(settings.git.maxBytes)}`);
}

/** Each page file of the docs folder (.md, .mdx) within --max-page-mb, before anything is written out. */
function checkPageSizes(entries: readonly TreeEntry[], docsDir: string, settings: WorkerSettings): void {
  const prefix = docsDir === '.' ? '' : `${docsDir}/`;
  const page = entries.find((entry) => entry.path.startsWith(prefix) && /\.mdx?$/i.test(entry.path) && entry.size > settings.maxPageBytes);
  if (page)
    throw new DeploymentFailure(
      `${page.path} is ${formatBytes(page.size)}, over the limit of ${formatBytes(settings.maxPageBytes)} per page (--max-page-mb); split it into smaller pages`,
    );
}

/** Files a deployment reads, by name: pages, docs files, `$ref`ed and OpenAPI files (JSON, YAML). */
const READ_FILE = /\.(mdx?|json|ya?ml)$/i;
/** The project's config files, looked for from the docs folder up to the top of the checkout. */
const CONFIG_FILES: ReadonlySet<string> = new Set(CONFIG_FILE_NAMES);

/**
 * The files of a commit a deployment reads: regular files (no link, no submodule) of the docs
 * folder whose kind it reads, and config files in the folders above it. Nothing else (images,
 * videos, other projects' files) is fetched or written.
 */
function filesRead(entries: readonly TreeEntry[], docsDir: string): TreeEntry[] {
  const prefix = docsDir === '.' ? '' : `${docsDir}/`;
  const above = new Set(['.']);
  for (let folder = docsDir; folder !== '.' && folder !== ''; folder = path.posix.dirname(folder)) above.add(path.posix.dirname(folder));
  return entries.filter(
    (entry) =>
      entry.type === 'blob' &&
      entry.mode !== '120000' &&
      (entry.path.startsWith(prefix)
        ? READ_FILE.test(entry.path)
        : above.has(path.posix.dirname(entry.path)) && CONFIG_FILES.has(path.posix.basename(entry.path))),
  );
}

/**
 * Removes the commit's symbolic links from a checkout (a repair's: a deployment writes none):
 * nothing reads through them. A page or file that was a link is then reported missing by the
 * checks, like any absent file. Returns the log lines (one per link in the docs folder).
 */
export function dropLinks(worktree: string, links: readonly string[], docsDir: string): string[] {
  for (const link of links) {
    try {
      unlinkSync(path.join(worktree, ...link.split('/')));
    } catch (error) {
      // Not checked out (a path git skipped): nothing to follow either.
      if (!isNotThere(error)) throw error;
    }
  }
  return linkLines(links, docsDir);
}

/** A warning per symbolic link in the docs folder (never followed). */
function linkLines(links: readonly string[], docsDir: string): string[] {
  const prefix = docsDir === '.' ? '' : `${docsDir}/`;
  const inDocs = links.filter((link) => link.startsWith(prefix));
  const lines = inDocs
    .slice(0, MAX_PROBLEM_LINES)
    .map((link) => `warning: skipped ${link}: a symbolic link (docsnav never follows links; commit the file itself if a page needs it)`);
  if (inDocs.length > lines.length) lines.push(`… and ${inDocs.length - lines.length} more symbolic links skipped`);
  return lines;
}

/** What changed in the docs folder since the previous deployment (everything is added on the first). */
export function filesChanged(before: Record<string, string>, after: Record<string, string>): FilesChanged {
  const changes: FilesChanged = { added: [], modified: [], removed: [] };
  for (const [file, id] of Object.entries(after)) {
    if (!Object.hasOwn(before, file)) changes.added.push(file);
    else if (before[file] !== id) changes.modified.push(file);
  }
  for (const file of Object.keys(before)) if (!Object.hasOwn(after, file)) changes.removed.push(file);
  for (const list of [changes.added, changes.modified, changes.removed]) list.sort();
  return changes;
}

/** A problem as one log line, its suggestion included, as the CLI's one-line reports write it. */
function problemLine(problem: Problem): string {
  return `${problem.file}:${problem.line}:${problem.column} ${problem.severity} ${problem.code} ${messageWithSuggestion(problem)}`;
}

function problemLines(problems: readonly Problem[]): string[] {
  const lines = problems.slice(0, MAX_PROBLEM_LINES).map(problemLine);
  if (problems.length > MAX_PROBLEM_LINES) lines.push(`… and ${problems.length - MAX_PROBLEM_LINES} more problems`);
  return lines;
}

function elapsed(since: number): string {
  return `${Math.round(performance.now() - since)} ms`;
}

/** A folder name for the project's cache (`kind`: a cache of another kind, as `docs`, the deployments' partial one): readable, and safe whatever the id. */
export function cacheName(projectId: string, kind?: string): string {
  return `${projectId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 40)}-${createHash('sha256').update(projectId).digest('hex').slice(0, 12)}${kind ? `.${kind}` : ''}.git`;
}
