/**
 * An answer as protocol-neutral events: the assistant (service.ts) emits them once, and the
 * encoders of protocols.ts write them in the protocol the client speaks (the AI SDK v4 data
 * stream or the AI SDK 5 UI message stream). Order: `start`, one `source` per passage, `text`
 * deltas, at most one `error`, then `finish` (missing only when our own code failed: then the
 * stream ends after the `error`).
 */

type AnswerFinishReason = 'stop' | 'error';

export interface AnswerUsage {
  promptTokens: number;
  completionTokens: number;
}

export type AnswerEvent =
  /** The answer's message id and the thread it belongs to. */
  | { type: 'start'; messageId: string; threadId: string }
  /** One documentation passage the answer is built from (`id` is its citation number). */
  | { type: 'source'; id: string; url: string; title: string }
  | { type: 'text'; delta: string }
  /** What ended the answer early (a message for the user: no stack, no key). */
  | { type: 'error'; message: string }
  | { type: 'finish'; finishReason: AnswerFinishReason; usage: AnswerUsage; threadId: string };

/**
 * A stream of the events `execute` emits; it closes when `execute` settles. A throw in
 * `execute` becomes an `error` event with `onError`'s message (never the error's own text).
 * Emitting after the reader went away (a client that disconnected) is a no-op.
 */
export function answerEvents(execute: (emit: (event: AnswerEvent) => void) => Promise<void>, onError: (error: unknown) => string): ReadableStream<AnswerEvent> {
  let controller!: ReadableStreamDefaultController<AnswerEvent>;
  const stream = new ReadableStream<AnswerEvent>({
    start(started) {
      controller = started;
    },
  });
  const emit = (event: AnswerEvent) => {
    try {
      controller.enqueue(event);
    } catch {
      // cancelled by the reader
    }
  };
  void execute(emit)
    .catch((error: unknown) => emit({ type: 'error', message: onError(error) }))
    .finally(() => {
      try {
        controller.close();
      } catch {
        // cancelled by the reader
      }
    });
  return stream;
}
