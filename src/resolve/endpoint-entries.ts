/** An endpoint entry (`GET /users`, `webhook petDeleted`) looked up in a spec, and what to say when it is not there. */
import type { PageEntry } from '../navigation/entries.js';
import { findOperation, findWebhook, type Operation, type OperationIndex } from './operations.js';

export type EndpointEntry = Exclude<PageEntry, { kind: 'page' }>;

export type EntryLookup =
  | { kind: 'found'; operation: Operation }
  /** An `endpoint-not-found` message, and the entry to suggest instead (without its spec file). */
  | { kind: 'missing'; message: string; suggest: string | undefined };

/** The operation an endpoint entry names in one spec (`file`, as messages show it), or why it is not there. */
export function lookUpEntry(entry: EndpointEntry, index: OperationIndex, file: string): EntryLookup {
  if (entry.kind === 'webhook') {
    const match = findWebhook(index, entry.name);
    if (match.kind === 'found') return match;
    return {
      kind: 'missing',
      message: `"webhook ${entry.name}": "${file}" has no webhook "${entry.name}"${listOf('closest', match.suggestions)}.`,
      suggest: match.suggestions[0] !== undefined ? `webhook ${match.suggestions[0]}` : undefined,
    };
  }
  const match = findOperation(index, entry.method, entry.path);
  if (match.kind === 'found') return match;
  const method = entry.method.toUpperCase();
  const label = `${method} ${entry.path}`;
  if (match.kind === 'method-not-found') {
    return {
      kind: 'missing',
      message: `"${label}": "${file}" has no ${method} ${match.path}; that path has ${match.methods.map((m) => m.toUpperCase()).join(', ')}.`,
      suggest: match.methods.length === 1 ? `${match.methods[0].toUpperCase()} ${match.path}` : undefined,
    };
  }
  return {
    kind: 'missing',
    message: `"${label}": "${file}" has no path ${entry.path}${listOf('closest', match.suggestions)}.`,
    suggest: match.suggestions[0] !== undefined ? `${method} ${match.suggestions[0]}` : undefined,
  };
}

function listOf(what: string, items: readonly string[]): string {
  return items.length === 0 ? '' : `; ${what}: ${items.join(', ')}`;
}
