/**
 * The page scanner's fast path: one pass over a page, line by line, that finds what the rules
 * need (links, images, definitions, the `href`/`src` of elements, headings, elements and their
 * attributes, front matter) with the offsets micromark gives, and builds just enough of the tree
 * for anchors.ts to make the page's ids as it makes them from micromark's tree. An MDX page
 * (`mdx`) has elements, expressions and ESM; a Markdown page (`.md`) has HTML instead (raw: no
 * links in it), autolinks and indented code.
 *
 * It is no set of regular expressions: it keeps the block structure (block quotes, list items,
 * fenced and indented code and math, ESM, elements and expressions across lines, HTML blocks,
 * definitions) and parses paragraphs and headings as micromark does for links (code spans, inline
 * math and inline HTML hide them; escapes; brackets matched and links inside links undone).
 *
 * Safety first: wherever a page holds something this path does not model with certainty (setext
 * underlines, footnote definitions, tabs where indentation counts, a fence or HTML block a
 * container ends, elements or expressions that might not parse, CDATA, a byte order mark, carriage
 * returns), it says `undefined` and the page goes to micromark (scanner.ts). micromark stays the
 * oracle: test/pages/fast-scan.corpus.test.ts and the property tests (test/pages/fast-scan-property.ts,
 * on pages from test/pages/page-grammar.ts) require both to give the same scan of every page this path accepts.
 */
import { jsxParser } from './acorn.js';
import { classifyCharacter } from 'micromark-util-classify-character';
import { decodeString } from 'micromark-util-decode-string';
import { htmlBlockNames, htmlRawNames } from 'micromark-util-html-tag-name';
import { normalizeIdentifier } from 'micromark-util-normalize-identifier';
import { parseEntities } from 'parse-entities';
import type { PageLink } from './types.js';

/** Elements whose `src` is a link (besides every element's `href`); as links.ts. */
const SOURCE_ELEMENTS = new Set(['img', 'video', 'source', 'audio', 'iframe']);
/** Flow elements whose title comes from their content (anchors.ts reads it): their paragraphs' text is kept. */
const CONTENT_TITLED = new Set(['h1', 'h2', 'h3', 'h4', 'Heading']);

/** What the fast path gives: the links (in page order) and a tree for anchors.ts's passes. */
export interface FastScan {
  links: PageLink[];
  tree: TreeNode;
}

/** The part of an mdast node anchors.ts reads. */
interface TreeNode {
  type: string;
  name?: string | null;
  attributes?: TreeAttribute[];
  children?: TreeNode[];
  value?: string;
  depth?: number;
  position?: { start: { offset: number } };
}

interface TreeAttribute {
  type: string;
  name?: string;
  value?: string | null | { type: string; value: string };
}

/** Thrown when the page leaves what this path models: one error, made once (no stack captured per page). */
class FastPathDeclines extends Error {}
const FALLBACK = new FastPathDeclines('the fast path leaves this page to micromark');

function fallback(): never {
  throw FALLBACK;
}

/**
 * The page's scan, or undefined when it holds anything this path does not model with certainty
 * (the caller then parses it with micromark). `text` is the page with its custom heading ids
 * blanked (heading-ids.ts); `original` the page as written (for `verbatim`).
 */
/** This module's file (in the bundle, the bundle's): scanner.ts's fingerprint covers it. */
export const fastScanModule = import.meta.url;

export function fastScan(text: string, original: string, mdx: boolean): FastScan | undefined {
  try {
    return new PageScanner(text, original, mdx).scan();
  } catch (error) {
    if (error === FALLBACK) return undefined;
    throw error;
  }
}

interface Container {
  kind: 'quote' | 'item';
  /** A list item's content column, counted from where the item's line starts after the containers around it. */
  indent: number;
}

/** An open flow element, and how many containers were open around it. */
interface OpenElement {
  node: TreeNode;
  depth: number;
}

/** Text parsed later (definitions first): a paragraph's or heading's lines, as [start, end) offsets. */
interface InlineBlock {
  node: TreeNode;
  segments: number[];
  /** Its text is read: a heading, or a paragraph in an element titled by its content. */
  heading: boolean;
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

/** What an ESM block may hold (micromark-extension-mdxjs-esm's list). */
const ESM_NODES = new Set(['ExportAllDeclaration', 'ExportDefaultDeclaration', 'ExportNamedDeclaration', 'ImportDeclaration']);

/**
 * What could be a footnote definition (`[^label]:`, the label without white space or unescaped
 * brackets), anywhere on the page (a superset of where micromark reads one): a `\` takes the
 * character after it, so that no run of backslashes makes the match backtrack.
 */
const FOOTNOTE_DEFINITION = /\[\^(?:\\[^ \t\n\r]|[^ \t\n\r[\]\\])+\]:/;

/** Characters the inline pass acts on. */
const INLINE_SPECIAL_SEARCH = /[\\`$[!\]<{*_]/g;

const SPACE = 32;
const TAB = 9;
const NEWLINE = 10;

class PageScanner {
  private readonly links: PageLink[] = [];
  private readonly root: TreeNode = { type: 'root', children: [] };
  private readonly containers: Container[] = [];
  private readonly elements: OpenElement[] = [];
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
  ) {}

  scan(): FastScan {
    const text = this.text;
    if (text.includes('\r') || text.charCodeAt(0) === 0xfeff || text.includes('\0')) fallback();
    // A footnote call is one only when its definition is on the page: without any, `[^` is a bracket.
    if (text.includes('[^') && FOOTNOTE_DEFINITION.test(text)) fallback();
    let pos = this.frontMatter();
    while (pos <= text.length) {
      let end = text.indexOf('\n', pos);
      if (end === -1) end = text.length;
      pos = this.line(pos, end);
    }
    this.closeContainers(0);
    if (this.elements.length > 0) fallback();
    for (const block of this.blocks) this.inline(block);
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
    // Not closed: micromark reads a thematic break and text; left to it.
    return fallback();
  }

  private get parent(): TreeNode {
    return this.elements.length > 0 ? this.elements[this.elements.length - 1].node : this.root;
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
    if (this.elements.length > 0 && this.elements[this.elements.length - 1].depth > depth) fallback();
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
      const node: TreeNode = { type: 'heading', depth: level, children: [], position: { start: { offset: first } } };
      this.parent.children!.push(node);
      const [contentStart, contentEnd] = atxContent(text, first + level, end);
      this.blocks.push({ node, segments: [contentStart, contentEnd], heading: true });
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
      if (text.charCodeAt(first + 6) === SPACE) return this.esm(first);
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
    const node: TreeNode = { type: 'paragraph', children: [] };
    // In an element titled by its content (`<h2>`), the paragraph is in the tree with its text (as
    // a heading's; the white space that ends the line, which micromark drops, the slug trims);
    // elsewhere it has no node (anchors.ts reads only the elements in it, wherever they are).
    const titled = this.elements.some((open) => CONTENT_TITLED.has(open.node.name ?? ''));
    if (titled) this.parent.children!.push(node);
    leaf.block = { node, segments: [first, end], heading: titled };
    this.blocks.push(leaf.block);
  }

  /**
   * An ESM block from `start` to the next blank line; it must parse (else micromark says why). As
   * micromark reads it, code that ends too soon there (a function body with blank lines in it)
   * goes on to the next blank line, and is parsed again, unless the page ends.
   */
  private esm(start: number): number {
    const text = this.text;
    let end = beforeBlankLine(text, lineEnd(text, start));
    const acornParser = jsxParser();
    // As micromark: what earlier blocks imported is declared before this one (importing a name twice fails).
    const prefix = this.imported.length > 0 ? `var ${this.imported.join(',')}\n` : '';
    let program: { body: { type: string; specifiers?: { local: { name: string } }[] }[] };
    for (let attempt = 1; ; attempt++) {
      const source = prefix + text.slice(start, end);
      try {
        program = acornParser.parse(source, { ecmaVersion: 2024, sourceType: 'module' }) as unknown as typeof program;
        break;
      } catch (error) {
        if (!endsTooSoon(error, source) || end >= text.length || attempt >= MAX_ESM_ATTEMPTS) return fallback();
        end = beforeBlankLine(text, lineEnd(text, end + 1));
      }
    }
    for (const node of prefix ? program.body.slice(1) : program.body) {
      if (!ESM_NODES.has(node.type)) fallback();
      if (node.type === 'ImportDeclaration') for (const specifier of node.specifiers ?? []) this.imported.push(specifier.local.name);
    }
    return end + 1;
  }

  /**
   * A line of flow elements and expressions from `first`: tags and `{…}` with only white space
   * between and after them. Returns where the last one's line ends (a tag may span lines outside
   * containers), or undefined when the line holds more (it is then a paragraph). With `apply`,
   * the tags open and close elements and their links are kept.
   */
  private flowTags(first: number, end: number, apply: boolean): number | undefined {
    const text = this.text;
    const tags: Tag[] = [];
    let pos = first;
    let lineEndAt = end;
    for (;;) {
      const code = text.charCodeAt(pos);
      if (code === 60) {
        const tag = parseTag(text, pos, this.tagLineIndent());
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
      return;
    }
    const node: TreeNode = { type: 'mdxJsxFlowElement', name: tag.name, attributes: tag.attributes, children: [] };
    this.parent.children!.push(node);
    this.elementLinks(tag);
    if (!tag.selfClosing) this.elements.push({ node, depth: this.containers.length });
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

  private link(kind: PageLink['kind'], url: string, span: [number, number]): PageLink {
    return { url, kind, span, verbatim: this.original.slice(span[0], span[1]) === url };
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
  addInline(links: readonly PageLink[]): void {
    this.links.push(...links);
  }

  inlineLink(kind: PageLink['kind'], url: string, span: [number, number]): PageLink {
    return this.link(kind, url, span);
  }

  inlineElementLinks(tag: Tag): PageLink[] {
    const links: PageLink[] = [];
    this.elementLinks(tag, links);
    return links;
  }
}

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

class InlineParser {
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
  constructor(private readonly page: PageScanner) {}

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
function parseDestination(text: string, start: number, end: number): Destination | undefined {
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
function parseTitle(text: string, start: number, end: number): number | undefined {
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

interface Tag {
  end: number;
  name: string | null;
  closing: boolean;
  selfClosing: boolean;
  attributes: TreeAttribute[];
  /** Where each string attribute's value is written (inside its quotes). */
  valueSpans: Map<TreeAttribute, [number, number]>;
}

/**
 * A JSX tag from the `<` at `start`, when it is plainly one: ASCII names, `name="value"` (no
 * character references, on one line), `name={simple}` and bare attributes. Undefined when the `<`
 * starts no tag (a space after it); anything else unusual (which may not parse) is left to micromark.
 */
function parseTag(text: string, start: number, lineIndent: number | undefined): Tag | undefined {
  let pos = start + 1;
  const next = text.charCodeAt(pos);
  if (next === SPACE || next === TAB || next === NEWLINE) return undefined;
  const skip = () => {
    for (;;) {
      const code = text.charCodeAt(pos);
      if (code === SPACE || code === TAB) pos++;
      else if (code === NEWLINE) {
        if (lineIndent === undefined || (lineIndent > 0 && !staysInItems(text, pos + 1, lineIndent))) fallback();
        pos++;
      } else return;
    }
  };
  let closing = false;
  if (text.charCodeAt(pos) === 47) {
    closing = true;
    pos++;
    skip();
  }
  let name: string | null = null;
  if (isNameStart(text.charCodeAt(pos))) {
    const nameStart = pos;
    pos = nameEnd(text, pos);
    while (text.charCodeAt(pos) === 46 /* . */ && isNameStart(text.charCodeAt(pos + 1))) pos = nameEnd(text, pos + 1);
    name = text.slice(nameStart, pos);
    const after = text.charCodeAt(pos);
    if (after !== SPACE && after !== TAB && after !== NEWLINE && after !== 47 && after !== 62) fallback();
  } else if (text.charCodeAt(pos) !== 62) fallback();
  const attributes: TreeAttribute[] = [];
  const valueSpans = new Map<TreeAttribute, [number, number]>();
  for (;;) {
    skip();
    const code = text.charCodeAt(pos);
    if (code === 62) {
      return { end: pos + 1, name, closing, selfClosing: false, attributes, valueSpans };
    }
    if (code === 47) {
      if (closing || text.charCodeAt(pos + 1) !== 62) fallback();
      return { end: pos + 2, name, closing, selfClosing: true, attributes, valueSpans };
    }
    if (closing || name === null || !isNameStart(code)) fallback();
    const attributeStart = pos;
    pos = nameEnd(text, pos);
    const attributeName = text.slice(attributeStart, pos);
    const after = text.charCodeAt(pos);
    if (after !== 61 /* = */) {
      if (after !== SPACE && after !== TAB && after !== NEWLINE && after !== 47 && after !== 62) fallback();
      attributes.push({ type: 'mdxJsxAttribute', name: attributeName, value: null });
      continue;
    }
    pos = attributeValue(text, pos + 1, attributeName, lineIndent !== 0, attributes, valueSpans);
    const following = text.charCodeAt(pos);
    if (following !== SPACE && following !== TAB && following !== NEWLINE && following !== 47 && following !== 62) fallback();
  }
}

/** Whether the line at `start` is indented `indent` spaces at least, and not blank: it goes on in the list items a tag is in. */
function staysInItems(text: string, start: number, indent: number): boolean {
  const first = skipSpaces(text, start, lineEnd(text, start));
  return !skippedTab && first - start >= indent && first < lineEnd(text, start);
}

/** `"value"`, `'value'` or `{expression}` from `pos` (after the `=`): the attribute kept, and where it ends. */
function attributeValue(
  text: string,
  pos: number,
  name: string,
  inContainers: boolean,
  attributes: TreeAttribute[],
  valueSpans: Map<TreeAttribute, [number, number]>,
): number {
  const quote = text.charCodeAt(pos);
  if (quote === 34 || quote === 39) {
    let close = pos + 1;
    for (; ; close++) {
      const char = text.charCodeAt(close);
      if (Number.isNaN(char) || char === NEWLINE) fallback();
      if (char === quote) break;
    }
    const written = text.slice(pos + 1, close);
    // Character references are decoded, as mdast-util-mdx-jsx decodes them.
    const value = written.includes('&') ? parseEntities(written, { nonTerminated: false }) : written;
    const attribute: TreeAttribute = { type: 'mdxJsxAttribute', name, value };
    attributes.push(attribute);
    valueSpans.set(attribute, [pos + 1, close]);
    return close + 1;
  }
  if (quote !== 123) return fallback();
  const expression = expressionEnd(text, pos, inContainers, true);
  attributes.push({ type: 'mdxJsxAttribute', name, value: { type: 'mdxJsxAttributeValueExpression', value: expression.value } });
  return expression.end;
}

function isNameStart(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 95 || code === 36;
}

function nameEnd(text: string, pos: number): number {
  for (;;) {
    const code = text.charCodeAt(pos);
    if (isNameStart(code) || (code >= 48 && code <= 57) || code === 45) pos++;
    else if (code === 58 /* : */ || code > 127) return fallback();
    else return pos;
  }
}

/**
 * Where the `{…}` at `start` ends (after its `}`), and its value, as micromark finds them: at each
 * `}` it gives acorn what came before; an expression (or, but as an attribute value, nothing and
 * comments) followed by nothing but white space and comments ends there; input that ends too soon
 * goes on to the next `}`; any other error fails the page (left to micromark, which says why).
 * Lines after the first lose up to two spaces of indent, as micromark drops them.
 */
function expressionEnd(text: string, start: number, inContainers: boolean, attribute: boolean): { end: number; value: string } {
  let close = start;
  for (;;) {
    close = text.indexOf('}', close + 1);
    if (close === -1) return fallback();
    const raw = text.slice(start + 1, close);
    if (raw.includes('\n') && inContainers) fallback();
    const value = raw.includes('\n') ? raw.replace(/\n[ \t]{0,2}/g, '\n') : raw;
    if (isEmptyExpression(value)) {
      if (attribute) fallback();
      return { end: close + 1, value };
    }
    if (attribute && value.trimStart().startsWith('...')) fallback();
    const acornParser = jsxParser();
    let node: { end: number };
    try {
      node = acornParser.parseExpressionAt(value, 0, { ecmaVersion: 2024, sourceType: 'module', preserveParens: true, onComment: [] });
    } catch (error) {
      if (endsTooSoon(error, value)) continue;
      return fallback();
    }
    if (!isEmptyExpression(value.slice(node.end))) fallback();
    return { end: close + 1, value };
  }
}

/** Parses of one ESM block at most (each runs over the block so far): past them, micromark reads the page. */
const MAX_ESM_ATTEMPTS = 64;

/** The end of the line at `end` or of the first line after it that a blank line (or the page's end) follows. */
function beforeBlankLine(text: string, end: number): number {
  while (end < text.length) {
    const nextEnd = lineEnd(text, end + 1);
    if (isBlank(text, end + 1, nextEnd)) break;
    end = nextEnd;
  }
  return end;
}

/** An acorn error that micromark reads as input ending too soon (it then reads further): at the end, or an open comment. */
function endsTooSoon(error: unknown, source: string): boolean {
  const { raisedAt, message } = error as { raisedAt?: number; message?: string };
  return (typeof raisedAt === 'number' && raisedAt >= source.length) || message?.startsWith('Unterminated comment') === true;
}

/** Nothing but white space and comments (a line comment must end its line), as micromark tests it. */
function isEmptyExpression(value: string): boolean {
  return /^\s*$/.test(value.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/[^\r\n]*(\r\n|\n|\r)/g, ''));
}

function lineEnd(text: string, pos: number): number {
  const end = text.indexOf('\n', pos);
  return end === -1 ? text.length : end;
}

function isBlank(text: string, start: number, end: number): boolean {
  for (let pos = start; pos < end; pos++) {
    const code = text.charCodeAt(pos);
    if (code !== SPACE && code !== TAB) return false;
  }
  return true;
}

/** Whether the last skipSpaces went over a tab (a module variable: no object per line). */
let skippedTab = false;

/** Past spaces and tabs from `pos` (to `end` at most). */
function skipSpaces(text: string, pos: number, end: number): number {
  skippedTab = false;
  for (; pos < end; pos++) {
    const code = text.charCodeAt(pos);
    if (code === TAB) skippedTab = true;
    else if (code !== SPACE) break;
  }
  return pos;
}

function isAsciiPunctuation(code: number): boolean {
  return (code >= 33 && code <= 47) || (code >= 58 && code <= 64) || (code >= 91 && code <= 96) || (code >= 123 && code <= 126);
}

/** `#`–`######` followed by a space, a tab or the line's end: the level, else 0. */
function atxLevel(text: string, start: number, end: number): number {
  let pos = start;
  while (pos < end && text.charCodeAt(pos) === 35) pos++;
  const level = pos - start;
  if (level > 6) return 0;
  const after = text.charCodeAt(pos);
  return pos >= end || after === SPACE || after === TAB ? level : 0;
}

/** A heading's content: without the white space around it and a closing run of `#`. */
function atxContent(text: string, start: number, end: number): [number, number] {
  let from = skipSpaces(text, start, end);
  let to = end;
  while (to > from && (text.charCodeAt(to - 1) === SPACE || text.charCodeAt(to - 1) === TAB)) to--;
  let hashes = to;
  while (hashes > from && text.charCodeAt(hashes - 1) === 35) hashes--;
  if (hashes < to && (hashes === from || text.charCodeAt(hashes - 1) === SPACE || text.charCodeAt(hashes - 1) === TAB)) {
    if (hashes > from && text.charCodeAt(hashes - 2) === 92) fallback();
    to = hashes;
    while (to > from && (text.charCodeAt(to - 1) === SPACE || text.charCodeAt(to - 1) === TAB)) to--;
  }
  if (to < from) to = from;
  if (from > to) from = to;
  return [from, to];
}

function fenceRun(text: string, start: number, end: number): number {
  const code = text.charCodeAt(start);
  let pos = start;
  while (pos < end && text.charCodeAt(pos) === code) pos++;
  return pos - start;
}

/** Whether the line closes the fence (in Markdown, `mdx` false, a closing fence indented four columns is code). */
function closesFence(text: string, pos: number, end: number, char: number, count: number, mdx: boolean): boolean {
  const first = skipSpaces(text, pos, end);
  const tab = skippedTab;
  const run = fenceRun(text, first, end);
  if (text.charCodeAt(first) !== char || run < count || !isBlank(text, first + run, end)) return false;
  if (mdx) return true;
  // Markdown counts the indent in columns: a tab there is left to micromark.
  if (tab) fallback();
  return first - pos < 4;
}

/**
 * HTML (flow) in a Markdown page, as CommonMark's kinds: raw text (`<script>`, `<pre>`, `<style>`,
 * `<textarea>`), a comment, an instruction, a declaration (each to its end marker), a known block
 * tag (to a blank line), any other complete tag alone on its line (`anyTag`: to a blank line, and
 * it cannot interrupt a paragraph). CDATA is left to micromark.
 */
interface HtmlFlow {
  endsAtBlankLine: boolean;
  anyTag: boolean;
  /** Kinds 1 to 4: the end marker (kind 1: any raw end tag), and where to look for it on the first line. */
  endMarker?: string;
  searchFrom: number;
}

const HTML_RAW_NAMES = new Set(htmlRawNames);
const HTML_BLOCK_NAMES = new Set(htmlBlockNames);
const RAW_END_TAG = /<\/(?:pre|script|style|textarea)>/i;

/** The HTML (flow) that the `<` at `start` opens, as micromark reads one; undefined when there is none. */
function htmlFlowStart(text: string, start: number, end: number): HtmlFlow | undefined {
  let pos = start + 1;
  const code = text.charCodeAt(pos);
  if (code === 33 /* ! */) {
    const next = text.charCodeAt(pos + 1);
    // `<!--`: its `-->` may be the very dashes that open it (`<!-->`).
    if (next === 45 && text.charCodeAt(pos + 2) === 45) return { endsAtBlankLine: false, anyTag: false, endMarker: '-->', searchFrom: pos + 1 };
    if (next === 91 /* [ */ && text.startsWith('[CDATA[', pos + 1)) fallback();
    if (isAsciiAlpha(next)) return { endsAtBlankLine: false, anyTag: false, endMarker: '>', searchFrom: pos + 1 };
    return undefined;
  }
  // `<?`: `<?>` ends it at once.
  if (code === 63 /* ? */) return { endsAtBlankLine: false, anyTag: false, endMarker: '?>', searchFrom: pos };
  const closing = code === 47; /* / */
  if (closing) pos++;
  if (!isAsciiAlpha(text.charCodeAt(pos))) return undefined;
  const nameStart = pos;
  while (pos < end && (isAsciiAlphanumeric(text.charCodeAt(pos)) || text.charCodeAt(pos) === 45)) pos++;
  const after = pos < end ? text.charCodeAt(pos) : NEWLINE;
  if (after !== 47 && after !== 62 && after !== SPACE && after !== TAB && after !== NEWLINE) return undefined;
  const name = text.slice(nameStart, pos).toLowerCase();
  const slash = after === 47;
  if (!slash && !closing && HTML_RAW_NAMES.has(name)) return { endsAtBlankLine: false, anyTag: false, endMarker: '</', searchFrom: pos };
  if (HTML_BLOCK_NAMES.has(name)) {
    if (slash && text.charCodeAt(pos + 1) !== 62) return undefined;
    return { endsAtBlankLine: true, anyTag: false, searchFrom: pos };
  }
  return completeTagLine(text, pos, end, closing) ? { endsAtBlankLine: true, anyTag: true, searchFrom: pos } : undefined;
}

/**
 * The rest of a tag from `pos` (after its name) as HTML of the seventh kind needs it: attributes
 * on this line, `>` or `/>`, then only white space.
 */
function completeTagLine(text: string, pos: number, end: number, closing: boolean): boolean {
  if (closing) {
    pos = skipSpaces(text, pos, end);
    return text.charCodeAt(pos) === 62 && pos < end && isBlank(text, pos + 1, end);
  }
  const close = tagAttributesEnd(text, pos, end, true);
  return close !== undefined && isBlank(text, close, end);
}

/** Whether the line [pos, end) holds the end marker of HTML of the first four kinds. */
function htmlFlowEnds(text: string, pos: number, end: number, html: HtmlFlow): boolean {
  if (html.endMarker === undefined) return false;
  const line = text.slice(pos, end);
  return html.endMarker === '</' ? RAW_END_TAG.test(line) : line.includes(html.endMarker);
}

/**
 * An autolink from the `<` at `start`, as micromark reads one: a scheme (a letter, then 1 to 31
 * letters, digits, `+`, `-`, `.`) and `:`, then no space, `<` or control character to `>`; or an
 * email address (its local part, `@`, labels of at most 63 letters, digits and inner `-`).
 */
function autolinkEnd(text: string, start: number): { end: number; email: boolean } | undefined {
  const first = start + 1;
  if (isAsciiAlpha(text.charCodeAt(first))) {
    let colon = first + 1;
    while (colon - first < 32 && isSchemeCharacter(text.charCodeAt(colon))) colon++;
    if (colon - first >= 2 && text.charCodeAt(colon) === 58) {
      for (let pos = colon + 1; ; pos++) {
        const code = text.charCodeAt(pos);
        if (code === 62) return { end: pos + 1, email: false };
        if (Number.isNaN(code) || code <= SPACE || code === 60 || code === 127) return undefined;
      }
    }
  }
  let pos = first;
  while (isAtext(text.charCodeAt(pos))) pos++;
  if (pos === first || text.charCodeAt(pos) !== 64 /* @ */) return undefined;
  for (pos++; ; pos++) {
    // A label: a letter or digit first, no `-` last.
    const labelStart = pos;
    while (pos - labelStart < 63 && (isAsciiAlphanumeric(text.charCodeAt(pos)) || text.charCodeAt(pos) === 45)) pos++;
    if (pos === labelStart || text.charCodeAt(labelStart) === 45 || text.charCodeAt(pos - 1) === 45) return undefined;
    const code = text.charCodeAt(pos);
    if (code === 62) return { end: pos + 1, email: true };
    if (code !== 46 /* . */) return undefined;
  }
}

function isSchemeCharacter(code: number): boolean {
  return isAsciiAlphanumeric(code) || code === 43 || code === 45 || code === 46;
}

/** micromark's `asciiAtext`: what an email address's local part may hold. */
function isAtext(code: number): boolean {
  return (
    (code >= 35 && code <= 39) ||
    code === 42 ||
    code === 43 ||
    (code >= 45 && code <= 57) ||
    code === 61 ||
    code === 63 ||
    (code >= 65 && code <= 90) ||
    (code >= 94 && code <= 126)
  );
}

/**
 * Inline HTML from the `<` at `start` (Markdown pages), as micromark reads it: a comment (to
 * `-->`), an instruction (to `?>`), a declaration (to `>`), a closing tag, or an opening tag with
 * attributes, across lines. Where it ends (after its `>`), or undefined when it is none.
 */
function htmlTextEnd(text: string, start: number): number | undefined {
  const pos = start + 1;
  const code = text.charCodeAt(pos);
  const after = (marker: string, from: number) => {
    const close = text.indexOf(marker, from);
    return close === -1 ? undefined : close + marker.length;
  };
  if (code === 33 /* ! */) {
    const next = text.charCodeAt(pos + 1);
    // `<!--`: `<!-->` and `<!--->` are comments too.
    if (next === 45) return text.charCodeAt(pos + 2) === 45 ? after('-->', pos + 1) : undefined;
    if (next === 91 && text.startsWith('[CDATA[', pos + 1)) fallback();
    return isAsciiAlpha(next) ? after('>', pos + 2) : undefined;
  }
  if (code === 63 /* ? */) return after('?>', pos + 1);
  if (code === 47 /* / */) {
    let end = pos + 1;
    if (!isAsciiAlpha(text.charCodeAt(end))) return undefined;
    while (isAsciiAlphanumeric(text.charCodeAt(end)) || text.charCodeAt(end) === 45) end++;
    while (whiteSpace(text.charCodeAt(end))) end++;
    return text.charCodeAt(end) === 62 ? end + 1 : undefined;
  }
  if (!isAsciiAlpha(code)) return undefined;
  let end = pos + 1;
  while (isAsciiAlphanumeric(text.charCodeAt(end)) || text.charCodeAt(end) === 45) end++;
  const afterName = text.charCodeAt(end);
  if (afterName !== 47 && afterName !== 62 && !whiteSpace(afterName)) return undefined;
  return tagAttributesEnd(text, end, text.length, false);
}

/** The states of micromark's reading of a tag's attributes (html-flow.js, html-text.js). */
const enum TagState {
  Between,
  Name,
  NameAfter,
  ValueBefore,
  Quoted,
  QuotedAfter,
  Unquoted,
}

/**
 * A tag's attributes from `pos` (after its name) to its `>` or `/>`, as micromark reads them:
 * where the tag ends, or undefined when it is none. Names, `=`, quoted or unquoted values; in HTML
 * (flow) of the seventh kind (`flow`), on one line (to `end`), an unquoted value may be followed by
 * `=` and another; inline, white space may break lines and an unquoted value takes its first
 * character whatever it is.
 */
function tagAttributesEnd(text: string, pos: number, end: number, flow: boolean): number | undefined {
  const space = (code: number) => code === SPACE || code === TAB || (!flow && code === NEWLINE);
  let state = TagState.Between;
  let quote = 0;
  for (;;) {
    // The line's end (flow) or the text's: no tag.
    const code = pos < end ? text.charCodeAt(pos) : Number.NaN;
    if (Number.isNaN(code)) return undefined;
    switch (state) {
      case TagState.Between:
        if (code === 47 /* / */) return text.charCodeAt(pos + 1) === 62 && pos + 1 < end ? pos + 2 : undefined;
        if (code === 58 || code === 95 || isAsciiAlpha(code)) state = TagState.Name;
        else if (!space(code)) return code === 62 ? pos + 1 : undefined;
        pos++;
        break;
      case TagState.Name:
        if (code === 45 || code === 46 || code === 58 || code === 95 || isAsciiAlphanumeric(code)) pos++;
        else state = TagState.NameAfter;
        break;
      case TagState.NameAfter:
        if (code === 61 /* = */) state = TagState.ValueBefore;
        else if (!space(code)) {
          state = TagState.Between;
          break;
        }
        pos++;
        break;
      case TagState.ValueBefore:
        if (code === 60 || code === 61 || code === 62 || code === 96) return undefined;
        if (code === 34 || code === 39) {
          quote = code;
          state = TagState.Quoted;
          pos++;
        } else if (space(code)) pos++;
        else {
          state = TagState.Unquoted;
          if (!flow) pos++;
        }
        break;
      case TagState.Quoted:
        if (code === quote) state = TagState.QuotedAfter;
        pos++;
        break;
      case TagState.QuotedAfter:
        if (code !== 47 && code !== 62 && !space(code)) return undefined;
        state = TagState.Between;
        break;
      case TagState.Unquoted:
        if (!flow && (code === 34 || code === 39 || code === 60 || code === 61 || code === 96)) return undefined;
        if (code === 34 || code === 39 || code === 47 || code === 60 || code === 61 || code === 62 || code === 96 || space(code))
          state = flow ? TagState.NameAfter : TagState.Between;
        else pos++;
        break;
    }
  }
}

/** A space, a tab or a line ending (inline HTML may break lines where it has white space). */
function whiteSpace(code: number): boolean {
  return code === SPACE || code === TAB || code === NEWLINE;
}

function isAsciiAlpha(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
}

function isAsciiAlphanumeric(code: number): boolean {
  return isAsciiAlpha(code) || (code >= 48 && code <= 57);
}

/** `***`, `---`, `___` (three or more, spaces between): a thematic break. */
function isThematicBreak(text: string, start: number, end: number): boolean {
  const code = text.charCodeAt(start);
  if (code !== 42 && code !== 45 && code !== 95) return false;
  let count = 0;
  for (let pos = start; pos < end; pos++) {
    const char = text.charCodeAt(pos);
    if (char === code) count++;
    else if (char !== SPACE && char !== TAB) return false;
  }
  return count >= 3;
}

/** A line of only `=` or `-` (and spaces): under a paragraph, a setext underline, left to micromark. */
function isSetextLike(text: string, start: number, end: number): boolean {
  const code = text.charCodeAt(start);
  if (code !== 61 && code !== 45) return false;
  for (let pos = start; pos < end; pos++) {
    const char = text.charCodeAt(pos);
    if (char !== code && char !== SPACE && char !== TAB) return false;
  }
  return true;
}

/** `-`, `+`, `*` or 1–9 digits and `.`/`)`, then a space, a tab or the line's end: where the marker ends. */
function listMarker(text: string, start: number, end: number): number | undefined {
  const code = text.charCodeAt(start);
  let pos = start;
  if (code === 45 || code === 43 || code === 42) pos++;
  else {
    while (pos < end && pos - start < 10 && text.charCodeAt(pos) >= 48 && text.charCodeAt(pos) <= 57) pos++;
    const digits = pos - start;
    if (digits === 0 || digits > 9) return undefined;
    const delimiter = text.charCodeAt(pos);
    if (delimiter !== 46 && delimiter !== 41) return undefined;
    pos++;
  }
  const after = text.charCodeAt(pos);
  return pos >= end || after === SPACE || after === TAB ? pos : undefined;
}
