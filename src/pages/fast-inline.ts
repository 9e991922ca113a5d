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
import { appendChild, fallback, isAsciiPunctuation, NEWLINE, SPACE, TAB, type TreeNode } from './fast-text.js';
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
  addInline(link: PageLink): void;
  inlineLink(kind: PageLink['kind'], url: string, span: [number, number]): PageLink;
  inlineElementLinks(tag: Tag): readonly PageLink[];
}

/** Characters the inline pass acts on. */
const INLINE_SPECIAL_SEARCH = /[\\`$[!\]<{*_]/g;

interface Opener {
  at: number;
  /** How much was found before it (an image's text drops what it holds). */
  found: number;
  image: boolean;
  /** Open text elements when the bracket opened, and the fewest since. */
  depth: number;
  lowest: number;
}

/**
 * The `[` and `![` not closed yet, as columns of numbers: an object per bracket held about 100
 * bytes, and a line of 4 MB of `[` took 400 MB (issue 66). The fewest open elements since a
 * bracket opened are kept on the top one only and handed down as it is popped (the popped one has
 * them all), so a closing tag costs one step, not one per bracket.
 */
class OpenerStack {
  length = 0;
  private at = new Int32Array(16);
  private found = new Int32Array(16);
  private depth = new Int32Array(16);
  private lowest = new Int32Array(16);
  private image = new Uint8Array(16);

  push(at: number, found: number, image: boolean, depth: number): void {
    if (this.length === this.at.length) this.grow();
    const i = this.length++;
    this.at[i] = at;
    this.found[i] = found;
    this.image[i] = image ? 1 : 0;
    this.depth[i] = depth;
    this.lowest[i] = depth;
  }

  /** The top opener (an object made only now), its fewest open elements handed down to the one below it. */
  pop(): Opener | undefined {
    if (this.length === 0) return undefined;
    const i = --this.length;
    if (i > 0) this.lowest[i - 1] = Math.min(this.lowest[i - 1], this.lowest[i]);
    return { at: this.at[i], found: this.found[i], image: this.image[i] === 1, depth: this.depth[i], lowest: this.lowest[i] };
  }

  /** An element closed, `open` left open: the top opener's fewest. */
  elementClosed(open: number): void {
    if (this.length > 0) this.lowest[this.length - 1] = Math.min(this.lowest[this.length - 1], open);
  }

  private grow(): void {
    const size = this.at.length * 2;
    const grown = <T extends Int32Array | Uint8Array>(column: T): T => {
      const next = new (column.constructor as new (size: number) => T)(size);
      next.set(column);
      return next;
    };
    this.at = grown(this.at);
    this.found = grown(this.found);
    this.depth = grown(this.depth);
    this.lowest = grown(this.lowest);
    this.image = grown(this.image);
  }
}

/**
 * A heading's title as pieces of its content that read otherwise (a code span its value, a link
 * its text, a tag nothing): [start, end) and what each reads, as columns (an object each held a
 * heading of 500,000 elements in a million of them: issue 66).
 */
class TitlePieces {
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];
  private readonly values: string[] = [];

  push(start: number, end: number, value: string): void {
    this.starts.push(start);
    this.ends.push(end);
    this.values.push(value);
  }

  clear(): void {
    this.starts.length = 0;
    this.ends.length = 0;
    this.values.length = 0;
  }

  /** The title: the content, decoded, with each piece read as its value, in the order they start (one inside an earlier one is skipped). */
  title(content: string): string {
    const { starts, ends, values } = this;
    let order: number[] | undefined;
    for (let i = 1; i < starts.length && order === undefined; i++) {
      if (starts[i] < starts[i - 1]) order = Array.from(starts, (_, index) => index).sort((a, b) => starts[a] - starts[b] || a - b);
    }
    // Parts joined once: a string added to piece by piece is a tree of as many strings, kept as the title.
    const parts: string[] = [];
    let at = 0;
    for (let n = 0; n < starts.length; n++) {
      const i = order === undefined ? n : order[n];
      if (starts[i] < at) continue;
      parts.push(decodeString(content.slice(at, starts[i])), values[i]);
      at = ends[i];
    }
    parts.push(decodeString(content.slice(at)));
    return parts.join('');
  }
}

/** For `*` then `_`: how many runs before each index open, and how many close (prefix counts, one more than the runs). */
function emphasisCounts(runs: readonly { code: number; opens: boolean; closes: boolean }[]): Int32Array[] {
  const counts = [0, 1, 2, 3].map(() => new Int32Array(runs.length + 1));
  runs.forEach((run, i) => {
    for (const count of counts) count[i + 1] = count[i];
    const marker = run.code === 42 ? 0 : 1;
    if (run.opens) counts[marker * 2][i + 1]++;
    if (run.closes) counts[marker * 2 + 1][i + 1]++;
  });
  return counts;
}

/** The first index whose value is at least `value`, in ascending `values` (their length when none). */
function firstAtLeast(values: readonly number[], value: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (values[middle] < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

export class InlineParser {
  private readonly openers = new OpenerStack();
  /**
   * Openers below this many are inactive, but images (micromark marks every earlier link opener so
   * after a link): one number set per link, not a pass over the openers, which made a line of `[`
   * then links quadratic (issue 66).
   */
  private inactiveBelow = 0;
  private readonly open: string[] = [];
  private readonly pieces = new TitlePieces();
  /**
   * Links and elements found so far, in the order they start in the content (an image's text drops
   * them): an element after its links. Flat, not an entry per find (an object and an array each,
   * 70 bytes per link while a paragraph is read: issue 66).
   */
  private readonly found: (PageLink | TreeNode)[] = [];
  /** Runs of `*`/`_` that may open or close emphasis, and [open, close] of each element with children. */
  private readonly runs: { at: number; code: number; opens: boolean; closes: boolean }[] = [];
  /** Open and close of each element with children, flat (a pair per element was an array each). */
  private readonly spans: number[] = [];
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
    this.inactiveBelow = 0;
    this.open.length = 0;
    this.pieces.clear();
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
          this.openers.push(i, this.found.length, false, this.open.length);
          i++;
          break;
        case 33: // !
          if (content.charCodeAt(i + 1) === 91) {
            this.openers.push(i, this.found.length, true, this.open.length);
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
    for (const item of this.found) {
      if ('type' in item) elements.push(item);
      else this.page.addInline(item);
    }
    if (this.block.heading) {
      // A loop, not `push(...elements)`: a heading of half a million elements is as many arguments.
      appendChild(node, { type: 'text', value: this.title() });
      for (const element of elements) appendChild(node, element);
    } else for (const element of elements) this.page.inlineElements.push(element);
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
          if (code === 36) this.pieces.push(start, closeEnd, '');
          else this.pieces.push(start, closeEnd, codeValue(content.slice(end, close)));
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
   * micromark: a paragraph where some run might do so is left to it. Counts of runs that open and
   * close, by marker, before each run (the runs are in page order) answer each element in a few
   * binary searches (n log n in the paragraph, issue 66; a run against every run was cubic).
   */
  private checkEmphasisAcrossElements(): void {
    const runs = this.runs;
    if (runs.length === 0 || this.spans.length === 0) return;
    const counts = emphasisCounts(runs);
    const ats = runs.map((run) => run.at);
    for (let i = 0; i < this.spans.length; i += 2) {
      const open = this.spans[i];
      const close = this.spans[i + 1];
      // No run starts at a tag's `<`: the runs before the element end where those inside start, and
      // those inside end where those after it start.
      const from = firstAtLeast(ats, open);
      const to = firstAtLeast(ats, close);
      for (const marker of [0, 1]) {
        const opens = counts[marker * 2];
        const closes = counts[marker * 2 + 1];
        if (opens[from] > 0 && closes[to] - closes[from] > 0) fallback();
        if (closes[runs.length] - closes[to] > 0 && opens[to] - opens[from] > 0) fallback();
      }
    }
  }

  private labelEnd(at: number): number {
    const opener = this.openers.pop();
    if (opener === undefined) return at + 1;
    const inactive = !opener.image && this.openers.length < this.inactiveBelow;
    // Openers pushed from now on sit where this one was, or higher: active.
    this.inactiveBelow = Math.min(this.inactiveBelow, this.openers.length);
    if (inactive) return at + 1;
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
    this.found.push(this.page.inlineLink(opener.image ? 'image' : 'link', url, span));
    if (this.block.heading) {
      if (opener.image) this.pieces.push(opener.at, resource.end, '');
      else {
        this.pieces.push(opener.at, opener.at + 1, '');
        this.pieces.push(at, resource.end, '');
      }
    }
    if (!opener.image) this.inactiveBelow = this.openers.length;
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
      if (opener.image) this.pieces.push(opener.at, end, '');
      else {
        this.pieces.push(opener.at, opener.at + 1, '');
        this.pieces.push(at, end, '');
      }
    }
    if (!opener.image) this.inactiveBelow = this.openers.length;
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
    if (tag.valueSpans.size > 0) for (const [attribute, span] of tag.valueSpans) tag.valueSpans.set(attribute, [span[0] + shift, span[1] + shift]);
    if (tag.closing) {
      const name = this.open.pop();
      if (name === undefined || name !== (tag.name ?? '')) fallback();
      this.spans.push(this.openedAt.pop()!, at);
      this.openers.elementClosed(this.open.length);
    } else {
      for (const link of this.page.inlineElementLinks(tag)) this.found.push(link);
      // In the tree only with an `id`: of a text element anchors.ts reads nothing else (the table
      // of contents, titles, tabs and parameter fields are flow elements'), and a paragraph of
      // half a million elements held a node each (issue 66). No children: the fast path's tree
      // keeps text elements flat.
      if (tag.attributes.some((attribute) => attribute.name === 'id'))
        this.found.push({ type: 'mdxJsxTextElement', name: tag.name, attributes: tag.attributes });
      if (!tag.selfClosing) {
        this.open.push(tag.name ?? '');
        this.openedAt.push(at);
      }
    }
    if (this.block.heading) this.pieces.push(at, tag.end, '');
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
      this.found.push(this.page.inlineLink('link', url, [this.offset(at + 1), this.offset(autolink.end - 1)]));
      if (this.block.heading) this.pieces.push(at, autolink.end, raw);
      return autolink.end;
    }
    const html = htmlTextEnd(content, at);
    if (html === undefined) return at + 1;
    if (this.block.heading) this.pieces.push(at, html, '');
    return html;
  }

  private textExpression(at: number): number {
    const { end } = expressionEnd(this.content, at, true, false);
    if (this.block.heading) this.pieces.push(at, end, '');
    return end;
  }

  /** The heading's text: its content but for markup, escapes and references decoded. */
  private title(): string {
    return this.pieces.title(this.content);
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
