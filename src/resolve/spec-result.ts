/** What loading a spec answers: the spec and its version, or why there is none, in one sentence. */
import type { OpenAPIV2, OpenAPIV3, OpenAPIV3_1 } from 'openapi-types';
import type { AsyncapiDocument } from './asyncapi.js';

/** A `$ref` in a spec that does not start with `#`: the platform refuses the whole spec. */
export interface ExternalRef {
  /** JSON pointer in the spec of the `$ref` (of the string value that holds it, when it is inside one). */
  pointer: string;
  ref: string;
}

/**
 * A spec that loaded. `file` is the root-relative path (or the URL). `externalRefs` and `text`
 * (kept only then, to locate them) are there when it has `$ref`s that do not start with `#`.
 */
export type SpecLoaded = { ok: true; file: string; warnings: string[]; externalRefs?: ExternalRef[]; text?: string } & (
  { version: '3.0'; spec: OpenAPIV3.Document } | { version: '3.1'; spec: OpenAPIV3_1.Document } | { version: '2.0'; spec: OpenAPIV2.Document }
);

/**
 * `not-found`, `is-directory`, `not-regular` and `outside-root` for a local file are the
 * openapi-not-found and path-outside-root rules' to report (they see the same `files`);
 * `unavailable`: no docs root, nothing read. The rest is the resolver's to report.
 */
export type SpecFailureReason = 'not-found' | 'invalid' | 'outside-root' | 'remote' | 'is-directory' | 'not-regular' | 'unavailable';

/** A spec that did not load, and why, in one sentence. */
export interface SpecFailure {
  ok: false;
  reason: SpecFailureReason;
  message: string;
  /** The root-relative path (or URL) that was asked for. */
  file: string;
}

export type SpecResult = SpecLoaded | SpecFailure;

/** An AsyncAPI spec that loaded (3.x, with channels: what the platform builds pages from). */
export interface AsyncapiLoaded {
  ok: true;
  file: string;
  version: string;
  spec: AsyncapiDocument;
  warnings: string[];
}

export type AsyncapiResult = AsyncapiLoaded | SpecFailure;

export function fail(reason: SpecFailureReason, file: string, message: string): SpecFailure {
  return { ok: false, reason, message, file };
}

/** A file name or URL as messages show it. */
export function quote(s: string): string {
  return `"${s}"`;
}

/** An error's message, first line only, without a stack. */
export function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n', 1)[0].trim();
}
