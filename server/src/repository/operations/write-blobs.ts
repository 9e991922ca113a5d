/**
 * A deployment's files, written by the server from the cache's blobs (`git cat-file --batch`), not
 * checked out: regular files only, no link ever made, every path checked before anything is written.
 */
import { mkdirSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { GitError } from '../errors.js';
import { targetOf, writableSegments } from '../guards.js';
import type { GitLimits } from './limits.js';
import { runGit } from './run-git.js';

/**
 * Writes the blobs `files` (repository path and blob id, all in the cache) as regular files
 * under the folder `dir`: the only files a deployment reads. Nothing else is written; no
 * symbolic link is ever made; a path that could climb out of `dir` is refused.
 *
 * `held` is what `dir` already holds (path -> blob id, as an earlier call wrote it): then only
 * the files whose blob differs are written and those no longer in `files` are removed. Without
 * it, `dir` is made anew. Returns how many files were written.
 */
export async function writeBlobs(
  cacheDir: string,
  files: ReadonlyArray<{ path: string; id: string }>,
  dir: string,
  limits: GitLimits,
  signal?: AbortSignal,
  held?: ReadonlyMap<string, string>,
): Promise<number> {
  const update = held && blobUpdate(files, held);
  if (update) {
    await Promise.all(update.removed.map((file) => rm(targetOf(dir, file), { force: true })));
    await writeNewBlobs(cacheDir, update.written, dir, limits, signal);
    return update.written.length;
  }
  await rm(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  await writeNewBlobs(cacheDir, files, dir, limits, signal);
  return files.length;
}

/**
 * What turns a folder holding `held` (path -> blob id) into one holding `files`: the files to
 * remove (dropped or changed) and those to write (new or changed). Undefined when a file would
 * take the place of a removed file's folder (`a` after `a/b.mdx`): that folder, left empty,
 * would be in its way, and the folder is made anew instead.
 */
function blobUpdate(
  files: ReadonlyArray<{ path: string; id: string }>,
  held: ReadonlyMap<string, string>,
): { removed: string[]; written: Array<{ path: string; id: string }> } | undefined {
  const wanted = new Set(files.map((file) => file.path));
  const dropped = [...held.keys()].filter((file) => !wanted.has(file));
  const written = files.filter((file) => held.get(file.path) !== file.id);
  const droppedFolders = new Set<string>();
  for (const file of dropped) for (let at = file.indexOf('/'); at >= 0; at = file.indexOf('/', at + 1)) droppedFolders.add(file.slice(0, at));
  if (written.some((file) => droppedFolders.has(file.path))) return undefined;
  return { removed: [...dropped, ...written.filter((file) => held.has(file.path)).map((file) => file.path)], written };
}

/** Writes `files`, none of which exists yet under `dir` (made). */
async function writeNewBlobs(
  cacheDir: string,
  files: ReadonlyArray<{ path: string; id: string }>,
  dir: string,
  limits: GitLimits,
  signal?: AbortSignal,
): Promise<void> {
  const made = new Map<string, Promise<unknown>>([[dir, Promise.resolve()]]);
  // Every path is checked before anything is written; each file's place is made as it is written,
  // not all up front: 100,000 places held at once were ~70 MB of path pieces on the main thread.
  for (const file of files) writableSegments(file.path);
  if (files.length === 0) return;
  // `git cat-file --batch`: for each id a header "<id> blob <size>\n", the bytes, "\n".
  let index = 0;
  // What of the current header or blob came in earlier chunks (views of them, never copied until
  // the blob is whole: joining what was left with each new chunk copied a 64 KB chunk per chunk,
  // and a blob over many chunks again and again).
  let header: Buffer[] = [];
  let parts: Buffer[] = [];
  let got = 0;
  let size = -1;
  // Written asynchronously (the main thread keeps answering; the writes overlap), a chunk of
  // git's output at a time: git waits while a chunk's files are being written.
  const write = (bytes: Buffer, writes: Array<Promise<void>>) => {
    const target = targetOf(dir, files[index].path);
    const folder = path.dirname(target);
    let folderMade = made.get(folder);
    if (!folderMade) {
      folderMade = mkdir(folder, { recursive: true });
      made.set(folder, folderMade);
    }
    writes.push(folderMade.then(() => writeFile(target, bytes, { flag: 'wx' })));
    index++;
  };
  await runGit(['cat-file', '--batch'], {
    cwd: cacheDir,
    timeoutMs: limits.timeoutMs,
    signal,
    input: `${files.map((file) => file.id).join('\n')}\n`,
    onData(chunk) {
      const writes: Array<Promise<void>> = [];
      let at = 0;
      while (at < chunk.length) {
        if (size < 0) {
          const end = chunk.indexOf(10, at);
          if (end < 0) {
            header.push(chunk.subarray(at));
            break;
          }
          header.push(chunk.subarray(at, end));
          const fields = Buffer.concat(header).toString('utf8').split(' ');
          header = [];
          if (fields[1] !== 'blob' || index >= files.length) throw new GitError(`the git cache lacks ${files[index]?.path ?? 'a file'} of the commit`);
          size = Number(fields[2]);
          at = end + 1;
          continue;
        }
        // The blob's bytes and the "\n" after them.
        const taken = Math.min(size + 1 - got, chunk.length - at);
        parts.push(chunk.subarray(at, at + taken));
        got += taken;
        at += taken;
        if (got < size + 1) break;
        // A copy: the chunks' buffers are not kept alive by the pending write.
        write(Buffer.concat(parts, size + 1).subarray(0, size), writes);
        parts = [];
        got = 0;
        size = -1;
      }
      return writes.length > 0 ? Promise.all(writes).then(() => undefined) : undefined;
    },
  });
  if (index !== files.length || size >= 0 || header.length > 0) throw new GitError('git cat-file stopped before writing every file of the commit');
}
