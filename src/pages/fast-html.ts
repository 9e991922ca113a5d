/**
 * HTML as micromark reads it on a Markdown page (`.md`), for the fast path: HTML (flow) of
 * CommonMark's seven kinds, where it starts and ends (fast-blocks.ts keeps it raw: no links in it),
 * inline HTML and autolinks in a paragraph's text (fast-inline.ts), and a tag's attributes as
 * both read them. CDATA is left to micromark. No I/O.
 */
import { htmlBlockNames, htmlRawNames } from 'micromark-util-html-tag-name';
import { fallback, isAsciiAlpha, isAsciiAlphanumeric, isBlank, NEWLINE, skipSpaces, SPACE, TAB } from './fast-text.js';

/** This module's file (in the bundle, the bundle's): scanner.ts's fingerprint covers it. */
export const fastHtmlModule = import.meta.url;

/**
 * HTML (flow) in a Markdown page, as CommonMark's kinds: raw text (`<script>`, `<pre>`, `<style>`,
 * `<textarea>`), a comment, an instruction, a declaration (each to its end marker), a known block
 * tag (to a blank line), any other complete tag alone on its line (`anyTag`: to a blank line, and
 * it cannot interrupt a paragraph). CDATA is left to micromark.
 */
export interface HtmlFlow {
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
export function htmlFlowStart(text: string, start: number, end: number): HtmlFlow | undefined {
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
export function htmlFlowEnds(text: string, pos: number, end: number, html: HtmlFlow): boolean {
  if (html.endMarker === undefined) return false;
  const line = text.slice(pos, end);
  return html.endMarker === '</' ? RAW_END_TAG.test(line) : line.includes(html.endMarker);
}

/**
 * An autolink from the `<` at `start`, as micromark reads one: a scheme (a letter, then 1 to 31
 * letters, digits, `+`, `-`, `.`) and `:`, then no space, `<` or control character to `>`; or an
 * email address (its local part, `@`, labels of at most 63 letters, digits and inner `-`).
 */
export function autolinkEnd(text: string, start: number): { end: number; email: boolean } | undefined {
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
export function htmlTextEnd(text: string, start: number): number | undefined {
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
