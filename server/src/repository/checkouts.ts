/**
 * The files a project's last deployment wrote, kept for its next one: a redeploy writes only
 * the files whose blob changed (`writeBlobs` with what the folder holds) instead of every file
 * of the docs folder again (1,160 files for the platform's docs, for a change of one page).
 *
 * A kept checkout is a folder `<data>/checkouts/<cache>/` holding `tree/` (the files) and
 * `files.json` (each file's repository path and blob id, as written). A deployment claims it by
 * renaming it into its own worktree folder, which is atomic: two deployments never share one,
 * and one that finds none (the first deployment, a restart after a crash, a claim lost to
 * another) writes every file, as before. The worktree is kept again only when every file was
 * written; leftovers of a crash are under `<data>/worktrees/`, cleared when a process starts.
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isNotThere } from './errors.js';

const FILES = 'files.json';
const TREE = 'tree';

/** Moves the kept checkout `keptDir` to `worktree` (which must not exist); what it holds (path -> blob id), or undefined when there is none to claim. */
export async function claimCheckout(keptDir: string, worktree: string): Promise<Map<string, string> | undefined> {
  const claim = `${worktree}.claim`;
  await mkdir(path.dirname(worktree), { recursive: true });
  try {
    await rename(keptDir, claim);
  } catch (error) {
    if (isNotThere(error)) return undefined; // none kept, or another deployment claimed it first
    throw error;
  }
  try {
    const held = heldFiles(JSON.parse(await readFile(path.join(claim, FILES), 'utf8')));
    if (!held) return undefined;
    await rename(path.join(claim, TREE), worktree);
    return held;
  } catch {
    return undefined;
  } finally {
    void rm(claim, { recursive: true, force: true }).catch(() => {});
  }
}

/** `files.json` as written by `keepCheckout`, or undefined for anything else. */
function heldFiles(value: unknown): Map<string, string> | undefined {
  if (!Array.isArray(value)) return undefined;
  const held = new Map<string, string>();
  for (const entry of value) {
    if (!Array.isArray(entry) || entry.length !== 2 || typeof entry[0] !== 'string' || typeof entry[1] !== 'string') return undefined;
    held.set(entry[0], entry[1]);
  }
  return held;
}

/**
 * Keeps `worktree`, which holds exactly `files`, as the project's checkout for its next
 * deployment; removes it instead when one is kept already (another deployment kept its own).
 */
export async function keepCheckout(worktree: string, keptDir: string, files: ReadonlyArray<{ path: string; id: string }>): Promise<void> {
  const staging = `${worktree}.keep`;
  try {
    await mkdir(staging, { recursive: true });
    await writeFile(path.join(staging, FILES), JSON.stringify(files.map((file) => [file.path, file.id])));
    await rename(worktree, path.join(staging, TREE));
    await mkdir(path.dirname(keptDir), { recursive: true });
    await rename(staging, keptDir);
  } catch {
    await Promise.all([rm(staging, { recursive: true, force: true }), rm(worktree, { recursive: true, force: true })]);
  }
}
