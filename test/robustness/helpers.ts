/**
 * Shared checks for the robustness tests: the invariants every result must keep, whatever
 * the input, and temp sites built in os.tmpdir() at test time (nothing large is committed).
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { codes } from '../../src/codes.js';
import type { Problem } from '../../src/problem.js';
import { parsePointer } from '../../src/source/pointer.js';

/** bench/generate.mjs, typed: imported by URL so that the type check needs no declaration file (with or without allowJs). */
export interface Generators {
  generateSite: (pages: number, options?: { withErrors?: boolean }) => string;
  generateSpec: (operations: number) => string;
  generateSpecSite: (operations: number, mode: 'bulk' | 'explicit') => string;
  generateDeep: (depth: number) => string;
}
export const { generateSite, generateSpec, generateSpecSite, generateDeep } = (await import(
  new URL('../../bench/generate.mjs', import.meta.url).href
)) as Generators;

const SEVERITIES: ReadonlySet<string> = new Set(['error', 'warning', 'info']);

/** Where the real-world corpus lives (read in place, never copied into the project). */
export const CORPUS = path.resolve('../shared/corpus');

/** True when `pointer` names an own key or an index of `value` (inherited names like `constructor` do not count). */
export function hasOwnPointer(value: unknown, pointer: string): boolean {
  let current = value;
  for (const segment of parsePointer(pointer)) {
    if (Array.isArray(current)) {
      if (!/^(0|[1-9]\d*)$/.test(segment) || Number(segment) >= current.length) return false;
      current = current[Number(segment)];
    } else if (typeof current === 'object' && current !== null) {
      if (!Object.prototype.hasOwnProperty.call(current, segment)) return false;
      current = (current as Record<string, unknown>)[segment];
    } else {
      return false;
    }
  }
  return true;
}

/** The parsed value of a file's text, or undefined when it does not parse cleanly (then pointers are not checked). */
function parsedValue(file: string, text: string): { ok: true; value: unknown } | { ok: false } {
  if (/\.ya?ml$/i.test(file)) {
    const doc = parseDocument(text, { uniqueKeys: false });
    if (doc.errors.length > 0) return { ok: false };
    try {
      return { ok: true, value: doc.toJS({ maxAliasCount: 1000 }) };
    } catch {
      return { ok: false };
    }
  }
  try {
    return { ok: true, value: JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) };
  } catch {
    return { ok: false };
  }
}

/** What the checks need to know of one file, worked out once per result. */
interface FileFacts {
  text: string;
  /** Offsets where each line starts. */
  starts: number[];
  parsed?: ReturnType<typeof parsedValue>;
}

function factsOf(text: string): FileFacts {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return { text, starts };
}

/** Length (UTF-16 code units) of a 1-based line, without its `\n`. */
function lineLength(facts: FileFacts, line: number): number {
  const end = line < facts.starts.length ? facts.starts[line] - 1 : facts.text.length;
  return end - facts.starts[line - 1];
}

/**
 * Why a problem breaks the contract, or undefined when it keeps it: a known code and
 * severity, a file among the sources, a range inside that file's text, and (for a file that
 * parses) a pointer that names an own key or index in it.
 */
function contractBreach(problem: Problem, sources: Record<string, string>, cache: Map<string, FileFacts>): string | undefined {
  const where = `${problem.code} in ${problem.file} at "${problem.pointer}" (${problem.line}:${problem.column}-${problem.endLine}:${problem.endColumn})`;
  if (!Object.prototype.hasOwnProperty.call(codes, problem.code)) return `unknown code: ${where}`;
  if (!SEVERITIES.has(problem.severity)) return `unknown severity ${problem.severity}: ${where}`;
  if (typeof problem.message !== 'string' || problem.message.trim() === '') return `empty message: ${where}`;
  if (problem.suggest !== undefined && typeof problem.suggest !== 'string') return `suggest is not a string: ${where}`;
  if (typeof problem.pointer !== 'string' || (problem.pointer !== '' && !problem.pointer.startsWith('/'))) return `not a JSON pointer: ${where}`;
  if (!Object.prototype.hasOwnProperty.call(sources, problem.file)) return `file not among the sources: ${where}`;
  let facts = cache.get(problem.file);
  if (!facts) cache.set(problem.file, (facts = factsOf(sources[problem.file])));
  const lineCount = facts.starts.length;
  const { line, column, endLine, endColumn } = problem;
  if (![line, column, endLine, endColumn].every(Number.isInteger)) return `non-integer position: ${where}`;
  if (line < 1 || line > lineCount) return `line outside the file (${lineCount} lines): ${where}`;
  if (column < 1 || column > lineLength(facts, line) + 1) return `column outside line ${line} (${lineLength(facts, line)} long): ${where}`;
  if (endLine < line || endLine > lineCount) return `end line outside the file: ${where}`;
  if (endLine === line && endColumn <= column) return `end before start: ${where}`;
  // An empty span still covers one column, so a caret at the end of a line may end one past it.
  const endLimit = lineLength(facts, endLine) + (endLine === line && endColumn === column + 1 ? 2 : 1);
  if (endColumn < 1 || endColumn > endLimit) return `end column outside line ${endLine}: ${where}`;
  if (problem.code === 'parse-error') return undefined;
  facts.parsed ??= parsedValue(problem.file, facts.text);
  if (facts.parsed.ok && !hasOwnPointer(facts.parsed.value, problem.pointer)) return `pointer names nothing in the file: ${where}`;
  return undefined;
}

/** Every breach of the contract among the problems (empty when all keep it). */
export function contractBreaches(result: { problems: readonly Problem[]; sources: Record<string, string> }): string[] {
  const cache = new Map<string, FileFacts>();
  const out: string[] = [];
  for (const problem of result.problems) {
    const breach = contractBreach(problem, result.sources, cache);
    if (breach) out.push(breach);
  }
  return out;
}

/** A folder in os.tmpdir() with these files (text or bytes; a name ending in `/` is a folder); removed by `remove()`. */
export function tempSite(files: Record<string, string | Buffer>): { root: string; remove: () => void } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'docsnav-robustness-'));
  for (const [name, content] of Object.entries(files)) {
    const target = path.join(root, name);
    if (name.endsWith('/')) {
      mkdirSync(target, { recursive: true });
      continue;
    }
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}
