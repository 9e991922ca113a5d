import { parseArgs, type ParseArgsConfig } from 'node:util';
import { isCode, type Code } from '../codes.js';
import type { SeveritySetting } from '../problem.js';

/** A mistake in how docsnav was called: exit 2 with one clear line. */
export class UsageError extends Error {
  override name = 'UsageError';
}

const SEVERITIES: ReadonlySet<string> = new Set(['off', 'info', 'warning', 'error']);

export interface CommonArgs {
  paths: string[];
  format: string;
  color: boolean | undefined;
  help: boolean;
}

export interface ValidateArgs extends CommonArgs {
  rules: Partial<Record<Code, SeveritySetting>>;
  languageCodes: string[];
  maxWarnings: number | undefined;
  root: string | undefined;
}

export interface ResolveArgs extends CommonArgs {
  out: string | undefined;
  root: string | undefined;
  allowRemote: boolean;
}

function parse(argv: string[], options: NonNullable<ParseArgsConfig['options']>): { values: Record<string, unknown>; positionals: string[] } {
  try {
    return parseArgs({ args: argv, allowPositionals: true, strict: true, options: { ...options, help: { type: 'boolean', short: 'h' }, color: { type: 'boolean' }, 'no-color': { type: 'boolean' } } });
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0]);
  }
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
  const { values, positionals } = parse(argv, {
    format: { type: 'string', short: 'f', default: 'pretty' },
    rule: { type: 'string', multiple: true, default: [] },
    'language-codes': { type: 'string', multiple: true, default: [] },
    'max-warnings': { type: 'string' },
    root: { type: 'string' },
  });
  const rules: Partial<Record<Code, SeveritySetting>> = {};
  for (const setting of values.rule as string[]) {
    for (const part of setting.split(',').filter(Boolean)) {
      const match = /^([a-z-]+)=([a-z]+)$/.exec(part.trim());
      if (!match) throw new UsageError(`--rule takes code=severity, e.g. --rule language-code=warning (got "${part}")`);
      const [, code, severity] = match;
      if (!isCode(code)) throw new UsageError(`--rule: unknown code "${code}" (the codes are listed in README.md and by --help)`);
      if (!SEVERITIES.has(severity)) throw new UsageError(`--rule ${code}: severity must be off, info, warning or error (got "${severity}")`);
      rules[code] = severity as SeveritySetting;
    }
  }
  let maxWarnings: number | undefined;
  if (values['max-warnings'] !== undefined) {
    maxWarnings = Number(values['max-warnings']);
    if (!Number.isInteger(maxWarnings) || maxWarnings < 0) throw new UsageError(`--max-warnings takes a whole number ≥ 0 (got "${values['max-warnings']}")`);
  }
  return {
    paths: positionals,
    format: oneOf(values.format as string, formats, '--format'),
    color: colorOf(values),
    help: Boolean(values.help),
    rules,
    languageCodes: (values['language-codes'] as string[]).flatMap((list) => list.split(',')).map((code) => code.trim()).filter(Boolean),
    maxWarnings,
    root: values.root as string | undefined,
  };
}

export function parseResolveArgs(argv: string[]): ResolveArgs {
  const { values, positionals } = parse(argv, {
    format: { type: 'string', short: 'f', default: 'json' },
    out: { type: 'string', short: 'o' },
    root: { type: 'string' },
    'allow-remote': { type: 'boolean' },
  });
  if (positionals.length > 1) throw new UsageError('resolve takes one docs.json');
  return {
    paths: positionals,
    format: oneOf(values.format as string, ['json', 'pretty'], '--format'),
    color: colorOf(values),
    help: Boolean(values.help),
    out: values.out as string | undefined,
    root: values.root as string | undefined,
    allowRemote: Boolean(values['allow-remote']),
  };
}
