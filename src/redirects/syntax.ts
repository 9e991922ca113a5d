import { message } from '../messages.js';
import type { Redirect } from './table.js';

/** Every sentence about how a redirect is written, by id (the redirect-pattern rule's table). */
export const SYNTAX_MESSAGES = {
  emptyDestination: 'Redirect destination is empty: write the path (`/new-page`) or URL readers are sent to.',
  unknownParameter: 'Redirect destination uses {names}, which the source "{source}" does not have: it stays in the URL as written instead of being filled in.',
  extraWildcards: 'Redirect destination has {count} but the source "{source}" has {sourceCount}: the platform fills the extra ones with nothing.',
  emptySource: 'Redirect source is empty: write the path readers come from (`/old-page`).',
  sourceUrl: 'Redirect source "{source}" is a URL: a source is a path of this site (`/old-page`), matched without the host.',
  sourceWhitespace:
    'Redirect source "{source}" has a tab, a line break, or whitespace at its start or end, which no requested path has (a URL drops them; a space inside a path is matched, as `%20` is read back as one).',
  sourceFragment:
    'Redirect source "{source}" has a `#fragment`, which browsers never send to the server: the redirect never applies (redirect the page itself, or link to the new anchor).',
  sourceQuery: 'Redirect source "{source}" has a `?query`: sources match the path only, so the redirect never applies.',
} as const;

/** What is wrong with how a redirect is written: which of its two fields, and one sentence. */
export interface SyntaxIssue {
  field: 'source' | 'destination';
  message: string;
}

/** A `:name` parameter (as the redirect table reads it) or a `*` wildcard. */
const PART = /:([A-Za-z_][A-Za-z0-9_]*)|\*/g;

/** An absolute URL's scheme and authority (`https://host:8080`, `mailto:`): not part of the path. */
const SCHEME_AND_HOST = /^[a-z][a-z0-9+.-]*:(\/\/[^/?#]*)?/i;

/**
 * How a redirect's source and destination break the syntax the platform reads (its link checker,
 * `@mintlify/link-rot`, and the `:name` / `*` substitution it applies). The platform's schema
 * (`@mintlify/validation`) accepts any two strings, so none of this fails its build: each is a
 * redirect that silently never applies, or sends readers to a URL nobody meant.
 */
export function syntaxIssues(redirect: Redirect): SyntaxIssue[] {
  const issues: SyntaxIssue[] = [];
  const { source, destination } = redirect;
  const sourceIssue = sourceProblem(source);
  if (sourceIssue) issues.push({ field: 'source', message: sourceIssue });
  if (destination.trim() === '') {
    issues.push({ field: 'destination', message: message(SYNTAX_MESSAGES, 'emptyDestination') });
    return issues;
  }
  const sourceParts = partsOf(source);
  const destinationParts = partsOf(destination.replace(SCHEME_AND_HOST, ''));
  const missing = [...new Set(destinationParts.names)].filter((name) => !sourceParts.names.includes(name));
  if (missing.length > 0) {
    const names = missing.map((name) => `\`:${name}\``).join(', ');
    issues.push({
      field: 'destination',
      message: message(SYNTAX_MESSAGES, 'unknownParameter', { names, source }),
    });
  }
  if (destinationParts.wildcards > sourceParts.wildcards) {
    issues.push({
      field: 'destination',
      message: message(SYNTAX_MESSAGES, 'extraWildcards', {
        count: count(destinationParts.wildcards, '`*`'),
        source,
        sourceCount: sourceParts.wildcards === 0 ? 'none' : sourceParts.wildcards,
      }),
    });
  }
  return issues;
}

/** Why a source can never match a requested path, or undefined when it can. */
function sourceProblem(source: string): string | undefined {
  if (source.trim() === '') return message(SYNTAX_MESSAGES, 'emptySource');
  if (source.startsWith('//') || URL.canParse(source)) return message(SYNTAX_MESSAGES, 'sourceUrl', { source });
  // A space inside the path is matched: the platform compares the requested path, percent-decoded
  // (`/Old%20Name` is `/Old Name`), with the source as written (@mintlify/link-rot's graph.js; `mint
  // broken-links` 4.2.941 finds a link to `/Old%20Name` redirected by a source `/Old Name`, and not
  // by `/Old%20Name`). A URL never holds a tab or a line break, nor whitespace at its ends.
  if (/[\t\n\r]/.test(source) || /^\s|\s$/.test(source)) return message(SYNTAX_MESSAGES, 'sourceWhitespace', { source });
  if (source.includes('#')) return message(SYNTAX_MESSAGES, 'sourceFragment', { source });
  // `:name?` is an optional parameter in the path-to-regexp syntax hosts use, not a query.
  if (source.replace(/:[A-Za-z_][A-Za-z0-9_]*\?/g, '').includes('?')) {
    return message(SYNTAX_MESSAGES, 'sourceQuery', { source });
  }
  return undefined;
}

function partsOf(text: string): { names: string[]; wildcards: number } {
  const names: string[] = [];
  let wildcards = 0;
  for (const match of text.split(/[?#]/)[0].matchAll(PART)) {
    if (match[1] === undefined) wildcards++;
    else names.push(match[1]);
  }
  return { names, wildcards };
}

function count(n: number, what: string): string {
  return n === 1 ? `one ${what}` : `${n} ${what}`;
}
