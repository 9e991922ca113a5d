/**
 * What the client and the checker say to each other over the socket: one JSON line each way per
 * connection. The request is bounded (MAX_REQUEST_BYTES); a request the checker cannot use gets
 * `{ "error": … }`, never a crash. `build` is the hash of the bundle's build.json (scripts/bundle.mjs):
 * a checker of another build answers `stale` and stops, and the client checks in process.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

export const PROTOCOL = 1;
/** A request's size at most: argv, cwd and the environment fit many times over. */
export const MAX_REQUEST_BYTES = 1024 * 1024;

export interface RunRequest {
  docsnav: typeof PROTOCOL;
  op: 'run';
  build: string;
  argv: string[];
  cwd: string;
  env: Record<string, string>;
  isTTY: boolean;
  /** picocolors' own answer in the client's process (its argv, env and terminal). */
  colorSupported: boolean;
}

interface ControlRequest {
  docsnav: typeof PROTOCOL;
  op: 'status' | 'stop';
  build: string;
}

export type Request = RunRequest | ControlRequest;

export interface RunAnswer {
  stdout: string;
  stderr: string;
  code: number;
}

export interface StatusAnswer {
  pid: number;
  root: string;
  build: string;
  idleMinutes: number;
  served: number;
}

export type ErrorKind = 'stale' | 'bad-request' | 'outside-root' | 'stdin' | 'internal';
export interface ErrorAnswer {
  error: string;
  kind: ErrorKind;
}

/** This build's id: a hash of build.json beside the bundle (dist/cli), or `source` when run from the sources. */
export function buildId(): string {
  try {
    const text = readFileSync(new URL('./build.json', import.meta.url));
    return createHash('sha256').update(text).digest('base64url').slice(0, 16);
  } catch {
    return 'source';
  }
}
