/**
 * The answer with a model: an OpenAI-compatible chat completions endpoint through the AI SDK
 * (v4), told to answer only from the numbered passages and to cite them as [n].
 */
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { streamText, type CoreMessage } from 'ai';
import type { Passage } from '../search.js';

export interface ModelSettings {
  /** `https://api.example.com/v1`: chat completions are POSTed to `<baseUrl>/chat/completions`. */
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** Most tokens of an answer. */
  maxTokens?: number;
}

/** Longest passage text given to the model (characters). */
const MAX_PASSAGE_CHARS = 4000;

export function systemPrompt(passages: readonly Passage[]): string {
  const numbered = passages
    .map(
      (passage, index) =>
        `[${index + 1}] ${passage.title} (${passage.url})\n${[passage.pageDescription, passage.body].filter(Boolean).join('\n').slice(0, MAX_PASSAGE_CHARS)}`,
    )
    .join('\n\n');
  return [
    "You are the documentation assistant of this site. Answer the user's question using only the numbered documentation passages below.",
    'After each sentence that uses a passage, cite it with its number in square brackets, like [1] or [2][3].',
    'If the passages do not contain the answer, say that the documentation does not cover it; do not guess and do not use outside knowledge.',
    'Be concise. Use Markdown.',
    '',
    passages.length > 0 ? `Passages:\n\n${numbered}` : 'Passages: none were found for this question.',
  ].join('\n');
}

/** Streams the model's answer; errors arrive as `error` parts of `fullStream`. */
export function streamAnswer(settings: ModelSettings, passages: readonly Passage[], messages: CoreMessage[], abortSignal: AbortSignal) {
  const provider = createOpenAICompatible({ name: 'docsnav-model', baseURL: settings.baseUrl.replace(/\/+$/, ''), apiKey: settings.apiKey });
  return streamText({
    model: provider.chatModel(settings.model),
    system: systemPrompt(passages),
    messages,
    abortSignal,
    maxRetries: 0,
    maxTokens: settings.maxTokens ?? 1024,
    temperature: 0,
    onError: () => {},
  });
}
