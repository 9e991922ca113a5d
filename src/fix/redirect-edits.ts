import type * as Yaml from 'yaml';
import type { Node } from 'yaml';
import { lazy } from '../lazy.js';
import { isPlainObject } from '../navigation/model.js';
import { locateInJson, skipSpace, skipValue } from '../source/json-locate.js';
import { previousNonSpace } from './json-edits.js';
import type { TextEdit } from '../text-edit.js';
import { keyed, lineStart } from './yaml-edits.js';

const yaml = lazy<typeof Yaml>('yaml');

/** A redirect a fix adds to docs.json's `redirects`. */
export interface RedirectToAdd {
  source: string;
  destination: string;
}

/**
 * Edits that append redirects to the `redirects` array of docs.json text that parses, one per
 * redirect, each an insertion at the same offset (after the last entry), so that the fixes of one
 * pass apply together into one valid array, in order. When the array is absent (or empty), the
 * first redirect makes it and the others get no edit: the next pass appends them. Indentation
 * follows the file's; the rest of the text is left as written.
 */
export function jsonRedirectEdits(rawText: string, value: unknown, redirects: readonly RedirectToAdd[]): Array<TextEdit | undefined> {
  // A byte-order mark is not JSON whitespace to the scanner; a space keeps every offset where it was.
  const text = rawText.charCodeAt(0) === 0xfeff ? ' ' + rawText.slice(1) : rawText;
  if (!isPlainObject(value)) return redirects.map(() => undefined);
  const list = value.redirects;
  const entries = redirects.map(jsonEntry);
  // The raw text to the array's function: a byte-order mark is no indentation there, the space standing for it would be.
  if (Array.isArray(list)) return jsonArrayAppendEdits(rawText, locateInJson(text, ['redirects'], true).value, list.length, redirects);
  if (list !== undefined) return redirects.map(() => undefined);
  const open = skipSpace(text, 0);
  const close = skipValue(text, open) - 1;
  // An object's text ends with `}` (what opens it is then `{`): not so for text that is something else, or cut short.
  if (text.charCodeAt(close) !== 125 /* } */) return redirects.map(() => undefined);
  const unit = indentUnit(text);
  const last = previousNonSpace(text, close);
  const nl = lineBreak(text);
  const member = `"redirects": [${nl}${unit}${unit}${entries[0]}${nl}${unit}]`;
  const first: TextEdit =
    last === open ? { start: open + 1, end: close, text: `${nl}${unit}${member}${nl}` } : { start: last + 1, end: last + 1, text: `,${nl}${unit}${member}` };
  return entries.map((_, i) => (i === 0 ? first : undefined));
}

/**
 * Edits that append redirects to a JSON array at `span` (its `[`…`]` offsets in `text`, which parses)
 * holding `count` entries: docs.json's `redirects`, or a `$ref`'d file that is the array. As
 * jsonRedirectEdits: one insertion per redirect after the last entry; an empty array is rewritten
 * with the first one only.
 */
export function jsonArrayAppendEdits(
  text: string,
  span: readonly [number, number],
  count: number,
  redirects: readonly RedirectToAdd[],
): Array<TextEdit | undefined> {
  // Everything is read around the span, after the `[` (a byte-order mark before it is no indentation, and no space).
  const [start, end] = span;
  const entries = redirects.map(jsonEntry);
  if (text.charCodeAt(start) !== 91 /* [ */ || text.charCodeAt(end - 1) !== 93 /* ] */) return redirects.map(() => undefined);
  const keyIndent = indentOf(text, start);
  if (count === 0) {
    const unit = indentUnit(text);
    const nl = lineBreak(text);
    return entries.map((entry, i) => (i === 0 ? { start, end, text: `[${nl}${keyIndent}${unit}${entry}${nl}${keyIndent}]` } : undefined));
  }
  const after = previousNonSpace(text, end - 1) + 1;
  const multiline = /[\r\n]/.test(text.slice(start, end));
  const separator = multiline ? `,${lineBreak(text)}${indentOf(text, after - 1)}` : ', ';
  return entries.map((entry) => ({ start: after, end: after, text: separator + entry }));
}

/**
 * The same for docs.yaml: a block sequence `redirects` gets `- source: … destination: …` items
 * after its last one, at its indentation; an absent one is added at the end of the file (the
 * first redirect; the others next pass). A flow sequence or anything unusual gets no edit.
 */
export function yamlRedirectEdits(text: string, redirects: readonly RedirectToAdd[]): Array<TextEdit | undefined> {
  const { parseDocument, isMap } = yaml();
  const doc = parseDocument(text, { uniqueKeys: false });
  if (doc.errors.length > 0 || !isMap(doc.contents) || doc.contents.flow) return redirects.map(() => undefined);
  const pair = doc.contents.items.findLast(keyed('redirects'));
  if (pair) return yamlSequenceAppendEdits(text, pair.value, redirects);
  // A map is never empty text: there is something before the end to put a line break after.
  const nl = lineBreak(text);
  const at = text.length;
  const lead = text.endsWith('\n') ? '' : nl;
  return redirects.map((redirect, i) => (i === 0 ? { start: at, end: at, text: `${lead}redirects:${nl}${yamlItem('  ', redirect, nl)}` } : undefined));
}

/**
 * The same for the block sequence at `segments` (a parsed pointer: `['redirects']` in docs.yaml,
 * `[]` for a `$ref`'d file that is the list): items after its last one; nothing for anything else.
 */
export function yamlSequenceAppendEditsAt(text: string, segments: readonly string[], redirects: readonly RedirectToAdd[]): Array<TextEdit | undefined> {
  const { parseDocument, isMap, isSeq } = yaml();
  const doc = parseDocument(text, { uniqueKeys: false });
  if (doc.errors.length > 0) return redirects.map(() => undefined);
  let node: unknown = doc.contents;
  for (const segment of segments) {
    if (isMap(node)) node = node.items.findLast(keyed(segment))?.value;
    else if (isSeq(node) && /^(0|[1-9]\d*)$/.test(segment)) node = node.items[Number(segment)];
    else node = undefined;
  }
  return yamlSequenceAppendEdits(text, node, redirects);
}

/**
 * Edits that append redirects to a block sequence of YAML text: `- source: … destination: …` items
 * after its last one, at its indentation. Anything else (a flow or empty sequence) gets no edit.
 */
function yamlSequenceAppendEdits(text: string, value: unknown, redirects: readonly RedirectToAdd[]): Array<TextEdit | undefined> {
  const { isSeq } = yaml();
  const none = redirects.map(() => undefined);
  // A block sequence has an item (`[]` is a flow one).
  if (!isSeq(value) || value.flow) return none;
  const nl = lineBreak(text);
  const items = value.items as Node[];
  // Every node of a parsed document has its range.
  const firstStart = items[0].range![0];
  const lastEnd = items[items.length - 1].range![1];
  // The dash of the first item, and what is before it on its line: the indentation of every item.
  const lineOfFirst = lineStart(text, firstStart);
  const dash = text.slice(lineOfFirst, firstStart);
  const indent = /^( *)- +$/.exec(dash)?.[1];
  if (indent === undefined) return none;
  let at = lastEnd;
  if (text.charCodeAt(at - 1) !== 10) {
    while (at < text.length && text.charCodeAt(at) !== 10) at++;
    at = at < text.length ? at + 1 : at;
  }
  const lead = at === text.length && !text.endsWith('\n') ? nl : '';
  return redirects.map((redirect) => ({ start: at, end: at, text: lead + yamlItem(indent, redirect, nl) }));
}

function yamlItem(indent: string, { source, destination }: RedirectToAdd, nl: string): string {
  return `${indent}- source: ${JSON.stringify(source)}${nl}${indent}  destination: ${JSON.stringify(destination)}${nl}`;
}

function jsonEntry({ source, destination }: RedirectToAdd): string {
  return `{ "source": ${JSON.stringify(source)}, "destination": ${JSON.stringify(destination)} }`;
}

/** The file's line break: CRLF when it uses it. */
function lineBreak(text: string): string {
  return text.includes('\r\n') ? '\r\n' : '\n';
}

/** The whitespace at the start of the line holding `offset`. */
function indentOf(text: string, offset: number): string {
  const start = lineStart(text, offset);
  let end = start;
  while (text.charCodeAt(end) === 32 || text.charCodeAt(end) === 9) end++;
  return text.slice(start, end);
}

/** One level of indentation as the file writes it: its first indented line's (two spaces when none is). */
function indentUnit(text: string): string {
  return /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ';
}
