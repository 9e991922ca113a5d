/**
 * The text of a page, split into heading sections, for search and the assistant: front
 * matter title and description, then one section per Markdown heading. Code fences keep their
 * code (people search for it) but never start a section; MDX imports/exports, comments and
 * JSX tags are dropped, keeping the text between tags and title-like attributes. What readers
 * never see (an element that is `hidden`, `display: none` or of class `hidden`) is left out.
 */
import { headingIds, parseFrontMatter } from 'docsnav';

export interface TextSection {
  /** null for the text before the first heading. */
  heading: string | null;
  /** The heading's id on the platform's page, its URL fragment (`#getting-started`); a level 5 or 6 heading's is the one above it. */
  anchor: string | null;
  depth: number;
  body: string;
  /** The section's links to other pages of the site (issue 60): their words are searched as the target page's. */
  links?: SectionLink[];
}

/** A link to a page of the site as written: its target (no scheme, no fragment) and its words. */
interface SectionLink {
  href: string;
  text: string;
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
/** A line that opens or closes a code fence, and its mark. */
const FENCE = /^\s*(`{3,}|~{3,})/;
/** Most links kept per section, and longest link text (characters). */
const MAX_LINKS = 100;
const MAX_LINK_TEXT = 200;
/** `[words](target "title")`, not an image. */
const MARKDOWN_LINK = /(?<!!)\[([^\]\n]{1,200})\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
/**
 * A unit of a tag's attributes: a quoted value read whole, so that a `>` inside it (`title="1 > 0"`)
 * does not end the tag (the rest of it, and a `hidden` after it, were read as the page's text), or
 * any other character but `<` and `>`. A quoted value holds no `<` (nor did a tag before): a tag
 * is looked for no further than the next `<`, so the scan stays linear. The three branches start
 * with different characters; an unclosed quote is no tag.
 */
const ATTRIBUTES = `(?:"[^"<]*"|'[^'<]*'|[^<>"'])`;
/** A JSX or HTML tag with an `href` (a Mintlify `<Card title=… href=…>`), over several lines too. */
const LINKING_TAG = new RegExp(`<([A-Za-z][\\w.]*)\\s(${ATTRIBUTES}*?\\bhref\\s*=\\s*(?:"[^"]*"|'[^']*')${ATTRIBUTES}*)>([^<]{0,200})`, 'g');
const HREF = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')/;
const TAG_TEXT = /\b(?:title|label)\s*=\s*(?:"([^"]*)"|'([^']*)')/;
/**
 * A line that opens an accordion (`<Accordion title="…" icon="…">`, the whole tag on the line; what
 * follows it on the line is its text), an accordion's title, and the end of one (`</Accordion>`
 * ending a line, after its text or alone).
 */
const ACCORDION_OPENS = new RegExp(`^\\s*<Accordion(?:\\s${ATTRIBUTES}*?)?>`);
const ACCORDION_TITLE = /\btitle\s*=\s*(?:"([^"]*)"|'([^']*)')/;
const ACCORDION_ENDS = /<\/Accordion\s*>\s*$/;
/** A line that opens or closes a group of accordions (`<AccordionGroup>`: an FAQ's questions, each its own). */
const GROUP_OPENS = /^\s*<AccordionGroup(?:\s[^>]*)?>/;
const GROUP_CLOSES = /^\s*<\/AccordionGroup\s*>/;

/** The links of a section's Markdown to pages of the same site (a target with a scheme, `//host` or only a fragment is left out). */
function sectionLinks(markdown: string): SectionLink[] {
  const links: SectionLink[] = [];
  const add = (href: string, text: string | undefined) => {
    // A query or fragment is cut off, however the attribute's value runs on (a line break inside it too).
    const target = href.trim().replace(/[?#].*/s, '');
    const words = text ? inline(text).replace(/\s+/g, ' ').trim().slice(0, MAX_LINK_TEXT) : '';
    if (!target || !words || /^[a-z][a-z\d+.-]*:|^\/\//i.test(target) || links.length >= MAX_LINKS) return;
    links.push({ href: target, text: words });
  };
  for (const match of markdown.matchAll(MARKDOWN_LINK)) add(match[2], match[1]);
  for (const match of markdown.matchAll(LINKING_TAG)) {
    // LINKING_TAG matched the attributes by their href: HREF finds it.
    const href = HREF.exec(match[2])!;
    const title = TAG_TEXT.exec(match[2]);
    add(href[1] ?? href[2], title?.[1] ?? title?.[2] ?? match[3]);
  }
  return links;
}

export function pageText(source: string): PageText {
  let text = source.slice(0, MAX_PAGE_CHARS * 2);
  text = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const result: PageText = { sections: [] };
  // Front matter as the platform (and docsnav's resolver) reads it; a block it cannot read is skipped.
  const front = parseFrontMatter(text);
  let mode: string | undefined;
  if (front) {
    text = text.slice(front.end);
    const data = front.ok ? front.data : {};
    if (typeof data.title === 'string') result.title = data.title.trim();
    if (typeof data.description === 'string') result.description = data.description.trim();
    if (typeof data.openapi === 'string') result.openapi = data.openapi.trim();
    if (typeof data.mode === 'string') mode = data.mode;
  }
  /** The section being read: its heading; its body and links are set as it ends. */
  let current: Omit<TextSection, 'body'> = { heading: null, anchor: null, depth: 0 };
  const lines: string[] = [];
  /** The section's lines as written (outside code): where its links are found. */
  // Stryker disable next-line ArrayDeclaration: a line put first would hold no link, and the first section ends (and empties it) before any other is read.
  const written: string[] = [];
  /**
   * The section of the heading above a group's accordions (issue 69), once one is read: each
   * accordion of a group is a section of its own (its title the heading, its link the heading's
   * above it, as the accordion's own hash is the page's to make), and the heading's section holds
   * what the page shows under it with the accordions folded: its text before and after them, and
   * their titles. An FAQ page of twenty questions in accordions and no heading was one section of
   * all of them, which a reader's question, worded as one of them, lost to shorter sections elsewhere.
   */
  let around: TextSection | undefined;
  /** An accordion's section is being read: its end returns to `around`. */
  let inAccordion = false;
  /** Inside an `<AccordionGroup>`: a lone accordion is a detail of its section, folded away, and stays in it. */
  let grouped = false;
  /** Ends the section being read; its text and links go to `around` when that is the section being read (`into`). */
  const flush = (into?: TextSection): TextSection | undefined => {
    const body = collapse(lines.join('\n'));
    const links = sectionLinks(written.join('\n'));
    lines.length = 0;
    written.length = 0;
    if (into) {
      if (body) into.body = into.body ? `${into.body}\n\n${body}` : body;
      if (links.length > 0) into.links = [...(into.links ?? []), ...links];
      return into;
    }
    const section: TextSection = { ...current, body };
    if (links.length > 0) section.links = links;
    if (!section.body && section.heading === null) return undefined;
    result.sections.push(section);
    return section;
  };
  /** Ends the section being read where the page goes on: an accordion's stands alone, any other's text goes to `around` when there is one. */
  const flushHere = () => flush(inAccordion ? undefined : around);
  let fence: string | undefined;
  let total = 0;
  const headingId = headingIds({ mode });
  let linked: string | null = null;
  for (const raw of withoutHiddenBlocks(stripBlocks(text)).split('\n')) {
    total += raw.length + 1;
    if (total > MAX_PAGE_CHARS || result.sections.length >= MAX_SECTIONS) break;
    const fenceMatch = FENCE.exec(raw);
    if (fence) {
      if (closesFence(fenceMatch?.[1], fence)) fence = undefined;
      else lines.push(raw);
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1];
      continue;
    }
    // A closing run of #s is one after a space or tab (CommonMark): `## Using C#` keeps its `#`.
    const heading = /^\s{0,3}(#{1,6})\s+(.*?)(?:[ \t]+#+)?[ \t]*$/.exec(raw);
    if (heading) {
      flushHere();
      grouped = false;
      around = undefined;
      inAccordion = false;
      const title = inline(heading[2]);
      const depth = heading[1].length;
      // The platform's page gives headings of levels 1 to 4 an id; a deeper one's section links to
      // the heading above it (the page's top when there is none).
      // A title of only punctuation or emoji has no id (empty): its section links to the page's top.
      if (depth <= 4) linked = headingId(title) || null;
      current = { heading: title, anchor: linked, depth };
      continue;
    }
    if (GROUP_OPENS.test(raw)) grouped = true;
    else if (GROUP_CLOSES.test(raw)) grouped = false;
    let line = raw;
    const tag = grouped ? ACCORDION_OPENS.exec(raw)?.[0] : undefined;
    const accordionTitle = tag && ACCORDION_TITLE.exec(tag);
    if (accordionTitle) {
      // An accordion of a group, with a title (a string): a section of its own, whose text starts after the tag.
      const heading = inline(accordionTitle[1] ?? accordionTitle[2]);
      const ended = flushHere();
      if (!around) {
        // The first of the heading's accordions: its section so far (one of no text at the page's top, made to hold the titles).
        around = ended ?? { ...current, body: '' };
        if (!ended) result.sections.push(around);
      }
      // The title is what the heading's section shows of it, folded.
      around.body = around.body ? `${around.body}\n${heading}` : heading;
      current = { heading, anchor: around.anchor, depth: around.depth + 1 };
      inAccordion = true;
      line = raw.slice(accordionTitle.input.length);
    } else if (/^\s*(import|export)\s/.test(raw)) continue;
    const ends = inAccordion && ACCORDION_ENDS.test(line);
    // The end tag is inline's to drop (a tag is a space there): left alone on its line, like the
    // text after an opening tag that has none, it is a blank line at an end of the accordion's section, which collapse drops.
    written.push(line);
    lines.push(inline(line));
    if (ends) {
      // The accordion's end: what follows is the heading's section again.
      flush();
      inAccordion = false;
    }
  }
  flushHere();
  return result;
}

/** Removes MDX/HTML comments; keeps the text of JSX components and their title-like attributes. */
function stripBlocks(text: string): string {
  return text.replace(/\{\/\*[\s\S]*?\*\/\}/g, '').replace(/<!--[\s\S]*?-->/g, '');
}

/** An opening HTML or JSX tag (not self-closing): its name and attributes. */
const OPENING_TAG = new RegExp(`<([A-Za-z][\\w.]*)((?:\\s${ATTRIBUTES}*?)?)>`, 'g');
/** A class (Tailwind's, as Mintlify sites use it) that shows the element to no reader on any screen. */
const HIDING_CLASSES = new Set(['hidden', 'sr-only', 'visually-hidden']);
const CLASS_ATTRIBUTE = /\bclass(?:Name)?\s*=\s*(?:"([^"]*)"|'([^']*)'|\{\s*["'`]([^"'`]*)["'`]\s*\})/;
const STYLE_ATTRIBUTE = /\bstyle\s*=\s*(?:"([^"]*)"|'([^']*)'|\{\{([^}]*)\}\})/;
const HIDING_STYLE = /\bdisplay\s*:\s*["']?none\b|\bvisibility\s*:\s*["']?hidden\b/i;
/** The `hidden` attribute, once quoted values are taken out (any value hides but JSX's `hidden={false}`). */
const HIDDEN_ATTRIBUTE = /(?:^|\s)hidden(?=\s|=|\/|$)/;
const SHOWN_ATTRIBUTE = /(?:^|\s)hidden\s*=\s*\{\s*false\s*\}/;

/**
 * Whether a tag's attributes hide what it holds from every reader: `hidden`, a style of
 * `display: none` or `visibility: hidden`, or a class of `hidden` or `sr-only` with no variant that
 * shows it again (`hidden dark:block` is an image shown in dark mode).
 */
function hidesContent(attributes: string): boolean {
  const classes = CLASS_ATTRIBUTE.exec(attributes);
  if (classes) {
    const names = (classes[1] ?? classes[2] ?? classes[3]).split(/\s/);
    if (names.some((name) => HIDING_CLASSES.has(name)) && !names.some((name) => name.includes(':'))) return true;
  }
  const style = STYLE_ATTRIBUTE.exec(attributes);
  if (style && HIDING_STYLE.test(style[1] ?? style[2] ?? style[3])) return true;
  return HIDDEN_ATTRIBUTE.test(attributes.replace(/"[^"]*"|'[^']*'|\{[^{}]*\}/g, '""')) && !SHOWN_ATTRIBUTE.test(attributes);
}

/**
 * The text without what readers never see: an element whose tag hides it (`hidesContent`), to its
 * matching closing tag, kept as blank lines (such blocks hold summaries written for machines, in
 * words of the whole site, and would win questions the visible page does not answer). An element
 * whose closing tag is missing is kept, and so is every later one of its name. Linear: every tag's
 * match is found in one pass over the text first (`closingTags`), however many names are left open.
 */
export function withoutHiddenBlocks(text: string): string {
  let out = '';
  let from = 0;
  // Names with an element left open: every later element of the name is kept too.
  const unclosed = new Set<string>();
  const fences = fencedRanges(text);
  let closings: Map<number, number> | undefined;
  let fence = 0;
  OPENING_TAG.lastIndex = 0;
  for (let match = OPENING_TAG.exec(text); match; match = OPENING_TAG.exec(text)) {
    while (fence < fences.length && fences[fence][1] <= match.index) fence++;
    // A tag in a code example is code, shown as written.
    // Stryker disable next-line EqualityOperator: a fence starts at a line's start, before its mark; a tag starts with `<`, never there.
    if (fence < fences.length && fences[fence][0] <= match.index) continue;
    const attributes = match[2];
    if (attributes.endsWith('/') || unclosed.has(match[1]) || !hidesContent(attributes)) continue;
    closings ??= closingTags(text);
    const end = closings.get(match.index);
    if (end === undefined) {
      unclosed.add(match[1]);
      continue;
    }
    out += text.slice(from, match.index) + text.slice(match.index, end).replace(/[^\n]/g, '');
    from = end;
    OPENING_TAG.lastIndex = end;
  }
  return out + text.slice(from);
}

/** Any tag, opening or closing, as a closing tag is looked for: its name whole (followed by a space, `/` or `>`). */
const ANY_TAG = new RegExp(`<(\\/?)([A-Za-z][\\w.]*)(?=[\\s/>])${ATTRIBUTES}*>`, 'g');

/**
 * Where each element's closing tag ends, by where its opening tag starts, for every element that
 * is closed: one pass over every tag of the text (code included, as a closing tag is looked for),
 * a stack of open elements per name. An opening tag is matched by the first closing tag of its
 * name at which the tags of that name after it are balanced (a self-closing one counts for
 * nothing), as counting depth from it finds it.
 */
function closingTags(text: string): Map<number, number> {
  const closings = new Map<number, number>();
  const open = new Map<string, number[]>();
  ANY_TAG.lastIndex = 0;
  for (let tag = ANY_TAG.exec(text); tag; tag = ANY_TAG.exec(text)) {
    const name = tag[2];
    if (tag[1]) {
      const started = open.get(name)?.pop();
      // Stryker disable next-line ConditionalExpression: a closing tag with no opening one would be kept under `undefined`, which no opening tag's offset looks up.
      if (started !== undefined) closings.set(started, ANY_TAG.lastIndex);
    } else if (!tag[0].endsWith('/>')) {
      const stack = open.get(name);
      if (stack) stack.push(tag.index);
      else open.set(name, [tag.index]);
    }
  }
  return closings;
}

/** The code fences of the text (as `pageText` reads them), as [start, end) offsets in order; an unclosed one runs to the end. */
function fencedRanges(text: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let open: { mark: string; start: number } | undefined;
  for (let at = 0; at < text.length;) {
    const end = text.indexOf('\n', at);
    const next = end < 0 ? text.length : end + 1;
    const mark = FENCE.exec(text.slice(at, next))?.[1];
    if (open) {
      if (closesFence(mark, open.mark)) {
        ranges.push([open.start, next]);
        open = undefined;
      }
    } else if (mark) open = { mark, start: at };
    at = next;
  }
  if (open) ranges.push([open.start, text.length]);
  return ranges;
}

/** Whether a fence line's mark (`FENCE`'s group, when the line is one) closes the fence `open` opened: its character, at least as long. */
function closesFence(mark: string | undefined, open: string): boolean {
  return mark !== undefined && mark[0] === open[0] && mark.length >= open.length;
}

/** A line with none of these characters, and no list, quote or table rule mark at its start, has no inline syntax. */
const INLINE_SYNTAX = /[<[`*_|{]|^\s*(?:[-*+>:]|\d+\.)/;

/** A tag in a line of text: its attributes' words are kept (ATTRIBUTE_TEXT), the rest goes. */
const INLINE_TAG = new RegExp(`<\\/?[A-Za-z][\\w.:-]*(?:\\s${ATTRIBUTES}*)?\\/?>`, 'g');

/** Markdown and JSX inline syntax to plain text. */
function inline(line: string): string {
  // Stryker disable next-line ConditionalExpression: a fast path only: every replacement below leaves a line without these marks as it is.
  if (!INLINE_SYNTAX.test(line)) return line;
  return (
    line
      .replace(INLINE_TAG, (tag) => {
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
      .replace(/\{[^{}]*\}/g, (expression) => (/\{\s*["'`]/.test(expression) ? expression.slice(1, -1).replace(/["'`]/g, '') : ' '))
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
