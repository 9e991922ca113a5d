/**
 * Finding and reading the config file: `docsnav.config.json`, `docsnav.config.yaml`/`.yml`,
 * or a `"docsnav"` key in `package.json`, the nearest one walking up from the checked file's
 * folder (the first found wins; the walk stops at the file-system root, or at `stopAt`). A bad config is
 * `config-invalid` problems, located in the config file, never an exception.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Problem } from '../problem.js';
import { parseSource } from '../source/index.js';
import type { SourceFile } from '../source/types.js';
import { FileReadError } from '../read.js';
import type { ValidateOptions } from '../pipeline/options.js';
import { checkConfig } from './check.js';

/** The names looked for in each folder, in this order. */
export const CONFIG_FILE_NAMES = ['docsnav.config.json', 'docsnav.config.yaml', 'docsnav.config.yml', 'package.json'] as const;

/** What a config file may set. */
export type ConfigValidateOptions = Pick<ValidateOptions, 'profile' | 'rules' | 'languageCodes' | 'ignore'>;

export interface LoadedConfig {
  /** The config file used (as a path relative to the current folder when the docs file was), if any. */
  file?: string;
  /** What it sets; empty when there is no config or it has problems. */
  options: ConfigValidateOptions;
  /** `config-invalid` problems, located in `file`; when there are any, nothing of the config is used. */
  problems: Problem[];
  /** The config file's text, for code frames (absent with no config). */
  text?: string;
}

export interface LoadConfigOptions {
  /** Use this config file instead of looking for one. */
  configFile?: string;
  /** Use no config file at all. */
  noConfig?: boolean;
  /**
   * The last folder looked in: nothing above it (or outside it) is read. The deployment server
   * stops at the top of the checkout; by default the walk goes up to the file-system root.
   */
  stopAt?: string;
}

/**
 * The config that applies to a docs file. Throws `FileReadError` only when `configFile`
 * cannot be read (a missing file) or a found config file cannot be read (permissions).
 */
export function loadConfig(docsFile: string, options: LoadConfigOptions = {}): LoadedConfig {
  return new ConfigLoader(options).load(docsFile);
}

/**
 * Merges what a config sets with what the caller says; the caller wins: its `profile`, its
 * severity per code. `languageCodes` and `ignore` are the config's and the caller's together.
 */
export function mergeConfigOptions<T extends ValidateOptions>(config: ConfigValidateOptions, caller: T): T {
  const merged: T = { ...caller };
  const profile = caller.profile ?? config.profile;
  if (profile !== undefined) merged.profile = profile;
  if (config.rules || caller.rules) merged.rules = { ...config.rules, ...caller.rules };
  const languageCodes = union(config.languageCodes, caller.languageCodes);
  if (languageCodes) merged.languageCodes = languageCodes;
  const ignore = union(config.ignore, caller.ignore);
  if (ignore) merged.ignore = ignore;
  return merged;
}

function union(a: readonly string[] | undefined, b: readonly string[] | undefined): string[] | undefined {
  if (!a && !b) return undefined;
  return [...new Set([...(a ?? []), ...(b ?? [])])];
}

type Found = { absolute: string; kind: 'file' | 'package.json'; text: string } | undefined;

/** What a config file that cannot be read is said with ("cannot read config file <file>: <why>"): the CLI's usage error, the editor's problem. */
export function unreadConfigMessage(error: FileReadError): string {
  // The message starts so (read.ts): its first "cannot read " is its opening.
  return error.message.replace('cannot read ', 'cannot read config file ');
}

/**
 * Loads configs for many docs files: each folder is looked up once and each config file
 * read and checked once (the CLI keeps one loader per run).
 */
export class ConfigLoader {
  private readonly foundIn = new Map<string, Found>();
  private readonly loaded = new Map<string, LoadedConfig>();
  /** `configFile`, read once for every docs file. */
  private given: Found;
  private readonly stopAt: string | undefined;

  constructor(private readonly options: LoadConfigOptions = {}) {
    this.stopAt = options.stopAt === undefined ? undefined : path.resolve(options.stopAt);
  }

  load(docsFile: string): LoadedConfig {
    if (this.options.noConfig) return { options: {}, problems: [] };
    const shownRelative = !path.isAbsolute(this.options.configFile ?? docsFile);
    let found: Found;
    if (this.options.configFile !== undefined) {
      const absolute = path.resolve(this.options.configFile);
      found = this.given ??= {
        absolute,
        kind: path.basename(absolute) === 'package.json' ? 'package.json' : 'file',
        text: readConfigText(this.options.configFile),
      };
    } else {
      found = this.find(path.dirname(path.resolve(docsFile)));
    }
    if (!found) return { options: {}, problems: [] };
    let config = this.loaded.get(found.absolute);
    if (!config) {
      const shown = shownRelative ? path.relative(process.cwd(), found.absolute) || found.absolute : found.absolute;
      config = readConfig(shown, found.text, found.kind);
      this.loaded.set(found.absolute, config);
    }
    return config;
  }

  /** The nearest config file at or above `folder`; every folder passed on the way remembers the answer. */
  private find(folder: string): Found {
    // Stryker disable next-line ArrayDeclaration: equivalent: a folder named by the mutant is never one a walk asks about.
    const passed: string[] = [];
    let found: Found;
    for (let current = folder; ;) {
      if (this.foundIn.has(current)) {
        found = this.foundIn.get(current);
        break;
      }
      if (this.stopAt !== undefined && current !== this.stopAt && !current.startsWith(this.stopAt + path.sep)) break;
      passed.push(current);
      found = findIn(current);
      if (found) break;
      // Stryker disable next-line ConditionalExpression: equivalent: the parent of stopAt is outside it, where the check above ends the walk.
      if (current === this.stopAt) break;
      const parent = path.dirname(current);
      if (parent === current) break;
      current = parent;
    }
    for (const current of passed) this.foundIn.set(current, found);
    return found;
  }
}

/** A config file in this folder, if any: a package.json counts only with a `"docsnav"` key. */
function findIn(folder: string): Found {
  for (const name of CONFIG_FILE_NAMES) {
    const absolute = path.join(folder, name);
    if (!isFile(absolute)) continue;
    const text = readConfigText(absolute);
    // Stryker disable next-line StringLiteral: equivalent: a kind is only ever compared with 'package.json'.
    if (name !== 'package.json') return { absolute, kind: 'file', text };
    // A package.json without the key is not a config; one that does not parse is only when it mentions the key.
    // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent: a speed path; parsed, a package.json without the key is passed over below.
    if (!text.includes('"docsnav"')) continue;
    // Stryker disable next-line StringLiteral: equivalent: a package.json is read as JSON by its extension too.
    const source = parseSource(absolute, text, 'json');
    const value = source.value;
    // Stryker disable next-line ConditionalExpression: equivalent: a JSON text that is null holds no "docsnav" (tested above).
    const hasKey = typeof value === 'object' && value !== null && Object.prototype.hasOwnProperty.call(value, 'docsnav');
    if (hasKey || value === undefined) return { absolute, kind: 'package.json', text };
  }
  return undefined;
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    // Equivalent mutant left alive: the block emptied returns undefined, which the caller reads as false (Stryker's disable comments do not reach a catch block).
    return false;
  }
}

function readConfigText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new FileReadError(file, error);
  }
}

/** Parses and checks one config file's text. */
function readConfig(file: string, text: string, kind: 'file' | 'package.json'): LoadedConfig {
  // Stryker disable next-line ConditionalExpression,StringLiteral: equivalent: a package.json is read as JSON by its extension too.
  const source = parseSource(file, text, kind === 'package.json' ? 'json' : undefined);
  const findings: Array<{ message: string; pointer: string; at?: 'key' | 'value'; suggest?: string; span?: readonly [number, number] }> = [...source.findings];
  let options: ConfigValidateOptions = {};
  if (source.value !== undefined && findings.length === 0) {
    let value: unknown = source.value;
    let base = '';
    if (kind === 'package.json') {
      base = '/docsnav';
      value = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>).docsnav : undefined;
      if (value === undefined)
        findings.push({ message: 'This package.json has no "docsnav" key: put the config there, or pass a docsnav.config.json.', pointer: '' });
    }
    if (value !== undefined) {
      const checked = checkConfig(value, base);
      for (const finding of checked.findings) findings.push(finding);
      options = checked.options;
    }
  }
  if (findings.length === 0) return { file, options, problems: [], text };
  return { file, options: {}, problems: locate(source, findings), text };
}

/** Findings into located `config-invalid` problems, in file order. */
function locate(
  source: SourceFile,
  findings: ReadonlyArray<{ message: string; pointer: string; at?: 'key' | 'value'; suggest?: string; span?: readonly [number, number] }>,
): Problem[] {
  // Stryker disable next-line MethodExpression: equivalent: a finding with a span is placed by it; locating its pointer too only costs time.
  const byPointer = findings.filter((finding) => !finding.span);
  const ranges = source.locateAll(byPointer.map(({ pointer, at }) => ({ pointer, at })));
  const rangeOf = new Map(byPointer.map((finding, i) => [finding, ranges[i]]));
  const problems = findings.map((finding) => {
    const range = finding.span ? source.rangeOf(finding.span[0], finding.span[1]) : rangeOf.get(finding)!;
    const problem: Problem = { code: 'config-invalid', severity: 'error', message: finding.message, file: source.file, pointer: finding.pointer, ...range };
    if (finding.suggest !== undefined) problem.suggest = finding.suggest;
    return problem;
  });
  return problems.sort((a, b) => a.line - b.line || a.column - b.column);
}
