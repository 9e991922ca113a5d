/**
 * The answer without a model: from the best passages, the sentences that hold most of the
 * question's words (rare words count more: each word weighs its idf), each followed by its
 * passage's citation number. When no page holds enough of the question, it says so instead of
 * guessing. Deterministic.
 */
import type { Retrieval } from '../search.js';
import { tokenize } from '../search/tokenize.js';

export const NO_MODEL_LINE =
  'No language model is configured on this server (docsnav serve --model-base-url … --model …), so this answer quotes the most relevant passages of the documentation.';
export const NOT_FOUND_LINE = 'I could not find an answer to this in the documentation.';
/** The first line when the best pages do not clearly hold the question: what follows are the closest passages, not an answer. */
export const NOT_DIRECT_LINE = 'I could not find a page that answers this directly; these are the closest passages of the documentation:';

/**
 * Sentences of a passage body: lines (a line that does not end a sentence and is followed by one
 * starting in lower case is a wrapped line, joined to it), then `. ! ?` boundaries; trimmed and
 * not tiny.
 */
export function sentences(body: string): string[] {
  const lines: string[] = [];
  for (const line of body.split(/\n+/)) {
    const previous = lines.at(-1);
    if (previous !== undefined && !/[.!?:;]$/.test(previous) && /^\p{Ll}/u.test(line)) lines[lines.length - 1] = `${previous} ${line}`;
    else lines.push(line);
  }
  return lines
    .flatMap((line) => line.split(/(?<=[.!?])\s+(?=[\p{Lu}0-9`"'(])/u))
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length >= 3)
    .slice(0, 300);
}

interface Sentence {
  text: string;
  /** Its section, and its place there. */
  section: number;
  position: number;
  score: number;
}

/**
 * Sentences quoted from the start of the first source's best two sections (a section's lead
 * says what it is for; measured: the asked fact is in the best section about half the time).
 */
const LEAD = [5, 2];
const LEAD_SECTIONS = LEAD.length;
/**
 * Windows quoted beyond the leads: from the first source this many, from each later one, one.
 * A window is the sentence that matches the question best, the one before it and the next
 * (answers often follow, or set up, the sentence that restates the question).
 */
const FIRST_WINDOWS = 2;
const BEFORE = 1;
const WINDOW_SENTENCES = 3;
/** A question asking for a quantity, a limit, a date or a version: sentences with figures count more. */
const NUMBER_QUESTION =
  /\b(how (many|much|long|often|big|large|fast)|max(imum)?|min(imum)?|limits?|size|when|what version|which version|cost|price|timeout|default)\b/i;
const NUMBER_BOOST = 1.6;
/** Sources quoted from (the rest are still listed as sources). */
const QUOTED = 3;

/** Lines of the answer, in order; `[n]` cites passages[n - 1]. */
export function extractiveAnswer(retrieval: Pick<Retrieval, 'passages' | 'terms' | 'analyzer' | 'idf' | 'answerable' | 'sectionsOf' | 'question'>): {
  lines: string[];
  cited: number[];
} {
  const { passages } = retrieval;
  const lines: string[] = [];
  const cited: number[] = [];
  if (passages.length === 0) return { lines: [NOT_FOUND_LINE, NO_MODEL_LINE], cited };
  if (!retrieval.answerable) lines.push(`${NOT_DIRECT_LINE}`);
  const weight = new Map(retrieval.terms.map((term) => [term.term, term.weight * retrieval.idf(term.term)]));
  const scoreOf = (text: string) => {
    const words = tokenize(text, retrieval.analyzer);
    let score = 0;
    for (const word of new Set(words)) score += weight.get(word) ?? 0;
    return { score, length: words.length };
  };
  const wantsNumber = NUMBER_QUESTION.test(retrieval.question);
  passages.slice(0, QUOTED).forEach((passage, index) => {
    // The first source's page is quoted from its best sections: the lead of the best, then the
    // sentences that match best anywhere on it; a later source's, from its best section.
    const all = index === 0 ? retrieval.sectionsOf(passage.pagePath) : [];
    const sections = (all.length > 0 ? all : [{ heading: passage.heading, body: passage.body }]).map((section, order) => {
      const { score, length } = scoreOf(`${section.heading ?? ''} ${section.heading ?? ''} ${section.body}`);
      return { section, order, score: score / Math.sqrt(1 + length / 100) };
    });
    // The section retrieval chose leads; then the best of the others by the question's words.
    const chosenSection = sections.find(({ section }) => section.heading === passage.heading && section.body === passage.body);
    const leads = [...sections]
      .sort((a, b) => Number(b === chosenSection) - Number(a === chosenSection) || b.score - a.score || a.order - b.order)
      .slice(0, LEAD_SECTIONS);
    const candidates: Sentence[] = [];
    for (const { section, order } of sections) {
      sentences(section.body).forEach((text, position) => {
        const { score, length } = scoreOf(text);
        const numeric = wantsNumber && /\d/.test(text) ? NUMBER_BOOST : 1;
        candidates.push({ text, section: order, position, score: (numeric * score) / Math.sqrt(1 + length / 20) });
      });
    }
    if (candidates.length === 0) candidates.push({ text: passage.pageDescription || passage.title, section: 0, position: 0, score: 0 });
    const chosen = new Set<Sentence>();
    if (index === 0)
      leads.forEach((lead, rank) => {
        for (const sentence of candidates) if (sentence.section === lead.order && sentence.position < LEAD[rank]) chosen.add(sentence);
      });
    const ranked = [...candidates].sort((a, b) => b.score - a.score || a.section - b.section || a.position - b.position);
    let windows = 0;
    for (const start of ranked) {
      if (windows >= (index === 0 ? FIRST_WINDOWS : 1) || (start.score <= 0 && chosen.size > 0)) break;
      if (chosen.has(start)) continue;
      windows++;
      // A sentence and the one after it: answers often follow the sentence that matches the question.
      const at = candidates.indexOf(start);
      for (const sentence of candidates.slice(Math.max(0, at - BEFORE), at + WINDOW_SENTENCES)) if (sentence.section === start.section) chosen.add(sentence);
    }
    // An endpoint's first line is its method and path: always worth quoting.
    const first = candidates[0];
    if (passage.pageKind === 'endpoint' && /^(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|TRACE|webhook) /.test(first.text)) chosen.add(first);
    const ordered = candidates.filter((sentence) => chosen.has(sentence));
    const text = ordered
      .map((sentence, i) => {
        const previous = ordered[i - 1];
        const joiner = i === 0 ? '' : previous.section === sentence.section && previous.position + 1 === sentence.position ? ' ' : ' … ';
        return `${joiner}${sentence.text.replace(/\s+/g, ' ')}`;
      })
      .join('');
    lines.push(`**${index === 0 ? passage.pageTitle : passage.title}**: ${text} [${index + 1}]`);
    cited.push(index + 1);
  });
  lines.push(NO_MODEL_LINE);
  return { lines, cited };
}
