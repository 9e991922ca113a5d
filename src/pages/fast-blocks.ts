/**
 * The fast path's block pass: one pass over a page, line by line, that keeps the block structure
 * as micromark does (block quotes, list items, fenced and indented code and math, ESM, elements
 * and expressions across lines, HTML blocks, definitions, ATX headings, front matter), keeps the
 * links of definitions and of elements' `href`/`src`, and builds the part of the tree anchors.ts
 * reads. Paragraphs and headings go to the inline pass (fast-inline.ts) once every definition is
 * known. Whatever it does not model with certainty, it declines (`fallback`). No I/O.
 */
import { decodeString } from 'micromark-util-decode-string';
import { normalizeIdentifier } from 'micromark-util-normalize-identifier';
import { htmlFlowEnds, htmlFlowStart, type HtmlFlow } from './fast-html.js';
import { InlineParser, parseDestination, parseTitle, type InlineBlock, type InlineHost } from './fast-inline.js';
import { atxContent, atxLevel, closesFence, fenceRun, isSetextLike, isThematicBreak, listMarker } from './fast-markers.js';
import { esmBlockEnd, expressionEnd, parseTag, startAcornBudget, unclosedElementError, type Tag } from './fast-mdx.js';
import { appendChild, fallback, isBlank, lineEnd, skippedTab, skipSpaces, SPACE, TAB, type TreeNode } from './fast-text.js';
import type { PageLink } from './types.js';

/** This module's file (in the bundle, the bundle's): scanner.ts's fingerprint covers it. */
export const fastBlocksModule = import.meta.url;

/** Elements whose `src` is a link (besides every element's `href`); as links.ts. */
const SOURCE_ELEMENTS = new Set(['img', 'video', 'source', 'audio', 'iframe']);
/** Flow elements whose title comes from their content (anchors.ts reads it): their paragraphs' text is kept. */
const CONTENT_TITLED = new Set(['h1', 'h2', 'h3', 'h4', 'Heading']);

/** What the fast path gives: the links (in page order) and a tree for anchors.ts's passes. */
export interface FastScan {
  links: PageLink[];
  tree: TreeNode;
  /** The parse error micromark's page ends with (then no links, and an empty tree), as it says it. */
  error?: { message: string; offset: number };
}

interface Container {
  kind: 'quote' | 'item';
  /** A list item's content column, counted from where the item's line starts after the containers around it. */
  indent: number;
}

/** The node of every paragraph outside a titled element: not in the tree, and the inline pass reads a heading's node only. */
const UNTITLED_PARAGRAPH: TreeNode = Object.freeze({ type: 'paragraph' });

/** Distinct URLs a page's links share one string of, at most (a map entry costs more than a URL used once). */
const URLS_KEPT = 10_000;

/**
 * The open flow elements, the innermost last: each one's node, how many containers were open
 * around it, and where its tag is (for the error when it is never closed). Columns, not an object
 * per element and its tag: a page may leave 300,000 open (issue 66).
 */
class OpenElements {
  private readonly nodes: TreeNode[] = [];
  private readonly depths: number[] = [];
  private readonly tags: number[] = [];

  push(node: TreeNode, depth: number, tag: Tag): void {
    this.nodes.push(node);
    this.depths.push(depth);
    this.tags.push(tag.start, tag.end);
  }

  /** The innermost element's node and depth, removed. */
  pop(): { node: TreeNode; depth: number } | undefined {
    const node = this.nodes.pop();
    if (node === undefined) return undefined;
    this.tags.length -= 2;
    return { node, depth: this.depths.pop()! };
  }

  innermost(): TreeNode | undefined {
    return this.nodes.at(-1);
  }

  innermostDepth(): number | undefined {
    return this.depths.at(-1);
  }

  /** The innermost element's name and where its tag starts and ends. */
  innermostTag(): { name: string | null; start: number; end: number } | undefined {
    const node = this.nodes.at(-1);
    if (node === undefined) return undefined;
    return { name: node.name ?? null, start: this.tags[this.tags.length - 2], end: this.tags[this.tags.length - 1] };
  }
}

interface Leaf {
  /**
   * `paragraph`: micromark's content, a paragraph or definitions (then `block` is undefined until a
   * line is no definition); `code`: indented code (Markdown), which blank lines do not end.
   */
  kind: 'paragraph' | 'fence' | 'html' | 'code';
  /** A fence: its character, length, and the containers open around it. */
  char?: number;
  count?: number;
  depth: number;
  block?: InlineBlock;
  /** HTML (Markdown pages): what ends it, a blank line or the marker on a line (kinds 1 to 4 of CommonMark's seven). */
  html?: HtmlFlow;
}

/**
 * What could be a footnote definition (`[^label]:`, the label without white space or unescaped
 * brackets), anywhere on the page (a superset of where micromark reads one): a `\` takes the
 * character after it, so that no run of backslashes makes the match backtrack.
 */
const FOOTNOTE_DEFINITION = /\[\^(?:\\[^ \t\n\r]|[^ \t\n\r[\]\\])+\]:/;

/** The links of an element that has none (most): one frozen list for all. */
const NO_LINKS: readonly PageLink[] = Object.freeze([]);

export class PageScanner implements InlineHost {
  private readonly links: PageLink[] = [];
  private readonly root: TreeNode = { type: 'root', children: [] };
  private readonly containers: Container[] = [];
  private readonly elements = new OpenElements();
  /** The tags of the flow line flowTags reads. */
  private readonly lineTags: Tag[] = [];
  /** The page's URLs, one string each (the first URLS_KEPT): a page links to a few URLs many times. */
  private readonly urls = new Map<string, string>();
  /** How many of `elements` are titled by their content (CONTENT_TITLED): a count, not a search of the open elements per paragraph. */
  private titledOpen = 0;
  private readonly blocks: InlineBlock[] = [];
  /** The definitions' labels, normalized as micromark compares them. */
  readonly defined = new Set<string>();
  private inlineParser: InlineParser | undefined;
  /** Elements in paragraphs (put in the tree at the end: where does not change an id). */
  readonly inlineElements: TreeNode[] = [];
  /** The names ESM blocks imported so far. */
  private readonly imported: string[] = [];
  private leaf: Leaf | undefined;

  constructor(
    private readonly text: string,
    private readonly original: string,
    /** MDX (elements, expressions, ESM), or Markdown (HTML, autolinks, indented code). */
    readonly mdx: boolean,
    /** Whether a heading's node says where it starts: anchors.ts reads it only when the page has custom heading ids (two objects a heading). */
    private readonly headingOffsets = true,
  ) {}

  scan(): FastScan {
    const text = this.text;
    if (text.includes('\r') || text.charCodeAt(0) === 0xfeff || text.includes('\0')) fallback();
    // A footnote call is one only when its definition is on the page: without any, `[^` is a bracket.
    if (text.includes('[^') && FOOTNOTE_DEFINITION.test(text)) fallback();
    startAcornBudget(text.length);
    let pos = this.frontMatter();
    while (pos <= text.length) {
      let end = text.indexOf('\n', pos);
      if (end === -1) end = text.length;
      pos = this.line(pos, end);
    }
    this.closeContainers(0);
    for (const block of this.blocks) this.inline(block);
    // Elements left open at the end: the page parses but for them, and micromark's tree fails on the
    // innermost (issue 66: micromark read 4 MB of such a page in seconds and gigabytes).
    const unclosed = this.elements.innermostTag();
    if (unclosed !== undefined)
      return {
        links: [],
        tree: { type: 'root', children: [] },
        error: unclosedElementError(text, unclosed),
      };
    for (const element of this.inlineElements) this.root.children!.push(element);
    this.links.sort((a, b) => a.span[0] - b.span[0]);
    return { links: this.links, tree: this.root };
  }

  /** `---` YAML or `+++` TOML front matter at the very start: where the body starts. */
  private frontMatter(): number {
    const text = this.text;
    const marker = text.startsWith('---') ? '---' : text.startsWith('+++') ? '+++' : undefined;
    if (marker === undefined) return 0;
    const firstEnd = lineEnd(text, 0);
    if (!isBlank(text, 3, firstEnd)) {
      // `----` or `--- x`: no front matter; `---` then text is a thematic break (modelled below).
      return 0;
    }
    let pos = firstEnd + 1;
    while (pos <= text.length) {
      const end = lineEnd(text, pos);
      if (text.startsWith(marker, pos) && isBlank(text, pos + 3, end)) {
        const value = text.slice(firstEnd + 1, Math.max(firstEnd + 1, pos - 1));
        this.root.children!.push({ type: marker === '---' ? 'yaml' : 'toml', value });
        return end + 1;
      }
      if (end >= text.length) break;
      pos = end + 1;
    }
    // Not closed: no front matter. micromark then reads `---` as a thematic break (`+++` as text) and
    // the rest as the body, as the line pass below does; left to micromark, whose front matter
    // construct tries each later line as the closing one, 4 MB of lines took minutes (issue 66).
    // But after that failed attempt micromark starts no list and no block quote anywhere in the
    // page (they stay paragraph text): a page with a line that would start one is left to it.
    if (startsAContainer(text, firstEnd + 1)) return fallback();
    return 0;
  }

  private get parent(): TreeNode {
    return this.elements.innermost() ?? this.root;
  }

  /** One line [start, end): its containers, then its leaf. Returns where the next line starts. */
  private line(start: number, end: number): number {
    const text = this.text;
    let pos = start;
    let matched = 0;
    // 1. The open containers this line continues.
    for (; matched < this.containers.length; matched++) {
      const container = this.containers[matched];
      const to = skipSpaces(text, pos, end);
      const tab = skippedTab;
      if (container.kind === 'quote') {
        if (tab) fallback();
        if (text.charCodeAt(to) !== 62 /* > */ || (!this.mdx && to - pos >= 4)) break;
        pos = to + 1;
        if (text.charCodeAt(pos) === TAB) fallback();
        if (text.charCodeAt(pos) === SPACE) pos++;
      } else {
        if (to >= end) continue; // a blank line stays in the item
        if (tab) fallback();
        if (to - pos < container.indent) break;
        pos += container.indent;
      }
    }
    const leaf = this.leaf;
    // 2. An open fence takes the line when the line continues its containers.
    if (leaf?.kind === 'fence') {
      if (matched < leaf.depth) fallback(); // a container ends the fence: micromark's and ours may differ
      if (closesFence(text, pos, end, leaf.char!, leaf.count!, this.mdx)) this.leaf = undefined;
      return end + 1;
    }
    // 2b. So does open HTML (Markdown pages), to its end: a blank line, or a line holding its end marker.
    if (leaf?.kind === 'html') {
      const html = leaf.html!;
      const blank = isBlank(text, pos, end);
      if (html.endsAtBlankLine && blank) this.leaf = undefined;
      else {
        if (matched < leaf.depth) fallback(); // as a fence
        if (htmlFlowEnds(text, pos, end, html)) this.leaf = undefined;
        return end + 1;
      }
    }
    const first = skipSpaces(text, pos, end);
    const tab = skippedTab;
    const blank = first >= end;
    if (matched < this.containers.length) {
      // A line that ends containers, unless it continues their paragraph lazily.
      if (leaf?.kind === 'paragraph' && !blank && !this.interrupts(first, end, true, first - pos)) {
        if (tab) fallback();
        if (isSetextLike(text, first, end) && (this.mdx || first - pos < 4)) fallback();
        this.continueContent(leaf, first, end);
        return end + 1;
      }
      this.closeContainers(matched);
    }
    // 3. New containers.
    pos = this.openContainers(pos, end);
    return this.leafLine(pos, end, start);
  }

  private closeParagraph(): void {
    this.leaf = undefined;
  }

  private closeContainers(depth: number): void {
    if (this.containers.length <= depth) return;
    this.closeParagraph();
    this.containers.length = depth;
    // An element opened in a container must close in it.
    if ((this.elements.innermostDepth() ?? 0) > depth) fallback();
  }

  /**
   * Block quotes and list items that start on this line. While the line may interrupt a paragraph
   * (every container went on and content is open), each item it starts must be one that can.
   */
  private openContainers(pos: number, end: number): number {
    const text = this.text;
    // micromark's test: a construct still open (content, or indented code, even past blank lines).
    const interrupting = this.leaf?.kind === 'paragraph' || this.leaf?.kind === 'code';
    for (;;) {
      const to = skipSpaces(text, pos, end);
      const tab = skippedTab;
      const code = text.charCodeAt(to);
      // In Markdown, four columns of indent make code, not a container.
      if (!this.mdx && to - pos >= 4) return pos;
      if (to < end && code === 62 /* > */) {
        if (tab) fallback();
        this.closeParagraph();
        this.containers.push({ kind: 'quote', indent: 0 });
        pos = to + 1;
        if (text.charCodeAt(pos) === TAB) fallback();
        if (text.charCodeAt(pos) === SPACE) pos++;
        continue;
      }
      const marker = listMarker(text, to, end);
      if (marker === undefined || isThematicBreak(text, to, end)) return pos;
      if (tab) fallback();
      const contentStart = skipSpaces(text, marker, end);
      if (skippedTab) fallback();
      // An empty item (and what it may take from the next lines) is left to micromark; so is, in
      // Markdown, one whose content is indented code (five spaces or more after the marker).
      if (contentStart >= end || (!this.mdx && contentStart - marker > 4)) fallback();
      // An ordered item interrupts a paragraph only from 1: else the line continues the paragraph
      // (or, after an item the line started, is its paragraph).
      if (interrupting && code >= 48 && code <= 57 && !(marker - to === 2 && code === 49)) return pos;
      this.closeParagraph();
      this.containers.push({ kind: 'item', indent: contentStart - pos });
      pos = contentStart;
    }
  }

  /**
   * Whether the line from `first` starts a block that ends a paragraph (`lazy`: the line is not
   * in the paragraph's containers, so a block quote or list item starts one too).
   */
  private interrupts(first: number, end: number, lazy: boolean, indent: number): boolean {
    const text = this.text;
    const code = text.charCodeAt(first);
    // In Markdown, a line indented four columns or more continues the paragraph.
    if (!this.mdx && indent >= 4) return false;
    if (code === 35 /* # */ && atxLevel(text, first, end) > 0) return true;
    if ((code === 96 || code === 126) && fenceRun(text, first, end) >= 3) return true;
    if (code === 36 /* $ */ && text.charCodeAt(first + 1) === 36) fallback();
    if (isThematicBreak(text, first, end)) return true;
    if (!this.mdx) {
      // HTML of the first six kinds ends a paragraph; the seventh (any other tag) does not, but on a
      // lazy line, where micromark opens it inside the containers the line leaves: left to it.
      const html = code === 60 ? htmlFlowStart(text, first, end) : undefined;
      if (html !== undefined) {
        if (html.anyTag && lazy) fallback();
        return !html.anyTag;
      }
    } else if (code === 60 /* < */ || code === 123 /* { */) {
      // Elements and expressions on a line of their own end a paragraph (and, lazily, its containers).
      return this.flowTags(first, end, false) !== undefined;
    }
    if (lazy) {
      if (code === 62 /* > */) return true;
      // Where the line leaves containers, micromark starts any list item (any number, empty too: the
      // test that keeps them from interrupting a paragraph runs only when every container continues).
      if (listMarker(text, first, end) !== undefined) return true;
    }
    return false;
  }

  /** The line's leaf from `pos` (after its containers). */
  private leafLine(pos: number, end: number, lineStart: number): number {
    const text = this.text;
    const first = skipSpaces(text, pos, end);
    const tab = skippedTab;
    const leaf = this.leaf;
    if (first >= end) {
      if (leaf?.kind !== 'code') this.closeParagraph();
      return end + 1;
    }
    const code = text.charCodeAt(first);
    const indent = first - pos;
    // Tabs where Markdown counts indentation are left to micromark.
    if (!this.mdx && tab) fallback();
    if (leaf?.kind === 'paragraph') {
      if (isSetextLike(text, first, end) && (this.mdx || indent < 4)) fallback();
      if (!this.interrupts(first, end, false, indent)) {
        this.continueContent(leaf, first, end);
        return end + 1;
      }
      this.closeParagraph();
    }
    // Indented code (Markdown): no links; it ends at a line indented less.
    if (!this.mdx && indent >= 4) {
      this.leaf = { kind: 'code', depth: this.containers.length };
      return end + 1;
    }
    if (leaf?.kind === 'code') this.leaf = undefined;
    // ATX heading.
    const level = code === 35 ? atxLevel(text, first, end) : 0;
    if (level > 0) {
      // Every field in the literal, `children` too (appendChild sets it), and the `name` and
      // `attributes` anchors.ts gives a heading: one added later costs a property array.
      const node: TreeNode = {
        type: 'heading',
        name: undefined,
        attributes: undefined,
        depth: level,
        children: undefined,
        position: this.headingOffsets ? { start: { offset: first } } : undefined,
      };
      appendChild(this.parent, node);
      const [contentStart, contentEnd] = atxContent(text, first + level, end);
      const block = { node, segments: [contentStart, contentEnd], heading: true };
      // Read now when no `]` can end a reference to a definition further on (most headings), not
      // kept until the page's end (issue 66: a page of 100,000 headings held them all).
      let bracket = contentStart;
      while (bracket < contentEnd && text.charCodeAt(bracket) !== 93 /* ] */) bracket++;
      if (bracket === contentEnd) this.inline(block);
      else this.blocks.push(block);
      return end + 1;
    }
    if (this.openFence(first, end, code)) return end + 1;
    if (isThematicBreak(text, first, end)) return end + 1;
    const markup = this.mdx ? this.mdxLine(first, end, lineStart, code) : this.htmlLine(first, end, code);
    if (markup !== undefined) return markup;
    // Content: definitions, then a paragraph; the lines after a definition continue it as a paragraph's do.
    const content: Leaf = { kind: 'paragraph', depth: this.containers.length };
    this.continueContent(content, first, end);
    this.leaf = content;
    return end + 1;
  }

  /** Fenced code or math (`$$`) from `first`: whether the line opens one. */
  private openFence(first: number, end: number, code: number): boolean {
    const text = this.text;
    if (code !== 96 && code !== 126 && !(code === 36 /* $ */ && text.charCodeAt(first + 1) === 36)) return false;
    const count = fenceRun(text, first, end);
    if (count < 3 && code !== 36) return false;
    // An info string with the fence's own character (backtick, dollar) is left to micromark.
    if (code !== 126 && text.slice(first + count, end).includes(String.fromCharCode(code))) fallback();
    this.leaf = { kind: 'fence', char: code, count, depth: this.containers.length };
    return true;
  }

  /** MDX: ESM, or a line of flow elements and expressions; where the next line starts, or undefined when the line is neither. */
  private mdxLine(first: number, end: number, lineStart: number, code: number): number | undefined {
    const text = this.text;
    // ESM: `import`/`export` at the start of a line outside containers, to the next blank line.
    if (first === lineStart && this.containers.length === 0 && (text.startsWith('import', first) || text.startsWith('export', first))) {
      if (text.charCodeAt(first + 6) === SPACE) return esmBlockEnd(text, first, this.imported);
    }
    if (code !== 60 && code !== 123) return undefined;
    const tags = this.flowTags(first, end, true);
    return tags === undefined ? undefined : tags + 1;
  }

  /** Markdown: HTML, raw to its end, no links (kinds 1 to 4 may end on the line they start on); where the next line starts, or undefined. */
  private htmlLine(first: number, end: number, code: number): number | undefined {
    const html = code === 60 ? htmlFlowStart(this.text, first, end) : undefined;
    if (html === undefined) return undefined;
    if (html.endsAtBlankLine || !htmlFlowEnds(this.text, html.searchFrom, end, html)) this.leaf = { kind: 'html', depth: this.containers.length, html };
    return end + 1;
  }

  /** A line of content: a definition while no paragraph has started, else a line of the paragraph. */
  private continueContent(leaf: Leaf, first: number, end: number): void {
    if (leaf.block !== undefined) {
      // A title of several lines (their breaks, hard or not) is left to micromark.
      if (leaf.block.heading) fallback();
      leaf.block.segments.push(first, end);
      return;
    }
    if (this.text.charCodeAt(first) === 91 /* [ */ && this.definition(first, end)) return;
    // In an element titled by its content (`<h2>`), the paragraph is in the tree with its text (as
    // a heading's; the white space that ends the line, which micromark drops, the slug trims);
    // elsewhere it has no node (anchors.ts reads only the elements in it, wherever they are), and
    // one that the inline pass never reads stands for all.
    const titled = this.titledOpen > 0;
    let node = UNTITLED_PARAGRAPH;
    if (titled) {
      node = { type: 'paragraph', children: undefined };
      appendChild(this.parent, node);
    }
    leaf.block = { node, segments: [first, end], heading: titled };
    this.blocks.push(leaf.block);
  }

  /**
   * A line of flow elements and expressions from `first`: tags and `{…}` with only white space
   * between and after them. Returns where the last one's line ends (a tag may span lines outside
   * containers), or undefined when the line holds more (it is then a paragraph). With `apply`,
   * the tags open and close elements and their links are kept.
   */
  private flowTags(first: number, end: number, apply: boolean): number | undefined {
    const text = this.text;
    // One list for every line (a list a line, pushed onto, took 152 bytes: issue 66).
    const tags = this.lineTags;
    tags.length = 0;
    const lineIndent = this.tagLineIndent();
    let pos = first;
    let lineEndAt = end;
    for (;;) {
      const code = text.charCodeAt(pos);
      if (code === 60) {
        const tag = parseTag(text, pos, lineIndent);
        if (tag === undefined) return undefined;
        tags.push(tag);
        pos = tag.end;
      } else if (code === 123) {
        pos = expressionEnd(text, pos, this.containers.length > 0, false).end;
      } else return undefined;
      if (pos > lineEndAt) lineEndAt = lineEnd(text, pos);
      const to = skipSpaces(text, pos, lineEndAt);
      if (to >= lineEndAt) break;
      pos = to;
    }
    if (!apply) return lineEndAt;
    for (const tag of tags) this.flowTag(tag);
    tags.length = 0;
    return lineEndAt;
  }

  /**
   * Where a flow tag may break lines: anywhere outside containers (0); in list items, onto lines
   * indented as far as their content (the tag's text is then the page's, but for that indent); in
   * a block quote, nowhere (undefined: left to micromark).
   */
  private tagLineIndent(): number | undefined {
    let indent = 0;
    for (const container of this.containers) {
      if (container.kind === 'quote') return undefined;
      indent += container.indent;
    }
    return indent;
  }

  private flowTag(tag: Tag): void {
    if (tag.closing) {
      const open = this.elements.pop();
      if (open === undefined || open.depth !== this.containers.length || open.node.name !== tag.name) fallback();
      if (CONTENT_TITLED.has(open.node.name ?? '')) this.titledOpen--;
      return;
    }
    // Children are added as they come (appendChild): most elements have one or none.
    const node: TreeNode = { type: 'mdxJsxFlowElement', name: tag.name, attributes: tag.attributes, children: undefined };
    appendChild(this.parent, node);
    this.elementLinks(tag);
    if (tag.selfClosing) return;
    this.elements.push(node, this.containers.length, tag);
    if (CONTENT_TITLED.has(tag.name ?? '')) this.titledOpen++;
  }

  private elementLinks(tag: Tag, links: PageLink[] = this.links): void {
    if (tag.name === null) return;
    for (const attribute of tag.attributes) {
      if (attribute.type !== 'mdxJsxAttribute' || typeof attribute.value !== 'string') continue;
      if (attribute.name !== 'href' && !(attribute.name === 'src' && SOURCE_ELEMENTS.has(tag.name))) continue;
      const span = tag.valueSpans.get(attribute)!;
      links.push({ ...this.link('element', attribute.value, span), element: tag.name, attribute: attribute.name });
    }
  }

  private link(kind: PageLink['kind'], written: string, span: [number, number]): PageLink {
    let url = this.urls.get(written);
    if (url === undefined) {
      url = written;
      // Stryker disable next-line ConditionalExpression,EqualityOperator: memory only: a URL kept or not is the same string.
      if (this.urls.size < URLS_KEPT) this.urls.set(url, url);
    }
    return { url, kind, span, verbatim: span[1] - span[0] === url.length && this.original.startsWith(url, span[0]) };
  }

  /**
   * `[label]: destination "title"` on one line, at the start of a paragraph. Anything else that
   * might be a definition (a title on the next line, a label across lines) is left to micromark.
   */
  private definition(first: number, end: number): boolean {
    const text = this.text;
    let pos = first + 1;
    let labelChars = 0;
    for (; pos < end; pos++) {
      const code = text.charCodeAt(pos);
      if (code === 92 /* \ */) {
        pos++;
        labelChars++;
        continue;
      }
      if (code === 91) return this.notDefinition(first, end);
      if (code === 93) break;
      if (code !== SPACE && code !== TAB) labelChars++;
    }
    if (pos >= end || text.charCodeAt(pos + 1) !== 58 /* : */) return this.notDefinition(first, end);
    if (labelChars === 0 || pos - first > 999) fallback();
    let to = skipSpaces(text, pos + 2, end);
    if (to >= end) fallback(); // the destination on the next line
    const destination = parseDestination(text, to, end);
    if (destination === undefined) fallback();
    to = destination.end;
    const afterDestination = skipSpaces(text, to, end);
    if (afterDestination < end) {
      if (afterDestination === to) fallback();
      const title = parseTitle(text, afterDestination, end);
      if (title === undefined || skipSpaces(text, title, end) < end) fallback();
    }
    // A title may follow on the next line (after the block quotes' `>` it continues).
    let next = end + 1;
    for (let code = text.charCodeAt(next); code === SPACE || code === TAB || code === 62; code = text.charCodeAt(next)) next++;
    const following = text.charCodeAt(next);
    if (following === 34 || following === 39 || following === 40) fallback();
    this.defined.add(normalizeIdentifier(text.slice(first + 1, pos)));
    this.links.push(this.link('definition', decodeString(destination.raw), [destination.start, destination.end]));
    return true;
  }

  /** A `[` line that is no definition: a paragraph, unless it looks like one micromark might read otherwise. */
  private notDefinition(first: number, end: number): boolean {
    if (this.text.slice(first, end).includes(']:')) fallback();
    return false;
  }

  /** A paragraph's or heading's text: its links, elements and (for a heading) its title. */
  private inline(block: InlineBlock): void {
    const { segments } = block;
    let content = this.text.slice(segments[0], segments[1]);
    for (let i = 2; i < segments.length; i += 2) content += '\n' + this.text.slice(segments[i], segments[i + 1]);
    (this.inlineParser ??= new InlineParser(this)).parse(content, segments, block);
  }

  /** What a paragraph or heading found, once no image's text (which mdast keeps as a string) holds it. */
  addInline(link: PageLink): void {
    this.links.push(link);
  }

  inlineLink(kind: PageLink['kind'], url: string, span: [number, number]): PageLink {
    return this.link(kind, url, span);
  }

  inlineElementLinks(tag: Tag): readonly PageLink[] {
    // Most elements have no attribute that links: one empty list for all of them.
    if (tag.valueSpans.size === 0) return NO_LINKS;
    const links: PageLink[] = [];
    this.elementLinks(tag, links);
    return links;
  }
}

/**
 * Whether a line from `from` on could start a list item or a block quote: up to three spaces, then
 * `>` or a list marker (listMarker). One pass over the text.
 */
function startsAContainer(text: string, from: number): boolean {
  for (let pos = from; pos < text.length;) {
    const end = lineEnd(text, pos);
    let at = pos;
    while (at < end && at - pos < 3 && text.charCodeAt(at) === SPACE) at++;
    if (text.charCodeAt(at) === 62 /* > */ || listMarker(text, at, end) !== undefined) return true;
    pos = end + 1;
  }
  return false;
}
