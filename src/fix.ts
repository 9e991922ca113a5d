/**
 * The entry point of fixing, beside `validateText` (src/validate.ts), which it runs in passes, and
 * `resolveText` (src/resolve.ts). The fixes themselves are computed and applied in src/fix/.
 */
import path from 'node:path';
import type { Code } from './codes.js';
import { ReadFailure, textOf } from './files.js';
import { applyEdits, chooseFixes } from './fix/apply.js';
import type { Fix, TextEdit } from './text-edit.js';
import type { ValidateOptions } from './pipeline/options.js';
import type { Problem } from './problem.js';
import { filesOf, readerFor, readText } from './read.js';
import type { ValidationResult } from './result.js';
import { validateText } from './validate.js';
import { replaceFile } from './write-file.js';

/** `validateText`'s options (`profile`: `language-code` is fixed to the spec's spelling only under `spec`, the default). */
export interface FixOptions extends ValidateOptions {
  /** Fixes that overlap wait for the next pass; at most this many passes (default 10). */
  maxPasses?: number;
}

/** A fix that was applied: which problem, in which pass, and its edits (offsets into that pass's text). */
export interface AppliedFix {
  pass: number;
  code: Code;
  file: string;
  pointer: string;
  message: string;
  edits: TextEdit[];
}

/** A file whose text the fixes changed. */
export interface FixedFile {
  /** As named in problems: the checked file, or a `$ref` target. */
  file: string;
  before: string;
  after: string;
}

export interface FixResult {
  /** The checked file, as named by the caller. */
  file: string;
  /** Every file whose text changed (the checked file first, then `$ref` targets); empty when nothing was fixed. */
  files: FixedFile[];
  /** The fixes applied, in the order they were applied. */
  applied: AppliedFix[];
  /** The problems before fixing. */
  before: Problem[];
  /** What remains: validating the fixed text (with `problems` and `sources`, for the formatters). */
  after: ValidationResult;
  /** Problems of `before` that are gone after fixing. */
  fixed: Problem[];
  /** Problems of `before` that are still there: no safe fix (they keep their suggestions), or one that did not help. */
  remaining: Problem[];
  /** Problems that only appear after fixing (each pass re-validates, so most are fixed in a later pass). */
  introduced: Problem[];
  /** How many passes applied fixes. */
  passes: number;
}

const DEFAULT_PASSES = 10;

/**
 * Applies every safe fix to docs.json text and validates again, in passes: fixes that do not
 * overlap are applied together; the others wait for the next pass, computed from the new text
 * (as ESLint does). A fix that would cause a new error is left out. `$ref` targets are fixed in
 * their own text (read with `readFile`, never written here). Running it again changes nothing.
 */
export function fixText(text: string, options: FixOptions = {}): FixResult {
  const file = options.file ?? 'docs.json';
  // Every other file is read as validate reads it: the same reader, inside the same root.
  const reader = readerFor(options);
  const read = (absolute: string): string => {
    const outcome = reader(absolute);
    if (outcome.ok) return textOf(outcome.bytes);
    throw new ReadFailure(outcome);
  };
  /** Current text of every file changed so far, by absolute path (what `$ref` reads see). */
  const changed = new Map<string, string>();
  const originals = new Map<string, string>();
  let mainText = text;
  // Fixes change docs.json and `$ref` targets, never which pages exist: one index of the docs root serves every pass.
  const rootFiles = filesOf(options);
  // Files are read as validate reads them; only once a `$ref` target has changed is its new text read from memory.
  const validate = (main: string, refs: ReadonlyMap<string, string>) =>
    validateText(
      main,
      refs.size === 0
        ? { ...options, file, files: rootFiles }
        : { ...options, file, files: rootFiles, readFile: (absolute) => refs.get(absolute) ?? read(absolute) },
    );

  let current = validate(mainText, changed);
  const before = current.problems;
  const applied: AppliedFix[] = [];
  // The files as they would be with these texts in place of theirs (docs.json's under `file`), validated.
  const validateWith = (texts: ReadonlyMap<string, string>): ValidationResult => {
    const nextChanged = new Map(changed);
    for (const [name, after] of texts) if (name !== file) nextChanged.set(path.resolve(name), after);
    return validate(texts.get(file) ?? mainText, nextChanged);
  };
  /** Fixes that caused a new error: never tried again. */
  const refused = new Set<string>();
  let passes = 0;
  for (let pass = 1; pass <= (options.maxPasses ?? DEFAULT_PASSES); pass++) {
    const withFix = current.problems.filter((p): p is FixableProblem => p.fix !== undefined && !refused.has(fixKey(p)));
    if (withFix.length === 0) break;
    const accepted = acceptFixes(nonOverlapping(withFix), current, validateWith, refused);
    if (!accepted) continue;
    if (accepted.texts.size === 0) break;
    for (const name of accepted.texts.keys()) if (!originals.has(name)) originals.set(name, current.sources[name]);
    for (const [name, after] of accepted.texts) {
      if (name === file) mainText = after;
      else changed.set(path.resolve(name), after);
    }
    current = accepted.next;
    for (const p of accepted.fixes) applied.push({ pass, code: p.code, file: p.file, pointer: p.pointer, message: p.message, edits: p.fix.edits });
    passes = pass;
  }

  const files: FixedFile[] = [];
  for (const [name, original] of originals) {
    const after = name === file ? mainText : changed.get(path.resolve(name));
    if (after !== undefined && after !== original) files.push({ file: name, before: original, after });
  }
  files.sort((a, b) => Number(b.file === file) - Number(a.file === file));
  const { gone, kept, added } = compareProblems(before, current.problems);
  return { file, files, applied, before, after: current, fixed: gone, remaining: kept, introduced: added, passes };
}

type FixableProblem = Problem & { fix: Fix };

/** What identifies a fix across passes. */
function fixKey(p: Problem): string {
  return `${p.code}\0${p.file}\0${p.pointer}`;
}

/**
 * The fixes of one pass that cause no new error, the texts they make and the validation of
 * those: a fix must not cause a new error, so the fixes next to one are refused (after two
 * tries, all that were tried) and the rest tried again. Undefined when none is left.
 */
function acceptFixes(
  candidates: FixableProblem[],
  current: ValidationResult,
  validateWith: (texts: ReadonlyMap<string, string>) => ValidationResult,
  refused: Set<string>,
): { fixes: FixableProblem[]; next: ValidationResult; texts: Map<string, string> } | undefined {
  for (let attempt = 0; candidates.length > 0; attempt++) {
    const texts = textsAfter(candidates, current.sources);
    const next = validateWith(texts);
    const newErrors = compareProblems(current.problems, next.problems).added.filter((p) => p.severity === 'error');
    if (newErrors.length === 0) return { fixes: candidates, next, texts };
    const near = candidates.filter((c) => newErrors.some((e) => e.file === c.file && related(e.pointer, parentOf(c.pointer))));
    const out = near.length > 0 && attempt < 2 ? near : candidates;
    for (const c of out) refused.add(fixKey(c));
    candidates = candidates.filter((c) => !out.includes(c));
  }
  return undefined;
}

/** Per file, the fixes that can be applied together (the others wait for the next pass). */
function nonOverlapping(problems: readonly FixableProblem[]): FixableProblem[] {
  const byFile = new Map<string, FixableProblem[]>();
  for (const problem of problems) {
    let list = byFile.get(problem.file);
    if (!list) byFile.set(problem.file, (list = []));
    list.push(problem);
  }
  return [...byFile.values()].flatMap((list) => chooseFixes(list).chosen);
}

/** Each file's text with these fixes applied (files they leave as they were are not listed). */
function textsAfter(fixes: readonly FixableProblem[], sources: Readonly<Record<string, string>>): Map<string, string> {
  const edits = new Map<string, TextEdit[]>();
  for (const p of fixes) {
    let list = edits.get(p.file);
    if (!list) edits.set(p.file, (list = []));
    list.push(...p.fix.edits);
  }
  const texts = new Map<string, string>();
  for (const [name, list] of edits) {
    const source = sources[name];
    if (source === undefined) continue;
    const after = applyEdits(source, list);
    if (after !== source) texts.set(name, after);
  }
  return texts;
}

function parentOf(pointer: string): string {
  return pointer.slice(0, Math.max(0, pointer.lastIndexOf('/')));
}

/** One pointer is the other or inside it. */
function related(a: string, b: string): boolean {
  return a === b || a.startsWith(b + '/') || b.startsWith(a + '/');
}

export interface FixFileOptions extends Omit<FixOptions, 'file'> {
  /** Write nothing: compute what would change (for `--fix-dry-run`). Default false. */
  dryRun?: boolean;
}

/** `fixText` on a file (its folder is the docs root unless `root` is given); `written` lists the files written. */
export interface FixFileResult extends FixResult {
  written: string[];
}

/**
 * Fixes a docs.json (or docs.yaml) on disk: the file and any `$ref` target with a fix are
 * written in place (only files inside the docs root). Throws `FileReadError` only when the
 * file cannot be read, and the I/O error when a file cannot be written.
 */
export function fixFile(file: string, options: FixFileOptions = {}): FixFileResult {
  const root = options.root ?? path.dirname(file);
  const result = fixText(readText(file), { ...options, file, root });
  const written: string[] = [];
  if (!options.dryRun) {
    const rootPath = path.resolve(root);
    for (const fixed of result.files) {
      const target = path.resolve(fixed.file);
      // `$ref` targets were read only inside the root; write nothing anywhere else either.
      if (fixed.file !== file && !target.startsWith(rootPath + path.sep)) continue;
      replaceFile(target, fixed.after);
      written.push(fixed.file);
    }
  }
  return { ...result, written };
}

/**
 * Which problems went away, stayed, or appeared. A problem after fixing is the same as one
 * before when code, file and message match (pointers shift when an entry is removed), or else
 * code, file and pointer (messages name elements, and a fix may rename one: `"ja"` -> `"jp"`).
 */
function compareProblems(before: readonly Problem[], after: readonly Problem[]): { gone: Problem[]; kept: Problem[]; added: Problem[] } {
  const byMessage = (p: Problem) => `${p.code}\0${p.file}\0${p.message}`;
  const byPointer = (p: Problem) => `${p.code}\0${p.file}\0${p.pointer}`;
  const matched = new Set<Problem>();
  const matchedAfter = new Set<Problem>();
  for (const keyOf of [byMessage, byPointer]) {
    const waiting = new Map<string, { list: Problem[]; next: number }>();
    for (const p of after) {
      if (matchedAfter.has(p)) continue;
      let entry = waiting.get(keyOf(p));
      if (!entry) waiting.set(keyOf(p), (entry = { list: [], next: 0 }));
      entry.list.push(p);
    }
    for (const p of before) {
      if (matched.has(p)) continue;
      const entry = waiting.get(keyOf(p));
      const other = entry?.list[entry.next];
      if (!entry || !other) continue;
      entry.next++;
      matched.add(p);
      matchedAfter.add(other);
    }
  }
  return {
    gone: before.filter((p) => !matched.has(p)),
    kept: before.filter((p) => matched.has(p)),
    added: after.filter((p) => !matchedAfter.has(p)),
  };
}
