import pc from 'picocolors';
import type { Code } from '../codes.js';
import type { Problem, Severity } from '../problem.js';
import { countProblems, type ProblemCounts, type ValidationResult } from '../result.js';
import { LineIndex } from '../source/lines.js';
import { plural, shorten, visible } from '../text.js';
import { ruleDocLink, type RuleDocsOptions } from './rule-docs.js';

export interface PrettyOptions extends RuleDocsOptions {
  /** ANSI colours; the caller decides (TTY, NO_COLOR, --color). */
  color: boolean;
  /** What the shipped rule docs' paths are shown relative to (default: the process's working folder). */
  cwd?: string;
}

type Colors = ReturnType<typeof pc.createColors>;

/** The most columns of one line a frame shows; minified JSON can be megabytes on one line. */
const FRAME_WIDTH = 120;
/** Columns of context kept left of the problem when a line is clipped. */
const FRAME_LEAD = 40;
const ELLIPSIS = '…';

/**
 * The human-readable report: per problem a `file:line:col  severity  code  message` header,
 * a code frame and the suggestion; problems grouped by file; one summary line at the end, after a
 * count per code when the report is long.
 */
export function formatPretty(results: readonly ValidationResult[], options: PrettyOptions): string {
  const c = pc.createColors(options.color);
  const docLinks = new Map<Code, string>();
  const docLink = (code: Code) => {
    let link = docLinks.get(code);
    if (link === undefined) docLinks.set(code, (link = visible(ruleDocLink(code, options))));
    return link;
  };
  const sections: string[] = [];
  const all: Problem[] = [];
  for (const result of results) {
    const lineIndexes = new Map<string, LineIndex>();
    for (const [file, problems] of groupByFile(result.problems)) {
      const source = sourceOf(result, file);
      let lines: LineIndex | undefined;
      if (source !== undefined) {
        lines = lineIndexes.get(file);
        if (lines === undefined) {
          lines = new LineIndex(source);
          lineIndexes.set(file, lines);
        }
      }
      // Each problem's block is several lines (its header and its rule's docs at least): a blank line between them.
      sections.push(problems.map((problem) => formatProblem(problem, lines, c, docLink)).join('\n\n'));
      for (const problem of problems) all.push(problem);
    }
  }
  const byCode = codeCounts(all, c);
  if (byCode !== undefined) sections.push(byCode);
  sections.push(summaryLine(countProblems(all), c));
  return sections.join('\n\n') + '\n';
}

/** Problems by file, files in order of first appearance (problems arrive sorted). */
function groupByFile(problems: readonly Problem[]): Map<string, Problem[]> {
  const groups = new Map<string, Problem[]>();
  for (const problem of problems) {
    const group = groups.get(problem.file);
    if (group) group.push(problem);
    else groups.set(problem.file, [problem]);
  }
  return groups;
}

function sourceOf(result: ValidationResult, file: string): string | undefined {
  // own properties only: a file called `constructor` must not find Object.prototype's
  if (!Object.prototype.hasOwnProperty.call(result.sources, file)) return undefined;
  const text = result.sources[file];
  return typeof text === 'string' ? text : undefined;
}

function formatProblem(problem: Problem, lines: LineIndex | undefined, c: Colors, docLink: (code: Code) => string): string {
  const out = [
    `${visible(problem.file)}:${problem.line}:${problem.column}  ${paintSeverity(problem.severity, c)}  ${c.dim(problem.code)}  ${visible(problem.message)}`,
  ];
  const frame = lines && codeFrame(problem, lines, c);
  if (frame) out.push(indent(frame, '  '));
  if (problem.suggest !== undefined) {
    out.push(`  suggestion: use ${c.green(visible(JSON.stringify(shorten(problem.suggest))))}`);
  }
  out.push(c.dim(`  docs: ${docLink(problem.code)}`));
  return out.join('\n');
}

function paintSeverity(severity: Severity, c: Colors): string {
  if (severity === 'error') return c.red(severity);
  if (severity === 'warning') return c.yellow(severity);
  return c.blue(severity);
}

/** A report longer than this (and of more than one code) ends with a count per code: past two screens, a reader has lost count. */
const COUNT_PER_CODE_AFTER = 20;

/**
 * `Problems by code:` and a line per code, most problems first (then by code), with how many of
 * each severity when a code has several; undefined for a short report or one of a single code,
 * which the summary line says all about.
 */
function codeCounts(problems: readonly Problem[], c: Colors): string | undefined {
  if (problems.length <= COUNT_PER_CODE_AFTER) return undefined;
  const counts = new Map<Code, Record<Severity, number>>();
  for (const problem of problems) {
    let count = counts.get(problem.code);
    if (!count) counts.set(problem.code, (count = { error: 0, warning: 0, info: 0 }));
    count[problem.severity]++;
  }
  if (counts.size < 2) return undefined;
  const total = (count: Record<Severity, number>) => count.error + count.warning + count.info;
  const rows = [...counts].sort(([a, x], [b, y]) => total(y) - total(x) || (a < b ? -1 : 1));
  const width = String(total(rows[0][1])).length;
  const lines = rows.map(([code, count]) => {
    const severities = (['error', 'warning', 'info'] as const).filter((severity) => count[severity] > 0);
    const split =
      severities.length > 1
        ? ` (${severities.map((severity) => (severity === 'info' ? `${count.info} info` : plural(count[severity], severity))).join(', ')})`
        : '';
    return `  ${String(total(count)).padStart(width)}  ${c.dim(code)}${split}`;
  });
  return ['Problems by code:', ...lines].join('\n');
}

/** `✖ 3 problems (2 errors, 1 warning)`; infos are mentioned only when there are some. */
function summaryLine(counts: ProblemCounts, c: Colors): string {
  const total = counts.errors + counts.warnings + counts.infos;
  if (total === 0) return c.green(c.bold('✔ no problems'));
  const parts = [plural(counts.errors, 'error'), plural(counts.warnings, 'warning')];
  if (counts.infos > 0) parts.push(`${counts.infos} info`);
  const text = `${plural(total, 'problem')} (${parts.join(', ')})`;
  if (counts.errors > 0) return c.red(c.bold(`✖ ${text}`));
  if (counts.warnings > 0) return c.yellow(c.bold(`✖ ${text}`));
  // info never fails a run, so no cross
  return c.blue(c.bold(`ℹ ${text}`));
}

function indent(text: string, prefix: string): string {
  return text
    .split('\n')
    .map((line) => prefix + line)
    .join('\n');
}

// --- code frames -------------------------------------------------------------------------

/**
 * The frame of one problem: the line before, the problem's line and the line after, with
 * carets under the range. A range over several lines is marked on its first line only, to
 * the end of that line, so frames stay short. Long lines are clipped to a window around
 * the column; every framed line is clipped to the same window so they stay aligned.
 */
function codeFrame(problem: Problem, lines: LineIndex, c: Colors): string | undefined {
  const lineCount = lines.lineCount;
  const line = problem.line;
  if (!Number.isInteger(line) || line < 1 || line > lineCount) return undefined;
  const first = Math.max(1, line - 1);
  const last = Math.min(lineCount, line + 1);
  const raw: string[] = [];
  for (let n = first; n <= last; n++) raw.push(lines.lineText(n));

  const marked = raw[line - first];
  const column = clamp(problem.column, 1, marked.length + 1);
  const endColumn = problem.endLine === line ? clamp(problem.endColumn, column, marked.length + 1) : problem.endLine > line ? marked.length + 1 : column;

  let start = 0;
  let end = Infinity;
  if (raw.some((text) => text.length > FRAME_WIDTH)) {
    start = Math.max(0, Math.min(column - 1 - FRAME_LEAD, marked.length + 1 - FRAME_WIDTH));
    end = start + FRAME_WIDTH;
  }
  const shown = raw.map((text) => visible(clip(text, start, end)));
  // a clipped marked line starts with the ellipsis, which shifts the caret by one
  const shift = start > 0 ? 1 : 0;
  const frameColumn = column - start + shift;
  const frameEndColumn = Math.max(frameColumn, Math.min(endColumn, end + 1) - start + shift);

  return paintFrame(frameText(shown, first, line, frameColumn, frameEndColumn), c);
}

/**
 * The frame's text: each line behind its number (`> ` marks the problem's), and under the
 * problem's line, carets from `column` to before `endColumn` (one at least), a tab in the line
 * kept as a tab under it so that they stay aligned. The layout of @babel/code-frame's
 * `codeFrameColumns`, written out: three lines do not need a library loaded for them.
 */
function frameText(shown: readonly string[], first: number, line: number, column: number, endColumn: number): string {
  const width = String(first + shown.length - 1).length;
  const rows: string[] = [];
  shown.forEach((text, index) => {
    const number = first + index;
    const gutter = ` ${String(number).padStart(width)} |`;
    const body = text.length > 0 ? ` ${text}` : '';
    if (number !== line) {
      rows.push(` ${gutter}${body}`);
      return;
    }
    rows.push(`>${gutter}${body}`);
    const spacing = text.slice(0, Math.max(column - 1, 0)).replace(/[^\t]/g, ' ');
    rows.push(` ${' '.repeat(gutter.length - 1)}| ${spacing}${'^'.repeat(Math.max(endColumn - column, 1))}`);
  });
  return rows.join('\n');
}

function clip(text: string, start: number, end: number): string {
  if (start === 0 && text.length <= end) return text;
  const head = start > 0 && text.length > start ? ELLIPSIS : '';
  const tail = text.length > end ? ELLIPSIS : '';
  return head + text.slice(start, end) + tail;
}

function clamp(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(Math.max(Math.trunc(value), min), max);
}

/**
 * Colours the frame (gutter grey, marker and carets red); the text itself is not highlighted:
 * as JavaScript it would miscolour YAML and clipped lines.
 */
function paintFrame(frame: string, c: Colors): string {
  if (!c.isColorSupported) return frame;
  return frame
    .split('\n')
    .map((row) => {
      const bar = row.indexOf('|');
      if (bar < 0) return row;
      const gutter = row.slice(0, bar + 1);
      const rest = row.slice(bar + 1);
      if (!/\d/.test(gutter)) return c.gray(gutter) + rest.replace(/\^+/, (carets) => c.red(c.bold(carets)));
      if (gutter.startsWith('>')) return c.red(c.bold('>')) + c.gray(gutter.slice(1)) + rest;
      return c.gray(gutter) + rest;
    })
    .join('\n');
}
