import type { Range } from '../problem.js';

/**
 * Offset -> line/column for one text. The line index is built on first use, so a file
 * with no problems never pays for it.
 */
export class LineIndex {
  private starts: number[] | undefined;

  constructor(private readonly text: string) {}

  private lineStarts(): number[] {
    if (this.starts) return this.starts;
    const starts = [0];
    const text = this.text;
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    return (this.starts = starts);
  }

  /** 1-based line and column of a text offset (clamped into the text). */
  position(offset: number): { line: number; column: number } {
    const starts = this.lineStarts();
    const at = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= at) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: at - starts[lo] + 1 };
  }

  /** The range of text offsets [start, end). An empty span still covers one column. */
  range(start: number, end: number): Range {
    const from = this.position(start);
    const to = this.position(Math.max(end, start));
    const endColumn = to.line === from.line && to.column <= from.column ? from.column + 1 : to.column;
    return { line: from.line, column: from.column, endLine: to.line, endColumn };
  }
}
