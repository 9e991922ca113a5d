import { readFileSync } from 'node:fs';
import path from 'node:path';
import { codes, type Code } from './codes.js';
import { docsRootFiles } from './docs-root.js';
import { walkNavigation } from './navigation/walk.js';
import type { Finding, Problem, SeveritySetting } from './problem.js';
import type { ValidationResult } from './result.js';
import { rules } from './rules/index.js';
import type { DocsFiles, RuleContext } from './rules/types.js';
import { checkSchema } from './schema/index.js';
import { loadDocument, type LoadedDocument } from './source/refs.js';
import type { SourceFile, SourceFormat } from './source/types.js';

export interface ValidateOptions {
  /** The file name shown in problems, and the base for `$ref` paths. Default `docs.json`. */
  file?: string;
  /**
   * The docs root: where pages (`<page>.mdx`/`.md`) and `openapi` files are looked up, and
   * what `$ref`s must stay inside. Without it, file existence is not checked.
   */
  root?: string;
  /** Severity per code: `off`, `info`, `warning` or `error`. Unnamed codes keep their default. */
  rules?: Partial<Record<Code, SeveritySetting>>;
  /** Language codes to accept besides the spec's 20 (e.g. `["ja", "uk"]`). */
  languageCodes?: readonly string[];
  /** Parse as this format instead of guessing from the file name. */
  format?: SourceFormat;
  /** Reads `$ref` targets by absolute path (undefined when missing). Default: the file system. */
  readFile?: (absolutePath: string) => string | undefined;
  /** Looks up page and spec files; replaces the listing of `root` (for tests and editors). */
  files?: DocsFiles;
}

/** Thrown by `validateFile` when the file cannot be read: an I/O error, not a problem of the file. */
export class FileReadError extends Error {
  constructor(
    readonly file: string,
    cause: unknown,
  ) {
    super(`cannot read ${file}: ${(cause as NodeJS.ErrnoException)?.code ?? (cause as Error)?.message ?? cause}`);
    this.name = 'FileReadError';
  }
}

/** Validates docs.json text. Every problem is data: nothing is thrown for bad input. */
export function validateText(text: string, options: ValidateOptions = {}): ValidationResult {
  const file = options.file ?? 'docs.json';
  const document = loadDocument(file, text, { root: options.root, readFile: options.readFile, format: options.format });
  return { file, problems: collectProblems(document, options), sources: sourcesOf(document.files) };
}

/** Reads and validates a docs.json (or docs.yaml). The docs root defaults to the file's folder. */
export function validateFile(file: string, options: Omit<ValidateOptions, 'file'> = {}): ValidationResult {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new FileReadError(file, error);
  }
  return validateText(text, { ...options, file, root: options.root ?? path.dirname(file) });
}

function collectProblems(document: LoadedDocument, options: ValidateOptions): Problem[] {
  const settings = options.rules ?? {};
  const severityOf = (code: Code): SeveritySetting => settings[code] ?? codes[code].severity;
  const problems: Problem[] = [];
  const add = (source: SourceFile, finding: Finding) => {
    const severity = severityOf(finding.code);
    if (severity === 'off') return;
    const range = finding.span ? source.rangeOf(finding.span[0], finding.span[1]) : source.locate(finding.pointer, finding.at);
    const problem: Problem = { code: finding.code, severity, message: finding.message, file: source.file, pointer: finding.pointer, ...range };
    if (finding.suggest !== undefined) problem.suggest = finding.suggest;
    problems.push(problem);
  };

  for (const finding of document.findings) add(finding.source, finding);
  if (document.value !== undefined) {
    const addChecked = (finding: Finding) => {
      if (document.isUnresolved(finding.pointer)) return;
      const origin = document.origin(finding.pointer);
      add(origin.source, { ...finding, pointer: origin.pointer });
    };
    if (severityOfAny(['missing-field', 'invalid-type', 'invalid-value', 'unknown-field'], severityOf)) {
      for (const finding of checkSchema(document.value)) addChecked(finding);
    }
    const files = options.files ?? (options.root !== undefined ? docsRootFiles(options.root) : undefined);
    const context = (code: Code): RuleContext => ({
      report: (finding) => addChecked({ ...finding, code }),
      languageCodes: new Set(options.languageCodes ?? []),
      files,
    });
    const visitors = rules.filter((rule) => severityOf(rule.code) !== 'off').map((rule) => rule.create(context(rule.code)));
    walkNavigation(document.value, visitors);
  }

  const order = new Map(document.files.map((source, index) => [source.file, index]));
  return problems.sort(
    (a, b) => order.get(a.file)! - order.get(b.file)! || a.line - b.line || a.column - b.column || a.code.localeCompare(b.code),
  );
}

function severityOfAny(list: readonly Code[], severityOf: (code: Code) => SeveritySetting): boolean {
  return list.some((code) => severityOf(code) !== 'off');
}

function sourcesOf(files: readonly SourceFile[]): Record<string, string> {
  const sources: Record<string, string> = {};
  for (const source of files) sources[source.file] = source.text;
  return sources;
}
