/**
 * The things a question names that the site never mentions: its words that no page holds (by
 * their search terms), that are no word of English (search/lexicon.ts) and no misspelling of a
 * word the site uses. "Is there a Terraform provider?" on a site without Terraform names
 * `terraform`; "users get kicked out after half a day" names nothing (the site's pages say it
 * otherwise). A question that names something missing is not answered by the closest passages: the
 * answer says so (issue 53: the "no page answers this directly" flag fired on 27 of 74 answerable
 * questions when it was decided by the share of the question's words the pages hold).
 *
 * English questions only: the lexicon is English. Words with a dot or `@` (a host name, a file, a
 * method: `docs.mycompany.com`, `auth.createPublicToken`) are the reader's own, not the site's
 * subject; so are numbers and words of fewer than three letters.
 */
import { distance } from 'fastest-levenshtein';
import type { Analyzer } from './language.js';
import { isEnglishWord } from './lexicon.js';
import type { SectionIndex } from './section-index.js';
import { fold, tokenize } from './tokenize.js';

/** A word as a question writes it: letters and digits, maybe joined by `-`, `.`, `'` or `@`. */
const WORD = /[\p{L}\p{N}]+(?:[-.'@][\p{L}\p{N}]+)*/gu;
/** Fewest letters a part needs to name something (`v2`, `ok`, `ui` do not). */
const MIN_LETTERS = 3;
/** Shortest word checked for a misspelling of the site's words (one edit). */
const MIN_MISSPELT = 5;

export function missingNames(text: string, index: Pick<SectionIndex, 'has' | 'words'>, analyzer: Analyzer): string[] {
  if (analyzer.language !== 'en') return [];
  const names: string[] = [];
  for (const match of text.matchAll(WORD)) {
    const word = fold(match[0]);
    if (/[.@]/.test(word) || analyzer.stopWords.has(word) || names.includes(word)) continue;
    const terms = tokenize(word, analyzer);
    if (terms.length > 0 && terms.every((term) => index.has(term))) continue;
    // A compound is missing when one of its parts is (`two-factor` is two English words; `bare-metal` too).
    if (word.split(/[-']/).some((part) => isMissing(part, index, analyzer))) names.push(word);
  }
  return names;
}

function isMissing(part: string, index: Pick<SectionIndex, 'has' | 'words'>, analyzer: Analyzer): boolean {
  if (analyzer.stopWords.has(part) || part.replace(/\p{N}/gu, '').length < MIN_LETTERS) return false;
  const terms = tokenize(part, analyzer);
  if (terms.length > 0 && terms.every((term) => index.has(term))) return false;
  if (isEnglishWord(part)) return false;
  return !misspelt(part, index);
}

/**
 * The site's words by first letter and length, made once per index (one pass over its words), so a
 * word checked compares with the few of its first letter and length ±1, not with every word of the site.
 */
const buckets = new WeakMap<object, Map<string, string[]>>();

function bucketsOf(index: Pick<SectionIndex, 'words'>): Map<string, string[]> {
  let known = buckets.get(index);
  if (!known) {
    known = new Map();
    for (const word of index.words()) {
      const key = `${word[0]}${word.length}`;
      const list = known.get(key);
      if (list) list.push(word);
      else known.set(key, [word]);
    }
    buckets.set(index, known);
  }
  return known;
}

/** Whether the word is one edit away from a word of the site (a typo of it, not a name). */
function misspelt(word: string, index: Pick<SectionIndex, 'words'>): boolean {
  if (word.length < MIN_MISSPELT) return false;
  const known = bucketsOf(index);
  for (let length = word.length - 1; length <= word.length + 1; length++) {
    for (const candidate of known.get(`${word[0]}${length}`) ?? []) if (distance(candidate, word) <= 1) return true;
  }
  return false;
}
