import { allCodes, codes, type Code } from '../codes.js';
import type { Problem, Severity } from '../problem.js';
import type { ValidationResult } from '../result.js';
import { capitalize } from '../text.js';
import { sarifFixes, type SarifFix } from './sarif-fixes.js';

export interface SarifOptions {
  /** docsnav's version, for `tool.driver.version`; omitted from the log when not given. */
  toolVersion?: string;
}

type SarifLevel = 'error' | 'warning' | 'note';

/** The subset of SARIF 2.1.0 docsnav writes. */
export interface SarifLog {
  $schema: string;
  version: '2.1.0';
  runs: SarifRun[];
}

interface SarifRun {
  tool: { driver: SarifDriver };
  columnKind: 'utf16CodeUnits';
  results: SarifResult[];
}

interface SarifDriver {
  name: string;
  version?: string;
  informationUri: string;
  rules: SarifRule[];
}

interface SarifRule {
  id: Code;
  name: string;
  shortDescription: { text: string };
  fullDescription: { text: string };
  help: { text: string };
  defaultConfiguration: { level: SarifLevel };
}

interface SarifResult {
  ruleId: string;
  ruleIndex?: number;
  level: SarifLevel;
  message: { text: string };
  locations: [
    {
      physicalLocation: {
        artifactLocation: { uri: string };
        region: { startLine: number; startColumn: number; endLine: number; endColumn: number };
      };
    },
  ];
  properties: { pointer: string };
  fixes?: SarifFix[];
}

const SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
const INFORMATION_URI = 'https://www.npmjs.com/package/docsnav';

const levels: Record<Severity, SarifLevel> = { error: 'error', warning: 'warning', info: 'note' };

/**
 * A SARIF 2.1.0 log with one run, for GitHub code scanning and other SARIF viewers.
 * Every code is listed as a rule, in the order of `codes`, so `ruleIndex` is stable across
 * runs and versions that only add codes at the end.
 */
export function formatSarif(results: readonly ValidationResult[], options: SarifOptions = {}): string {
  const ruleIndexes = new Map<string, number>(allCodes.map((code, index) => [code, index]));
  const driver: SarifDriver = {
    name: 'docsnav',
    ...(options.toolVersion !== undefined && { version: options.toolVersion }),
    informationUri: INFORMATION_URI,
    rules: allCodes.map(ruleDescriptor),
  };

  const sarifResults: SarifResult[] = [];
  // A `$ref` target shared by several checked files yields the same problem once per file;
  // code scanning would show it as duplicate alerts.
  const seen = new Set<string>();
  for (const result of results) {
    for (const problem of result.problems) {
      const key = JSON.stringify([
        problem.code,
        problem.file,
        problem.line,
        problem.column,
        problem.endLine,
        problem.endColumn,
        problem.message,
      ]);
      if (seen.has(key)) continue;
      seen.add(key);
      sarifResults.push(sarifResult(problem, ruleIndexes.get(problem.code)));
    }
  }

  const log: SarifLog = {
    $schema: SCHEMA,
    version: '2.1.0',
    runs: [{ tool: { driver }, columnKind: 'utf16CodeUnits', results: sarifResults }],
  };
  return JSON.stringify(log, null, 2) + '\n';
}

function ruleDescriptor(code: Code): SarifRule {
  const info = codes[code];
  return {
    id: code,
    name: pascalCase(code),
    shortDescription: { text: info.title },
    fullDescription: { text: info.description },
    help: { text: `${info.description} Set its severity with --rule ${code}=off|warning|error.` },
    defaultConfiguration: { level: levels[info.severity] },
  };
}

/** `language-code` -> `LanguageCode`. */
function pascalCase(code: string): string {
  return code
    .split('-')
    .map(capitalize)
    .join('');
}

function sarifResult(problem: Problem, ruleIndex: number | undefined): SarifResult {
  const text =
    problem.suggest === undefined
      ? problem.message
      : `${problem.message} Suggestion: use ${JSON.stringify(problem.suggest)}.`;
  const fixes = sarifFixes(problem, fileUri(problem.file));
  return {
    ruleId: problem.code,
    ...(ruleIndex !== undefined && { ruleIndex }),
    level: levels[problem.severity],
    message: { text },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: fileUri(problem.file) },
          region: region(problem),
        },
      },
    ],
    properties: { pointer: problem.pointer },
    ...(fixes && { fixes }),
  };
}

/**
 * SARIF regions use our convention (1-based, end column exclusive). The schema and GitHub
 * require positive numbers, so a malformed range is clamped rather than breaking the upload.
 */
function region(problem: Problem): SarifResult['locations'][0]['physicalLocation']['region'] {
  const startLine = positive(problem.line, 1);
  const startColumn = positive(problem.column, 1);
  const endLine = Math.max(startLine, positive(problem.endLine, startLine));
  let endColumn = positive(problem.endColumn, startColumn);
  if (endLine === startLine && endColumn < startColumn) endColumn = startColumn;
  return { startLine, startColumn, endLine, endColumn };
}

function positive(value: number, fallback: number): number {
  return Number.isFinite(value) ? Math.max(1, Math.trunc(value)) : fallback;
}

/**
 * The file path as a URI reference: forward slashes, relative paths stay relative (GitHub
 * resolves them against the repository root; a leading `./` is dropped), absolute paths
 * become `file://` URIs; characters not allowed in a URI are percent-encoded.
 */
export function fileUri(path: string): string {
  let p = wellFormed(path).replace(/\\/g, '/');
  if (/^[A-Za-z]:\//.test(p)) return `file:///${p.slice(0, 2)}${encodePath(p.slice(2))}`;
  if (p.startsWith('//')) return `file:${encodePath(p)}`; // UNC: //server/share/...
  if (p.startsWith('/')) return `file://${encodePath(p)}`;
  while (p.startsWith('./')) p = p.slice(2);
  return encodePath(p);
}

function encodePath(path: string): string {
  // encodeURIComponent also encodes `:`, so a relative first segment like `a:b` is not read as a scheme
  return path.split('/').map(encodeURIComponent).join('/');
}

/** Lone surrogates would make encodeURIComponent throw. */
function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}
