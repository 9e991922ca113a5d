/**
 * Retrieval for the assistant: the conversation to weighted terms (search/query.ts), ranked over
 * the current deployment's in-memory index (search/section-index.ts), one passage per page: the
 * page's best section.
 */
import type { SearchIndexes } from './indexes.js';
import { analyzerFor, detectLanguage, type Analyzer } from './language.js';
import { questionOf, searchTerms, type ChatMessage, type Question } from './query.js';
import { QUESTION_TIMEOUT_MS } from './embeddings.js';
import { missingNames } from './missing-names.js';
import { FUSION_DEPTH, fuseRankings } from './fusion.js';
import type { SearchTerm } from './rank.js';
import type { SectionIndex } from './section-index.js';
import type { PageSection } from '../store/deployments.js';

export { messageText, type ChatMessage } from './query.js';
export { SearchIndexes } from './indexes.js';
export { Embedder, type EmbeddingSettings } from './embeddings.js';

export interface Passage {
  pagePath: string;
  pageKind: 'page' | 'endpoint';
  pageTitle: string;
  pageDescription: string;
  heading: string | null;
  anchor: string | null;
  body: string;
  /** The page's URL path on the site, with the section's fragment: `/quickstart#install`. */
  url: string;
  /** The page title, and the section heading when there is one. */
  title: string;
  score: number;
  /** Share (0–1) of the question's weighted words the page holds. */
  coverage: number;
}

export interface SearchFilter {
  version?: string;
  language?: string;
}

export interface Retrieval {
  passages: Passage[];
  /** The question's words, weighted: what an extractive answer looks for in the passages. */
  terms: SearchTerm[];
  /** The question's language (the analyzer its words were read with). */
  analyzer: Analyzer;
  /** False when the best pages do not clearly hold the question: the answer says so instead of passing them off as one. */
  answerable: boolean;
  /** How much each term says (its idf in this deployment). */
  idf: (term: string) => number;
  /** The last user message: what is asked. */
  question: string;
  /** Every section of a page (an answer may quote beyond the best one). */
  sectionsOf: (pagePath: string) => PageSection[];
  /** What the last user message names that no page of the site mentions (search/missing-names.ts): the answer says so. */
  missing: string[];
  /** The queries a configured model rewrote the question into, fused with its own ranking (none without a model, or past the deadline). */
  rewritten: string[];
}

/** Below this coverage (share of the question's weighted words on the best page), the match is weak. */
const WEAK = 0.4;
/** How much more a follow-up's pages count when the previous answer cited them. */
const CITED_BOOST = 1.3;
/**
 * An endpoint page's weight for a question that names no part of an API call: a generated
 * reference page lists every word of its parameters and outranks the guide that explains the
 * idea. A question that names a method, a path, a status code or a request's parts weighs them
 * as any page.
 */
const CONCEPTUAL_ENDPOINT_WEIGHT = 0.75;
/** An HTTP method as an API reference writes it (upper case: "get" is a common word). */
const HTTP_METHOD = /\b(?:GET|POST|PUT|PATCH|DELETE)\b/;
/** A parameter or field as code names it: camelCase, snake_case, or set with `=`. */
const IDENTIFIER = /\b[a-z]+[A-Z][A-Za-z\d]*\b|\b[a-z\d]+_[a-z\d_]+\b|\b\w+=/;
/** The parts of a call, in words: a path, the API (not its keys, a guide's subject), a request's or a response's parts, a status code. */
const API_CALL_PARTS =
  /(?:^|\s)\/[\w{}:.-]+|\bapis?\b(?!\s+keys?\b)|\b(?:endpoints?|request body|response|payload|status code|https?|curl|param(?:eter)?s?|query string|headers?|returns?|schema)\b|\b[45]\d\d\b/i;

/** Whether a question is about an API call rather than an idea (see CONCEPTUAL_ENDPOINT_WEIGHT). */
export function namesAnApiCall(text: string): boolean {
  return HTTP_METHOD.test(text) || IDENTIFIER.test(text) || API_CALL_PARTS.test(text);
}
/** Pages whose text decides whether the question is answerable. */
const ANSWER_PAGES = 3;
/** A word on more than this share of the pages is not specific enough to decide it. */
const SPECIFIC = 0.05;

/**
 * Whether the best pages hold the question's most specific word: the one of its own words (not
 * an expansion) that the fewest pages of the site hold. When the site knows that word but the
 * best pages do not have it ("a Terraform provider?" answered from a page about webhooks), the
 * question is about something the site does not cover.
 */
function covers(index: SectionIndex, terms: readonly SearchTerm[], passages: readonly Passage[]): boolean {
  const known = terms.filter((term) => term.weight >= 1 && index.pagesWith(term.term) > 0);
  if (known.length === 0) return true;
  const fewest = Math.min(...known.map((term) => index.pagesWith(term.term)));
  if (fewest > SPECIFIC * index.pages.length) return true;
  const specific = known.filter((term) => index.pagesWith(term.term) === fewest);
  return passages.slice(0, ANSWER_PAGES).some((passage) => specific.some((term) => index.pageHolds(passage.pagePath, term.term)));
}

/** A version label as the words a question names it by: `v1.10.0` → `1.10.0`, `0.21.x` → `0.21`. */
function versionCore(text: string): string {
  return text
    .toLowerCase()
    .trim()
    .replace(/^v(?=\d)/, '')
    .replace(/\.x$/, '');
}

/**
 * The version a question names ("on crewai 1.10.0", "in 1.11", "v0.21"): the navigation's first
 * version whose number is the one named or starts with it. Only labels with a digit are looked
 * for (a label such as `next` or `draft` is a common word).
 */
export function namedVersion(text: string, versions: readonly string[]): string | undefined {
  const named = text.toLowerCase().match(/(?<![\w.])v?\d+(?:[.-]\d+)+(?:\.x)?(?![\w-]|\.\d)/g);
  if (!named) return undefined;
  for (const mention of named.map(versionCore)) {
    const found = versions.find((label) => /\d/.test(label) && (versionCore(label) === mention || versionCore(label).startsWith(`${mention}.`)));
    if (found) return found;
  }
  return undefined;
}

/**
 * Rewrites a question into the documentation's vocabulary (a configured model: assistant/rewrite.ts):
 * a few search queries, each ranked and fused with the question's own ranking.
 */
export type QuestionRewriter = (question: Question, signal: AbortSignal) => Promise<string[]>;
/** Longest the answer waits for the rewritten queries (ms); past it, or when the model fails, the question's own ranking alone. */
const REWRITE_DEADLINE_MS = 2500;

export interface RetrieveOptions {
  limit: number;
  filter?: SearchFilter | null;
  includeHidden?: boolean;
  rewrite?: QuestionRewriter;
  /** REWRITE_DEADLINE_MS unless set (tests). */
  rewriteDeadlineMs?: number;
}

export async function retrieve(indexes: SearchIndexes, deploymentId: string, messages: readonly ChatMessage[], options: RetrieveOptions): Promise<Retrieval> {
  const index = await indexes.get(deploymentId);
  const question = questionOf(messages);
  // Asked first: the model works while the question is ranked.
  const rewriting =
    options.rewrite && question.text.trim()
      ? rewritten(options.rewrite, question, options.rewriteDeadlineMs ?? REWRITE_DEADLINE_MS, (error) => indexes.onFallback?.('rewrite', error))
      : undefined;
  const language = options.filter?.language
    ? index.resolveFilter({ language: options.filter.language }).language
    : detectLanguage(question.text, index.languages.length > 0 ? index.languages : ['en']);
  const analyzer = analyzerFor(language ?? index.languages[0]);
  const terms = question.text.trim() ? searchTerms(index, question, analyzer) : [];
  const boost = new Map<string, number>();
  if (question.followUp && question.cited.length > 0) {
    // The pages the previous answer cited, by their site URL (an `index` page is its folder's).
    const cited = new Set(question.cited.map((url) => url.replace(/[#?].*$/, '')));
    for (const page of index.pages) if (cited.has(pageUrl(page.path))) boost.set(page.path, CITED_BOOST);
  }
  const dense = question.text.trim() ? await questionSimilarities(indexes, deploymentId, question) : undefined;
  const rankOptions = {
    limit: options.limit,
    ...options.filter,
    includeHidden: options.includeHidden,
    preferLanguage: analyzer.language,
    preferVersion: namedVersion(question.text, index.versions),
    boost,
    dense,
    // A follow-up ("and the rate limit on that?") is about what the thread asked.
    endpointWeight: namesAnApiCall(question.text) || (question.followUp && namesAnApiCall(question.earlier[0] ?? '')) ? 1 : CONCEPTUAL_ENDPOINT_WEIGHT,
  };
  let ranked = terms.length === 0 ? [] : index.rank(terms, rewriting ? { ...rankOptions, limit: FUSION_DEPTH } : rankOptions);
  const queries = rewriting ? await rewriting : [];
  if (rewriting) {
    const lists = [ranked];
    for (const query of queries) {
      const rewrittenTerms = searchTerms(index, { text: query, earlier: [], cited: [], followUp: false }, analyzer);
      if (rewrittenTerms.length > 0) lists.push(index.rank(rewrittenTerms, { ...rankOptions, limit: FUSION_DEPTH }));
    }
    ranked = fuseRankings(lists, options.limit);
  }
  const passages = ranked.map(({ page, section, score, coverage }) => {
    const row = index.sections[section];
    return {
      pagePath: row.pagePath,
      pageKind: row.pageKind,
      pageTitle: row.pageTitle,
      pageDescription: row.pageDescription,
      heading: row.heading,
      anchor: row.anchor,
      body: row.body,
      url: `${pageUrl(page.path)}${row.anchor ? `#${row.anchor}` : ''}`,
      title: row.heading && row.heading !== row.pageTitle ? `${row.pageTitle}: ${row.heading}` : row.pageTitle,
      score,
      coverage,
    };
  });
  return {
    passages,
    terms,
    analyzer,
    answerable: passages.length > 0 && (question.followUp || (passages[0].coverage >= WEAK && covers(index, terms, passages))),
    idf: (term) => index.idf(term),
    sectionsOf: (pagePath) => index.sectionsOf(pagePath),
    question: question.text,
    missing: missingNames(question.text, index, analyzer),
    rewritten: queries,
  };
}

/** The rewritten queries, or none when the rewriter fails (told to `failed`) or does not answer within the deadline (it is then aborted). */
async function rewritten(rewrite: QuestionRewriter, question: Question, deadlineMs: number, failed: (error: string) => void): Promise<string[]> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<string[]>((resolve) => {
    timer = setTimeout(() => {
      controller.abort(new Error(`no rewritten question within ${deadlineMs} ms`));
      resolve([]);
    }, deadlineMs);
  });
  try {
    const asked = rewrite(question, controller.signal).catch((error: unknown) => {
      // Past the deadline the rewriting was cancelled here: that is no failure to tell.
      if (!controller.signal.aborted) failed((error as Error)?.message ?? String(error));
      return [];
    });
    return await Promise.race([asked, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The question's similarity with each section, when embeddings are configured and the
 * deployment's vectors are ready; undefined (lexical only) otherwise, or when the endpoint does
 * not answer within QUESTION_TIMEOUT_MS.
 */
async function questionSimilarities(indexes: SearchIndexes, deploymentId: string, question: Question): Promise<Float32Array | undefined> {
  if (!indexes.embedder) return undefined;
  const vectors = indexes.dense(deploymentId);
  if (!vectors) return undefined;
  const text = question.followUp && question.earlier[0] ? `${question.earlier[0]}\n${question.text}` : question.text;
  try {
    const [vector] = await indexes.embedder.embed([text], AbortSignal.timeout(QUESTION_TIMEOUT_MS));
    return vectors.similarities(vector);
  } catch (error) {
    indexes.onFallback?.('question embedding', (error as Error)?.message ?? String(error));
    return undefined;
  }
}

/** The site URL of a page path: `/quickstart`; an `index` page is its folder (`/`, `/api`). */
export function pageUrl(pagePath: string): string {
  const trimmed = pagePath.replace(/(^|\/)index$/, '');
  return `/${trimmed}`;
}
