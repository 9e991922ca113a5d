/**
 * A conversation to weighted search terms. The last user message counts fully; earlier user
 * messages of the thread count less, and more when the last one reads as a follow-up ("and on
 * Windows?", "how do I undo that?"). Words the site does not use are widened: a misspelling to
 * the site's nearest word, a word to the site's words of the same root that the stemmer keeps
 * apart (`paging` and `pagination`), and a word to the site's words of the same meaning (a small
 * general thesaurus of documentation wording, kept only where the site uses the other word).
 */
import { distance } from 'fastest-levenshtein';
import { analyzerFor, type Analyzer } from './language.js';
import { PAIR } from './index-fields.js';
import type { SearchTerm } from './rank.js';
import type { SectionIndex } from './section-index.js';
import { fold, tokenize } from './tokenize.js';

export interface ChatMessage {
  role?: unknown;
  content?: unknown;
  parts?: unknown;
}

/** The text of a client message: `content`, or its text parts (v4 and v5 clients). */
export function messageText(message: ChatMessage): string {
  if (typeof message.content === 'string' && message.content.trim()) return message.content;
  if (Array.isArray(message.parts)) {
    return message.parts
      .map((part) =>
        part && typeof part === 'object' && (part as { type?: unknown }).type === 'text' && typeof (part as { text?: unknown }).text === 'string'
          ? (part as { text: string }).text
          : '',
      )
      .filter(Boolean)
      .join('\n');
  }
  return '';
}

/** The URLs an assistant message cited: v4 `source` parts, v5 `source-url` parts. */
function citedUrls(message: ChatMessage): string[] {
  if (!Array.isArray(message.parts)) return [];
  const urls: string[] = [];
  for (const part of message.parts as Array<Record<string, unknown> | null>) {
    if (!part || typeof part !== 'object') continue;
    const source = part.type === 'source' ? (part.source as Record<string, unknown> | undefined) : part.type === 'source-url' ? part : undefined;
    if (source && typeof source.url === 'string') urls.push(source.url);
  }
  return urls;
}

/** Longest text of one message searched (characters). */
const MAX_MESSAGE_CHARS = 2000;
const FOLLOW_UP_START =
  /^\s*(and|but|also|what about|how about|what if|and if|then|so|or|ok|okay|same|now|instead|why|which one|is that|does that|can i do that|how do i do that)\b/i;
const REFERS_BACK = /\b(it|that|this one|those|these|them|they|there|its|same|instead|one)\b/i;
/** A last message with at most this many search terms is read as a follow-up. */
const SHORT = 3;

export interface Question {
  /** The last user message. */
  text: string;
  /** Earlier user messages, newest first. */
  earlier: string[];
  /** Pages the previous answer cited (URLs). */
  cited: string[];
  followUp: boolean;
}

export function questionOf(messages: readonly ChatMessage[]): Question {
  const users = messages.filter((message) => message.role === 'user').map((message) => messageText(message).slice(0, MAX_MESSAGE_CHARS));
  const text = users.at(-1) ?? '';
  const earlier = users.slice(0, -1).reverse().slice(0, 3);
  const lastAnswer = [...messages].reverse().find((message) => message.role === 'assistant');
  const cited = lastAnswer ? citedUrls(lastAnswer) : [];
  const terms = tokenize(text, analyzerFor('en'));
  const followUp = earlier.length > 0 && (terms.length <= SHORT || FOLLOW_UP_START.test(text) || REFERS_BACK.test(text));
  return { text, earlier, cited, followUp };
}

/** Weights of earlier messages, newest first: a follow-up leans on them more. */
const EARLIER_WEIGHTS = { followUp: [0.6, 0.3, 0.15], other: [0.2, 0.1, 0.05] };
const SPELLING_WEIGHT = 0.7;
/** Neighbouring words of the question, as a pair (see withPairs). */
const PAIR_WEIGHT = 0.3;
const SYNONYM_WEIGHT = 0.5;
/** A word of the site of the same root as the question's (see relatives). */
const RELATIVE_WEIGHT = 0.6;

export function searchTerms(index: SectionIndex, question: Question, analyzer: Analyzer): SearchTerm[] {
  const weights = new Map<string, number>();
  const add = (term: string, weight: number) => weights.set(term, Math.max(weights.get(term) ?? 0, weight));
  // The thread's words as written (and their pairs): every other term is an expansion.
  const written = new Set<string>();
  const addWritten = (term: string, weight: number) => {
    written.add(term);
    add(term, weight);
  };
  let own = tokenize(question.text, analyzer);
  // A question of stop words only ("what is this?") still searches its words.
  if (own.length === 0) own = tokenize(question.text, { ...analyzer, stopWords: new Set() });
  for (const term of own) addWritten(term, 1);
  for (let i = 0; i + 1 < own.length; i++) addWritten(`${own[i]}${PAIR}${own[i + 1]}`, PAIR_WEIGHT);
  const earlierWeights = question.followUp ? EARLIER_WEIGHTS.followUp : EARLIER_WEIGHTS.other;
  question.earlier.forEach((text, age) => {
    for (const term of tokenize(text, analyzer)) addWritten(term, earlierWeights[age] ?? 0);
  });
  for (const [term, weight] of [...weights]) {
    if (index.has(term)) {
      for (const other of synonymsOf(term, analyzer)) if (index.has(other)) add(other, weight * SYNONYM_WEIGHT);
    } else {
      const near = nearestTerm(index, term);
      if (near) add(near, weight * SPELLING_WEIGHT);
      for (const other of synonymsOf(term, analyzer)) if (index.has(other)) add(other, weight * SYNONYM_WEIGHT);
    }
  }
  for (const term of relatives(index, question.text, analyzer)) if (!weights.has(term)) add(term, RELATIVE_WEIGHT);
  return [...weights].map(([term, weight]) => (written.has(term) ? { term, weight } : { term, weight, expansion: true }));
}

/** Shortest root a relative may have (shorter prefixes are other words: `page` of `pager`). */
const MIN_RELATIVE = 5;
/**
 * Least share of the question's word a relative keeps: a suffix of derivation (`-ing`, `-ation`,
 * `-ed`), not a shorter word the long one begins with (`relat` of `relationship`).
 */
const RELATIVE_SHARE = 0.6;

/**
 * The site's words of the same root as the question's words, where the stemmer does not join
 * them: a term of the site that begins a question's word (or its stem) and keeps most of it.
 * `paging` finds `pagin` (the stem of `pagination`, which Porter2 keeps apart from `page`),
 * `notified` finds `notif` (of `notifications`), `Germany` finds `german`.
 */
export function relatives(index: Pick<SectionIndex, 'has'>, text: string, analyzer: Analyzer): Set<string> {
  const found = new Set<string>();
  for (const match of text.matchAll(/\p{L}+/gu)) {
    const word = fold(match[0]);
    if (word.length <= MIN_RELATIVE || analyzer.stopWords.has(word)) continue;
    const stem = analyzer.stem(word);
    for (const base of new Set([word, stem])) {
      for (let length = Math.max(MIN_RELATIVE, Math.ceil(RELATIVE_SHARE * word.length)); length < base.length; length++) {
        const prefix = base.slice(0, length);
        if (prefix !== stem && index.has(prefix)) found.add(prefix);
      }
    }
  }
  return found;
}

/** The site's word one edit away (two for long words), most common first; only for words of 5+ letters. */
function nearestTerm(index: SectionIndex, term: string): string | undefined {
  if (term.length < 5 || !/^\p{L}+$/u.test(term)) return undefined;
  const most = term.length >= 8 ? 2 : 1;
  let best: string | undefined;
  let bestDistance = most + 1;
  let bestIdf = Infinity;
  for (const candidate of index.words()) {
    if (Math.abs(candidate.length - term.length) > most || candidate[0] !== term[0]) continue;
    const d = distance(term, candidate);
    if (d > most) continue;
    const idf = index.idf(candidate);
    if (d < bestDistance || (d === bestDistance && idf < bestIdf)) {
      best = candidate;
      bestDistance = d;
      bestIdf = idf;
    }
  }
  return best;
}

/**
 * Words of the same meaning in documentation, general to any product (not any one site's):
 * a question's word finds the site's word. English only.
 */
const THESAURUS = [
  'delete remove erase destroy',
  'create add make new',
  'cost price pricing billing charge fee pay payment',
  'login signin sign-in authenticate authentication auth',
  'error failure fail broken problem issue',
  'install setup configure',
  'custom own personal',
  'url link address',
  'limit quota maximum max cap',
  'biggest largest maximum max',
  'smallest minimum min',
  'how long duration',
  'expire expiration ttl',
  'slow latency performance speed',
  'hide hidden private',
  'change update modify edit',
  'rename move',
  'start launch begin',
  'stop terminate shutdown kill halt',
  'disk storage volume',
  'permission access role',
  'secret credential token key',
  'repository repo',
  'environment env',
  'search find lookup',
  'translation localization language i18n',
  'analytics metrics statistics stats tracking',
  'webhook callback',
  'rollback revert undo',
  'redirect forward',
  'image picture photo',
  'site website',
  'upgrade migrate migration',
  'schedule cron',
  'log logs logging',
  'email mail',
  'team organization org workspace',
  'user member seat',
  'cancel unsubscribe',
  'docs documentation',
  'example sample',
  'endpoint route',
  'parameter param argument',
  'dark theme',
  'color colour',
  'timeout deadline',
  'concurrency parallel simultaneous',
  'gpu graphics',
].map((line) => line.split(' '));

const synonymCache = new Map<string, Map<string, string[]>>();

function synonymsOf(term: string, analyzer: Analyzer): string[] {
  if (analyzer.language !== 'en') return [];
  let table = synonymCache.get(analyzer.language);
  if (!table) synonymCache.set(analyzer.language, (table = thesaurusTable(analyzer)));
  return table.get(term) ?? [];
}

/** The thesaurus as the analyzer's terms: each term to the other terms of its lines (made once per language by `synonymsOf`). */
export function thesaurusTable(analyzer: Analyzer): Map<string, string[]> {
  const table = new Map<string, string[]>();
  for (const words of THESAURUS) {
    // Stop words dropped: `sign-in` gives `signin` and `sign`, not `in` (which a site may hold as the stem of `sign-ins`, a rare term).
    const stems = [...new Set(words.flatMap((word) => tokenize(word, analyzer)))];
    for (const stem of stems) table.set(stem, [...new Set([...(table.get(stem) ?? []), ...stems.filter((other) => other !== stem)])]);
  }
  return table;
}
