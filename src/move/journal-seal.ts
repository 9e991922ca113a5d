/**
 * A move journal proves it is ours before anything in it is used. A site can arrive with one (a
 * zip or tarball of a repository, a copied folder), and another user who may write the git folder
 * can put one there: its plan names files to rename and rewrite, bytes to write and a folder git
 * runs in. So `plan.json` is sealed with an HMAC under this user's key (the page-scan cache's key,
 * src/cache/key.ts: made by this user, readable by no one else, never inside the site), over this
 * user, the docs root and the journal's folder as well as the plan's bytes: a journal made for
 * another root, by another user, or by no one, holds nothing. A sealed plan is then checked as a
 * stranger's would be (`checkPlan`): its root and repository top are the ones this run found, and
 * every path is relative, normalised and inside the root (the index entries inside the docs
 * root's part of the repository), each moved path following from a request. As git refuses a
 * `.git` folder it does not own, the journal's folder and plan must be this user's alone. Every
 * check is linear in the plan's size; a plan is at most MAX_PLAN_BYTES.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, realpathSync, type Stats } from 'node:fs';
import path from 'node:path';
import { cacheKey, userCacheFolder } from '../cache/key.js';
import { notOwnBy } from '../cache/file.js';
import { refuse } from './messages.js';

/** The first bytes of a sealed plan.json, then the seal (hex) and a newline; the plan's JSON follows. */
const SEAL = 'docsnav-mv hmac-sha256:';
/** What an unsealed plan (written with no key) starts with: it serves the process that wrote it, and no later one. */
const UNSEALED = 'docsnav-mv unsealed\n';
/** The largest plan.json read: a plan holds a few hundred bytes per file moved or rewritten. */
const MAX_PLAN_BYTES = 64 * 1024 * 1024;
/** The modes git writes to the index for a file (a regular file, an executable one, a symbolic link). */
const INDEX_MODES = new Set(['100644', '100755', '120000']);
const OBJECT_ID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
const HASH = /^[0-9a-f]{64}$/;

/** What a journal is checked against: this run's docs root (its real path) and repository, and this user's key. */
export interface JournalContext {
  root: string;
  /** The repository's top and the docs root's path in it (`/`-separated, with a trailing `/`, '' at the top); undefined outside git. */
  repository?: { top: string; prefix: string };
  /** This user's key, or why there is none. */
  key: { key: Buffer } | { refused: string };
}

/** The key journals are sealed with: this user's cache key, unless its folder is inside the docs root (a site could carry one). */
export function journalKey(root: string): JournalContext['key'] {
  const found = cacheKey();
  if (!('key' in found)) return found;
  const folder = path.join(userCacheFolder(), 'docsnav');
  let real: string;
  try {
    real = realpathSync(folder);
  } catch {
    real = path.resolve(folder);
  }
  if (inside(root, real)) return { refused: `the user's key folder ${folder} is inside the docs root ${root}` };
  return found;
}

/** `child` is `parent` or inside it (absolute paths). */
function inside(parent: string, child: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** The MAC of a plan's body: bound to this user, the docs root and the journal folder. */
function sealOf(key: Buffer, root: string, folder: string, body: Buffer): Buffer {
  return createHmac('sha256', key)
    .update(`docsnav-mv 2\0${process.getuid?.() ?? ''}\0${root}\0${folder}\0`)
    .update(body)
    .digest();
}

/** plan.json's bytes: the seal line (or the unsealed line when there is no key), then the plan. */
export function sealedPlan(context: JournalContext, folder: string, plan: object): Buffer {
  const body = Buffer.from(JSON.stringify(plan));
  const head = 'key' in context.key ? `${SEAL}${sealOf(context.key.key, context.root, folder, body).toString('hex')}\n` : UNSEALED;
  return Buffer.concat([Buffer.from(head), body]);
}

/** Refuses a journal that is not ours: says so, and how to remove it. */
export function notOurs(folder: string, root: string, why: string): never {
  refuse('notOurs', { journal: folder, root, why, remove: shellQuoted(folder) });
}

/** A path as a POSIX shell reads it as one word. */
function shellQuoted(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * The journal folder's lstat when it is this user's alone (a real folder, this user's, that no one
 * else may write); undefined when there is none. Refuses (`notOurs`) anything else.
 */
export function ownJournalFolder(folder: string, root: string): Stats | undefined {
  let stats: Stats;
  try {
    stats = lstatSync(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  if (!stats.isDirectory()) notOurs(folder, root, stats.isSymbolicLink() ? 'it is a symbolic link' : 'it is not a folder');
  const why = notOwnBy(stats, 'it');
  if (why !== undefined) notOurs(folder, root, why);
  return stats;
}

/** plan.json's bytes, read without following a link, when it is there: this user's alone, at most MAX_PLAN_BYTES. */
export function readPlanBytes(folder: string, root: string, name: string): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(path.join(folder, name), constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    if (code === 'ELOOP') notOurs(folder, root, `its ${name} is a symbolic link`);
    throw error;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) notOurs(folder, root, `its ${name} is not a file`);
    const why = notOwnBy(stats, `its ${name}`);
    if (why !== undefined) notOurs(folder, root, why);
    if (stats.size > MAX_PLAN_BYTES) notOurs(folder, root, `its ${name} is bigger than any plan docsnav writes`);
    const bytes = Buffer.alloc(stats.size);
    let total = 0;
    // Stryker disable next-line EqualityOperator: `<=` reads once more at the end, which returns 0 and breaks; same bytes.
    while (total < bytes.length) {
      // Stryker disable next-line ArithmeticOperator: a regular file is read whole by the first read (total 0), where `+` asks the same length.
      const n = readSync(fd, bytes, total, bytes.length - total, total);
      if (n === 0) break;
      total += n;
    }
    return bytes.subarray(0, total);
  } finally {
    closeSync(fd);
  }
}

/** The plan in plan.json's bytes when its seal holds under this user's key for this root and folder; refuses (`notOurs`) otherwise. */
export function unsealedPlan(bytes: Buffer, folder: string, context: JournalContext): unknown {
  const newline = bytes.indexOf(0x0a);
  const head = bytes.subarray(0, newline + 1).toString('latin1');
  if (!head.startsWith(SEAL)) {
    notOurs(folder, context.root, head === UNSEALED ? 'it was written with no user key, so it cannot be checked' : 'it has no seal docsnav wrote');
  }
  if (!('key' in context.key)) notOurs(folder, context.root, `there is no user key to check its seal with: ${context.key.refused}`);
  const given = Buffer.from(head.slice(SEAL.length, -1), 'hex');
  const body = bytes.subarray(newline + 1);
  const expected = sealOf(context.key.key, context.root, folder, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    notOurs(folder, context.root, 'its seal does not hold for this user and this docs root');
  }
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    return notOurs(folder, context.root, 'its plan does not parse');
  }
}

/** A root-relative path as a journal may name it: relative, `/`-separated, normalised (no `.`, `..` or empty part), never into a git or journal folder. */
function isRootRelative(value: unknown): value is string {
  // An empty path is an empty part below.
  if (typeof value !== 'string' || value.length > 4096 || /[\0\\]/.test(value)) return false;
  if (value.startsWith('/') || /^[A-Za-z]:/.test(value)) return false;
  return value.split('/').every((part) => part !== '' && part !== '.' && part !== '..' && !/^\.(?:git|docsnav-mv)$/i.test(part));
}

/** `file` under the request that moves it (`from` itself or inside it) mapped to where it goes; undefined when no request moves it. */
function movedBy(requests: ReadonlyArray<{ from: string; to: string }>, file: string): string | undefined {
  for (const request of requests) {
    if (file === request.from) return request.to;
    if (file.startsWith(`${request.from}/`)) return request.to + file.slice(request.from.length);
  }
  return undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/**
 * Why a plan (sealed, so written by this user for this root and folder) does not fit this run, or
 * undefined when it does: its root and top are this run's, and every path is relative, normalised
 * and inside the root, each moved file following from a request. One pass over the plan (each
 * path against the requests: a move has few requests).
 */
export function planMisfit(plan: unknown, context: JournalContext): string | undefined {
  if (!isRecord(plan) || plan.version !== 2) return 'it is no plan of this version of docsnav';
  if (typeof plan.id !== 'string' || !/^[0-9a-f]{16}$/.test(plan.id) || !isCount(plan.pid) || typeof plan.started !== 'string') return 'its plan is malformed';
  if (plan.root !== context.root) return `it is for the docs root ${JSON.stringify(plan.root)}, not ${context.root}`;
  const { requests, folders, changes, index } = plan;
  if (!Array.isArray(requests) || !Array.isArray(folders) || !Array.isArray(changes) || !Array.isArray(index)) return 'its plan is malformed';
  const moves: Array<{ from: string; to: string }> = [];
  for (const request of requests as unknown[]) {
    if (!isRecord(request) || !isRootRelative(request.from) || !isRootRelative(request.to))
      return `it names a move outside the docs root (${JSON.stringify(request)})`;
    moves.push({ from: request.from, to: request.to });
  }
  for (const folder of folders as unknown[]) {
    if (!isRootRelative(folder) || !moves.some((move) => move.to.startsWith(`${folder}/`)))
      return `it names a folder to make that no move needs (${JSON.stringify(folder)})`;
  }
  let offset = 0;
  for (const change of changes as unknown[]) {
    if (!isRecord(change) || !isRootRelative(change.file) || !isRootRelative(change.movedTo))
      return `it names a file to rewrite outside the docs root (${JSON.stringify(change)})`;
    if (change.movedTo !== change.file && movedBy(moves, change.file) !== change.movedTo) return `it moves ${change.file} where no request takes it`;
    if (typeof change.before !== 'string' || !HASH.test(change.before) || typeof change.after !== 'string' || !HASH.test(change.after))
      return 'its plan is malformed';
    if (change.offset !== offset || !isCount(change.length) || (change.kept !== 'link' && change.kept !== 'copy')) return 'its plan is malformed';
    offset += change.length;
  }
  if (index.length === 0) return plan.top === undefined ? undefined : 'it names a repository for an index it does not change';
  if (context.repository === undefined) return `it names the repository ${JSON.stringify(plan.top)}, and ${context.root} is in none`;
  if (plan.top !== context.repository.top) return `it names the repository ${JSON.stringify(plan.top)}, not ${context.repository.top}`;
  const { prefix } = context.repository;
  for (const entry of index as unknown[]) {
    if (
      !isRecord(entry) ||
      typeof entry.mode !== 'string' ||
      !INDEX_MODES.has(entry.mode) ||
      typeof entry.object !== 'string' ||
      !OBJECT_ID.test(entry.object)
    ) {
      return 'its index entries are malformed';
    }
    const { from, to } = entry;
    if (typeof from !== 'string' || typeof to !== 'string' || !from.startsWith(prefix) || !to.startsWith(prefix))
      return `it names an index entry outside the docs root (${JSON.stringify(entry)})`;
    const file = from.slice(prefix.length);
    if (!isRootRelative(file) || !isRootRelative(to.slice(prefix.length))) return `it names an index entry outside the docs root (${JSON.stringify(entry)})`;
    if (movedBy(moves, file) !== to.slice(prefix.length)) return `it moves the index entry ${from} where no request takes it`;
  }
  return undefined;
}
