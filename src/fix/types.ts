/** One replacement in a file's text: offsets [start, end) in UTF-16 code units, and what goes there. */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/** A safe, automatic fix for a problem: edits to the problem's own file (`problem.file`). */
export interface Fix {
  edits: TextEdit[];
}

/** What a fix does to the text, before it is turned into offsets for one file format. */
export type FixIntent =
  | { kind: 'rename-key'; pointer: string; key: string }
  /** `current`: the string that is there now (checked before it is replaced). */
  | { kind: 'replace-value'; pointer: string; value: string; current: string }
  /** `current`: for an array entry, the string it is (checked before it is removed; required for entries). */
  | { kind: 'remove'; pointer: string; current?: string };
