/** Problems as an editor shows them: LSP diagnostics, one list per file. */
import { pathToFileURL } from 'node:url';
import { DiagnosticSeverity, type Diagnostic, type Position, type Range } from 'vscode-languageserver';
import type { Problem, Severity } from '../problem.js';
import { messageWithSuggestion } from '../report/message.js';
import { ruleDocFile } from '../report/rule-docs.js';
import type { Code } from '../codes.js';

const SEVERITIES: Readonly<Record<Severity, DiagnosticSeverity>> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
};

/** Where each rule's documentation is, as a link editors open (the shipped docs/rules/<code>.md). */
const docLinks = new Map<Code, string | undefined>();

function docLink(code: Code): string | undefined {
  if (!docLinks.has(code)) {
    const file = ruleDocFile(code);
    docLinks.set(code, file === undefined ? undefined : pathToFileURL(file).href);
  }
  return docLinks.get(code);
}

/** The LSP range of a problem: 0-based lines and UTF-16 columns (docsnav's are 1-based, end exclusive). */
export function rangeOf(problem: Pick<Problem, 'line' | 'column' | 'endLine' | 'endColumn'>) {
  return {
    start: { line: problem.line - 1, character: problem.column - 1 },
    end: { line: problem.endLine - 1, character: problem.endColumn - 1 },
  };
}

/** Whether two ranges share a position (ends included: a cursor at a problem's end is on it). */
export function overlaps(a: Range, b: Range): boolean {
  const before = (p: Position, q: Position) => p.line < q.line || (p.line === q.line && p.character < q.character);
  return !before(a.end, b.start) && !before(b.end, a.start);
}

export function toDiagnostic(problem: Problem): Diagnostic {
  const href = docLink(problem.code);
  return {
    range: rangeOf(problem),
    severity: SEVERITIES[problem.severity],
    code: problem.code,
    ...(href !== undefined && { codeDescription: { href } }),
    source: 'docsnav',
    message: messageWithSuggestion(problem, false),
  };
}
