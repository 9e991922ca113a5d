/**
 * Words of a language: its stemmer and its stop words. English uses the Porter2 stemmer
 * (`deploy`, `deploying` and `deployments` share a stem, which Porter1 misses); other
 * languages the Snowball stemmers and stop-word lists of @orama. A language we have neither
 * for (Chinese, Japanese, Korean, …) keeps its words as they are; CJK text is cut into
 * character pairs by the tokenizer instead.
 */
import { createRequire } from 'node:module';

export interface Analyzer {
  /** The language code this analyzer was made for (`en`, `es`, …). */
  language: string;
  stem: (word: string) => string;
  stopWords: ReadonlySet<string>;
}

/** docs.json language codes (and a few aliases) to @orama module names. */
const ORAMA: Record<string, string> = {
  ar: 'arabic',
  bg: 'bulgarian',
  da: 'danish',
  de: 'german',
  el: 'greek',
  es: 'spanish',
  fi: 'finnish',
  fr: 'french',
  ga: 'irish',
  hi: 'indian',
  hu: 'hungarian',
  id: 'indonesian',
  it: 'italian',
  lt: 'lithuanian',
  ne: 'nepali',
  nl: 'dutch',
  no: 'norwegian',
  nb: 'norwegian',
  pt: 'portuguese',
  ro: 'romanian',
  ru: 'russian',
  sr: 'serbian',
  sv: 'swedish',
  ta: 'tamil',
  tr: 'turkish',
  uk: 'ukrainian',
  ua: 'ukrainian',
};
/** Stop-word lists that exist without a stemmer. */
const STOP_ONLY: Record<string, string> = { zh: 'mandarin', cn: 'mandarin', ja: 'japanese', jp: 'japanese', sl: 'slovenian' };

const require = createRequire(import.meta.url);
const cache = new Map<string, Analyzer>();

/** The base code of a docs.json language: `pt-BR` → `pt`, `zh-Hans` → `zh`. */
export function baseLanguage(code: string | undefined): string {
  return (code ?? 'en').toLowerCase().split(/[-_]/)[0] || 'en';
}

/** The analyzer of a language code; English when the code is unknown. Loaded once per language. */
export function analyzerFor(code: string | undefined): Analyzer {
  const language = baseLanguage(code);
  const known = cache.get(language);
  if (known) return known;
  let analyzer: Analyzer;
  if (language === 'en') {
    const stem = require('wink-porter2-stemmer') as (word: string) => string;
    analyzer = { language, stem, stopWords: stopWordsOf('english') };
  } else if (ORAMA[language]) {
    const { stemmer } = require(`@orama/stemmers/${ORAMA[language]}`) as { stemmer: (word: string) => string };
    analyzer = { language, stem: stemmer, stopWords: stopWordsOf(ORAMA[language]) };
  } else {
    analyzer = { language, stem: (word) => word, stopWords: STOP_ONLY[language] ? stopWordsOf(STOP_ONLY[language]) : new Set() };
  }
  cache.set(language, analyzer);
  return analyzer;
}

function stopWordsOf(name: string): Set<string> {
  try {
    const { stopwords } = require(`@orama/stopwords/${name}`) as { stopwords: string[] };
    return new Set(stopwords.map((word) => word.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '')));
  } catch {
    return new Set();
  }
}

/** Languages whose stop words tell a question's language (with the site's own languages). */
export function detectLanguage(text: string, candidates: readonly string[]): string | undefined {
  const languages = [...new Set(candidates.map(baseLanguage))];
  if (languages.length < 2) return languages[0];
  if (/[\u3040-\u30ff]/.test(text) && languages.includes('ja')) return 'ja';
  if (/[\uac00-\ud7af]/.test(text) && languages.includes('ko')) return 'ko';
  if (/[\u4e00-\u9fff]/.test(text))
    return languages.find((language) => language === 'zh' || language === 'cn') ?? languages.find((language) => language === 'ja');
  const words = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .match(/\p{L}+/gu);
  if (!words) return undefined;
  let best: string | undefined;
  let bestScore = 0;
  for (const language of languages) {
    const stop = analyzerFor(language).stopWords;
    if (stop.size === 0) continue;
    const score = words.filter((word) => stop.has(word)).length;
    if (score > bestScore || (score === bestScore && score > 0 && language === 'en')) {
      best = language;
      bestScore = score;
    }
  }
  return best;
}
