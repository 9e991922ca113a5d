import type { Fix, TextEdit } from '../text-edit.js';

/** The span a fix touches: from its first edit's start to its last edit's end. */
function spanOf(fix: Fix): [number, number] {
  let start = Infinity;
  let end = -Infinity;
  for (const edit of fix.edits) {
    start = Math.min(start, edit.start);
    end = Math.max(end, edit.end);
  }
  return [start, end];
}

/**
 * The fixes that can be applied together: in text order, each one starting after the previous
 * one ended (touching counts as overlapping, as in ESLint; but insertions at one offset stack). The others wait for the next pass,
 * when they are computed again from the changed text.
 */
export function chooseFixes<T extends { fix: Fix }>(items: readonly T[]): { chosen: T[]; waiting: T[] } {
  const ordered = items
    .filter((item) => item.fix.edits.length > 0)
    .map((item) => ({ item, span: spanOf(item.fix) }))
    .sort((a, b) => a.span[0] - b.span[0] || a.span[1] - b.span[1]);
  const chosen: T[] = [];
  const waiting: T[] = [];
  let lastEnd = -1;
  // Insertions at one offset (redirects appended to one array) stack, in order, after each other. An
  // insertion that starts where the last chosen fix starts follows an insertion: in this order a
  // longer fix at the same start comes after the shorter one.
  let lastStart: number | undefined;
  for (const { item, span } of ordered) {
    const insertion = span[0] === span[1];
    if (span[0] <= lastEnd && !(insertion && span[0] === lastStart)) {
      waiting.push(item);
      continue;
    }
    chosen.push(item);
    lastEnd = span[1];
    lastStart = span[0];
  }
  return { chosen, waiting };
}

/** Applies edits that do not overlap (any order) to `text`, in one pass: linear in the text's length. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const ordered = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  const parts: string[] = [];
  let at = 0;
  for (const edit of ordered) {
    if (edit.start < at || edit.end < edit.start || edit.end > text.length) throw new RangeError(`overlapping or invalid edit [${edit.start}, ${edit.end})`);
    parts.push(text.slice(at, edit.start), edit.text);
    at = edit.end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}
