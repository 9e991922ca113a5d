import type { Finding, Range } from '../problem.js';

export type SourceFormat = 'json' | 'yaml';

/** A parsed file: its value, what parsing found, and a way back from pointers to text. */
export interface SourceFile {
  /** The file's name as shown to the user. */
  file: string;
  text: string;
  format: SourceFormat;
  /** The parsed value; undefined when the text has a syntax error. */
  value: unknown;
  /** Syntax errors and duplicate keys, with pointers into this file. */
  findings: Finding[];
  /** The text range of the key or value a pointer names (its nearest existing ancestor if it is missing). */
  locate(pointer: string, at?: 'key' | 'value'): Range;
  /** `locate` for many pointers at once: one pass over the text, however many there are. */
  locateAll(requests: ReadonlyArray<LocateRequest>): Range[];
  /** The range of text offsets. */
  rangeOf(start: number, end: number): Range;
}

interface LocateRequest {
  pointer: string;
  at?: 'key' | 'value';
}
