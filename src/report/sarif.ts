import { createHash } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { allCodes, codes, ruleDocPath, type Code, type CodeSource } from '../codes.js';
import { messageWithSuggestion } from './message.js';
import type { Problem, Severity } from '../problem.js';
import { uniqueProblems, type ValidationResult } from '../result.js';
import { capitalize } from '../text.js';
import { ruleDocText, ruleDocUrl, type RuleDocsOptions } from './rule-docs.js';
import { sarifFixes, type SarifArtifactLocation, type SarifFix } from './sarif-fixes.js';

export interface SarifOptions extends RuleDocsOptions {
  /** docsnav's version, for `tool.driver.version` and `semanticVersion`; omitted from the log when not given. */
  toolVersion?: string;
  /**
   * The repository root (absolute, or relative to `cwd`): artifact URIs are written relative
   * to it with `uriBaseId: "%SRCROOT%"`, and `originalUriBaseIds` says where it is. Without
   * it, relative file names are taken as already relative to the repository root.
   */
  srcRoot?: string;
  /** What relative problem file names are relative to (default: the process's working folder). */
  cwd?: string;
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
  originalUriBaseIds?: Record<string, { uri: string; description?: { text: string } }>;
  columnKind: 'utf16CodeUnits';
  results: SarifResult[];
}

interface SarifDriver {
  name: string;
  version?: string;
  semanticVersion?: string;
  rules: SarifRule[];
}

interface SarifRule {
  id: Code;
  name: string;
  shortDescription: { text: string };
  fullDescription: { text: string };
  help: { text: string; markdown: string };
  helpUri?: string;
  defaultConfiguration: { level: SarifLevel };
  properties: { tags: string[]; precision: 'very-high' | 'high'; 'problem.severity': 'error' | 'warning' | 'recommendation' };
}

interface SarifResult {
  ruleId: string;
  ruleIndex?: number;
  level: SarifLevel;
  message: { text: string };
  locations: [
    {
      physicalLocation: {
        artifactLocation: SarifArtifactLocation;
        region: { startLine: number; startColumn: number; endLine: number; endColumn: number };
      };
    },
  ];
  partialFingerprints: Record<typeof FINGERPRINT, string>;
  properties: { pointer: string };
  fixes?: SarifFix[];
}

const SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
const SRCROOT = '%SRCROOT%';
/** The fingerprint's name; a new version of the hash gets a new name, so old alerts are not matched wrongly. */
const FINGERPRINT = 'docsnavProblem/v1';

const levels: Record<Severity, SarifLevel> = { error: 'error', warning: 'warning', info: 'note' };
const problemSeverity = { error: 'error', warning: 'warning', info: 'recommendation' } as const;
/** Syntax, schema and config findings are certain; semantic rules may meet a site that does it on purpose. */
const precision: Record<CodeSource, 'very-high' | 'high'> = { source: 'very-high', schema: 'very-high', config: 'very-high', rule: 'high', resolve: 'high' };

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
    ...(options.toolVersion !== undefined && isSemver(options.toolVersion) && { semanticVersion: options.toolVersion }),
    rules: allCodes.map((code) => ruleDescriptor(code, options)),
  };
  const cwd = options.cwd ?? process.cwd();
  const srcRoot = options.srcRoot === undefined ? undefined : path.resolve(cwd, options.srcRoot);
  const location = artifactLocationOf(srcRoot, cwd);

  // Each problem once (code scanning would show a shared `$ref` target's problem as duplicate alerts).
  const sarifResults = uniqueProblems(results).map((problem) => sarifResult(problem, ruleIndexes.get(problem.code), location(problem.file)));

  const run: SarifRun = { tool: { driver }, columnKind: 'utf16CodeUnits', results: sarifResults };
  if (srcRoot !== undefined) {
    let uri = pathToFileURL(srcRoot).href;
    if (!uri.endsWith('/')) uri += '/';
    run.originalUriBaseIds = { [SRCROOT]: { uri, description: { text: 'The repository root.' } } };
  }
  const log: SarifLog = { $schema: SCHEMA, version: '2.1.0', runs: [run] };
  return JSON.stringify(log, null, 2) + '\n';
}

function isSemver(version: string): boolean {
  return /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/.test(version);
}

/**
 * A rule with its help: `help.markdown` is the rule's whole doc as the package ships it (what
 * GitHub shows under the alert), `helpUri` the published copy when the caller names one.
 */
function ruleDescriptor(code: Code, options: RuleDocsOptions): SarifRule {
  const info = codes[code];
  const helpUri = ruleDocUrl(code, options);
  // A bad config always stops the run: its severity cannot be set.
  const settable = info.source !== 'config';
  return {
    id: code,
    name: pascalCase(code),
    shortDescription: { text: info.title },
    fullDescription: { text: info.description },
    help: {
      text: settable ? `${info.description} Set its severity with --rule ${code}=off|warning|error.` : info.description,
      markdown:
        ruleDocText(code) ??
        [
          `**${info.title}** (\`${code}\`, ${info.severity} by default)`,
          '',
          info.description,
          '',
          `Examples, why it matters on the platform and how to fix it: ${helpUri === undefined ? `\`${ruleDocPath(code)}\` in the docsnav package` : `[${ruleDocPath(code)}](${helpUri})`}.`,
          ...(settable ? [`Set its severity with \`--rule ${code}=off|info|warning|error\`.`] : []),
        ].join('\n'),
    },
    ...(helpUri !== undefined && { helpUri }),
    defaultConfiguration: { level: levels[info.severity] },
    properties: {
      tags: ['docs.json', 'navigation', info.source],
      precision: precision[info.source],
      'problem.severity': problemSeverity[info.severity],
    },
  };
}

/** `language-code` -> `LanguageCode`. */
function pascalCase(code: string): string {
  return code.split('-').map(capitalize).join('');
}

/**
 * File names as SARIF artifact locations: relative to `%SRCROOT%` when they are inside it,
 * absolute `file://` URIs otherwise; a URL (a remote spec's) as it is.
 */
function artifactLocationOf(srcRoot: string | undefined, cwd: string): (file: string) => SarifArtifactLocation {
  const cache = new Map<string, SarifArtifactLocation>();
  return (file) => {
    let location = cache.get(file);
    if (location) return location;
    if (/^[a-z][a-z0-9+.-]+:\/\//i.test(file)) {
      // A spec read from a URL (--allow-remote) is named by it: that URL is its location.
      location = { uri: file };
    } else {
      let name = file;
      if (srcRoot !== undefined) {
        const relative = path.relative(srcRoot, path.resolve(cwd, file));
        if (!relative.startsWith('..') && !path.isAbsolute(relative)) name = relative;
        else name = path.resolve(cwd, file);
      }
      const uri = fileUri(name);
      location = uri.startsWith('file:') ? { uri } : { uri, uriBaseId: SRCROOT };
    }
    cache.set(file, location);
    return location;
  };
}

function sarifResult(problem: Problem, ruleIndex: number | undefined, artifactLocation: SarifArtifactLocation): SarifResult {
  const text = messageWithSuggestion(problem, false);
  const fixes = problem.fix && sarifFixes(problem, artifactLocation);
  return {
    ruleId: problem.code,
    ...(ruleIndex !== undefined && { ruleIndex }),
    level: levels[problem.severity],
    message: { text },
    locations: [{ physicalLocation: { artifactLocation, region: region(problem) } }],
    partialFingerprints: { [FINGERPRINT]: fingerprint(problem, artifactLocation.uri) },
    properties: { pointer: problem.pointer },
    ...(fixes && { fixes }),
  };
}

/**
 * What identifies a problem when lines move: its code, file, JSON pointer and message, with
 * any line or column numbers in the message taken out. Code scanning matches alerts across
 * commits by it, so an edit above a problem does not close and reopen the alert.
 */
export function fingerprint(problem: Pick<Problem, 'code' | 'pointer' | 'message'>, uri: string): string {
  const message = problem.message.replace(/\b(?:lines?|columns?|col)\s+\d+(?:\s*[:,-]\s*\d+)*/gi, 'line #').replace(/:\d+(?::\d+)?\b/g, ':#');
  return createHash('sha256')
    .update(JSON.stringify([problem.code, uri, problem.pointer, message]))
    .digest('hex');
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
