/**
 * Text to search terms. Words are lower-cased, stripped of accents, stop words dropped and
 * stemmed by the analyzer of their language. Identifiers are matched both whole and by their
 * parts: `x-api-key` gives `x`, `api`, `key` and `xapikey`; `/runsync` gives `runsync`;
 * `snake_case` and `camelCase` split likewise. Chinese, Japanese and Korean runs, written without
 * spaces, become overlapping character pairs (the usual way to index them without a dictionary).
 */
import type { Analyzer } from './language.js';

/** Longest term kept (characters); longer runs are hashes, keys or base64, not words. */
const MAX_TERM = 40;
const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/u;
/** A run of letters, digits and the joiners of identifiers (`_ - . /`), or a CJK run. */
const CHUNK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+|[\p{L}\p{N}]+(?:[_\-./:@][\p{L}\p{N}]+)*/gu;

export function fold(text: string): string {
  return ASCII.test(text) ? text.toLowerCase() : text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}
const ASCII = /^[\x00-\x7f]*$/;

/** Splits an identifier chunk into its words: `getUserById` → get, User, By, Id; `x-api-key` → x, api, key. */
function parts(chunk: string): string[] {
  return chunk
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * The terms of `text`, in order (a term may repeat). `keepStopWords` keeps them (a question that
 * is only stop words still finds something by its parts of identifiers).
 */
export function tokenize(text: string, analyzer: Analyzer, into: string[] = []): string[] {
  for (const match of text.matchAll(CHUNK)) {
    const chunk = match[0];
    // Most chunks are one plain word, lower-case or capitalised.
    if (SIMPLE.test(chunk)) {
      const word = chunk.toLowerCase();
      if (word.length > 1 && word.length <= MAX_TERM && !analyzer.stopWords.has(word)) into.push(stemmed(word, analyzer));
      continue;
    }
    if (CJK.test(chunk[0])) {
      if (chunk.length === 1) into.push(chunk);
      for (let i = 0; i + 1 < chunk.length; i++) into.push(chunk.slice(i, i + 2));
      continue;
    }
    const words = parts(chunk);
    const folded = words.map(fold);
    if (folded.length > 1) {
      const whole = folded.join('');
      if (whole.length <= MAX_TERM) into.push(whole);
    }
    for (const word of folded) {
      if (word.length > MAX_TERM || analyzer.stopWords.has(word)) continue;
      // Single letters and digits are kept only inside identifiers (`x` of `x-api-key`).
      if (word.length === 1 && folded.length === 1) continue;
      into.push(/^\p{N}/u.test(word) ? word : stemmed(word, analyzer));
    }
  }
  return into;
}

const SIMPLE = /^[A-Z]?[a-z]+$/;
/** Stems already computed, per analyzer (a site's vocabulary is far smaller than its text). */
const stems = new WeakMap<Analyzer, Map<string, string>>();
const MAX_CACHED_STEMS = 500_000;

function stemmed(word: string, analyzer: Analyzer): string {
  let cache = stems.get(analyzer);
  if (!cache) stems.set(analyzer, (cache = new Map<string, string>()));
  let stem = cache.get(word);
  if (stem === undefined) {
    stem = analyzer.stem(word);
    if (cache.size >= MAX_CACHED_STEMS) cache.clear();
    cache.set(word, stem);
  }
  return stem;
}
