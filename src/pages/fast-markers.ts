/**
 * What a line's first characters open, for the fast path's block pass (fast-blocks.ts): an ATX
 * heading and its content, a fence and the line that closes it, a thematic break, a setext
 * underline (left to micromark), a list item's marker. Tests of one line each, as micromark reads
 * them. No I/O.
 */
import { fallback, isBlank, skippedTab, skipSpaces, SPACE, TAB } from './fast-text.js';

/** This module's file (in the bundle, the bundle's): scanner.ts's fingerprint covers it. */
export const fastMarkersModule = import.meta.url;

/** `#`–`######` followed by a space, a tab or the line's end: the level, else 0. */
export function atxLevel(text: string, start: number, end: number): number {
  let pos = start;
  while (pos < end && text.charCodeAt(pos) === 35) pos++;
  const level = pos - start;
  if (level > 6) return 0;
  const after = text.charCodeAt(pos);
  return pos >= end || after === SPACE || after === TAB ? level : 0;
}

/** A heading's content: without the white space around it and a closing run of `#`. */
export function atxContent(text: string, start: number, end: number): [number, number] {
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

export function fenceRun(text: string, start: number, end: number): number {
  const code = text.charCodeAt(start);
  let pos = start;
  while (pos < end && text.charCodeAt(pos) === code) pos++;
  return pos - start;
}

/** Whether the line closes the fence (in Markdown, `mdx` false, a closing fence indented four columns is code). */
export function closesFence(text: string, pos: number, end: number, char: number, count: number, mdx: boolean): boolean {
  const first = skipSpaces(text, pos, end);
  const tab = skippedTab;
  const run = fenceRun(text, first, end);
  if (text.charCodeAt(first) !== char || run < count || !isBlank(text, first + run, end)) return false;
  if (mdx) return true;
  // Markdown counts the indent in columns: a tab there is left to micromark.
  if (tab) fallback();
  return first - pos < 4;
}

/** `***`, `---`, `___` (three or more, spaces between): a thematic break. */
export function isThematicBreak(text: string, start: number, end: number): boolean {
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
export function isSetextLike(text: string, start: number, end: number): boolean {
  const code = text.charCodeAt(start);
  if (code !== 61 && code !== 45) return false;
  for (let pos = start; pos < end; pos++) {
    const char = text.charCodeAt(pos);
    if (char !== code && char !== SPACE && char !== TAB) return false;
  }
  return true;
}

/** `-`, `+`, `*` or 1–9 digits and `.`/`)`, then a space, a tab or the line's end: where the marker ends. */
export function listMarker(text: string, start: number, end: number): number | undefined {
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
