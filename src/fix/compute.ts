import { distance } from 'fastest-levenshtein';
import { entryKey, parseEntry } from '../navigation/entries.js';
import { isPlainObject } from '../navigation/model.js';
import { DEFAULT_PROFILE, type ProfileName } from '../config/profiles.js';
import type { Problem } from '../problem.js';
import { ALIASES } from '../rules/language-code.js';
import { ALLOWED_KEYS, isExpandOnTopLevelGroup } from '../schema/index.js';
import { ownChild, parsePointer, valueAt } from '../source/pointer.js';
import type { SourceFile } from '../source/types.js';
import { FIXABLE_CODES } from './fixable.js';
import { LineIndex } from '../source/lines.js';
import { redirectOfProblem } from '../rules/redirect-missing.js';
import { jsonEdit } from './json-edits.js';
import { jsonRedirectEdits, yamlRedirectEdits, type RedirectToAdd } from './redirect-edits.js';
import { enumValuesWith, fieldAcceptsType } from './schema-facts.js';
import type { FixIntent } from './types.js';
import type { TextEdit } from '../text-edit.js';
import { yamlEdits } from './yaml-edits.js';
import { moveSettingOutOfNavigation } from './move-setting.js';
import { settingUnderNavigation } from '../settings/index.js';

export interface FixContext {
  /** `platform` (the default) or `spec`: `language-code` is fixed to the spec's spelling only under `spec`. */
  profile?: ProfileName;
}

/**
 * Gives each problem that has a safe fix its `fix`: edits to its own file, computed from its
 * location and that file's text. Problems without a safe fix are left as they are (with their
 * suggestion, if any). One pass over each file with fixable problems.
 */
export function attachFixes(problems: readonly Problem[], files: readonly SourceFile[], context: FixContext = {}): void {
  const byFile = new Map<string, Array<{ problem: Problem; intent: FixIntent }>>();
  const sources = new Map(files.map((source) => [source.file, source]));
  const firstIndexes: FirstIndexes = new WeakMap();
  attachRedirectFixes(problems, files[0]);
  for (const problem of problems) {
    if (!FIXABLE_CODES.has(problem.code) || problem.code === 'redirect-missing') continue;
    const source = sources.get(problem.file);
    if (!source || source.value === undefined) continue;
    if (settingUnderNavigation(problem) !== undefined) {
      attachSettingMove(problem, source);
      continue;
    }
    const intent = intentFor(problem, source.value, context, firstIndexes);
    if (!intent) continue;
    let list = byFile.get(problem.file);
    if (!list) byFile.set(problem.file, (list = []));
    list.push({ problem, intent });
  }
  for (const [file, list] of byFile) {
    const source = sources.get(file)!;
    let edits: Array<TextEdit | undefined>;
    if (source.format === 'yaml') {
      edits = yamlEdits(
        source.text,
        list.map((item) => item.intent),
      );
    } else {
      // From where each problem was located: its line and column back to text offsets.
      const lines = new LineIndex(source.text);
      edits = list.map(({ problem, intent }) =>
        jsonEdit(source.text, intent, [lines.offset(problem.line, problem.column), lines.offset(problem.endLine, problem.endColumn)]),
      );
    }
    list.forEach(({ problem }, i) => {
      const edit = edits[i];
      if (edit && source.text.slice(edit.start, edit.end) !== edit.text) problem.fix = { edits: [edit] };
    });
  }
}

/**
 * A top-level setting inside `navigation` (`interaction`, `styling`, …) is moved out beside it, in
 * docs.json's own text (JSON; a YAML file gets no fix): only when that file holds `navigation` and
 * no top-level key of the same name (then the two need a person to merge them).
 */
function attachSettingMove(problem: Problem, source: SourceFile): void {
  const key = parsePointer(problem.pointer)[1];
  if (source.format === 'yaml' || !isPlainObject(source.value) || ownChild(source.value, key) !== undefined) return;
  const lines = new LineIndex(source.text);
  const edits = moveSettingOutOfNavigation(source.text, [lines.offset(problem.line, problem.column), lines.offset(problem.endLine, problem.endColumn)]);
  if (edits) problem.fix = { edits };
}

/**
 * A moved page's `redirect-missing` gets the redirect it asks for, appended to `redirects` of the
 * main file (the one the platform reads it from); only a problem located in that file gets it. The
 * edits of one pass are insertions at one offset, applied together (chooseFixes lets them stack).
 */
function attachRedirectFixes(problems: readonly Problem[], main: SourceFile | undefined): void {
  if (!main || main.value === undefined) return;
  const wanted: Array<{ problem: Problem; redirect: RedirectToAdd }> = [];
  for (const problem of problems) {
    if (problem.code !== 'redirect-missing' || problem.file !== main.file) continue;
    const redirect = redirectOfProblem(problem);
    if (redirect) wanted.push({ problem, redirect });
  }
  if (wanted.length === 0) return;
  const redirects = wanted.map((item) => item.redirect);
  const edits = main.format === 'yaml' ? yamlRedirectEdits(main.text, redirects) : jsonRedirectEdits(main.text, main.value, redirects);
  wanted.forEach(({ problem }, i) => {
    const edit = edits[i];
    if (edit) problem.fix = { edits: [edit] };
  });
}

/** What would fix this problem, when that is safe; `value` is the problem's own file, parsed. */
function intentFor(problem: Problem, value: unknown, context: FixContext, firstIndexes: FirstIndexes = new WeakMap()): FixIntent | undefined {
  const segments = parsePointer(problem.pointer);
  const here = valueAt(value, segments);
  const last = segments[segments.length - 1];
  const parent = valueAt(value, segments.slice(0, -1));
  switch (problem.code) {
    case 'unknown-field': {
      // `expand` on a top-level group: `expanded` would have no effect there either, and the report says to remove it.
      if (isExpandOnTopLevelGroup(value, segments)) return { kind: 'remove', pointer: problem.pointer };
      // `expand` -> `expanded`: one clear nearest key, not already in the object, taking this kind of value.
      const key = problem.suggest;
      if (key === undefined || last === undefined || !isPlainObject(parent) || ownChild(parent, key) !== undefined) return undefined;
      if (!isClearNearest(last, key, allowedKeys())) return undefined;
      // `"page": "intro"` is not `"pages": "intro"`: the value must be of a type the new key takes.
      if (!fieldAcceptsType(key, ownChild(parent, last))) return undefined;
      return { kind: 'rename-key', pointer: problem.pointer, key };
    }
    case 'invalid-value': {
      // An empty `pages` entry names nothing: removed (the platform rejects the whole file for it).
      if (here === '' && Array.isArray(parent) && segments.at(-2) === 'pages') return { kind: 'remove', pointer: problem.pointer, current: here };
      const suggestion = problem.suggest;
      if (suggestion === undefined || typeof here !== 'string') return undefined;
      // One of a closed list (a theme, an eyebrows style, …), only when nearer than every other value: a tie is left to a person.
      const candidates = enumValuesWith(suggestion);
      if (candidates.length === 0 || !isClearNearest(here, suggestion, candidates)) return undefined;
      return { kind: 'replace-value', pointer: problem.pointer, value: suggestion, current: here };
    }
    case 'page-path': {
      // A blank entry names nothing: removed.
      if (typeof here === 'string' && here.trim() === '' && Array.isArray(parent)) return { kind: 'remove', pointer: problem.pointer, current: here };
      if (problem.suggest === undefined || problem.suggest === '' || typeof here !== 'string') return undefined;
      return { kind: 'replace-value', pointer: problem.pointer, value: problem.suggest, current: here };
    }
    case 'redirect-chain': {
      // The chain's final destination, which the rule suggests only when the chain ends at a page.
      if (problem.suggest === undefined || typeof here !== 'string') return undefined;
      return { kind: 'replace-value', pointer: problem.pointer, value: problem.suggest, current: here };
    }
    case 'language-code': {
      // The same language in the spec's spelling (`uk` -> `ua`, `EN` -> `en`, `de-DE` -> `de`), never a guess at another language.
      const code = problem.suggest;
      if ((context.profile ?? DEFAULT_PROFILE) !== 'spec' || code === undefined || typeof here !== 'string') return undefined;
      const lower = here.toLowerCase();
      if (ALIASES[lower] !== code && lower !== code.toLowerCase() && lower.split('-')[0] !== code) return undefined;
      return { kind: 'replace-value', pointer: problem.pointer, value: code, current: here };
    }
    case 'expanded-top-level':
      return isPlainObject(parent) && last !== undefined && ownChild(parent, last) !== undefined ? { kind: 'remove', pointer: problem.pointer } : undefined;
    case 'duplicate-page': {
      // Only the later copy in the same `pages` list: the earlier one keeps the page where it was.
      if (!Array.isArray(parent) || typeof here !== 'string' || last === undefined) return undefined;
      const first = firstIndexOf(parent, firstIndexes).get(pageKey(here));
      return first !== undefined && first < Number(last) ? { kind: 'remove', pointer: problem.pointer, current: here } : undefined;
    }
    default:
      return undefined;
  }
}

/** Per `pages` list: where each page is first listed (built once per list, however many duplicates it has). */
type FirstIndexes = WeakMap<readonly unknown[], Map<string, number>>;

function firstIndexOf(list: readonly unknown[], cache: FirstIndexes): Map<string, number> {
  let first = cache.get(list);
  if (first) return first;
  first = new Map();
  list.forEach((item, index) => {
    if (typeof item === 'string' && !first.has(pageKey(item))) first.set(pageKey(item), index);
  });
  cache.set(list, first);
  return first;
}

/** What a `pages` entry names: the tidy page path, or the spec file and operation of an endpoint entry. */
function pageKey(raw: string): string {
  const entry = parseEntry(raw);
  return entry.kind === 'page' ? entry.clean : `${entry.specfile ?? ''}\0${entryKey(entry)}`;
}

/**
 * True when `suggestion` is nearer to `word` than every other candidate (case-insensitive): a
 * tie means the intent is unclear, and that is left to a person.
 */
function isClearNearest(word: string, suggestion: string, candidates: Iterable<string>): boolean {
  const lower = word.toLowerCase();
  const best = distance(lower, suggestion.toLowerCase());
  for (const candidate of candidates) {
    if (candidate !== suggestion && distance(lower, candidate.toLowerCase()) <= best) return false;
  }
  return true;
}

let keysOfAllObjects: ReadonlySet<string> | undefined;

/**
 * Every key any navigation object accepts. A tie with any of them counts as unclear: stricter
 * than the one object's keys, never looser.
 */
function allowedKeys(): ReadonlySet<string> {
  return (keysOfAllObjects ??= new Set(Object.values(ALLOWED_KEYS).flat()));
}
