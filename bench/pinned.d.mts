// Types of pinned.mjs (plain JavaScript, for the bench scripts).
import type { SpawnSyncReturns } from 'node:child_process';

/** Whether the package.json at `manifest` says `version`. */
export function hasVersion(manifest: string, version: string): boolean;
/** `npm install <spec>` into `folder` (scripts off, within 10 minutes); `capture` returns its output in the result. */
export function installPinned(
  folder: string,
  spec: string,
  options: { project: string; label: string; quiet?: boolean; capture?: boolean },
): SpawnSyncReturns<string | Buffer>;
