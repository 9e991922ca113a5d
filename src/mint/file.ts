/**
 * A mint.json file upgraded to the docs.json text the platform makes of it (what `docsnav upgrade`
 * writes): its `$ref`s followed as the build follows them, the upgrade refused where the build
 * refuses the file (a syntax error, a `$ref` it cannot follow, what the legacy check rejects), and
 * every change located in the author's file.
 */
import path from 'node:path';
import type { Code } from '../codes.js';
import type { ReadFileHook } from '../files.js';
import type { Problem, Range } from '../problem.js';
import { checkMintSettings } from '../settings/mint-json.js';
import { parseSource } from '../source/index.js';
import { loadDocument, type LoadedDocument } from '../source/refs.js';
import type { SourceFile } from '../source/types.js';
import { shortenQuoted } from '../text.js';
import type { MintChange } from './changes.js';
import { upgradeCheckedMint, type MintUpgradeOptions } from './upgrade.js';

export interface MintFileOptions extends MintUpgradeOptions {
  /** The file name shown, and the base for `$ref` paths. Default `mint.json`. */
  file?: string;
  /** The folder `$ref` targets must stay inside (read from disk). Default: the file's folder. */
  root?: string;
  /** Reads `$ref` targets by absolute path instead of the disk. */
  readFile?: ReadFileHook;
}

/** A change of the upgrade, where it is: the file (the mint.json, or a file a `$ref` in it leads to), line and column. */
export interface LocatedMintChange extends MintChange, Range {
  file: string;
}

export interface MintFileUpgrade {
  /** The docs.json value; undefined when the mint.json cannot be upgraded (`problems` say why). */
  docs?: Record<string, unknown>;
  /** The docs.json text: two-space JSON, the platform's key order (`$schema` first), a final newline. */
  text?: string;
  /** Every part of the mint.json the upgrade drops, and every value it changes. */
  changes: LocatedMintChange[];
  /** What stops the platform's build at the mint.json, and so the upgrade: errors only. */
  problems: Problem[];
  /** Each file read, by name: the mint.json and the files its `$ref`s include. */
  sources: Record<string, string>;
}

/** What of the parser's findings stops the build (`JSON.parse`, then its `$ref` resolution): not a duplicate key, which `JSON.parse` takes. */
const STOPS_THE_BUILD: ReadonlySet<Code> = new Set<Code>(['parse-error', 'ref-not-found', 'ref-cycle', 'path-outside-root']);

/** Upgrades mint.json text to the docs.json text the platform makes of it (see the header). */
export function upgradeMintText(text: string, options: MintFileOptions = {}): MintFileUpgrade {
  const file = options.file ?? 'mint.json';
  const root = options.root ?? path.dirname(file);
  // Stryker disable next-line StringLiteral: parseSource reads any format but 'yaml' as JSON, so '' is 'json' (an undefined format would guess YAML from the name).
  const mint = loadDocument(file, text, { root, readFile: options.readFile, format: 'json' });
  const sources = Object.fromEntries(mint.files.map((source) => [source.file, source.text]));
  const problems: Problem[] = [];
  for (const finding of mint.findings) {
    if (!STOPS_THE_BUILD.has(finding.code)) continue;
    problems.push(located(finding.source, { ...finding, severity: 'error' }));
  }
  if (mint.value === undefined) return { changes: [], problems, sources };
  const issues = checkMintSettings(mint.value);
  for (const issue of issues) {
    if (!issue.rejects || mint.isUnresolved(issue.pointer)) continue;
    const origin = mint.origin(issue.pointer);
    problems.push(
      located(origin.source, {
        code: 'mint-json-invalid',
        severity: 'error',
        message: `${issue.message} The platform's legacy check rejects it, so it does not upgrade it either.`,
        pointer: origin.pointer,
        at: issue.at,
        suggest: issue.suggest,
      }),
    );
  }
  if (problems.length > 0) return { changes: [], problems, sources };
  const upgrade = upgradeCheckedMint(mint.value, issues, options);
  return {
    docs: upgrade.docs,
    text: `${JSON.stringify(upgrade.docs, null, 2)}\n`,
    changes: [...refsWrittenOut(mint), ...upgrade.changes.map((change) => locatedChange(mint, change))],
    problems,
    sources,
  };
}

/** Each `$ref` of the mint.json files: docs.json holds what it included, written out in its place. */
function refsWrittenOut(mint: LoadedDocument): LocatedMintChange[] {
  const out: LocatedMintChange[] = [];
  for (const source of mint.files) {
    // Parsed again: following the `$ref`s replaced them in the loaded values.
    const stack: Array<{ value: unknown; at: string }> = [{ value: parseSource(source.file, source.text).value, at: '' }];
    while (stack.length > 0) {
      const { value, at } = stack.pop()!;
      if (typeof value !== 'object' || value === null) continue;
      const ref = (value as Record<string, unknown>).$ref;
      if (!Array.isArray(value) && typeof ref === 'string') {
        const pointer = `${at}/$ref`;
        out.push({
          kind: 'changed',
          pointer,
          file: source.file,
          ...source.locate(pointer),
          message: `The \`$ref\` "${ref}" is written out in docs.json: what it includes, in its place.`,
        });
      }
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i][1], at: `${at}/${entries[i][0].replace(/~/g, '~0').replace(/\//g, '~1')}` });
    }
  }
  return out;
}

function locatedChange(mint: LoadedDocument, change: MintChange): LocatedMintChange {
  const origin = mint.origin(change.pointer);
  return {
    ...change,
    pointer: origin.pointer,
    file: origin.source.file,
    // A dropped key at the key, anything else at its value (`locate`'s default).
    ...origin.source.locate(origin.pointer, change.kind === 'unknown-key' ? 'key' : undefined),
  };
}

function located(
  source: SourceFile,
  finding: {
    code: Problem['code'];
    severity: Problem['severity'];
    message: string;
    pointer: string;
    at?: 'key' | 'value';
    suggest?: string;
    span?: readonly [number, number];
  },
): Problem {
  const range = finding.span ? source.rangeOf(finding.span[0], finding.span[1]) : source.locate(finding.pointer, finding.at);
  const problem: Problem = {
    code: finding.code,
    severity: finding.severity,
    message: shortenQuoted(finding.message),
    file: source.file,
    pointer: finding.pointer,
    ...range,
  };
  if (finding.suggest !== undefined) problem.suggest = finding.suggest;
  return problem;
}
