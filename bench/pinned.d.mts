// Types of pinned.mjs (plain JavaScript, for the bench scripts).
import type { SpawnSyncReturns } from 'node:child_process';

/** The folder an on-demand install named `name` goes into (bench/, or DOCSNAV_PLATFORM_PACKAGES). */
export function installFolder(name: string): string;
/** An on-demand install that failed; its message names the cause in one line, then npm's last lines. */
export class InstallError extends Error {}
/** Whether the package.json at `manifest` says `version`. */
export function hasVersion(manifest: string, version: string): boolean;
/** `npm install <spec>` into `folder` (scripts off, within DOCSNAV_INSTALL_TIMEOUT_S); `capture` returns its output in the result. */
export function installPinned(
  folder: string,
  spec: string,
  options: { project: string; label?: string; quiet?: boolean; capture?: boolean },
): SpawnSyncReturns<string | Buffer> & { cause?: string; lastLines: string[] };
/** Installs `spec` into `folder` unless `manifest` says its version; throws an InstallError naming the cause. */
export function ensurePinned(folder: string, spec: string, manifest: string, options: { project: string; label?: string }): void;
/** A time limit as a message says it: `10 minutes`, `1.5 minutes`, `1 minute`, `30 s`. */
export function durationWords(ms: number): string;
