/**
 * The fast path's inline pass: a paragraph's or heading's text, parsed as micromark parses it for
 * links (code spans and inline math hide them; escapes; brackets matched, links inside links
 * undone, references to the page's definitions; text elements and expressions on an MDX page,
 * autolinks and inline HTML on a Markdown page), and a heading's title as its text. Run by the
 * block pass (fast-blocks.ts) once every definition is known. No I/O.
 */
import { classifyCharacter } from 'micromark-util-classify-character';
import { decodeString } from 'micromark-util-decode-string';
import { normalizeIdentifier } from 'micromark-util-normalize-identifier';
import { autolinkEnd, htmlTextEnd } from './fast-html.js';
import { expressionEnd, parseTag, type Tag } from './fast-mdx.js';
import { fallback, isAsciiPunctuation, NEWLINE, SPACE, TAB, type TreeNode } from './fast-text.js';
import type { PageLink } from './types.js';

/** This module's file (in the bundle, the bundle's): scanner.ts's fingerprint covers it. */
export const fastInlineModule = import.meta.url;

/** Text parsed later (definitions first): a paragraph's or heading's lines, as [start, end) offsets. */
export interface InlineBlock {
  node: TreeNode;
  segments: number[];
  /** Its text is read: a heading, or a paragraph in an element titled by its content. */
  heading: boolean;
}

/** What the inline pass reads of the page and gives it (the block pass). */
export interface InlineHost {
  /** MDX (elements, expressions), or Markdown (autolinks, inline HTML). */
  readonly mdx: boolean;
  /** The definitions' labels, normalized as micromark compares them. */
  readonly defined: ReadonlySet<string>;
  /** Elements in paragraphs (put in the tree at the end: where does not change an id). */
  readonly inlineElements: TreeNode[];
  /** What a paragraph or heading found, once no image's text (which mdast keeps as a string) holds it. */
  addInline(links: readonly PageLink[]): void;
  inlineLink(kind: PageLink['kind'], url: string, span: [number, number]): PageLink;
  inlineElementLinks(tag: Tag): PageLink[];
}

/** Characters the inline pass acts on. */
const INLINE_SPECIAL_SEARCH = /[\\`$[!\]<{*_]/g;

interface Opener {
  at: number;
  /** How much was found before it (an image's text drops what it holds). */
  found: number;
  image: boolean;
  active: boolean;
  /** Open text elements when the bracket opened, and the fewest since. */
  depth: number;
  lowest: number;
}

/** A title's pieces: [start, end) of the content and what they read (undefined: decoded text). */
interface Piece {
  start: number;
  end: number;
  value?: string;
}

export class InlineParser {
  private readonly openers: Opener[] = [];
  private readonly open: string[] = [];
  private readonly pieces: Piece[] = [];
  /** Links and elements found so far, by where they start in the content (an image's text drops them). */
  private readonly found: { at: number; links: PageLink[]; element?: TreeNode }[] = [];
  /** Runs of `*`/`_` that may open or close emphasis, and [open, close] of each element with children. */
  private readonly runs: { at: number; code: number; opens: boolean; closes: boolean }[] = [];
  private readonly spans: [number, number][] = [];
  private readonly openedAt: number[] = [];
  private contentStarts: number[] | undefined;
  /** Run lengths of backticks (bit 0) and dollars (bit 1) known to have no closing run further on. */
  private readonly noCloser: number[] = [];
  private content = '';
  private segments: number[] = [];
  private block!: InlineBlock;

  /** One parser per page, its lists emptied for each block (most blocks are short: allocation would dominate). */
  constructor(private readonly page: InlineHost) {}

  parse(content: string, segments: number[], block: InlineBlock): void {
    this.content = content;
    this.segments = segments;
    this.block = block;
    this.contentStarts = undefined;
    this.openers.length = 0;
    this.open.length = 0;
    this.pieces.length = 0;
    this.found.length = 0;
    this.runs.length = 0;
    this.spans.length = 0;
    this.openedAt.length = 0;
    this.noCloser.length = 0;
    this.run();
  }

  /** The page offset of a content offset (a binary search over the lines: tables are paragraphs of many). */
  private offset(at: number): number {
    const segments = this.segments;
    if (segments.length === 2) return segments[0] + at;
    let starts = this.contentStarts;
    if (starts === undefined) {
      starts = this.contentStarts = [];
      let contentStart = 0;
      for (let i = 0; i < segments.length; i += 2) {
        starts.push(contentStart);
        contentStart += segments[i + 1] - segments[i] + 1;
      }
    }
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle] <= at) low = middle;
      else high = middle - 1;
    }
    return segments[low * 2] + (at - starts[low]);
  }

  private run(): void {
    const content = this.content;
    const length = content.length;
    const inContainers = false;
    let i = 0;
    while (i < length) {
      // To the next character the pass acts on, in the regular expression engine's compiled loop:
      // on a cold run, most of this code is still interpreted.
      INLINE_SPECIAL_SEARCH.lastIndex = i;
      if (!INLINE_SPECIAL_SEARCH.test(content)) break;
      i = INLINE_SPECIAL_SEARCH.lastIndex - 1;
      const code = content.charCodeAt(i);
      switch (code) {
        case 92: // \
          i += isAsciiPunctuation(content.charCodeAt(i + 1)) ? 2 : 1;
          break;
        case 96: // `
        case 36: // $
          i = this.codeSpan(i, code);
          break;
        case 91: // [
          this.openers.push({ at: i, found: this.found.length, image: false, active: true, depth: this.open.length, lowest: this.open.length });
          i++;
          break;
        case 33: // !
          if (content.charCodeAt(i + 1) === 91) {
            this.openers.push({ at: i, found: this.found.length, image: true, active: true, depth: this.open.length, lowest: this.open.length });
            i += 2;
          } else i++;
          break;
        case 93: // ]
          i = this.labelEnd(i);
          break;
        case 60: // <
          i = this.page.mdx ? this.textTag(i, inContainers) : this.angleBracket(i);
          break;
        case 123: // {
          i = this.page.mdx ? this.textExpression(i) : i + 1;
          break;
        case 42: // *
        case 95: // _
          i = this.emphasisRun(i, code);
          break;
        default:
          i++;
      }
    }
    if (this.open.length > 0) fallback();
    this.checkEmphasisAcrossElements();
    const node = this.block.node;
    const elements: TreeNode[] = [];
    for (const { links, element } of this.found) {
      this.page.addInline(links);
      if (element !== undefined) elements.push(element);
    }
    if (this.block.heading) node.children!.push({ type: 'text', value: this.title() }, ...elements);
    else for (const element of elements) this.page.inlineElements.push(element);
  }

  /** A run of backticks (code) or dollars (math) to the next run as long; else literal. */
  private codeSpan(start: number, code: number): number {
    const content = this.content;
    let end = start + 1;
    while (content.charCodeAt(end) === code) end++;
    const size = end - start;
    const bit = code === 96 ? 1 : 2;
    if (((this.noCloser[size] ?? 0) & bit) !== 0) return end;
    let search = end;
    for (;;) {
      const close = content.indexOf(code === 96 ? '`' : '$', search);
      if (close === -1) {
        this.noCloser[size] = (this.noCloser[size] ?? 0) | bit;
        return end;
      }
      let closeEnd = close + 1;
      while (content.charCodeAt(closeEnd) === code) closeEnd++;
      if (closeEnd - close === size) {
        if (this.block.heading) {
          if (code === 36) this.pieces.push({ start, end: closeEnd, value: '' });
          else this.pieces.push({ start, end: closeEnd, value: codeValue(content.slice(end, close)) });
        }
        return closeEnd;
      }
      search = closeEnd;
    }
  }

  /** `*`/`_`: a run that might open or close emphasis, kept to check against elements (and headings' text) at the end. */
  private emphasisRun(start: number, code: number): number {
    const content = this.content;
    let end = start + 1;
    while (content.charCodeAt(end) === code) end++;
    const before = start === 0 ? null : lowSurrogateAware(content, start - 1);
    const after = end >= content.length ? null : content.codePointAt(end)!;
    const beforeKind = classifyCharacter(before);
    const afterKind = classifyCharacter(after);
    const leftFlanking = afterKind !== 1 && (afterKind !== 2 || beforeKind !== undefined);
    const rightFlanking = beforeKind !== 1 && (beforeKind !== 2 || afterKind !== undefined);
    const opens = code === 42 ? leftFlanking : leftFlanking && (!rightFlanking || beforeKind === 2);
    const closes = code === 42 ? rightFlanking : rightFlanking && (!leftFlanking || afterKind === 2);
    if (opens || closes) {
      // A heading's text without its emphasis markers is not modelled.
      if (this.block.heading) fallback();
      this.runs.push({ at: start, code, opens, closes });
    }
    return end;
  }

  /**
   * Emphasis that would start outside an element and end inside it (or the reverse) fails in
   * micromark: a paragraph where some run might do so is left to it.
   */
  private checkEmphasisAcrossElements(): void {
    if (this.runs.length === 0 || this.spans.length === 0) return;
    if (this.runs.length * this.spans.length > 10_000) fallback();
    for (const [open, close] of this.spans) {
      for (const inside of this.runs) {
        if (inside.at <= open || inside.at >= close) continue;
        for (const outside of this.runs) {
          if (outside.code !== inside.code) continue;
          if (outside.at < open && outside.opens && inside.closes) fallback();
          if (outside.at > close && outside.closes && inside.opens) fallback();
        }
      }
    }
  }

  private labelEnd(at: number): number {
    const opener = this.openers.pop();
    if (opener === undefined) return at + 1;
    if (!opener.active) return at + 1;
    const resource = this.content.charCodeAt(at + 1) === 40 ? parseResource(this.content, at + 1) : undefined;
    if (resource === undefined) return this.reference(opener, at);
    // An element opened inside the link's text must close there, and one opened before must not.
    if (opener.lowest < opener.depth || this.open.length !== opener.depth) fallback();
    const span: [number, number] =
      resource.destination === undefined
        ? [this.offset(at + 2), this.offset(at + 2)]
        : [this.offset(resource.destination.start), this.offset(resource.destination.end)];
    if (
      resource.destination !== undefined &&
      this.offset(resource.destination.end) - this.offset(resource.destination.start) !== resource.destination.end - resource.destination.start
    )
      fallback();
    const url = resource.destination === undefined ? '' : decodeString(resource.destination.raw);
    // An image's text is a string in mdast: what it held is no link and no element.
    if (opener.image) this.found.length = opener.found;
    this.found.push({ at: opener.at, links: [this.page.inlineLink(opener.image ? 'image' : 'link', url, span)] });
    if (this.block.heading) {
      if (opener.image) this.pieces.push({ start: opener.at, end: resource.end, value: '' });
      else {
        this.pieces.push({ start: opener.at, end: opener.at + 1, value: '' });
        this.pieces.push({ start: at, end: resource.end, value: '' });
      }
    }
    if (!opener.image) for (const earlier of this.openers) if (!earlier.image) earlier.active = false;
    return resource.end;
  }

  /**
   * `[text][label]`, `[text][]` or `[text]` naming a definition, as micromark's label end tries
   * them: a full reference whose label is defined, else (when the text itself is defined) a
   * collapsed or shortcut one; else no link. mdast keeps no URL on a reference: it only ends
   * the links around it, as a link does.
   */
  private reference(opener: Opener, at: number): number {
    const content = this.content;
    if (this.page.defined.size === 0) return at + 1;
    const text = content.slice(opener.at + (opener.image ? 2 : 1), at);
    // Across lines, the label compares as one space where the line breaks (normalizeIdentifier).
    if (text.length > 999) fallback();
    const defined = this.page.defined.has(normalizeIdentifier(text));
    let end = at + 1;
    if (content.charCodeAt(at + 1) === 91) {
      const close = content.indexOf(']', at + 2);
      const label = close === -1 ? undefined : content.slice(at + 2, close);
      if (label !== undefined && !label.includes('[') && !label.includes('\\') && !label.includes('\n') && label.length <= 999) {
        if (label.trim() !== '' && this.page.defined.has(normalizeIdentifier(label))) end = close + 1;
        else if (!defined) return at + 1;
        else if (label === '') end = close + 1;
      } else fallback();
    } else if (!defined) return at + 1;
    if (opener.lowest < opener.depth || this.open.length !== opener.depth) fallback();
    if (opener.image) this.found.length = opener.found;
    if (this.block.heading) {
      if (opener.image) this.pieces.push({ start: opener.at, end, value: '' });
      else {
        this.pieces.push({ start: opener.at, end: opener.at + 1, value: '' });
        this.pieces.push({ start: at, end, value: '' });
      }
    }
    if (!opener.image) for (const earlier of this.openers) if (!earlier.image) earlier.active = false;
    return end;
  }

  private textTag(at: number, inContainers: boolean): number {
    const content = this.content;
    const next = content.charCodeAt(at + 1);
    if (next === SPACE || next === TAB || next === NEWLINE) return at + 1;
    const tag = parseTag(content, at, undefined);
    if (tag === undefined) return fallback();
    if (inContainers) fallback();
    // The attributes' offsets are the content's: the same as the page's on the tag's line.
    const shift = this.offset(at) - at;
    if (this.offset(tag.end) - tag.end !== shift) fallback();
    for (const [attribute, span] of tag.valueSpans) tag.valueSpans.set(attribute, [span[0] + shift, span[1] + shift]);
    if (tag.closing) {
      const name = this.open.pop();
      if (name === undefined || name !== (tag.name ?? '')) fallback();
      this.spans.push([this.openedAt.pop()!, at]);
      for (const opener of this.openers) opener.lowest = Math.min(opener.lowest, this.open.length);
    } else {
      const node: TreeNode = { type: 'mdxJsxTextElement', name: tag.name, attributes: tag.attributes, children: [] };
      this.found.push({ at, links: this.page.inlineElementLinks(tag), element: node });
      if (!tag.selfClosing) {
        this.open.push(tag.name ?? '');
        this.openedAt.push(at);
      }
    }
    if (this.block.heading) this.pieces.push({ start: at, end: tag.end, value: '' });
    return tag.end;
  }

  /** Markdown: an autolink (a link), inline HTML (raw: what it holds is no link), or a plain `<`. */
  private angleBracket(at: number): number {
    const content = this.content;
    const autolink = autolinkEnd(content, at);
    if (autolink !== undefined) {
      // On one line: the content's offsets are the page's, shifted.
      const raw = content.slice(at + 1, autolink.end - 1);
      const url = autolink.email ? `mailto:${raw}` : raw;
      this.found.push({ at, links: [this.page.inlineLink('link', url, [this.offset(at + 1), this.offset(autolink.end - 1)])] });
      if (this.block.heading) this.pieces.push({ start: at, end: autolink.end, value: raw });
      return autolink.end;
    }
    const html = htmlTextEnd(content, at);
    if (html === undefined) return at + 1;
    if (this.block.heading) this.pieces.push({ start: at, end: html, value: '' });
    return html;
  }

  private textExpression(at: number): number {
    const { end } = expressionEnd(this.content, at, true, false);
    if (this.block.heading) this.pieces.push({ start: at, end, value: '' });
    return end;
  }

  /** The heading's text: its content but for markup, escapes and references decoded. */
  private title(): string {
    const content = this.content;
    this.pieces.sort((a, b) => a.start - b.start);
    let title = '';
    let at = 0;
    for (const piece of this.pieces) {
      if (piece.start < at) continue;
      title += decodeString(content.slice(at, piece.start)) + (piece.value ?? '');
      at = piece.end;
    }
    return title + decodeString(content.slice(at));
  }
}

function lowSurrogateAware(text: string, at: number): number {
  const code = text.charCodeAt(at);
  if (code >= 0xdc00 && code <= 0xdfff && at > 0) return text.codePointAt(at - 1)!;
  return code;
}

/** An inline code span's value: line endings as spaces, one space of padding off both sides. */
function codeValue(raw: string): string {
  const value = raw.replace(/\n/g, ' ');
  if (value.length >= 2 && value.startsWith(' ') && value.endsWith(' ') && value.trim() !== '') return value.slice(1, -1);
  return value;
}

interface Destination {
  start: number;
  end: number;
  raw: string;
}

/** `(destination "title")` from the `(` at `open`: where it ends and its destination (none when empty). */
function parseResource(text: string, open: number): { end: number; destination?: Destination } | undefined {
  let pos = skipInlineSpaces(text, open + 1);
  if (text.charCodeAt(pos) === 41) return { end: pos + 1 };
  const destination = parseDestination(text, pos, text.length);
  if (destination === undefined) return undefined;
  pos = destination.end;
  const afterDestination = skipInlineSpaces(text, pos);
  if (text.charCodeAt(afterDestination) === 41) return { end: afterDestination + 1, destination };
  if (afterDestination === pos) return undefined;
  const title = parseTitle(text, afterDestination, text.length);
  if (title === undefined) return undefined;
  pos = skipInlineSpaces(text, title);
  if (text.charCodeAt(pos) !== 41) return undefined;
  return { end: pos + 1, destination };
}

/** Spaces and tabs; a line ending inside a resource is left to micromark. */
function skipInlineSpaces(text: string, pos: number): number {
  for (;;) {
    const code = text.charCodeAt(pos);
    if (code === SPACE || code === TAB) pos++;
    else if (code === NEWLINE) fallback();
    else return pos;
  }
}

/** `<…>` or a run without spaces and with balanced parentheses; undefined when there is none. */
export function parseDestination(text: string, start: number, end: number): Destination | undefined {
  let pos = start;
  if (text.charCodeAt(pos) === 60) {
    for (pos++; pos < end; pos++) {
      const code = text.charCodeAt(pos);
      if (code === 92 && isAsciiPunctuation(text.charCodeAt(pos + 1))) pos++;
      else if (code === 62) return { start, end: pos + 1, raw: text.slice(start + 1, pos) };
      else if (code === 60 || code === NEWLINE) fallback();
    }
    return fallback();
  }
  let depth = 0;
  for (; pos < end; pos++) {
    const code = text.charCodeAt(pos);
    if (code === 92 && isAsciiPunctuation(text.charCodeAt(pos + 1))) pos++;
    else if (code === 40) {
      if (++depth > 32) fallback();
    } else if (code === 41) {
      if (depth === 0) break;
      depth--;
    } else if (code <= SPACE || code === 127) {
      if (code !== SPACE && code !== NEWLINE && code !== TAB) fallback();
      break;
    }
  }
  if (depth !== 0 || pos === start) return undefined;
  return { start, end: pos, raw: text.slice(start, pos) };
}

/** A `"…"`, `'…'` or `(…)` title on one line: where it ends. */
export function parseTitle(text: string, start: number, end: number): number | undefined {
  const open = text.charCodeAt(start);
  const close = open === 40 ? 41 : open;
  if (open !== 34 && open !== 39 && open !== 40) return undefined;
  for (let pos = start + 1; pos < end; pos++) {
    const code = text.charCodeAt(pos);
    if (code === 92 && isAsciiPunctuation(text.charCodeAt(pos + 1))) pos++;
    else if (code === close) return pos + 1;
    else if (code === NEWLINE || (open === 40 && code === 40)) fallback();
  }
  return fallback();
}
