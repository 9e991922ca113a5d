/**
 * The AI SDK v4 data stream as the real chat client reads it (`processDataStream` of
 * `@ai-sdk/ui-utils`, the parser `useChat` runs): for any answer the assistant can emit, the
 * parts arrive in the events' order, and a finished answer ends with its `e:` finish step and
 * then its `d:` finish message, both with the answer's finish reason and usage.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AnswerEvent } from '../src/assistant/events.js';
import { dataStream } from '../src/assistant/protocols.js';
import { clientParts, type ParsedPart } from './assistant-helpers.js';

const SEED = Number(process.env.DOCSNAV_FC_SEED ?? 20_260_523);
const RUNS = Number(process.env.DOCSNAV_FC_RUNS ?? 200);

/** The parts the v4 protocol says each event becomes (protocols.ts `dataStream`), written from the protocol, not the encoder. */
function expectedParts(events: readonly AnswerEvent[]): ParsedPart[] {
  return events.flatMap((event): ParsedPart[] => {
    switch (event.type) {
      case 'start':
        return [
          ['start_step', { messageId: event.messageId }],
          ['message_annotations', [{ threadId: event.threadId }]],
          ['data', [{ threadId: event.threadId }]],
        ];
      case 'source':
        return [['source', { sourceType: 'url', id: event.id, url: event.url, title: event.title }]];
      case 'text':
        return [['text', event.delta]];
      case 'error':
        return [['error', event.message]];
      case 'finish':
        return [
          ['finish_step', { finishReason: event.finishReason, usage: event.usage, isContinued: false }],
          ['finish_message', { finishReason: event.finishReason, usage: event.usage }],
        ];
    }
  });
}

const idArb = fc.stringMatching(/^[0-9a-f]{8}$/);
const usageArb = fc.record({ promptTokens: fc.nat(100_000), completionTokens: fc.nat(100_000) });
/** What service.ts emits: start, sources, text deltas, at most one error, then finish (left out only when our own code failed). */
const answerArb = fc
  .record({
    messageId: idArb,
    threadId: fc.uuid(),
    sources: fc.array(fc.record({ id: fc.integer({ min: 1, max: 20 }).map(String), url: fc.webUrl(), title: fc.string() }), { maxLength: 5 }),
    deltas: fc.array(fc.string({ unit: 'binary', minLength: 1 }), { maxLength: 8 }),
    error: fc.option(fc.string({ minLength: 1 }), { nil: undefined }),
    finish: fc.oneof({ weight: 5, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    usage: usageArb,
  })
  .map(({ messageId, threadId, sources, deltas, error, finish, usage }): AnswerEvent[] => [
    { type: 'start', messageId, threadId },
    ...sources.map((source): AnswerEvent => ({ type: 'source', ...source })),
    ...deltas.map((delta): AnswerEvent => ({ type: 'text', delta })),
    ...(error === undefined ? [] : [{ type: 'error', message: error } as const]),
    ...(finish ? [{ type: 'finish', finishReason: error === undefined ? 'stop' : 'error', usage, threadId } as const] : []),
  ]);

/** The events through the encoder, as the bytes a response body carries. */
function encoded(events: readonly AnswerEvent[]): ReadableStream<Uint8Array> {
  const source = new ReadableStream<AnswerEvent>({
    start(controller) {
      for (const event of events) controller.enqueue(event);
      controller.close();
    },
  });
  return source.pipeThrough(dataStream()).pipeThrough(new TextEncoderStream());
}

describe('the v4 data stream, read by the real client parser', () => {
  it('every answer: the parts in the events order, a finished one ending with e: then d:', async () => {
    await fc.assert(
      fc.asyncProperty(answerArb, async (events) => {
        const parts = await clientParts(encoded(events));
        expect(parts).toEqual(expectedParts(events));
        const finish = events.find((event) => event.type === 'finish');
        if (finish) {
          expect(parts.slice(-2).map(([name]) => name)).toEqual(['finish_step', 'finish_message']);
          expect(parts.filter(([name]) => name === 'finish_step')).toHaveLength(1);
        } else {
          expect(parts.some(([name]) => name === 'finish_step' || name === 'finish_message')).toBe(false);
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });
});
