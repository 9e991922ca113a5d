/**
 * The fetch the AI SDK is given for the model endpoint (issue 60 item 6), and for the embeddings
 * endpoint (issue 69: the same bounds, said with its name): what a model endpoint
 * sends back is bounded before any of it is parsed. An endpoint that ignored `max_tokens` once
 * streamed 115–128 MB into one answer (serve at 1.5 GB, `/healthz` timing out, a 128 MB row).
 *
 * - A response's body is read to at most `maxBytes`; past it the body fails with
 *   ModelResponseError (the caller keeps the answer's text that came before and says so).
 * - A redirect is followed only to the endpoint's own origin (scheme, host and port), with the
 *   same request, at most MAX_REDIRECTS times; a redirect elsewhere is not followed: the prompt
 *   (the question, the thread, the passages, the key) never goes to another host.
 * - A body that is neither JSON nor an event stream (a proxy's HTML error page, a login page) is
 *   not handed to the AI SDK, whose parse errors quote it: its start goes to the server log
 *   (`onProblem`) and the answer says only what kind of body came.
 */

/** Most redirects followed within the endpoint's origin. */
const MAX_REDIRECTS = 3;
/** How much of a body that is not JSON the server log gets (characters). */
const LOGGED_START = 300;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** A model response refused or cut by this fetch: its message is for the reader of the answer (no body text, no key). */
export class ModelResponseError extends Error {}

/** The ModelResponseError behind an error the AI SDK threw (it wraps what a fetch's body fails with), if any. */
export function responseErrorIn(error: unknown): ModelResponseError | undefined {
  for (let cause: unknown = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++)
    if (cause instanceof ModelResponseError) return cause;
  return undefined;
}

export interface ModelFetchOptions {
  /** Most bytes read of one response body. */
  maxBytes: number;
  /** Told what was refused, with what the reader of the answer is not shown (the server log). */
  onProblem?: (message: string, details: Record<string, unknown>) => void;
  /** Which endpoint this is, in what is said of it: `model` (the chat model, the default) or `embeddings`. */
  endpoint?: string;
}

/** A fetch for the AI SDK's provider, bounded as above. */
export function boundedModelFetch(options: ModelFetchOptions): typeof fetch {
  const name = `the ${options.endpoint ?? 'model'} endpoint`;
  return async (input, init) => {
    let url = new URL(input instanceof Request ? input.url : String(input));
    const origin = url.origin;
    for (let redirects = 0; ; redirects++) {
      const response = await fetch(url, { ...init, redirect: 'manual' });
      if (REDIRECTS.has(response.status)) {
        await response.body?.cancel();
        const location = response.headers.get('location');
        const target = location ? new URL(location, url) : undefined;
        if (!target || target.origin !== origin) {
          options.onProblem?.(`${name} redirected the request elsewhere: not followed`, {
            status: response.status,
            from: origin,
            to: target?.origin ?? null,
          });
          throw new ModelResponseError(`${name} redirected to ${target ? `another host (${target.origin})` : 'nowhere'}; the request was not sent there`);
        }
        if (redirects >= MAX_REDIRECTS) throw new ModelResponseError(`${name} redirected more than ${MAX_REDIRECTS} times`);
        url = target;
        continue;
      }
      const type = (response.headers.get('content-type') ?? '').toLowerCase();
      if (!/\bjson\b|^text\/event-stream\b/.test(type)) {
        const start = await startOf(response, LOGGED_START);
        options.onProblem?.(`${name} answered with a body that is not JSON`, { status: response.status, contentType: type || null, start });
        throw new ModelResponseError(
          `${name} answered HTTP ${response.status} with ${type ? type.split(';')[0] : 'no content type'}, not JSON; ${options.endpoint === undefined || options.endpoint === 'model' ? 'no answer could be generated' : 'nothing was read of it'}`,
        );
      }
      return capped(response, options.maxBytes, name);
    }
  };
}

/** The first characters of a body, the rest cancelled. */
async function startOf(response: Response, characters: number): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (text.length < characters) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return text.slice(0, characters);
}

/** The response with its body failing (ModelResponseError) once more than `maxBytes` came. */
function capped(response: Response, maxBytes: number, name: string): Response {
  if (!response.body) return response;
  let seen = 0;
  const body = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > maxBytes) {
          controller.error(new ModelResponseError(`${name} sent more than ${Math.round(maxBytes / 1024)} KB in one response; it was stopped`));
          return;
        }
        controller.enqueue(chunk);
      },
    }),
  );
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}
