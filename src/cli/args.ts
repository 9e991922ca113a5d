import { statSync } from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { allCodes, isCode, type Code } from '../codes.js';
import { PROFILE_NAMES, type ProfileName } from '../config/profiles.js';
import type { SeveritySetting } from '../problem.js';
import { formats, isFormat, type Format } from '../report/formats.js';
import { isRuleDocsUrl } from '../report/rule-docs.js';
import { CACHE_STRATEGIES, type CacheStrategy } from '../cache/store.js';
import { isCi, type CacheSettings } from '../cache/location.js';
import { CHECK_OPTIONS, DIFF_OPTIONS, MOVE_OPTIONS, RESOLVE_OPTIONS, UPGRADE_OPTIONS, VALIDATE_OPTIONS, type CliOption } from './options.js';
import { parseErrorLine } from './parse-error.js';
import { closest } from '../suggest.js';

/** A mistake in how docsnav was called: exit 2 with one clear line. */
export class UsageError extends Error {
  override name = 'UsageError';
}

const SEVERITIES: ReadonlySet<string> = new Set(['off', 'info', 'warning', 'error']);

/** What both commands take: files, output, and how to check. */
export interface CommonArgs {
  paths: string[];
  /** One or two report formats: the first to the command's report stream, the second to `outputFile`. */
  formats: Format[];
  /** Report errors only (`--quiet`); the exit code still counts every problem. */
  quiet: boolean;
  /** Read the docs.json from standard input (`-` as the path, or `--stdin`). */
  stdin: boolean;
  /** The name (and folder, for page lookups) of the text read from standard input. */
  stdinFilename: string | undefined;
  /** Where the (second) report goes. */
  outputFile: string | undefined;
  color: boolean | undefined;
  rules: Partial<Record<Code, SeveritySetting>>;
  languageCodes: string[];
  root: string | undefined;
  /** `--profile`: beats the config file's `extends`. */
  profile: ProfileName | undefined;
  /** `--config <file>`: this config file instead of looking for one. */
  config: string | undefined;
  /** `--no-config`: no config file at all. */
  noConfig: boolean;
  /** `--rule-docs-url`: a published copy of docs/rules/ that reports link to. */
  ruleDocsUrl: string | undefined;
  /** Where page scans are kept between runs (`--cache-location`, `--cache-strategy`); undefined: not kept (`--no-cache`, or CI without `--cache`). */
  cache: CacheSettings | undefined;
}

export interface ValidateArgs extends CommonArgs {
  maxWarnings: number | undefined;
  /** `--no-specs`: do not read OpenAPI or AsyncAPI specs (the fastest check). */
  specs: boolean;
  /** `--fix` writes the safe fixes; `--fix-dry-run` prints them as a diff. */
  fix: 'write' | 'dry-run' | undefined;
  /** `--since <ref>`: compare with the site at this git ref (redirect-missing). */
  since: string | undefined;
  /** `--concurrency <n|auto>`: threads pages are scanned on. */
  concurrency: number | 'auto' | undefined;
}

export interface ResolveArgs extends CommonArgs {
  out: string | undefined;
  /** How the page tree is written: `json` (default) or `pretty`. */
  treeFormat: 'json' | 'pretty';
  allowRemote: boolean;
}

/** The parser's configuration for these options (options.ts). */
function parserOptions(options: readonly CliOption[]): NonNullable<ParseArgsConfig['options']> {
  return Object.fromEntries(
    options.map((option) => {
      const type = option.value ? ('string' as const) : ('boolean' as const);
      const given = option.default !== undefined ? [option.default] : [];
      const config = option.multiple ? { type, multiple: true, default: given } : option.default !== undefined ? { type, default: option.default } : { type };
      return [option.name, option.short ? { ...config, short: option.short } : config];
    }),
  );
}

/** Parses the command's own options and the common ones. */
function parse(argv: string[], options: readonly CliOption[], command: string): { values: Record<string, unknown>; common: CommonArgs } {
  let parsed: { values: Record<string, unknown>; positionals: string[] };
  const config = parserOptions([...options, ...CHECK_OPTIONS]);
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, strict: true, options: config });
  } catch (error) {
    throw new UsageError(parseErrorLine(error, argv, config, command));
  }
  const { values, positionals } = parsed;
  if (values.config !== undefined && values['no-config']) throw new UsageError('--config and --no-config cannot be used together');
  if (values.config === '') throw new UsageError('--config takes a file name');
  const given = values.format as string[];
  for (const format of given) oneOf(format, formats, '--format');
  const reports = given.filter(isFormat);
  const outputFile = values['output-file'] as string | undefined;
  if (given.length > 2) throw new UsageError('--format can be given at most twice (the second report goes to --output-file)');
  if (given.length === 2 && outputFile === undefined)
    throw new UsageError(`two --format values need --output-file for the second (--format ${given[0]} --format ${given[1]} --output-file <file>)`);
  const dash = positionals.includes('-');
  const stdin = Boolean(values.stdin) || dash;
  const paths = positionals.filter((p) => p !== '-');
  if (stdin && paths.length > 0) throw new UsageError('standard input (- or --stdin) cannot be combined with paths');
  const stdinFilename = values['stdin-filename'] as string | undefined;
  if (stdinFilename !== undefined && !stdin) throw new UsageError('--stdin-filename needs - or --stdin');
  if (outputFile === '') throw new UsageError('--output-file needs a file name');
  const ruleDocsUrl = values['rule-docs-url'] as string | undefined;
  if (ruleDocsUrl !== undefined && !isRuleDocsUrl(ruleDocsUrl))
    throw new UsageError(`--rule-docs-url takes an http or https URL of a copy of docs/rules/ (got "${ruleDocsUrl}")`);
  return {
    values,
    common: {
      paths,
      formats: reports,
      quiet: Boolean(values.quiet),
      stdin,
      stdinFilename,
      outputFile,
      color: colorOf(values),
      rules: ruleSettings(values.rule as string[]),
      languageCodes: (values['language-codes'] as string[])
        .flatMap((list) => list.split(','))
        .map((code) => code.trim())
        .filter(Boolean),
      root: rootOf(values.root as string | undefined),
      profile: values.profile === undefined ? undefined : (oneOf(values.profile as string, PROFILE_NAMES, '--profile') as ProfileName),
      config: values.config as string | undefined,
      noConfig: Boolean(values['no-config']),
      ruleDocsUrl,
      cache: cacheOf(values),
    },
  };
}

/** `--rule code=severity`, repeated or comma-separated. */
function ruleSettings(settings: readonly string[]): Partial<Record<Code, SeveritySetting>> {
  const rules: Partial<Record<Code, SeveritySetting>> = {};
  for (const setting of settings) {
    for (const part of setting.split(',').filter(Boolean)) {
      const match = /^([a-z-]+)=([a-z]+)$/.exec(part.trim());
      if (!match) throw new UsageError(`--rule takes code=severity, e.g. --rule language-code=warning (got "${part}")`);
      const [, code, severity] = match;
      if (!isCode(code)) {
        const near = closest(
          code,
          allCodes.filter((known) => known !== 'config-invalid'),
        );
        throw new UsageError(`--rule: unknown code "${code}" (${near ? `did you mean ${near}? ` : ''}every code: docs/rules/README.md)`);
      }
      if (code === 'config-invalid')
        throw new UsageError('--rule: config-invalid cannot be set: a bad config always stops the run (use --no-config to skip it)');
      if (!SEVERITIES.has(severity)) throw new UsageError(`--rule ${code}: severity must be off, info, warning or error (got "${severity}")`);
      rules[code] = severity as SeveritySetting;
    }
  }
  return rules;
}

/** `--root` must be a folder that exists: otherwise every page would be reported missing. */
function rootOf(root: string | undefined): string | undefined {
  if (root === undefined) return undefined;
  let isDirectory = false;
  try {
    isDirectory = statSync(root).isDirectory(); // '' too throws ENOENT
  } catch {
    // reported below
  }
  if (!isDirectory) throw new UsageError(`--root ${root === '' ? '""' : root}: no such folder`);
  return root;
}

function colorOf(values: Record<string, unknown>): boolean | undefined {
  if (values['no-color']) return false;
  if (values.color) return true;
  return undefined;
}

function oneOf(value: string, allowed: readonly string[], what: string): string {
  if (!allowed.includes(value)) throw new UsageError(`${what} must be one of ${allowed.join(', ')} (got "${value}")`);
  return value;
}

export function parseValidateArgs(argv: string[]): ValidateArgs {
  const { values, common } = parse(argv, VALIDATE_OPTIONS, 'validate');
  const maxWarnings = maxWarningsOf(values['max-warnings'] as string | undefined);
  if (values.fix && values['fix-dry-run']) throw new UsageError('--fix and --fix-dry-run cannot be used together');
  const fix = values.fix ? 'write' : values['fix-dry-run'] ? 'dry-run' : undefined;
  const since = values.since as string | undefined;
  if (since === '') throw new UsageError('--since takes a git ref (e.g. origin/main)');
  return { ...common, maxWarnings, specs: !values['no-specs'], fix, since, concurrency: concurrencyOf(values.concurrency as string | undefined) };
}

/**
 * The cache: on by default, off with `--no-cache`, and off where `CI` is set unless `--cache` or
 * `--cache-location` asks for it (a cache is trusted input: a CI run reads one only on purpose).
 */
function cacheOf(values: Record<string, unknown>): CacheSettings | undefined {
  const location = values['cache-location'] as string | undefined;
  if (location === '') throw new UsageError('--cache-location takes a file or a folder');
  const asked = Boolean(values.cache) || location !== undefined;
  if (values['no-cache'] && asked) throw new UsageError(`--no-cache and ${values.cache ? '--cache' : '--cache-location'} cannot be used together`);
  const strategy = oneOf(values['cache-strategy'] as string, CACHE_STRATEGIES, '--cache-strategy') as CacheStrategy;
  if (values['no-cache'] || (!asked && isCi())) return undefined;
  return { location, strategy };
}

function concurrencyOf(given: string | undefined): number | 'auto' | undefined {
  if (given === undefined || given === 'auto') return given;
  if (!/^\d+$/.test(given) || Number(given) < 1 || Number(given) > 64)
    throw new UsageError(`--concurrency takes auto or a whole number from 1 to 64 (got "${given}")`);
  return Number(given);
}

export interface DiffArgs {
  ref: string;
  /** The docs file (or its folder); undefined: the current folder's. */
  path: string | undefined;
  format: 'pretty' | 'json';
}

/** `docsnav diff <git-ref> [docs.json]`. */
export function parseDiffArgs(argv: string[]): DiffArgs {
  let parsed: { values: Record<string, unknown>; positionals: string[] };
  const config = parserOptions(DIFF_OPTIONS);
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, strict: true, options: config });
  } catch (error) {
    throw new UsageError(parseErrorLine(error, argv, config, 'diff'));
  }
  const [ref, docsPath, ...extra] = parsed.positionals;
  if (ref === undefined || ref === '') throw new UsageError('diff takes a git ref: docsnav diff <git-ref> [docs.json] (e.g. docsnav diff origin/main)');
  if (extra.length > 0) throw new UsageError('diff takes one git ref and one docs.json');
  const format = oneOf(parsed.values.format as string, ['pretty', 'json'], '--format') as DiffArgs['format'];
  return { ref, path: docsPath, format };
}

export function parseResolveArgs(argv: string[]): ResolveArgs {
  const { values, common } = parse(argv, RESOLVE_OPTIONS, 'resolve');
  if (common.paths.length > 1) throw new UsageError('resolve takes one docs.json');
  if (values.out === '') throw new UsageError('--out takes a file name (got "")');
  const treeFormat = oneOf(values['tree-format'] as string, ['json', 'pretty'], '--tree-format') as ResolveArgs['treeFormat'];
  return { ...common, out: values.out as string | undefined, treeFormat, allowRemote: Boolean(values['allow-remote']) };
}

export interface UpgradeArgs {
  /** The mint.json (or its folder); undefined: the current folder's. */
  path: string | undefined;
  stdout: boolean;
  force: boolean;
}

/** `docsnav upgrade [mint.json]`. */
export function parseUpgradeArgs(argv: string[]): UpgradeArgs {
  let parsed: { values: Record<string, unknown>; positionals: string[] };
  const config = parserOptions(UPGRADE_OPTIONS);
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, strict: true, options: config });
  } catch (error) {
    throw new UsageError(parseErrorLine(error, argv, config, 'upgrade'));
  }
  const [mintPath, ...extra] = parsed.positionals;
  if (extra.length > 0) throw new UsageError('upgrade takes one mint.json (or its folder)');
  if (parsed.values.stdout && parsed.values.force) throw new UsageError('--stdout writes no file: --force has nothing to overwrite');
  return { path: mintPath, stdout: Boolean(parsed.values.stdout), force: Boolean(parsed.values.force) };
}

export interface MoveArgs extends CommonArgs {
  from: string;
  to: string;
  /** The docs file (or its folder); undefined: the current folder's. */
  path: string | undefined;
  dryRun: boolean;
  maxWarnings: number | undefined;
  /** `--continue` or `--abort`: a move cut short finished or undone (`from` and `to` are then empty). */
  finish: 'continue' | 'abort' | undefined;
}

/** `docsnav mv <from> <to> [docs.json]`, or `docsnav mv --continue | --abort [docs.json]`. */
export function parseMoveArgs(argv: string[]): MoveArgs {
  const { values, common } = parse(argv, MOVE_OPTIONS, 'mv');
  if (common.stdin) throw new UsageError('mv moves files on disk: it takes no standard input');
  if (values.continue && values.abort) throw new UsageError('mv takes --continue or --abort, not both');
  const finish = values.continue ? 'continue' : values.abort ? 'abort' : undefined;
  if (finish !== undefined) {
    if (common.paths.length > 1 || values['dry-run'])
      throw new UsageError(`mv --${finish} takes only the docs.json (or its folder): docsnav mv --${finish} [docs.json]`);
    return { ...common, from: '', to: '', path: common.paths[0], dryRun: false, maxWarnings: undefined, finish };
  }
  const [from, to, docsPath, ...extra] = common.paths;
  if (from === undefined || to === undefined || from === '' || to === '')
    throw new UsageError('mv takes a page (or folder) and where it goes: docsnav mv <from> <to> [docs.json] (e.g. docsnav mv guides/old.mdx guides/new.mdx)');
  if (extra.length > 0) throw new UsageError('mv takes one source, one target and one docs.json');
  const maxWarnings = maxWarningsOf(values['max-warnings'] as string | undefined);
  return { ...common, from, to, path: docsPath, dryRun: Boolean(values['dry-run']), maxWarnings, finish: undefined };
}

/** `--max-warnings <n>` (validate, mv). */
function maxWarningsOf(given: string | undefined): number | undefined {
  if (given === undefined) return undefined;
  // Digits only: Number('') and Number(' ') are 0, which would silently mean "no warnings allowed".
  const maxWarnings = /^\d+$/.test(given) ? Number(given) : NaN;
  if (!Number.isSafeInteger(maxWarnings)) throw new UsageError(`--max-warnings takes a whole number ≥ 0 (got "${given}")`);
  return maxWarnings;
}
