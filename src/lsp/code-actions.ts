/**
 * Code actions from docsnav's safe fixes: each fixable problem under the cursor gets a quick
 * fix whose edits are the fix's own (the ones `--fix` applies), and the file gets "Fix all
 * docsnav problems" (`source.fixAll.docsnav`: what `docsnav validate --fix` writes, in passes).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CodeActionKind, type CodeAction, type Range, type TextEdit, type WorkspaceEdit } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { fixText } from '../fix.js';
import type { Problem } from '../problem.js';
import { overlaps, toDiagnostic } from './diagnostics.js';
import type { SiteCheck } from './sites.js';

export const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.docsnav`;

/** The quick fixes for the problems of `file` that touch `range`, when the file's text is the one checked. */
export function quickFixes(check: SiteCheck, file: string, range: Range, currentText: string | undefined): CodeAction[] {
  const absolute = path.resolve(file);
  const actions: CodeAction[] = [];
  for (const problem of check.result.problems) {
    if (!problem.fix || path.resolve(problem.file) !== absolute) continue;
    const diagnostic = toDiagnostic(problem);
    if (!overlaps(diagnostic.range, range)) continue;
    const checked = check.result.sources[problem.file];
    // The file changed since it was checked: the offsets would land elsewhere.
    if (checked === undefined || (currentText !== undefined && currentText !== checked)) continue;
    actions.push({
      title: fixTitle(problem),
      kind: CodeActionKind.QuickFix,
      diagnostics: [diagnostic],
      isPreferred: true,
      edit: { changes: { [pathToFileURL(absolute).href]: textEdits(checked, problem.fix.edits) } },
    });
  }
  return actions;
}

/** Every safe fix of the site, as `docsnav validate --fix` applies them; undefined when nothing changes. */
export function fixAll(check: SiteCheck): CodeAction | undefined {
  if (!check.options) return undefined;
  const fixed = fixText(check.text, check.options);
  if (fixed.files.length === 0) return undefined;
  const changes: WorkspaceEdit['changes'] = {};
  for (const { file, before, after } of fixed.files) changes[pathToFileURL(path.resolve(file)).href] = [wholeChange(before, after)];
  return { title: `Fix all docsnav problems (${fixed.applied.length})`, kind: FIX_ALL_KIND, edit: { changes } };
}

/** A fix's edits (UTF-16 offsets into the checked text) as LSP edits. */
function textEdits(text: string, edits: ReadonlyArray<{ start: number; end: number; text: string }>): TextEdit[] {
  const document = TextDocument.create('file:///checked', 'json', 0, text);
  return edits.map((edit) => ({ range: { start: document.positionAt(edit.start), end: document.positionAt(edit.end) }, newText: edit.text }));
}

/** One edit from `before` to `after` (texts that differ): the span between their common start and common end. */
export function wholeChange(before: string, after: string): TextEdit {
  let start = 0;
  // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: past either text's end its character is undefined, which equals no character of the other, so the comparison alone stops there; the bounds only keep texts that do not differ (never given) from running on.
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  // An offset between a CR and its LF has no position in the editor (its lines end at the pair): the span takes the CR in.
  if (before[start - 1] === '\r' && before[start] === '\n') start--;
  let end = 0;
  while (end < before.length - start && end < after.length - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
  // Likewise at its end: the span takes the LF in.
  if (before[before.length - end - 1] === '\r' && before[before.length - end] === '\n') end--;
  return textEdits(before, [{ start, end: before.length - end, text: after.slice(start, after.length - end) }])[0];
}

function fixTitle(problem: Problem): string {
  return problem.suggest !== undefined ? `Use ${JSON.stringify(problem.suggest)} (${problem.code})` : `Fix: ${problem.code}`;
}
