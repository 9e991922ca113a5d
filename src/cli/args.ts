import { parseArgs, type ParseArgsConfig } from 'node:util';
import { isCode, type Code } from '../codes.js';
import { PROFILE_NAMES, type ProfileName } from '../config/profiles.js';
import type { SeveritySetting } from '../problem.js';

/** A mistake in how docsnav was called: exit 2 with one clear line. */
export class UsageError extends Error {
  override name = 'UsageError';
}

const SEVERITIES: ReadonlySet<string> = new Set(['off', 'info', 'warning', 'error']);

/** What both commands take: files, output, and how to check. */
export interface CommonArgs {
  paths: string[];
  format: string;
  color: boolean | undefined;
  help: boolean;
  rules: Partial<Record<Code, SeveritySetting>>;
  languageCodes: string[];
  root: string | undefined;
  /** `--profile`: beats the config file's `extends`. */
  profile: ProfileName | undefined;
  /** `--config <file>`: this config file instead of looking for one. */
  config: string | undefined;
  /** `--no-config`: no config file at all. */
  noConfig: boolean;
}

export interface ValidateArgs extends CommonArgs {
  maxWarnings: number | undefined;
  /** `--no-specs`: do not read OpenAPI specs (the fastest check). */
  specs: boolean;
}

export interface ResolveArgs extends CommonArgs {
  out: string | undefined;
  allowRemote: boolean;
}

const COMMON_OPTIONS: NonNullable<ParseArgsConfig['options']> = {
  help: { type: 'boolean', short: 'h' },
  color: { type: 'boolean' },
  'no-color': { type: 'boolean' },
  rule: { type: 'string', multiple: true, default: [] },
  'language-codes': { type: 'string', multiple: true, default: [] },
  root: { type: 'string' },
  profile: { type: 'string' },
  config: { type: 'string' },
  'no-config': { type: 'boolean' },
};

/** Parses the command's own options and the common ones. */
function parse(
  argv: string[],
  options: NonNullable<ParseArgsConfig['options']>,
  formats: readonly string[],
): { values: Record<string, unknown>; common: CommonArgs } {
  let parsed: { values: Record<string, unknown>; positionals: string[] };
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, strict: true, options: { ...COMMON_OPTIONS, ...options, format: { type: 'string', short: 'f', default: formats[0] } } });
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0]);
  }
  const { values, positionals } = parsed;
  if (values.config !== undefined && values['no-config']) throw new UsageError('--config and --no-config cannot be used together');
  if (values.config === '') throw new UsageError('--config takes a file name');
  return {
    values,
    common: {
      paths: positionals,
      format: oneOf(values.format as string, formats, '--format'),
      color: colorOf(values),
      help: Boolean(values.help),
      rules: ruleSettings(values.rule as string[]),
      languageCodes: (values['language-codes'] as string[]).flatMap((list) => list.split(',')).map((code) => code.trim()).filter(Boolean),
      root: values.root as string | undefined,
      profile: values.profile === undefined ? undefined : (oneOf(values.profile as string, PROFILE_NAMES, '--profile') as ProfileName),
      config: values.config as string | undefined,
      noConfig: Boolean(values['no-config']),
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
      if (!isCode(code)) throw new UsageError(`--rule: unknown code "${code}" (the codes are listed in README.md and by --help)`);
      if (code === 'config-invalid') throw new UsageError('--rule: config-invalid cannot be set: a bad config always stops the run (use --no-config to skip it)');
      if (!SEVERITIES.has(severity)) throw new UsageError(`--rule ${code}: severity must be off, info, warning or error (got "${severity}")`);
      rules[code] = severity as SeveritySetting;
    }
  }
  return rules;
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

export function parseValidateArgs(argv: string[], formats: readonly string[]): ValidateArgs {
  const { values, common } = parse(argv, { 'max-warnings': { type: 'string' }, 'no-specs': { type: 'boolean' } }, formats);
  let maxWarnings: number | undefined;
  if (values['max-warnings'] !== undefined) {
    maxWarnings = Number(values['max-warnings']);
    if (!Number.isInteger(maxWarnings) || maxWarnings < 0) throw new UsageError(`--max-warnings takes a whole number ≥ 0 (got "${values['max-warnings']}")`);
  }
  return { ...common, maxWarnings, specs: !values['no-specs'] };
}

export function parseResolveArgs(argv: string[]): ResolveArgs {
  const { values, common } = parse(argv, { out: { type: 'string', short: 'o' }, 'allow-remote': { type: 'boolean' } }, ['json', 'pretty']);
  if (common.paths.length > 1) throw new UsageError('resolve takes one docs.json');
  return { ...common, out: values.out as string | undefined, allowRemote: Boolean(values['allow-remote']) };
}
