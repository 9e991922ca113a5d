/**
 * The text of a page, split into heading sections, for search and the assistant: front
 * matter title and description, then one section per Markdown heading. Code fences keep their
 * code (people search for it) but never start a section; MDX imports/exports, comments and
 * JSX tags are dropped, keeping the text between tags and title-like attributes.
 */
import { parseFrontMatter } from 'docsnav';

export interface TextSection {
  /** null for the text before the first heading. */
  heading: string | null;
  /** The heading's URL fragment (`#getting-started`). */
  anchor: string | null;
  depth: number;
  body: string;
}

export interface PageText {
  title?: string;
  description?: string;
  /** The front matter's `openapi` (`"GET /users"`, `"spec.json GET /users"`): the page is that endpoint's. */
  openapi?: string;
  sections: TextSection[];
}

/** Largest page text kept (characters); the rest of a giant page is not indexed. */
const MAX_PAGE_CHARS = 200_000;
const MAX_SECTIONS = 500;
const ATTRIBUTE_TEXT = /\b(?:title|description|label|alt)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

export function pageText(source: string): PageText {
  let text = source.length > MAX_PAGE_CHARS * 2 ? source.slice(0, MAX_PAGE_CHARS * 2) : source;
  text = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const result: PageText = { sections: [] };
  // Front matter as the platform (and docsnav's resolver) reads it; a block it cannot read is skipped.
  const front = parseFrontMatter(text);
  if (front) {
    text = text.slice(front.end);
    const data = front.ok ? front.data : {};
    if (typeof data.title === 'string') result.title = data.title.trim();
    if (typeof data.description === 'string') result.description = data.description.trim();
    if (typeof data.openapi === 'string') result.openapi = data.openapi.trim();
  }
  let current: TextSection = { heading: null, anchor: null, depth: 0, body: '' };
  const lines: string[] = [];
  const flush = () => {
    current.body = collapse(lines.join('\n'));
    lines.length = 0;
    if (current.body || current.heading !== null) result.sections.push(current);
  };
  let fence: string | undefined;
  let total = 0;
  const usedAnchors = new Map<string, number>();
  for (const raw of stripBlocks(text).split('\n')) {
    total += raw.length + 1;
    if (total > MAX_PAGE_CHARS || result.sections.length >= MAX_SECTIONS) break;
    const fenceMatch = /^\s*(`{3,}|~{3,})/.exec(raw);
    if (fence) {
      if (fenceMatch && fenceMatch[1][0] === fence[0] && fenceMatch[1].length >= fence.length) fence = undefined;
      else lines.push(raw);
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1];
      continue;
    }
    const heading = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/.exec(raw);
    if (heading) {
      flush();
      const title = inline(heading[2]);
      current = { heading: title, anchor: uniqueAnchor(slugAnchor(title), usedAnchors), depth: heading[1].length, body: '' };
      continue;
    }
    if (/^\s*(import|export)\s/.test(raw)) continue;
    lines.push(inline(raw));
  }
  flush();
  return result;
}

/** Removes MDX/HTML comments; keeps the text of JSX components and their title-like attributes. */
function stripBlocks(text: string): string {
  return text.replace(/\{\/\*[\s\S]*?\*\/\}/g, '').replace(/<!--[\s\S]*?-->/g, '');
}

/** A line with none of these characters, and no list, quote or table rule mark at its start, has no inline syntax. */
const INLINE_SYNTAX = /[<[`*_|{]|^\s*(?:[-*+>:]|\d+\.)/;

/** Markdown and JSX inline syntax to plain text. */
function inline(line: string): string {
  if (!INLINE_SYNTAX.test(line)) return line;
  return (
    line
      .replace(/<\/?[A-Za-z][\w.:-]*(?:\s[^<>]*)?\/?>/g, (tag) => {
        const words: string[] = [];
        for (const match of tag.matchAll(ATTRIBUTE_TEXT)) words.push(match[1] ?? match[2]);
        return words.length ? ` ${words.join(' ')} ` : ' ';
      })
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/`([^`]*)`/g, '$1')
      .replace(/(\*\*|__)(.*?)\1/g, '$2')
      .replace(/^\s*(?:[-*+]|\d+\.|>)\s+/, '')
      .replace(/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/, '')
      // A table row keeps its cells apart (` | `, the same words to search): the answer quotes a row as one unit.
      .replace(/^\s*\|\s*|\s*\|\s*$/g, '')
      .replace(/\s*\|\s*/g, /^\s*\|/.test(line) ? ' | ' : ' ')
      .replace(/\{[^{}]*\}/g, (expression) => (/^\{\s*["'`]/.test(expression) ? expression.slice(1, -1).replace(/["'`]/g, '') : ' '))
  );
}

function collapse(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The fragment the site gives a heading: lower case, words joined with `-`. */
function slugAnchor(heading: string): string {
  return heading
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s+/g, '-');
}

function uniqueAnchor(anchor: string, used: Map<string, number>): string {
  const count = used.get(anchor) ?? 0;
  used.set(anchor, count + 1);
  return count === 0 ? anchor : `${anchor}-${count}`;
}
