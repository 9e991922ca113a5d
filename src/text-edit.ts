/**
 * A change to a file's text, the shape every layer that edits a file shares: a problem's fix
 * (src/problem.ts), the fixes computed and applied (src/fix/), a move's edits (src/move/).
 */

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
