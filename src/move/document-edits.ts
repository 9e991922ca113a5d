/**
 * The document's changes as text edits of each file they belong to (docs.json and its `$ref`
 * targets), made by the fixes' own editors (src/fix): a string rewritten in place in its own
 * quoting, redirects appended after the last one at the file's indentation. Nothing else of a
 * file changes; what the editors cannot do safely is refused, never approximated.
 */
import { applyEdits } from '../fix/apply.js';
import { jsonEdit } from '../fix/json-edits.js';
import { jsonArrayAppendEdits, jsonRedirectEdits, yamlRedirectEdits, yamlSequenceAppendEditsAt, type RedirectToAdd } from '../fix/redirect-edits.js';
import type { TextEdit } from '../text-edit.js';
import { yamlEdits } from '../fix/yaml-edits.js';
import type { LoadedDocument } from '../source/refs.js';
import { locateInJson } from '../source/json-locate.js';
import { parsePointer } from '../source/pointer.js';
import type { SourceFile } from '../source/types.js';
import type { DocumentChanges, DocumentRewrite } from './document.js';
import { refuse } from './messages.js';

/** Each changed file of the document (by its SourceFile) and its edits, offsets into its text. */
export function documentEdits(document: LoadedDocument, changes: DocumentChanges, shown: (source: SourceFile) => string): Map<SourceFile, TextEdit[]> {
  const byFile = new Map<SourceFile, Array<DocumentRewrite & { at: string }>>();
  const seen = new Set<string>();
  for (const rewrite of changes.rewrites) {
    const origin = document.origin(rewrite.pointer);
    // A `$ref` target included twice is one place in its file.
    const key = `${origin.source.file}\0${origin.pointer}`;
    if (seen.has(key)) continue;
    seen.add(key);
    let list = byFile.get(origin.source);
    if (!list) byFile.set(origin.source, (list = []));
    list.push({ ...rewrite, at: origin.pointer });
  }
  const edits = new Map<SourceFile, TextEdit[]>();
  for (const [source, rewrites] of byFile) {
    const intents = rewrites.map((rewrite) => ({ ...rewrite.intent, pointer: rewrite.at }));
    const made =
      source.format === 'yaml'
        ? yamlEdits(source.text, intents)
        : intents.map((intent) => jsonEdit(source.text, intent, valueSpan(source.text, intent.pointer)));
    made.forEach((edit, i) => {
      if (edit === undefined)
        refuse('uneditable', { what: `the ${rewrites[i].what} "${rewrites[i].intent.current}"`, file: shown(source), pointer: rewrites[i].at || '/' });
    });
    edits.set(source, made as TextEdit[]);
  }
  if (changes.added.length > 0) {
    const { source, edit } = redirectsAdded(document, changes.added, shown);
    let list = edits.get(source);
    if (!list) edits.set(source, (list = []));
    list.push(edit);
  }
  return edits;
}

/** The offsets of the value at a pointer of JSON text that parses (a byte order mark read as a space, as the locator reads it). */
function valueSpan(rawText: string, pointer: string): [number, number] {
  const text = rawText.charCodeAt(0) === 0xfeff ? ' ' + rawText.slice(1) : rawText;
  const found = locateInJson(text, parsePointer(pointer), true);
  return found.exact ? found.value : [0, 0];
}

/**
 * The redirects appended to the `redirects` list, in the file that holds it (docs.json, or a
 * `$ref`'d file that is the list), as one edit: the fixes' editors append to a list in one pass,
 * and make an absent (or empty) one with its first entry, the rest appended to that in a second.
 */
function redirectsAdded(
  document: LoadedDocument,
  added: readonly RedirectToAdd[],
  shown: (source: SourceFile) => string,
): { source: SourceFile; edit: TextEdit } {
  const value = document.value as { redirects?: unknown };
  const exists = Array.isArray(value.redirects);
  const { source, pointer } = exists ? document.origin('/redirects') : { source: document.main, pointer: '/redirects' };
  const segments = parsePointer(pointer);
  const appendTo = (text: string, redirects: readonly RedirectToAdd[], count: number): Array<TextEdit | undefined> => {
    if (source.format === 'yaml') return count < 0 ? yamlRedirectEdits(text, redirects) : yamlSequenceAppendEditsAt(text, segments, redirects);
    if (count < 0) return jsonRedirectEdits(text, JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text), redirects);
    return jsonArrayAppendEdits(text, valueSpan(text, pointer), count, redirects);
  };
  const count = exists ? (value.redirects as unknown[]).length : -1;
  const first = appendTo(source.text, added, count);
  const cannot = () => refuse('uneditable', { what: 'the redirects list', file: shown(source), pointer: pointer || '/' });
  if (first[0] === undefined) return cannot();
  const all = first.filter((edit) => edit !== undefined);
  // Insertions at one offset, in order: one edit.
  if (all.length === first.length) return { source, edit: { start: all[0].start, end: all[0].end, text: all.map((edit) => edit.text).join('') } };
  // The list was made with the first redirect: the others go after it, inside that same edit.
  const made = applyEdits(source.text, [first[0]]);
  const rest = appendTo(made, added.slice(1), 1);
  if (rest.some((edit) => edit === undefined)) return cannot();
  const at = rest[0]!.start - first[0].start;
  if (at < 0 || at > first[0].text.length) return cannot();
  const text = first[0].text.slice(0, at) + rest.map((edit) => edit!.text).join('') + first[0].text.slice(at);
  return { source, edit: { start: first[0].start, end: first[0].end, text } };
}
