import type { Range } from '../problem.js';

/**
 * Offset <-> line/column for one text, with line breaks as the JSON and YAML parsers count
 * them (`\r\n`, `\n`, and a lone `\r`). Built on first use, so a file with no problems never
 * pays for it. Problems (here) and code frames (report/pretty) share it, so their lines agree.
 */
export class LineIndex {
  /**
   * Where each line starts, in an array of exactly their number: 4 bytes a line (issue 66: two
   * growing arrays of numbers, starts and ends, took 31 MB for a page of 1.3 million lines, and
   * three times as much while they grew). A line's end is found from the next one's start.
   */
  private starts: Uint32Array | undefined;

  constructor(readonly text: string) {}

  private index(): Uint32Array {
    // Stryker disable next-line ConditionalExpression: built again, the index is the same (the cache only saves the work).
    if (this.starts) return this.starts;
    // Stryker disable next-line StringLiteral: the general loop of forEachBreak finds the same breaks in text without a `\r`.
    const carriageReturns = this.text.includes('\r');
    let count = 1;
    this.forEachBreak(carriageReturns, () => count++);
    const starts = new Uint32Array(count);
    let line = 1;
    this.forEachBreak(carriageReturns, (next) => (starts[line++] = next));
    this.starts = starts;
    return starts;
  }

  /** Calls `at` with where the line after each line break starts (`\r\n`, `\n`, or a lone `\r` when `carriageReturns`). */
  private forEachBreak(carriageReturns: boolean, at: (next: number) => void): void {
    const text = this.text;
    // Stryker disable next-line ConditionalExpression,BlockStatement: the general loop below finds the same breaks in text without a `\r` (this is its faster form).
    if (!carriageReturns) {
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) at(i + 1);
      return;
    }
    // Stryker disable next-line EqualityOperator: one step past the end reads NaN, no line break.
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
      at(i + 1);
    }
  }

  /** Where a 0-based line ends, before its line break. */
  private lineEnd(starts: Uint32Array, index: number): number {
    if (index + 1 >= starts.length) return this.text.length;
    // The last character of its line break; a `\r` before it makes that break a `\r\n` (else the `\r`
    // is the break of an empty line before, and this empty line stays empty).
    const end = starts[index + 1] - 1;
    return this.text.charCodeAt(end - 1) === 13 ? end - 1 : end;
  }

  /** How many lines the text has. */
  get lineCount(): number {
    return this.index().length;
  }

  /** The text of a 1-based line, without its line break. */
  lineText(line: number): string {
    const starts = this.index();
    return this.text.slice(starts[line - 1], this.lineEnd(starts, line - 1));
  }

  /** 1-based line and column of a text offset (clamped into the text). */
  position(offset: number): { line: number; column: number } {
    const starts = this.index();
    const at = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    // Stryker disable next-line ArithmeticOperator: past the last start the search reads undefined, never <= at, and steps back.
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= at) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: at - starts[lo] + 1 };
  }

  /** The text offset of a 1-based line and column (the inverse of `position`), clamped into the text. */
  offset(line: number, column: number): number {
    const starts = this.index();
    const start = starts[Math.min(Math.max(line, 1), starts.length) - 1];
    return Math.min(this.text.length, start + Math.max(column, 1) - 1);
  }

  /** The range of text offsets [start, end). An empty span still covers one column. */
  range(start: number, end: number): Range {
    const from = this.position(start);
    const to = this.position(Math.max(end, start));
    const endColumn = to.line === from.line && to.column <= from.column ? from.column + 1 : to.column;
    return { line: from.line, column: from.column, endLine: to.line, endColumn };
  }
}
