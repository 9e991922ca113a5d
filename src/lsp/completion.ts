/**
 * Completions that fit: the keys the element model allows at the cursor (never a second child
 * type or primary pattern), page paths of files that exist, `METHOD /path` entries of the specs
 * in scope, and the profile's language codes. Nothing is offered that docsnav would then reject.
 */
import path from 'node:path';
import { CompletionItemKind, InsertTextFormat, type CompletionItem, type Range } from 'vscode-languageserver';
import { profileOf } from '../config/profiles.js';
import { parseEntry } from '../navigation/entries.js';
import { isPlainObject, PAGE_FIELDS, type FieldName } from '../navigation/model.js';
import { openapiSources } from '../navigation/openapi.js';
import { indexSpec } from '../resolve/operations.js';
import { SpecLoader } from '../resolve/specs.js';
import { filesOf, readerFor } from '../read.js';
import type { ValidateOptions } from '../pipeline/options.js';
import type { SourceFormat } from '../source/types.js';
import { startsOpenapiScope } from '../navigation/walk.js';
import type { Cursor, Segment } from './cursor.js';
import { elementKindAt, keysAllowed, type KeyOption } from './elements.js';

const PAGE_FILE = /\.mdx?$/i;

/** What a completion needs besides the cursor: how the site is checked, and its format. */
export interface CompletionContext {
  options: ValidateOptions;
  format: SourceFormat;
  /** The text, to build edits. */
  text: string;
  /** The editor's range of text offsets. */
  rangeOf(span: [number, number]): Range;
}

export function completionsAt(cursor: Cursor, context: CompletionContext): CompletionItem[] {
  return cursor.at === 'key' ? keyCompletions(cursor, context) : valueCompletions(cursor, context);
}

function keyCompletions(cursor: Cursor, context: CompletionContext): CompletionItem[] {
  const objectPath = cursor.path.slice(0, -1);
  const kind = elementKindAt(objectPath);
  if (!kind) return [];
  // The key being written does not count as present.
  const typed = cursor.path[cursor.path.length - 1];
  const present = isPlainObject(cursor.container) ? { ...cursor.container } : {};
  if (typeof typed === 'string') delete present[typed];
  return keysAllowed(kind, present).map((option) => keyItem(option, cursor, context));
}

function keyItem(option: KeyOption, cursor: Cursor, context: CompletionContext): CompletionItem {
  const item: CompletionItem = {
    label: option.key,
    kind: option.kind === 'children' ? CompletionItemKind.Module : CompletionItemKind.Property,
    detail: option.kind === 'children' ? 'child elements' : option.type,
    documentation: option.description,
  };
  const json = context.format === 'json';
  const value = option.type === 'array' ? (json ? '[$0]' : '\n  - $0') : option.type === 'string' ? (json ? '"$0"' : '$0') : '$0';
  const key = json ? JSON.stringify(option.key) : option.key;
  // Replace what is typed of the key, quotes included; add the value only when nothing follows.
  const followed = /^\s*:/.test(context.text.slice(cursor.span[1]));
  item.textEdit = { range: context.rangeOf(cursor.span), newText: followed ? key : `${key}: ${value}` };
  item.insertTextFormat = followed ? InsertTextFormat.PlainText : InsertTextFormat.Snippet;
  item.filterText = json && cursor.quoted ? key : option.key;
  return item;
}

function valueCompletions(cursor: Cursor, context: CompletionContext): CompletionItem[] {
  const last = cursor.path[cursor.path.length - 1];
  const parentPath = cursor.path.slice(0, -1);
  // A string in `pages`: pages and endpoint entries.
  if (typeof last === 'number' && parentPath[parentPath.length - 1] === 'pages') {
    const element = parentPath.slice(0, -1);
    if (!elementKindAt(element)) return [];
    const listed = new Set(Array.isArray(cursor.container) ? cursor.container.filter((v, i) => i !== last && typeof v === 'string') : []);
    const pages = pageItems(context).filter((item) => !listed.has(item.label));
    const endpoints = endpointItems(cursor.document, element, context).filter((item) => !listed.has(item.label));
    return [...pages, ...endpoints].map((item) => withEdit(item, cursor, context));
  }
  // An index here is an item of an array no element kind names a page in (`tabs`, `global`'s lists): nothing below.
  const kind = elementKindAt(parentPath);
  if (!kind) return [];
  if (PAGE_FIELDS[kind].includes(last as FieldName)) return pageItems(context).map((item) => withEdit(item, cursor, context));
  if (kind === 'language' && last === 'language') return languageItems(context).map((item) => withEdit(item, cursor, context));
  return [];
}

function pageItems(context: CompletionContext): CompletionItem[] {
  const files = filesOf(context.options);
  const list = files?.list?.() ?? [];
  const pages = new Set<string>();
  for (const file of list) if (PAGE_FILE.test(file)) pages.add(file.replace(PAGE_FILE, ''));
  return [...pages].sort().map((page) => ({ label: page, kind: CompletionItemKind.File, detail: 'page' }));
}

/** The operations of the specs that apply at this element (its own `openapi` or the nearest above), not `x-excluded`. */
function endpointItems(document: unknown, elementPath: readonly Segment[], context: CompletionContext): CompletionItem[] {
  const openapi = nearestOpenapi(document, elementPath);
  if (openapi === undefined || context.options.specs === false) return [];
  const root = path.resolve(context.options.root ?? '.');
  const loader = new SpecLoader({ root, reader: readerFor(context.options), files: filesOf(context.options), cache: context.options.cache });
  const items: CompletionItem[] = [];
  const seen = new Set<string>();
  // A URL's spec is not loaded (loadSync fetches nothing): its operations are not offered.
  for (const { source } of openapiSources(openapi)) {
    const loaded = loader.loadSync(source);
    if (!loaded.ok) continue;
    for (const operation of indexSpec(loaded.spec).operations) {
      if (operation.excluded) continue;
      // With two specs in scope, an entry is looked up in the first that has it.
      const label = operation.method === 'webhook' ? `webhook ${operation.path}` : `${operation.method.toUpperCase()} ${operation.path}`;
      if (seen.has(label) || parseEntry(label).kind === 'page') continue;
      seen.add(label);
      items.push({ label, kind: CompletionItemKind.Function, detail: operation.summary ?? loaded.file });
    }
  }
  return items;
}

/** The `openapi` value in scope at an element: its own or the nearest above, as the walker scopes it. */
function nearestOpenapi(document: unknown, elementPath: readonly Segment[]): unknown {
  const values: unknown[] = [document];
  for (const key of elementPath) {
    const value = values[values.length - 1];
    values.push(isPlainObject(value) || Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined);
  }
  // Stryker disable next-line EqualityOperator: depth 1 is the navigation root, which takes no `openapi` (the platform strips it): startsOpenapiScope is false there.
  for (let depth = elementPath.length; depth >= 1; depth--) {
    const value = values[depth];
    const kind = elementKindAt(elementPath.slice(0, depth));
    if (kind && isPlainObject(value) && startsOpenapiScope(kind, value)) return value.openapi;
  }
  return undefined;
}

function languageItems(context: CompletionContext): CompletionItem[] {
  const codes = new Set([...profileOf(context.options.profile).languageCodes, ...(context.options.languageCodes ?? [])]);
  return [...codes].sort().map((code) => ({ label: code, kind: CompletionItemKind.EnumMember, detail: 'language code' }));
}

/** The item replaces the string under the cursor (with its quotes, in JSON). */
function withEdit(item: CompletionItem, cursor: Cursor, context: CompletionContext): CompletionItem {
  const json = context.format === 'json';
  const newText = json ? JSON.stringify(item.label) : yamlScalar(item.label);
  return { ...item, textEdit: { range: context.rangeOf(cursor.span), newText }, filterText: json && cursor.quoted ? JSON.stringify(item.label) : item.label };
}

function yamlScalar(value: string): string {
  return /^[\w/.-]+$/.test(value) ? value : JSON.stringify(value);
}
