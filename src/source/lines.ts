import type { Range } from '../problem.js';

/**
 * Offset <-> line/column for one text, with line breaks as the JSON and YAML parsers count
 * them (`\r\n`, `\n`, and a lone `\r`). Built on first use, so a file with no problems never
 * pays for it. Problems (here) and code frames (report/pretty) share it, so their lines agree.
 */
export class LineIndex {
  private starts: number[] | undefined;
  private ends: number[] | undefined;

  constructor(readonly text: string) {}

  private index(): { starts: number[]; ends: number[] } {
    if (this.starts && this.ends) return { starts: this.starts, ends: this.ends };
    const text = this.text;
    const starts = [0];
    const ends: number[] = [];
    if (!text.includes('\r')) {
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
        ends.push(i);
        starts.push(i + 1);
      }
    } else {
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c !== 10 && c !== 13) continue;
        ends.push(i);
        if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
        starts.push(i + 1);
      }
    }
    ends.push(text.length);
    this.starts = starts;
    this.ends = ends;
    return { starts, ends };
  }

  /** How many lines the text has. */
  get lineCount(): number {
    return this.index().starts.length;
  }

  /** The text of a 1-based line, without its line break. */
  lineText(line: number): string {
    const { starts, ends } = this.index();
    return this.text.slice(starts[line - 1], ends[line - 1]);
  }

  /** 1-based line and column of a text offset (clamped into the text). */
  position(offset: number): { line: number; column: number } {
    const { starts } = this.index();
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

  /** The text offset of a 1-based line and column (the inverse of `position`), clamped into the text. */
  offset(line: number, column: number): number {
    const { starts } = this.index();
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
