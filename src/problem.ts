import type { Code } from './codes.js';
import type { Fix } from './text-edit.js';
import type { Severity } from './severity.js';

// Severity has a module of its own: the codes table (codes.ts) names each code's default severity
// and a problem names its code; both import severity.ts, so codes.ts never imports this file.
export type { Severity, SeveritySetting } from './severity.js';

/** A range in a file: 1-based lines and columns (UTF-16 code units); the end column is exclusive. */
export interface Range {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** Everything docsnav can say about a file, as data. */
export interface Problem extends Range {
  /** Stable kebab-case id, e.g. `language-code`. */
  code: Code;
  severity: Severity;
  /** One sentence a person understands. */
  message: string;
  /** The file the problem is in (a `$ref` target when the problem is inside one). */
  file: string;
  /** JSON pointer into `file` (RFC 6901); `""` is the whole document. */
  pointer: string;
  /** A fix: the value or key to write instead, when there is one. */
  suggest?: string;
  /** A safe automatic fix: text edits to `file` (see `fixText`); only on problems that have one. */
  fix?: Fix;
}

/**
 * What a check reports: a pointer into the checked document, no location and no
 * severity yet. The validator adds both (severity from the rule settings, location from
 * the source's locator) so that checks stay pure.
 */
export interface Finding {
  code: Code;
  message: string;
  pointer: string;
  /** Point at the key (an unknown field) instead of the value (the default). */
  at?: 'key' | 'value';
  suggest?: string;
  /**
   * This finding's severity when the code's severity is not configured (a code's milder cases,
   * such as page-path's leading `/`, which the platform strips). A configured severity wins.
   */
  severity?: Severity;
  /** Text offsets [start, end) when the pointer cannot say where (syntax errors, page bodies). */
  span?: readonly [number, number];
  /** A safe fix known where the finding is made (edits to the finding's own file); others are computed after location. */
  fix?: Fix;
  /**
   * Stands for this many more findings of its code in its file, past what a file shows (a site
   * rule's findings past `maxProblemsPerFile` in one page are counted, not made: issue 66). Only
   * counted by the problem sink, never shown; `severity` is the highest among them.
   */
  more?: number;
}
