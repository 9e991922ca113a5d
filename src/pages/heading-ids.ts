/**
 * `## Title {#custom-id}`: the platform rewrites such a line into `<h2 id="custom-id">` before it
 * parses the page (MDX would read `{#custom-id}` as an expression and fail). Learned from
 * @mintlify/common's `preprocessCustomHeadingIds` (no code copied): lines inside code fences and
 * `{/* … *\/}` comments are left alone; a heading may have at most 3 spaces of indent, any indent
 * inside an `<MDX>` block. Here the `{#…}` is blanked out with spaces instead, so that offsets stay
 * those of the page, and the id is kept by the offset of its line.
 */

export interface CustomHeadingId {
  /** The id as the platform writes it into the page (trimmed, unsafe characters and emoji removed, spaces as `-`). */
  id: string;
  level: number;
}

export interface BlankedHeadingIds {
  text: string;
  /** By the offset of the heading's line in the text. */
  ids: Map<number, CustomHeadingId>;
}

const UNSAFE_IN_ID = /[<>"&?,;:!'()[\]{}]/g;
import { EMOJI } from './slug.js';

const WHITE_SPACE = /\s/;
/** What every custom id starts with: `{`, white space, `#`. */
const POSSIBLE_CUSTOM_ID = /\{\s*#/;
const LINE_TERMINATOR = /[\r\u2028\u2029]/;

function isSpace(char: string | undefined): boolean {
  return char !== undefined && WHITE_SPACE.test(char);
}

export function blankCustomHeadingIds(text: string): BlankedHeadingIds {
  const ids = new Map<number, CustomHeadingId>();
  // Cheap refusal: most pages have no `{#` (white space between allowed) at all.
  if (!POSSIBLE_CUSTOM_ID.test(text)) return { text, ids };
  let out = '';
  let copied = 0;
  let fence: { char: string; count: number } | undefined;
  let inComment = false;
  let mdxDepth = 0;
  let lineStart = 0;
  while (lineStart <= text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    const line = text.slice(lineStart, lineEnd);
    const stripped = line.trimStart();
    if (fence !== undefined) {
      if (closesFence(stripped, fence)) fence = undefined;
    } else {
      const opening = inComment ? undefined : openingFence(stripped);
      if (opening !== undefined) fence = opening;
      else {
        const { visible, endsInComment } = visibleOutsideComments(line, inComment);
        const commented = inComment || endsInComment;
        inComment = endsInComment;
        const heading = commented ? undefined : customHeading(line, mdxDepth > 0);
        if (heading !== undefined) {
          ids.set(lineStart, { id: normalizeId(heading.rawId), level: heading.level });
          out += text.slice(copied, lineStart + heading.braceStart) + ' '.repeat(heading.braceEnd - heading.braceStart);
          copied = lineStart + heading.braceEnd;
        } else mdxDepth = Math.max(0, mdxDepth + countMdxTags(visible));
      }
    }
    lineStart = lineEnd + 1;
  }
  return { text: ids.size === 0 ? text : out + text.slice(copied), ids };
}

function normalizeId(raw: string): string {
  return raw.trim().replace(UNSAFE_IN_ID, '').replace(EMOJI, '').replace(/\s+/g, '-');
}

function openingFence(stripped: string): { char: string; count: number } | undefined {
  const char = stripped[0];
  if (char !== '`' && char !== '~') return undefined;
  let count = 1;
  while (stripped[count] === char) count++;
  return count >= 3 ? { char, count } : undefined;
}

function closesFence(stripped: string, fence: { char: string; count: number }): boolean {
  let i = 0;
  while (stripped[i] === fence.char) i++;
  if (i < fence.count) return false;
  for (; i < stripped.length; i++) if (stripped[i] !== ' ' && stripped[i] !== '\t' && stripped[i] !== '\r') return false;
  return true;
}

/**
 * `line` without its `{/* … *\/}` comments (a comment opener inside a code span or a double-quoted
 * string does not count), and whether it ends inside an open comment.
 */
function visibleOutsideComments(line: string, inComment: boolean): { visible: string; endsInComment: boolean } {
  if (!inComment && !line.includes('{/*')) return { visible: line, endsInComment: false };
  const masked = maskCodeAndStrings(line);
  let visible = '';
  let pos = 0;
  if (inComment) {
    const close = line.indexOf('*/');
    if (close === -1) return { visible, endsInComment: true };
    pos = close + 2;
  }
  for (;;) {
    const start = masked.indexOf('{/*', pos);
    if (start === -1) return { visible: visible + line.slice(pos), endsInComment: false };
    visible += line.slice(pos, start);
    const close = line.indexOf('*/', start + 3);
    if (close === -1) return { visible, endsInComment: true };
    pos = close + 2;
  }
}

/** Code spans (a run of backticks to the next equal run) and `"…"` replaced by spaces of the same length. */
function maskCodeAndStrings(line: string): string {
  let out = '';
  let i = 0;
  while (i < line.length) {
    const char = line[i];
    if (char === '`') {
      let run = 1;
      while (line[i + run] === '`') run++;
      const close = line.indexOf('`'.repeat(run), i + run);
      if (close !== -1) {
        out += ' '.repeat(close + run - i);
        i = close + run;
        continue;
      }
      out += line.slice(i, i + run);
      i += run;
      continue;
    }
    if (char === '"') {
      const close = line.indexOf('"', i + 1);
      if (close !== -1) {
        out += ' '.repeat(close + 1 - i);
        i = close + 1;
        continue;
      }
    }
    out += char;
    i++;
  }
  return out;
}

/** `<MDX>` openings minus `</MDX>` closings in `visible` (`<MDX />` and `<MDXProvider>` are neither). */
function countMdxTags(visible: string): number {
  let depth = 0;
  let at = visible.indexOf('<');
  while (at !== -1) {
    if (visible.startsWith('<MDX', at)) {
      const next = visible[at + 4];
      if (next === '>' || isSpace(next)) {
        const end = visible.indexOf('>', at + 4);
        if (
          end !== -1 &&
          visible
            .slice(at + 4, end)
            .trimEnd()
            .at(-1) !== '/'
        )
          depth++;
      }
    } else if (visible.startsWith('</MDX', at)) {
      let i = at + 5;
      while (isSpace(visible[i])) i++;
      if (visible[i] === '>') depth--;
    }
    at = visible.indexOf('<', at + 1);
  }
  return depth;
}

/**
 * The heading of a `#{1,6} title {#id}` line: its level, raw id and the offsets (in the line) of
 * the `{#…}` to blank. The title is the shortest that leaves a `{`, a `#`, an id without `}`, a
 * `}` and only white space after it; written as a scan so that no line can make it slow.
 */
function customHeading(line: string, anyIndent: boolean): { level: number; rawId: string; braceStart: number; braceEnd: number } | undefined {
  let i = 0;
  if (anyIndent) while (isSpace(line[i])) i++;
  else while (i < 3 && line[i] === ' ') i++;
  const hashes = i;
  while (line[i] === '#' && i - hashes < 6) i++;
  const level = i - hashes;
  if (level === 0 || !isSpace(line[i])) return undefined;
  const afterHashes = i;
  let end = line.length;
  while (end > afterHashes && isSpace(line[end - 1])) end--;
  const close = end - 1;
  if (line[close] !== '}') return undefined;
  // The `{` must come after the `}` before the last one: an id holds no `}`.
  const previousClose = line.lastIndexOf('}', close - 1);
  // The title is at least one character after at least one white space.
  let brace = line.indexOf('{', Math.max(afterHashes + 2, previousClose + 1));
  while (brace !== -1 && brace < close) {
    let hash = brace + 1;
    while (isSpace(line[hash])) hash++;
    if (line[hash] === '#' && hash + 1 < close) {
      // `.` matches no line terminator; white space around the title may hold one.
      if (LINE_TERMINATOR.test(line.slice(afterHashes, brace).trim())) return undefined;
      return { level, rawId: line.slice(hash + 1, close), braceStart: brace, braceEnd: close + 1 };
    }
    brace = line.indexOf('{', brace + 1);
  }
  return undefined;
}
