/** Remote specs: fetched at most so many at a time, within a time limit, the bytes counted as they arrive. */
import { fail, firstLine, quote, type SpecFailure } from './spec-result.js';

/**
 * A spec's bytes from an http(s) URL, or why there are none: an HTTP error, no answer within
 * `timeoutMs`, or more than `maxBytes` (announced or received, after decompression).
 */
export async function fetchSpecBytes(url: string, timeoutMs: number, maxBytes: number): Promise<Buffer | SpecFailure> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) {
      await response.body?.cancel();
      return fail('not-found', url, `${quote(url)} answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`);
    }
    const length = Number(response.headers.get('content-length'));
    if (length > maxBytes) {
      await response.body?.cancel();
      return fail('invalid', url, `${quote(url)} is ${megabytes(length)}, too big to be an OpenAPI file.`);
    }
    const body = await readCapped(response, maxBytes);
    if (!body) return fail('invalid', url, `${quote(url)} sent more than ${megabytes(maxBytes)}, too big to be an OpenAPI file; the download was stopped.`);
    return body;
  } catch (error) {
    const why = errorName(error) === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : firstLine(error);
    return fail('not-found', url, `${quote(url)} could not be fetched: ${why}.`);
  }
}

/** At most `fetchConcurrency` fetches at once: thousands of URLs must not exhaust file descriptors. */
export class FetchSlots {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      return await task();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

/** A response body, counting the bytes as they arrive (decompressed): undefined once it passes `maxBytes`. */
async function readCapped(response: Response, maxBytes: number): Promise<Buffer | undefined> {
  if (!response.body) return Buffer.alloc(0);
  const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

function megabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

function errorName(error: unknown): string | undefined {
  return error instanceof Error ? error.name : undefined;
}
