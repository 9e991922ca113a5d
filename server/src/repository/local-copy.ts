/**
 * What the server does with a repository on its own disk, without letting git near it: git reads
 * only a copy the server made itself. Any check of a folder a tenant can change, followed by git
 * reading that folder, is a race (the folder swapped for a link to another repository between
 * the two); and a check that walks the folder can be made too long to finish. So nothing is
 * checked first and used later: every file is opened without following links and checked on its
 * descriptor (pinned.ts), and the bytes copied are read from that descriptor. The copy (a bare
 * repository in the data folder, which no tenant can write) holds the repository's objects
 * (loose objects, packs and their indexes) and branches (`refs/heads`, `packed-refs`, `shallow`);
 * never its config, hooks, alternates, `info/` or anything else. Git, run on the copy, has
 * nothing to follow out of it. A push is the same in reverse: git packs the new objects in the
 * server's own repository, and the pack and the branch are written into the project's repository
 * through pinned folders (`writeLocalBranch`), never by a git running there.
 *
 * A walk that cannot finish (more entries than `maxEntries`, more bytes than `maxBytes`; the time
 * limit is the caller's, local-worker.ts) refuses the repository. Objects are immutable by their
 * name, so a copy made again copies only the files it lacks and drops those the repository no
 * longer has. Synchronous, run in a worker thread (local-thread.ts). Runs no git.
 */
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { formatBytes, GitError, isNotThere, LocalRepoError } from './errors.js';
import { checkedOutBranches, MAX_POINTER_BYTES, openLocalRepo, refusal, type OpenedRepo } from './local.js';
import { PinError, PinnedFolder, using } from './pinned.js';

export interface LocalCopyLimits {
  /** Most entries walked in the repository's objects and branches. */
  maxEntries: number;
  /** Most bytes of objects and branches the copy may hold. */
  maxBytes: number;
}

export interface LocalRepoInput {
  /** The project's repository: a path or a `file://` URL. */
  repo: string;
  /** The allowed folders (`--allow-local-repos`). */
  roots: readonly string[];
}

export interface CopyInput extends LocalRepoInput, LocalCopyLimits {
  /** The copy: a bare repository of the server's, made when missing. */
  copyDir: string;
}

export interface CopyOutput {
  /** Entries walked in the repository. */
  entries: number;
  /** Files the copy holds, and their bytes. */
  files: number;
  bytes: number;
  /** Files copied this time (the others were there already), and their bytes. */
  copied: number;
  copiedBytes: number;
  /** Files the repository no longer has, removed from the copy. */
  removed: number;
}

/** A loose object's folder and file (`objects/ab/cdef…`: SHA-1 or SHA-256), and a pack's files. */
const LOOSE_FOLDER = /^[0-9a-f]{2}$/;
const LOOSE_FILE = /^(?:[0-9a-f]{38}|[0-9a-f]{62})$/;
const PACK_FILE = /^(pack-(?:[0-9a-f]{40}|[0-9a-f]{64}))\.(pack|idx)$/;
/**
 * What a whole copy left: the bytes of its objects (`{"bytes":…}`). Removed when a copy starts and
 * written when it ends, so a copy that did not end (a crash, the time limit, a refusal) leaves
 * none; the next copy then trusts none of the files it holds by name alone: each is kept only if
 * its size is the repository's file's (a file cut short is copied again), and the copy goes on
 * from there (a repository too big to copy within the time limit at once still gets copied).
 */
const STATE = 'docsnav-copy.json';

/** The entries and bytes a walk may still take; past either, the repository is refused. */
class Budget {
  entries = 0;
  bytes = 0;
  constructor(private readonly limits: LocalCopyLimits) {}

  entry(): void {
    if (++this.entries > this.limits.maxEntries)
      throw new LocalRepoError(
        `the repository has more than ${this.limits.maxEntries.toLocaleString('en-US')} entries in its objects and branches; docsnav copies at most that many from a local repository`,
      );
  }

  /** Bytes still allowed. */
  left(): number {
    return Math.max(0, this.limits.maxBytes - this.bytes);
  }

  add(bytes: number): void {
    this.bytes += bytes;
    if (this.bytes > this.limits.maxBytes)
      throw new LocalRepoError(
        `the repository's objects and branches are over ${formatBytes(this.limits.maxBytes)}; docsnav copies at most that much from a local repository`,
      );
  }
}

/** Runs `work` on the opened repository, closing it after and telling a pinned read's failure as the user reads it. */
function withRepo<T>(input: LocalRepoInput, work: (opened: OpenedRepo) => T): T {
  const opened = openLocalRepo(input.repo, input.roots);
  try {
    return work(opened);
  } catch (error) {
    throw error instanceof PinError ? refusal(error, opened.shown(error.relative)) : error;
  } finally {
    opened.close();
  }
}

/** The folder `name` of `folder`, or undefined when there is none (a link or anything else is refused). */
function optionalFolder(folder: PinnedFolder, name: string): PinnedFolder | undefined {
  return folder.kind(name) === undefined ? undefined : folder.folder(name);
}

/**
 * A bare repository of the server's own at `copyDir` (its config is ours: nothing of the
 * project's), and the bytes of the objects it holds from its last whole copy, or undefined when
 * that copy did not end (then what it holds is checked file by file: STATE).
 */
function prepareCopy(copyDir: string): number | undefined {
  let bytes: unknown;
  try {
    bytes = (JSON.parse(readFileSync(path.join(copyDir, STATE), 'utf8')) as { bytes?: unknown }).bytes;
  } catch (error) {
    // none: the first copy, or one that did not end (or ended mid-write: not JSON)
    if (!isNotThere(error) && !(error instanceof SyntaxError)) throw error;
  }
  rmSync(path.join(copyDir, STATE), { force: true });
  for (const name of ['refs/heads', 'packed-refs', 'shallow']) rmSync(path.join(copyDir, name), { recursive: true, force: true });
  for (const folder of ['objects/pack', 'refs/heads']) mkdirSync(path.join(copyDir, folder), { recursive: true });
  writeFileSync(path.join(copyDir, 'HEAD'), 'ref: refs/heads/main\n');
  writeFileSync(path.join(copyDir, 'config'), '[core]\n\trepositoryformatversion = 0\n\tbare = true\n[gc]\n\tauto = 0\n');
  return typeof bytes === 'number' && Number.isSafeInteger(bytes) && bytes >= 0 ? bytes : undefined;
}

/** The object files a copy holds (`ab/cdef…`, `pack/pack-….pack`): names only (objects are immutable by name). */
function heldObjects(copyDir: string): Set<string> {
  const held = new Set<string>();
  const objects = path.join(copyDir, 'objects');
  for (const folder of readdirSync(objects)) {
    if (!LOOSE_FOLDER.test(folder) && folder !== 'pack') continue;
    for (const name of readdirSync(path.join(objects, folder))) held.add(`${folder}/${name}`);
  }
  return held;
}

/**
 * Copies files read through pinned folders into the copy, each straight to its place (a new file:
 * nothing reads the copy while it is made, and a copy that does not end is not trusted: STATE).
 */
class Copier {
  copied = 0;
  copiedBytes = 0;
  private readonly buffer = Buffer.allocUnsafe(1024 * 1024);
  private readonly made = new Set<string>();

  constructor(
    private readonly copyDir: string,
    private readonly budget: Budget,
  ) {}

  /** `name` of `from` to `to` (relative to the copy), as many bytes as it had when opened (counted in the budget). */
  copy(from: PinnedFolder, name: string, to: string): void {
    const file = from.file(name);
    try {
      this.budget.add(file.size);
      const target = path.join(this.copyDir, to);
      const folder = path.dirname(target);
      if (!this.made.has(folder)) {
        mkdirSync(folder, { recursive: true });
        this.made.add(folder);
      }
      const out = openSync(target, 'wx', 0o444);
      try {
        for (let at = 0; at < file.size;) {
          const read = readSync(file.fd, this.buffer, 0, Math.min(this.buffer.length, file.size - at), at);
          if (read === 0) break; // shorter than when opened: git will find it damaged, as it is
          writeSync(out, this.buffer, 0, read);
          at += read;
        }
      } finally {
        closeSync(out);
      }
      this.copied++;
      this.copiedBytes += file.size;
    } finally {
      closeSync(file.fd);
    }
  }
}

/**
 * Copies the objects of `common` (the repository's objects folder) that the copy lacks, counting
 * every entry walked and every byte held; removes from the copy what the repository no longer
 * has. Loose objects and packs (with both a `.pack` and an `.idx`) only: nothing else of
 * `objects/` is read (not `info/`, not a multi-pack index or commit graph).
 */
function copyObjects(
  common: PinnedFolder,
  copyDir: string,
  budget: Budget,
  copier: Copier,
  trusted: boolean,
): { files: number; removed: number; removedBytes: number; checkedBytes: number } {
  const held = heldObjects(copyDir);
  const kept = new Set<string>();
  let checkedBytes = 0;
  const take = (folder: PinnedFolder, name: string, relative: string) => {
    kept.add(relative);
    const target = path.join('objects', relative);
    if (held.has(relative) && !trusted) {
      // Left by a copy that did not end: kept when whole (its size is the repository's file's).
      const size = statSync(path.join(copyDir, target)).size;
      if (size === folder.size(name)) {
        budget.add(size);
        checkedBytes += size;
        return;
      }
      rmSync(path.join(copyDir, target), { force: true });
      held.delete(relative);
    }
    if (!held.has(relative)) copier.copy(folder, name, target);
  };
  if (common.kind('objects') === undefined) throw new LocalRepoError('the repository has no objects folder');
  using(common.folder('objects'), (objects) => {
    for (const entry of objects.entries()) {
      budget.entry();
      if (entry.isSymbolicLink()) throw new PinError('link', `${objects.relative}/${entry.name}`);
      if (LOOSE_FOLDER.test(entry.name) && entry.isDirectory()) {
        using(objects.folder(entry.name), (loose) => {
          for (const file of loose.entries()) {
            budget.entry();
            if (file.isSymbolicLink()) throw new PinError('link', `${loose.relative}/${file.name}`);
            if (LOOSE_FILE.test(file.name)) take(loose, file.name, `${entry.name}/${file.name}`);
          }
        });
      } else if (entry.name === 'pack' && entry.isDirectory()) {
        using(objects.folder('pack'), (pack) => {
          const parts = new Map<string, Set<string>>();
          for (const file of pack.entries()) {
            budget.entry();
            if (file.isSymbolicLink()) throw new PinError('link', `${pack.relative}/${file.name}`);
            const match = PACK_FILE.exec(file.name);
            if (match) parts.set(match[1], (parts.get(match[1]) ?? new Set()).add(match[2]));
          }
          // A pack is taken whole (its data, then its index: git finds packs by their index).
          for (const [name, has] of parts)
            if (has.has('pack') && has.has('idx')) for (const ext of ['pack', 'idx']) take(pack, `${name}.${ext}`, `pack/${name}.${ext}`);
        });
      }
    }
  });
  let removed = 0;
  let removedBytes = 0;
  for (const relative of held) {
    if (kept.has(relative)) continue;
    const file = path.join(copyDir, 'objects', relative);
    removedBytes += statSync(file).size;
    rmSync(file, { force: true });
    removed++;
  }
  return { files: kept.size, removed, removedBytes, checkedBytes };
}

/** Copies the folder `from` (a repository's `refs/heads`) to `to` in the copy: ref files only, links refused. */
function copyRefs(from: PinnedFolder, to: string, budget: Budget, copier: Copier): number {
  let files = 0;
  for (const entry of from.entries()) {
    budget.entry();
    if (entry.isSymbolicLink()) throw new PinError('link', `${from.relative}/${entry.name}`);
    if (entry.name.endsWith('.lock')) continue; // a ref being written: git reads none either
    if (entry.isDirectory()) files += using(from.folder(entry.name), (folder) => copyRefs(folder, path.join(to, entry.name), budget, copier));
    else {
      copier.copy(from, entry.name, path.join(to, entry.name));
      files++;
    }
  }
  return files;
}

/**
 * Copies the local repository `input.repo` (inside `input.roots`) into `input.copyDir`: its
 * branches first, then its objects (git writes a branch's objects before the branch, so objects
 * read after the branches hold what they name). Refused, with one line that says why, when
 * anything on the way is a link or not a plain file or folder, moved while read, or past the limits.
 */
export function copyLocalRepo(input: CopyInput): CopyOutput {
  return withRepo(input, ({ common }) => {
    const held = prepareCopy(input.copyDir);
    const budget = new Budget(input);
    budget.add(held ?? 0);
    const copier = new Copier(input.copyDir, budget);
    let refs = 0;
    const heads = optionalFolder(common, 'refs');
    if (heads) {
      refs += using(heads, (folder) => {
        const branches = optionalFolder(folder, 'heads');
        return branches ? using(branches, (opened) => copyRefs(opened, 'refs/heads', budget, copier)) : 0;
      });
    }
    for (const name of ['packed-refs', 'shallow']) {
      if (common.kind(name) === undefined) continue;
      copier.copy(common, name, name);
      refs++;
    }
    const refBytes = copier.copiedBytes;
    const objects = copyObjects(common, input.copyDir, budget, copier, held !== undefined);
    // The objects' bytes: those held before (less those removed) or, when the last copy did not end, those checked.
    const objectBytes = (held === undefined ? objects.checkedBytes : held - objects.removedBytes) + copier.copiedBytes - refBytes;
    writeFileSync(path.join(input.copyDir, STATE), JSON.stringify({ bytes: objectBytes }));
    return {
      entries: budget.entries,
      files: objects.files + refs,
      bytes: objectBytes + refBytes,
      copied: copier.copied,
      copiedBytes: copier.copiedBytes,
      removed: objects.removed,
    };
  });
}

/** A branch's value as a ref file holds it: a commit id, or `ref: refs/heads/…` (a symbolic ref). */
const REF_VALUE = /^(?:[0-9a-f]{40}|[0-9a-f]{64}|ref: refs\/\S+)$/;

/**
 * Every branch of the opened repository with its value: loose refs under `refs/heads` (walked
 * pinned, counted in `budget`) over those of `packed-refs`.
 */
function branchTips(common: PinnedFolder, budget: Budget): Map<string, string> {
  const tips = new Map<string, string>();
  const packed = common.kind('packed-refs') === undefined ? '' : (common.readText('packed-refs', budget.left()) ?? '');
  budget.add(Buffer.byteLength(packed));
  for (const line of packed.split('\n')) {
    const match = /^([0-9a-f]{40}|[0-9a-f]{64}) refs\/heads\/(.+)$/.exec(line);
    if (match) tips.set(match[2], match[1]);
  }
  const walk = (folder: PinnedFolder, prefix: string) => {
    for (const entry of folder.entries()) {
      budget.entry();
      if (entry.isSymbolicLink()) throw new PinError('link', `${folder.relative}/${entry.name}`);
      if (entry.name.endsWith('.lock')) continue;
      if (entry.isDirectory()) using(folder.folder(entry.name), (inner) => walk(inner, `${prefix}${entry.name}/`));
      else {
        const value = (folder.readText(entry.name, MAX_POINTER_BYTES) ?? '').trim();
        if (REF_VALUE.test(value)) tips.set(`${prefix}${entry.name}`, value);
      }
    }
  };
  const refs = optionalFolder(common, 'refs');
  if (refs) {
    using(refs, (folder) => {
      const heads = optionalFolder(folder, 'heads');
      if (heads) using(heads, (opened) => walk(opened, ''));
    });
  }
  return tips;
}

/** The branches of a local repository (what `git ls-remote --heads` lists), read pinned. */
export function localBranches(input: LocalRepoInput & LocalCopyLimits): string[] {
  return withRepo(input, ({ common }) => [...branchTips(common, new Budget(input)).keys()].sort());
}

export interface BranchState {
  /** The branch's value now (a commit id, or `ref: …`), or null when it does not exist. */
  tip: string | null;
  /** The commits every branch points at: what the repository has (a push sends what is not below them). */
  tips: string[];
  /** The branch is checked out in one of the repository's working trees. */
  checkedOut: boolean;
}

/** Where `branch` stands in a local repository, before a push to it. */
export function readLocalBranch(input: LocalRepoInput & LocalCopyLimits & { branch: string }): BranchState {
  return withRepo(input, (opened) => {
    const tips = branchTips(opened.common, new Budget(input));
    return {
      tip: tips.get(input.branch) ?? null,
      tips: [...new Set([...tips.values()].filter((value) => !value.startsWith('ref:')))],
      checkedOut: checkedOutBranches(opened).has(input.branch),
    };
  });
}

export interface BranchWrite extends LocalRepoInput {
  /** Largest packed-refs read. */
  maxBytes: number;
  branch: string;
  /** Files of the server's own (a pack and its index) written into the repository's `objects/pack` first. */
  packFiles: readonly string[];
  /** The branch's value the push was decided on (`readLocalBranch`): it must still be that, or the push is refused. */
  expected: string | null;
  /** The commit the branch is set to. */
  sha: string;
}

/**
 * Pushes into a local repository without running git there: the pack of the new objects is
 * written into its `objects/pack` (a new file, `O_EXCL`, renamed into place), then the branch is
 * set under git's own lock file (`refs/heads/<branch>.lock`, created exclusively, renamed over the
 * branch) if it still has the value the push was decided on. Every folder is opened pinned, so
 * nothing is written outside the repository, whatever is swapped meanwhile. No hook runs; a
 * branch checked out in a working tree is refused.
 */
export function writeLocalBranch(input: BranchWrite): void {
  withRepo(input, (opened) => {
    const { common } = opened;
    if (checkedOutBranches(opened).has(input.branch))
      throw new GitError(`the branch ${input.branch} is checked out in the repository's working tree; docsnav never pushes into a checked-out branch`);
    using(common.folder('objects'), (objects) =>
      using(objects.makeFolder('pack'), (pack) => {
        for (const file of input.packFiles) {
          const name = path.basename(file);
          if (pack.kind(name) !== undefined) continue; // the same pack (packs are named by their content)
          const scratch = `tmp_docsnav_${process.pid}_${name}`;
          const fd = pack.createFile(scratch);
          try {
            writeSync(fd, readFileSync(file));
          } finally {
            closeSync(fd);
          }
          pack.rename(scratch, name);
        }
      }),
    );
    const names = ['refs', 'heads', ...input.branch.split('/')];
    const leaf = names.pop()!;
    let folder = common.makeFolder(names[0]);
    try {
      for (const name of names.slice(1)) {
        const next = folder.makeFolder(name);
        folder.close();
        folder = next;
      }
      setBranch(common, folder, leaf, input);
    } finally {
      folder.close();
    }
  });
}

/** Sets the ref `leaf` of `folder` to `input.sha` under its lock, if it still holds `input.expected`. */
function setBranch(common: PinnedFolder, folder: PinnedFolder, leaf: string, input: BranchWrite): void {
  const lock = `${leaf}.lock`;
  let fd: number;
  try {
    fd = folder.createFile(lock);
  } catch (error) {
    if (error instanceof PinError && error.code === 'EEXIST')
      throw new GitError(`the branch ${input.branch} is being updated by someone else (its .lock file exists); try again`);
    throw error;
  }
  let renamed = false;
  try {
    const kind = folder.kind(leaf);
    if (kind === 'link' || kind === 'folder' || kind === 'other') throw new PinError(kind === 'link' ? 'link' : 'not-file', `${folder.relative}/${leaf}`);
    const now = kind === 'file' ? (folder.readText(leaf, MAX_POINTER_BYTES) ?? '').trim() : (packedValue(common, input.branch, input.maxBytes) ?? null);
    if (now !== input.expected) throw new GitError(`the push was rejected (the branch ${input.branch} moved while docsnav pushed to it; its commits stay)`);
    writeSync(fd, `${input.sha}\n`);
    closeSync(fd);
    fd = -1;
    folder.rename(lock, leaf);
    renamed = true;
  } finally {
    if (fd >= 0) closeSync(fd);
    if (!renamed) folder.remove(lock);
  }
}

/** `branch`'s value in the repository's packed-refs, if it is there. */
function packedValue(common: PinnedFolder, branch: string, maxBytes: number): string | undefined {
  if (common.kind('packed-refs') === undefined) return undefined;
  const packed = common.readText('packed-refs', maxBytes) ?? '';
  for (const line of packed.split('\n')) {
    const space = line.indexOf(' ');
    if (space > 0 && line.slice(space + 1) === `refs/heads/${branch}`) return line.slice(0, space);
  }
  return undefined;
}
