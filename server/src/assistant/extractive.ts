/**
 * The answer without a model: the sentences of the retrieved passages that share the most
 * words with the question, each followed by its passage's citation number. Deterministic.
 */
import type { Passage } from '../search.js';

export const NO_MODEL_LINE =
  'No language model is configured on this server (docsnav serve --model-base-url … --model …), so this answer quotes the most relevant passages of the documentation.';

const STOP = new Set(
  'a an and are as at be by can do does for from how i if in is it me my of on or our so that the this to was we what when where which who why will with you your there their them then than into about use using'.split(
    ' ',
  ),
);

/** Lower-case word stems: enough to match "deployments" with "deploy" and "keys" with "key". */
export function terms(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []).filter((word) => !STOP.has(word)).map(stem);
}

function stem(word: string): string {
  return word.length <= 4 ? word : word.replace(/(ations?|ments?|ings?|ies|ied|es|ed|s|ly)$/, '').slice(0, 8);
}

/** Sentences of a passage body (lines, then `. ! ?` boundaries), trimmed and not tiny. */
export function sentences(body: string): string[] {
  return body
    .split(/\n+/)
    .flatMap((line) => line.split(/(?<=[.!?])\s+(?=[A-Z0-9`"'(])/))
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length >= 3)
    .slice(0, 200);
}

export interface ExtractiveOptions {
  /** Passages quoted at most (the rest are still listed as sources). */
  maxPassages?: number;
  /** Sentences quoted per passage at most. */
  perPassage?: number;
}

/** Lines of the answer, in order; `[n]` cites passages[n - 1]. */
export function extractiveAnswer(question: string, passages: readonly Passage[], options: ExtractiveOptions = {}): { lines: string[]; cited: number[] } {
  const wanted = new Set(terms(question));
  const lines: string[] = [];
  const cited: number[] = [];
  const maxPassages = options.maxPassages ?? 3;
  const perPassage = options.perPassage ?? 2;
  if (passages.length === 0) {
    lines.push('I could not find anything about this in the documentation.');
  }
  passages.slice(0, maxPassages).forEach((passage, index) => {
    const candidates = sentences(passage.body);
    if (candidates.length === 0 && passage.pageDescription) candidates.push(passage.pageDescription);
    if (candidates.length === 0) candidates.push(passage.title);
    const scored = candidates.map((sentence, position) => {
      const words = terms(sentence);
      const matched = new Set(words.filter((word) => wanted.has(word))).size;
      return { sentence, position, score: matched / Math.sqrt(1 + words.length / 12) };
    });
    const best = scored
      .filter((entry) => entry.score > 0 || scored.length === 1)
      .sort((a, b) => b.score - a.score || a.position - b.position)
      .slice(0, perPassage)
      .sort((a, b) => a.position - b.position);
    const chosen = best.length > 0 ? best : scored.slice(0, 1);
    // An endpoint's first line is its method and path: always worth quoting.
    if (
      passage.pageKind === 'endpoint' &&
      /^(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|TRACE|webhook) /.test(candidates[0]) &&
      !chosen.some((entry) => entry.position === 0)
    ) {
      chosen.unshift(scored[0]);
    }
    const text = chosen.map((entry) => entry.sentence.replace(/\s+/g, ' ')).join(' — ');
    lines.push(`**${passage.title}**: ${text} [${index + 1}]`);
    cited.push(index + 1);
  });
  lines.push(NO_MODEL_LINE);
  return { lines, cited };
}
