/**
 * Retrieval for the assistant: the question from the conversation, then PostgreSQL full-text
 * search over the current deployment's page sections (every word first; any word when that
 * finds nothing).
 */
import { searchSections, type SearchHit } from './store/assistant.js';
import type { Queryable } from './store/store.js';

export interface Passage extends SearchHit {
  /** The page's URL path on the site, with the section's fragment: `/quickstart#install`. */
  url: string;
  /** The page title, and the section heading when there is one. */
  title: string;
}

export interface SearchFilter {
  version?: string;
  language?: string;
}

/** A last message this short (in words), or starting like a follow-up, also uses the previous question. */
const FOLLOW_UP_WORDS = 4;
const FOLLOW_UP_START = /^(and|but|also|what about|how about|and what|why|which|then|so|or)\b/i;
/** Longest question text sent to PostgreSQL (characters). */
const MAX_QUERY_CHARS = 2000;

/** The text of a client message: `content`, or its text parts. */
export function messageText(message: { content?: unknown; parts?: unknown }): string {
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

/**
 * The search text of a conversation: the last user message, plus the user message before it
 * when the last one is a short follow-up ("and for webhooks?").
 */
export function questionOf(messages: ReadonlyArray<{ role?: unknown; content?: unknown; parts?: unknown }>): string {
  const questions = messages
    .filter((message) => message.role === 'user')
    .map(messageText)
    .filter((text) => text.trim() !== '');
  const last = questions.at(-1) ?? '';
  const previous = questions.at(-2);
  const words = last.trim().split(/\s+/).length;
  const query = previous !== undefined && (words <= FOLLOW_UP_WORDS || FOLLOW_UP_START.test(last.trim())) ? `${previous}\n${last}` : last;
  return query.slice(0, MAX_QUERY_CHARS);
}

export async function retrieve(
  db: Queryable,
  deploymentId: string,
  question: string,
  options: { limit: number; filter?: SearchFilter | null; includeHidden?: boolean },
): Promise<Passage[]> {
  if (!question.trim()) return [];
  const trail: Array<{ kind: string; label: string }> = [];
  if (options.filter?.version) trail.push({ kind: 'version', label: options.filter.version });
  if (options.filter?.language) trail.push({ kind: 'language', label: options.filter.language });
  const base = { deploymentId, text: question, limit: options.limit, trail, includeHidden: options.includeHidden ?? false };
  let hits = await searchSections(db, { ...base, mode: 'and' });
  if (hits.length < options.limit) {
    const seen = new Set(hits.map((hit) => hit.pagePath));
    const more = await searchSections(db, { ...base, mode: 'or', limit: options.limit });
    hits = [...hits, ...more.filter((hit) => !seen.has(hit.pagePath))].slice(0, options.limit);
  }
  return hits.map((hit) => ({
    ...hit,
    url: `${pageUrl(hit.pagePath)}${hit.anchor ? `#${hit.anchor}` : ''}`,
    title: hit.heading && hit.heading !== hit.pageTitle ? `${hit.pageTitle}: ${hit.heading}` : hit.pageTitle,
  }));
}

/** The site URL of a page path: `/quickstart`; an `index` page is its folder (`/`, `/api`). */
export function pageUrl(pagePath: string): string {
  const trimmed = pagePath.replace(/(^|\/)index$/, '');
  return `/${trimmed}`;
}
