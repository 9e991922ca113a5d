/**
 * The answer without a model: from the best passages, the units of text that hold most of the
 * question's key words (rare words count more: each word weighs its idf in the deployment), with
 * the units around them, each line followed by its passage's citation number; every source is quoted, from any section of its
 * page. A unit is a sentence of prose, or a whole line of code, a table row or a definition
 * (`name: what it is`): the line that holds the fact is quoted as it is, not the prose around it.
 * When none of the best pages holds enough of the question's key words, the answer says so first
 * instead of passing the passages off as an answer. Deterministic.
 */
import type { Retrieval } from '../search/retrieve.js';
import { tokenize } from '../search/tokenize.js';

export const NO_MODEL_LINE =
  'No language model is configured on this server (docsnav serve --model-base-url … --model …), so this answer quotes the most relevant passages of the documentation.';
export const NOT_FOUND_LINE = 'I could not find an answer to this in the documentation.';
/** The first line when the best pages do not clearly hold the question: what follows are the closest passages, not an answer. */
export const NOT_DIRECT_LINE = 'I could not find a page that answers this directly; these are the closest passages of the documentation:';

/** Said after NOT_DIRECT_LINE when the question names things no page of the site mentions (search/missing-names.ts). */
export function missingLine(names: readonly string[]): string {
  return `The documentation does not mention ${names.map((name) => `“${name}”`).join(', ')}.`;
}

/** Separates the two words of a pair term (as the section index writes them). */
const PAIR = '\u0001';

/**
 * A line that is code, a table row (its cells kept apart by ` | `) or a command rather than
 * running prose: quoted whole, never split at `. ` (`client.keys.create(…)`) nor joined with its
 * neighbours. Marks: code punctuation, an assignment or call, a `name: value` start, a shell
 * command, a line ending as code lines do.
 */
const CODE_LINE =
  /[{};=<>|\\]|^\s*(?:[-"'$#/@]|\w+\(|[\w.-]+\s*:\s*\S|(?:curl|npm|npx|pnpm|yarn|pip|uv|bun|brew|docker|git|go|cargo|python3?|node|mint|export|import|const|let|var|def|from|async|await|return|class|if|for)\s)|[,([]\s*$/;
/**
 * A definition: a name in lower case (a parameter, a field, a key), maybe its type in
 * parentheses, then what it is (`pageSize Number of results to return. Must be between 1 and
 * 50.`), or with a colon after its qualifier (`agent-2x (default): 1 vCPU and 2 GB. Best for
 * voice.`): quoted whole, the limit with its name. A line that continues an unfinished sentence is
 * read as wrapped prose first.
 */
const DEFINITION = /^["'`]?[\p{Ll}_$][\w.$/[\]-]*["'`]?(?:(?:\s+\([^)]*\))?\s+["'`(]?\p{Lu}|\s+\([^)]*\)\s*:\s+\S)/u;
/** A sentence end inside a prose line: `. ! ?` before a capital, a digit or a quote. */
const SENTENCE_END = /(?<=[.!?])\s+(?=[\p{Lu}0-9`"'(])/u;
/** Most units kept per section body. */
const MAX_UNITS = 300;

/**
 * The quotable units of a passage body, in order: each line (a prose line that does not end a
 * sentence, followed by a prose line starting in lower case, is a wrapped line, joined to it);
 * prose lines split further at sentence ends; code lines, table rows and definitions whole.
 * Trimmed and not tiny.
 */
export function sentences(body: string): string[] {
  const lines: { text: string; code: boolean }[] = [];
  for (const raw of body.split(/\n+/)) {
    const text = raw.trim();
    if (!text) continue;
    const code = CODE_LINE.test(text);
    const previous = lines.at(-1);
    if (previous && !previous.code && !code && !/[.!?:;]$/.test(previous.text) && /^\p{Ll}/u.test(text)) previous.text = `${previous.text} ${text}`;
    else lines.push({ text, code: code || DEFINITION.test(text) });
  }
  return lines
    .flatMap((line) => (line.code ? [line.text] : line.text.split(SENTENCE_END)))
    .map((unit) => unit.trim())
    .filter((unit) => unit.length >= 3)
    .slice(0, MAX_UNITS);
}

interface Unit {
  text: string;
  /** Its section, and its place there. */
  section: number;
  position: number;
  score: number;
}

/**
 * From the first source: the first units of the section retrieval chose (a section's lead says
 * what it is for, and is often the answer itself) and of the page's opening (what the page is
 * for: "you can…", "it is not available in…"), then the best units of its page, each with the
 * unit before it (the rule a matching detail elaborates: "This endpoint only supports X. Other
 * requests return a 400.") and the unit after it (the steps after "To do X:", the limit after a
 * parameter's line). From the second and third sources, the two best units of their pages (any
 * section: retrieval's best section of a later page often lacks the line that answers), from the
 * fourth and fifth the best one (they rarely hold the answer), each with the units around it.
 * Measured on the corpus sites' questions (fact in answer 79 → 86 of 123, median answer 418 →
 * 459 words); the fetched sites' were not tuned on.
 */
const LEAD_UNITS = 2;
const OPENING_UNITS = 2;
const FIRST_UNITS = 7;
const LATER_UNITS = 2;
const LAST_UNITS = 1;
/**
 * The first units of each later source's page (issue 53). Chosen on hanko and checkly's reader-worded
 * questions (fact in the answer 24 -> 27 of 81); not tuned on: lancedb and porter 34 -> 37 of 72, the
 * fetched sites 105 -> 108 of 175, the corpus sites unchanged (88 of 123).
 */
const LATER_OPENING_UNITS = 2;
/** Sources from this one (0-based) on are quoted LAST_UNITS windows. */
const LAST_FROM = 3;
const BEFORE = 1;
const AFTER = 1;
/** Units more a window takes while its last one ends with a colon (it introduces what follows). */
const INTRODUCED = 2;
/** Sources quoted from (the rest are still listed as sources): all five an answer cites by default. */
const QUOTED = 5;
/** A unit's score is its key words' weight over this root of its length: a short line holding them beats a paragraph that also does. */
const LENGTH_SCALE = 20;
/** How much the words of a unit's section heading count for it (the heading says what its lines are about). */
const HEADING_SHARE = 0.5;
/**
 * A unit in the page's section most about the question counts up to 1 + this many times as much
 * (relative to it, the others less): an answer's line rarely repeats the question's words, its
 * section does. Sections are scored as retrieval does, their length over a wider scale.
 */
const SECTION_SHARE = 2;
const SECTION_LENGTH_SCALE = 100;
/** A question asking for a quantity, a limit, a date or a version: units with figures count more. */
const NUMBER_QUESTION =
  /\b(how (many|much|long|often|big|large|fast)|max(imum)?|min(imum)?|limits?|size|when|what version|which version|cost|price|timeout|default|code|port|status)\b/i;
const NUMBER_BOOST = 1.6;
/** A question asking how to do something: units that say what to do (a step, a command, a setting) count more. */
const HOW_QUESTION = /\b(how (do|can|should|would|to)|how\b.*\?|way to|can (i|we)|is there a way|what do (i|we) (have|need) to|where do (i|we))\b/i;
const STEP_BOOST = 2;
/** A unit that starts with what to do. */
const STEP =
  /^(?:add|set|create|click|use|run|enable|disable|toggle|navigate|go|open|select|choose|configure|install|reference|call|send|pass|include|define|specify|replace|update|change|copy|paste|upload|connect|deploy|push|commit|remove|delete|rename|make|start|restart|check|ensure|verify|log|sign|type|enter|press|edit|move|import|export|point|drag|put|turn|keep|list|request|wrap|return|register|generate|provide|mark|assign|grant|invite|contact|ask|visit|find|fetch)\b/i;

/**
 * Below this share of the question's key words (by idf) on each of the best pages (anywhere on
 * it: headings and lines), the question is flagged as not answered directly: the pages hold almost
 * none of it. A question is flagged too when it names something the site never mentions
 * (`Retrieval.missing`: "a Terraform provider for keys?" asked of a site without Terraform).
 * Until issue 53 the share alone decided, at 0.6: readers word their questions in words the pages
 * do not use, and on four sites fetched for it (hanko, checkly, lancedb, porter; 153 answerable
 * questions) it flagged 49 of the 90 answers whose page was among the sources. Set on two of them
 * (hanko, checkly), where the names and 0.25 flag 5 of 9 unanswerable questions and 1 of 42 right
 * answers (0.3: 5 of 9 and 2 of 42; 0.6 without the names: 9 of 9 and 25 of 42).
 */
const PAGE_COVERAGE = 0.25;
/** The best pages that decide it (as retrieval's check of the most specific word does). */
const DECIDING_PAGES = 3;

/** Lines of the answer, in order; `[n]` cites passages[n - 1]. */
export function extractiveAnswer(
  retrieval: Pick<Retrieval, 'passages' | 'terms' | 'analyzer' | 'idf' | 'answerable' | 'sectionsOf' | 'question' | 'missing'>,
): {
  lines: string[];
  cited: number[];
} {
  const { passages } = retrieval;
  const cited: number[] = [];
  if (passages.length === 0) return { lines: [NOT_FOUND_LINE, NO_MODEL_LINE], cited };
  const weight = new Map(retrieval.terms.map((term) => [term.term, term.weight * retrieval.idf(term.term)]));
  // The key words: the question's own (weight 1), each by its idf; what coverage is measured on.
  const keyWeight = new Map(
    retrieval.terms.filter((term) => term.weight >= 1 && !term.term.includes(PAIR)).map((term) => [term.term, retrieval.idf(term.term)]),
  );
  const keyTotal = [...keyWeight.values()].reduce((sum, value) => sum + value, 0);
  // The question's pairs of neighbouring words, by their first word: a text's pairs are matched without building each one.
  const pairs = new Map<string, Set<string>>();
  for (const { term } of retrieval.terms) {
    const at = term.indexOf(PAIR);
    if (at <= 0) continue;
    const first = term.slice(0, at);
    if (!pairs.has(first)) pairs.set(first, new Set());
    pairs.get(first)?.add(term.slice(at + 1));
  }
  /** The question's terms a text holds (its words, and pairs of them side by side), and its length in words. */
  const termsOf = (text: string) => {
    const words = tokenize(text, retrieval.analyzer);
    const found = new Set<string>();
    for (let i = 0; i < words.length; i++) {
      if (weight.has(words[i])) found.add(words[i]);
      if (i + 1 < words.length && pairs.get(words[i])?.has(words[i + 1])) found.add(`${words[i]}${PAIR}${words[i + 1]}`);
    }
    return { found, length: words.length };
  };
  const scoreOf = (found: Set<string>) => {
    let score = 0;
    for (const word of found) score += weight.get(word) ?? 0;
    return score;
  };
  const keysOf = (found: Set<string>) => {
    let covered = 0;
    for (const [word, value] of keyWeight) if (found.has(word)) covered += value;
    return keyTotal > 0 ? covered / keyTotal : 1;
  };
  const wantsNumber = NUMBER_QUESTION.test(retrieval.question);
  const wantsStep = HOW_QUESTION.test(retrieval.question);
  let pageCoverage = 0;
  const quoted = passages.slice(0, QUOTED).map((passage, index) => {
    // Each source's page is quoted from any of its sections: retrieval's best section of a later source often lacks the line that answers.
    const all = retrieval.sectionsOf(passage.pagePath);
    const sections = all.length > 0 ? all : [{ heading: passage.heading, body: passage.body }];
    const read = sections.map((section) => {
      const heading = termsOf(section.heading ?? '');
      const units = sentences(section.body).map((text) => ({ text, ...termsOf(text) }));
      // How much the section, heading (twice) and body, is about the question: its units count more.
      const all = new Set(heading.found);
      let length = 2 * heading.length;
      for (const unit of units) {
        for (const term of unit.found) all.add(term);
        length += unit.length;
      }
      return { heading: heading.found, units, relevance: scoreOf(all) / Math.sqrt(1 + length / SECTION_LENGTH_SCALE) };
    });
    const mostRelevant = Math.max(...read.map((section) => section.relevance));
    if (index < DECIDING_PAGES) {
      // How much of the question the page holds anywhere (its title, headings and lines).
      const held = new Set<string>(termsOf(passage.pageTitle).found);
      for (const section of read) {
        for (const term of section.heading) held.add(term);
        for (const unit of section.units) for (const term of unit.found) held.add(term);
      }
      pageCoverage = Math.max(pageCoverage, keysOf(held));
    }
    const candidates: Unit[] = [];
    read.forEach(({ heading, units, relevance }, order) => {
      const headingScore = HEADING_SHARE * scoreOf(heading);
      const sectionBoost = 1 + (mostRelevant > 0 ? (SECTION_SHARE * relevance) / mostRelevant : 0);
      units.forEach(({ text, found, length }, position) => {
        const boost = (wantsNumber && /\d/.test(text) ? NUMBER_BOOST : 1) * (wantsStep && (STEP.test(text) || CODE_LINE.test(text)) ? STEP_BOOST : 1);
        // A unit holding none of the question's words is never chosen for its heading alone.
        const own = scoreOf(found);
        const score = own > 0 ? (sectionBoost * boost * (own + headingScore)) / Math.sqrt(1 + length / LENGTH_SCALE) : 0;
        candidates.push({ text, section: order, position, score });
      });
    });
    if (candidates.length === 0) candidates.push({ text: passage.pageDescription || passage.title, section: 0, position: 0, score: 0 });
    const chosen = new Set<Unit>();
    // A line the page repeats is quoted once, whichever window reaches it.
    const chosenTexts = new Set<string>();
    const choose = (unit: Unit) => {
      if (chosenTexts.has(unit.text)) return;
      chosen.add(unit);
      chosenTexts.add(unit.text);
    };
    if (index === 0) {
      // The section retrieval chose: its first units say what it is for (often the answer itself).
      const lead = Math.max(
        0,
        sections.findIndex((section) => section.heading === passage.heading && section.body === passage.body),
      );
      for (const unit of candidates) if (unit.section === lead && unit.position < LEAD_UNITS) choose(unit);
      // And the page's opening: what the page is for, often the answer to "can I…" and "is there…".
      for (const unit of candidates) if (unit.section === 0 && unit.position < OPENING_UNITS) choose(unit);
    } else {
      // A later page's opening too: the line that answers a reader's question often says what the
      // page is for, in none of the reader's words ("can alert you up to 30 days before your
      // certificate expires" for "a heads-up before our HTTPS cert runs out?").
      for (const unit of candidates) if (unit.section === 0 && unit.position < LATER_OPENING_UNITS) choose(unit);
    }
    const ranked = [...candidates].sort((a, b) => b.score - a.score || a.section - b.section || a.position - b.position);
    let windows = 0;
    for (const unit of ranked) {
      if (windows >= (index === 0 ? FIRST_UNITS : index >= LAST_FROM ? LAST_UNITS : LATER_UNITS) || (unit.score <= 0 && chosen.size > 0)) break;
      if (chosenTexts.has(unit.text)) continue;
      windows++;
      // The unit before it often states the rule it details, the units after it often answer (the steps after "To do X:", the limit after a parameter's line).
      const at = candidates.indexOf(unit);
      let end = at + 1 + AFTER;
      // A unit ending in a colon introduces the next one (the command after "run:", the value after "set it to:").
      while (end < candidates.length && end - at <= AFTER + INTRODUCED && /:$/.test(candidates[end - 1].text)) end++;
      for (const near of candidates.slice(Math.max(0, at - BEFORE), end)) if (near.section === unit.section) choose(near);
    }
    // An endpoint's first line is its method and path: always worth quoting.
    const first = candidates[0];
    if (passage.pageKind === 'endpoint' && /^(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|TRACE|webhook) /.test(first.text)) choose(first);
    // A chosen unit ending with a colon takes the units it introduces (an opening's "To fix it, run:" too, not only a window's).
    for (const [at, unit] of candidates.entries()) {
      if (!chosen.has(unit) || !/:$/.test(unit.text)) continue;
      for (let next = at + 1; next <= at + INTRODUCED && next < candidates.length && candidates[next].section === unit.section; next++) {
        choose(candidates[next]);
        if (!/:$/.test(candidates[next].text)) break;
      }
    }
    const ordered = candidates.filter((unit) => chosen.has(unit));
    const text = ordered
      .map((unit, i) => {
        const previous = ordered[i - 1];
        const joiner = i === 0 ? '' : previous.section === unit.section && previous.position + 1 === unit.position ? ' ' : ' … ';
        return `${joiner}${unit.text.replace(/\s+/g, ' ')}`;
      })
      .join('');
    cited.push(index + 1);
    return `**${index === 0 ? passage.pageTitle : passage.title}**: ${text} [${index + 1}]`;
  });
  const missing = retrieval.missing ?? [];
  const flagged = missing.length > 0 || pageCoverage < PAGE_COVERAGE;
  return { lines: [...(flagged ? [NOT_DIRECT_LINE] : []), ...(missing.length > 0 ? [missingLine(missing)] : []), ...quoted, NO_MODEL_LINE], cited };
}
