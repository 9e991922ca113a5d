import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Code } from '../codes.js';
import type { Problem } from '../problem.js';
import { countProblems, type ValidationResult } from '../result.js';
import { readText, validateText, type ValidateOptions } from '../validate.js';
import { applyEdits, chooseFixes } from './apply.js';
import type { Fix, TextEdit } from './types.js';

export interface FixOptions extends ValidateOptions {
  /** `spec` (default) or `platform`; `language-code` is fixed to the spec's spelling only under `spec`. */
  profile?: 'spec' | 'platform';
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
 * (as ESLint does). A pass that would add errors is not applied. `$ref` targets are fixed in
 * their own text (read with `readFile`, never written here). Running it again changes nothing.
 */
export function fixText(text: string, options: FixOptions = {}): FixResult {
  const file = options.file ?? 'docs.json';
  const read = options.readFile ?? readOrUndefined;
  /** Current text of every file changed so far, by absolute path (what `$ref` reads see). */
  let changed = new Map<string, string>();
  const originals = new Map<string, string>();
  let mainText = text;
  const validate = (main: string, refs: ReadonlyMap<string, string>) =>
    validateText(main, { ...options, file, readFile: (absolute) => refs.get(absolute) ?? read(absolute) });

  let current = validate(mainText, changed);
  const before = current.problems;
  const applied: AppliedFix[] = [];
  let passes = 0;
  for (let pass = 1; pass <= (options.maxPasses ?? DEFAULT_PASSES); pass++) {
    const withFix = current.problems.filter((p): p is Problem & { fix: Fix } => p.fix !== undefined);
    if (withFix.length === 0) break;
    const byFile = new Map<string, Array<Problem & { fix: Fix }>>();
    for (const problem of withFix) {
      let list = byFile.get(problem.file);
      if (!list) byFile.set(problem.file, (list = []));
      list.push(problem);
    }
    const nextTexts = new Map<string, string>();
    const thisPass: AppliedFix[] = [];
    for (const [name, problems] of byFile) {
      const source = current.sources[name];
      if (source === undefined) continue;
      const { chosen } = chooseFixes(problems);
      const edits = chosen.flatMap((p) => p.fix.edits);
      const after = applyEdits(source, edits);
      if (after === source) continue;
      nextTexts.set(name, after);
      for (const p of chosen) thisPass.push({ pass, code: p.code, file: p.file, pointer: p.pointer, message: p.message, edits: p.fix.edits });
    }
    if (nextTexts.size === 0) break;

    const nextMain = nextTexts.get(file) ?? mainText;
    const nextChanged = new Map(changed);
    for (const [name, after] of nextTexts) if (name !== file) nextChanged.set(path.resolve(name), after);
    const next = validate(nextMain, nextChanged);
    // A fix should never make things worse: a pass that adds errors is not applied, and fixing stops.
    if (countProblems(next.problems).errors > countProblems(current.problems).errors) break;
    for (const name of nextTexts.keys()) if (!originals.has(name)) originals.set(name, current.sources[name]);
    mainText = nextMain;
    changed = nextChanged;
    current = next;
    applied.push(...thisPass);
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
      writeFileSync(target, fixed.after);
      written.push(fixed.file);
    }
  }
  return { ...result, written };
}

function readOrUndefined(absolutePath: string): string | undefined {
  try {
    return readFileSync(absolutePath, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Which problems went away, stayed, or appeared. Matched by code, file and message, as many
 * times as each occurs: pointers shift when an entry is removed, so they are not compared.
 */
function compareProblems(before: readonly Problem[], after: readonly Problem[]): { gone: Problem[]; kept: Problem[]; added: Problem[] } {
  const keyOf = (p: Problem) => `${p.code}\0${p.file}\0${p.message}`;
  const left = new Map<string, number>();
  for (const p of after) left.set(keyOf(p), (left.get(keyOf(p)) ?? 0) + 1);
  const gone: Problem[] = [];
  const kept: Problem[] = [];
  for (const p of before) {
    const n = left.get(keyOf(p)) ?? 0;
    if (n > 0) {
      left.set(keyOf(p), n - 1);
      kept.push(p);
    } else {
      gone.push(p);
    }
  }
  const seenBefore = new Map<string, number>();
  for (const p of before) seenBefore.set(keyOf(p), (seenBefore.get(keyOf(p)) ?? 0) + 1);
  const added: Problem[] = [];
  for (const p of after) {
    const n = seenBefore.get(keyOf(p)) ?? 0;
    if (n > 0) seenBefore.set(keyOf(p), n - 1);
    else added.push(p);
  }
  return { gone, kept, added };
}
