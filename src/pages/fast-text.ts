/**
 * What every pass of the page scanner's fast path (fast-scan.ts) shares: how it declines a page
 * (one error, thrown; the page then goes to micromark), the part of the mdast tree it builds for
 * anchors.ts, and the character and line tests of CommonMark's whitespace and ASCII classes.
 * No I/O.
 */

/** This module's file (in the bundle, the bundle's): scanner.ts's fingerprint covers it. */
export const fastTextModule = import.meta.url;

/** The part of an mdast node anchors.ts reads. */
export interface TreeNode {
  type: string;
  name?: string | null;
  attributes?: TreeAttribute[];
  children?: TreeNode[];
  value?: string;
  depth?: number;
  position?: { start: { offset: number } };
}

/**
 * Adds `child` to `parent`'s children. A first child makes an array of one: one pushed onto an
 * empty array takes room for 17 (V8's growth), 128 bytes more per node, and most nodes of the
 * fast path's tree have one child or none (issue 66: 4 MB of nested elements is 381,000 of them).
 */
export function appendChild(parent: TreeNode, child: TreeNode): void {
  const children = parent.children;
  if (children === undefined || children.length === 0) parent.children = [child];
  else children.push(child);
}

export interface TreeAttribute {
  type: string;
  name?: string;
  value?: string | null | { type: string; value: string };
}

/** Thrown when the page leaves what this path models: one error, made once (no stack captured per page). */
class FastPathDeclines extends Error {}
export const FALLBACK = new FastPathDeclines('the fast path leaves this page to micromark');

export function fallback(): never {
  throw FALLBACK;
}

export const SPACE = 32;
export const TAB = 9;
export const NEWLINE = 10;

export function lineEnd(text: string, pos: number): number {
  const end = text.indexOf('\n', pos);
  return end === -1 ? text.length : end;
}

export function isBlank(text: string, start: number, end: number): boolean {
  for (let pos = start; pos < end; pos++) {
    const code = text.charCodeAt(pos);
    if (code !== SPACE && code !== TAB) return false;
  }
  return true;
}

/** Whether the last skipSpaces went over a tab (a module variable: no object per line). */
export let skippedTab = false;

/** Past spaces and tabs from `pos` (to `end` at most). */
export function skipSpaces(text: string, pos: number, end: number): number {
  skippedTab = false;
  for (; pos < end; pos++) {
    const code = text.charCodeAt(pos);
    if (code === TAB) skippedTab = true;
    else if (code !== SPACE) break;
  }
  return pos;
}

export function isAsciiPunctuation(code: number): boolean {
  return (code >= 33 && code <= 47) || (code >= 58 && code <= 64) || (code >= 91 && code <= 96) || (code >= 123 && code <= 126);
}

export function isAsciiAlpha(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
}

export function isAsciiAlphanumeric(code: number): boolean {
  return isAsciiAlpha(code) || (code >= 48 && code <= 57);
}
