/**
 * Go to definition: from a page entry to its `.mdx`/`.md` file, from an endpoint entry (or a
 * page generated from a spec) to the operation in the spec, from an `openapi` or `asyncapi` value to the spec
 * and from a `$ref` to its target. Only files inside the docs root, read as validate reads them.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Location } from 'vscode-languageserver';
import { isInside, textOf } from '../files.js';
import { isUrl, rootRelative } from '../navigation/openapi.js';
import { parseSource } from '../source/index.js';
import { escapeSegment } from '../source/pointer.js';
import { readerFor } from '../read.js';
import type { ValidateOptions } from '../pipeline/options.js';
import type { Cursor } from './cursor.js';
import { rangeOf } from './diagnostics.js';
import { pageAt, pointerOfPath } from './lookup.js';
import type { SiteCheck } from './sites.js';

const START = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

export function definitionAt(check: SiteCheck, file: string, cursor: Cursor): Location | null {
  if (cursor.at !== 'value') return null;
  if (!check.options) return null;
  const root = path.resolve(check.options.root ?? path.dirname(file));
  const value = valueAtCursor(cursor);
  if (typeof value !== 'string') return null;
  const key = cursor.path[cursor.path.length - 1];
  if (key === '$ref') return insideRoot(root, path.resolve(path.dirname(file), value));
  if ((cursor.path.includes('openapi') || cursor.path.includes('asyncapi')) && !isUrl(value)) return insideRoot(root, path.join(root, rootRelative(value)));
  if (path.resolve(file) !== path.resolve(check.result.file)) return null;
  const page = pageAt(check, pointerOfPath(cursor.path));
  if (!page) return null;
  // Stryker disable next-line ConditionalExpression: a remote spec's file would not be read either (operationLocation answers null), and no page is made from an unfetched spec.
  if (page.openapi && !isUrl(page.openapi.file)) return operationLocation(check.options, root, page.openapi);
  return page.file ? insideRoot(root, path.join(root, page.file)) : null;
}

function operationLocation(options: ValidateOptions, root: string, operation: { file: string; method: string; path: string }): Location | null {
  const specFile = path.join(root, operation.file);
  const outcome = readerFor({ ...options, root })(specFile);
  if (!outcome.ok) return null;
  const source = parseSource(specFile, textOf(outcome.bytes));
  const pointer =
    operation.method === 'WEBHOOK'
      ? `/webhooks/${escapeSegment(operation.path)}`
      : `/paths/${escapeSegment(operation.path)}/${escapeSegment(operation.method.toLowerCase())}`;
  return { uri: pathToFileURL(specFile).href, range: rangeOf(source.locate(pointer, 'key')) };
}

/** A file below the docs root (the root itself is a folder: nothing to open). */
function insideRoot(root: string, absolute: string): Location | null {
  if (absolute === root || !isInside(root, absolute)) return null;
  return { uri: pathToFileURL(absolute).href, range: START };
}

function valueAtCursor(cursor: Cursor): unknown {
  const last = cursor.path[cursor.path.length - 1];
  const container = cursor.container;
  return container !== null && typeof container === 'object' ? (container as Record<string, unknown>)[last] : undefined;
}
