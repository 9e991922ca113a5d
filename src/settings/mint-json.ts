/**
 * A mint.json beside docs.json. The platform's build (`update` in @mintlify/prebuild) first
 * runs `updateMintConfigFile` whenever a mint.json exists in the content folder: it reads it,
 * parses it with `JSON.parse`, resolves its `$ref`s and validates it with the legacy schema
 * (`validateMintConfig`), throwing on any failure, and only then reads docs.json, which replaces
 * mint.json entirely. So a stale mint.json fails the build of a correct docs.json. This module
 * reads it through the one reader (never outside the docs root), checks it the same way, and
 * reports each failure inside mint.json with `mint-json-invalid`; a mint.json that passes is an
 * `info` hint (it does nothing but can break the build later).
 */
import path from 'node:path';
import { failureText, type FileReader } from '../files.js';
import type { Finding } from '../problem.js';
import { loadDocument, type SourceFinding } from '../source/refs.js';
import type { SourceFile } from '../source/types.js';
import { toPointer } from '../source/pointer.js';
import { checkShape, type SettingsIssue } from './check.js';
import { MINT_SETTINGS } from './mint-settings.js';

const MINT_JSON = 'mint.json';

const WHY = 'The build validates a mint.json that sits beside docs.json and fails on this, although docs.json replaces it: delete mint.json (or fix this).';

export interface MintJsonCheck {
  /** mint.json and the files its `$ref`s include, for the report (empty when there is none). */
  files: SourceFile[];
  /** Each finding in its own file (one of `files`), or at the top of docs.json (`docs`) when mint.json could not be read. */
  findings: Array<{ source: SourceFile | 'docs'; finding: Finding }>;
}

/**
 * Checks the mint.json in the folder of the docs.json named `docsFile` (as shown), read with
 * `reader` below `root`; nothing when there is none, or when nothing can be read.
 */
export function checkMintJson(docsFile: string, root: string, reader: FileReader): MintJsonCheck {
  const none: MintJsonCheck = { files: [], findings: [] };
  // A mint.json checked as the site's own file is checked as one (src/mint), not as stale beside itself.
  if (docsFile === '<stdin>' || path.basename(docsFile) === MINT_JSON) return none;
  const absolute = path.join(path.dirname(path.resolve(docsFile)), MINT_JSON);
  const shownName = path.join(path.dirname(docsFile), MINT_JSON);
  const outcome = reader(absolute);
  if (!outcome.ok) {
    if (outcome.reason === 'missing' || outcome.reason === 'no-access') return none;
    // The build would find it and fail to read it (a folder) or read what docsnav will not.
    const fails = outcome.reason === 'not-regular' || outcome.reason === 'unreadable';
    return {
      files: [],
      findings: [
        {
          source: 'docs',
          finding: {
            code: 'mint-json-invalid',
            pointer: '',
            severity: fails ? 'error' : 'warning',
            message: `${shownName} ${failureText(outcome)}. ${fails ? 'The build fails reading a mint.json beside docs.json' : 'It was not checked; the build validates a mint.json beside docs.json and fails when it is invalid'}: delete it.`,
          },
        },
      ],
    };
  }
  const text = outcome.bytes.toString('utf8').replace(/^\uFEFF/, '');
  const document = loadDocument(shownName, text, { root, reader, format: 'json' });
  const findings: MintJsonCheck['findings'] = [];
  const add = (source: SourceFile, finding: Omit<Finding, 'code'>) => findings.push({ source, finding: { ...finding, code: 'mint-json-invalid' } });

  for (const finding of document.findings) {
    const converted = fromSourceFinding(finding);
    if (converted) add(finding.source, converted);
  }
  if (document.value !== undefined) {
    for (const issue of checkMintSettings(document.value)) {
      if (!issue.rejects || document.isUnresolved(issue.pointer)) continue;
      const origin = document.origin(issue.pointer);
      const finding: Omit<Finding, 'code'> = {
        pointer: origin.pointer,
        message: `${issue.message.startsWith(MINT_JSON) ? '' : `${MINT_JSON}: `}${issue.message} ${WHY}`,
        ...(issue.at ? { at: issue.at } : {}),
        ...(issue.suggest !== undefined ? { suggest: issue.suggest } : {}),
      };
      add(origin.source, finding);
    }
  }
  if (findings.length === 0) {
    add(document.main, {
      pointer: '',
      severity: 'info',
      message: `${MINT_JSON} sits beside docs.json: the platform uses docs.json and ignores it, but its build still validates it and fails whenever it is invalid. Delete it.`,
    });
  }
  return { files: document.files, findings };
}

/** What of the parser's findings fails the build: syntax errors and `$ref`s it cannot follow (duplicate keys do not). */
function fromSourceFinding(finding: SourceFinding): Omit<Finding, 'code'> | undefined {
  const { source, code, ...rest } = finding;
  void source;
  if (code === 'parse-error') return { ...rest, message: `${MINT_JSON} is not valid JSON: ${rest.message} ${WHY}` };
  if (code === 'ref-not-found' || code === 'ref-cycle' || code === 'path-outside-root') {
    return { ...rest, message: `${rest.message} The build cannot resolve it in a mint.json beside docs.json and fails: delete mint.json (or fix this).` };
  }
  return undefined;
}

/**
 * Every problem the platform's legacy check (`validateMintConfig`) finds in a mint.json value
 * (`$ref`s followed): what fails it (`rejects`), and the keys it drops without a word.
 */
export function checkMintSettings(mint: unknown): SettingsIssue[] {
  return [...checkShape(mint, MINT_SETTINGS, MINT_JSON), ...missingVersions(mint)];
}

/**
 * The legacy check's one rule beyond its schema: a `version` used by a group in `navigation`
 * must be listed in `versions` (a string, or an entry's `name` when it has no `url`).
 */
function missingVersions(mint: unknown): SettingsIssue[] {
  if (typeof mint !== 'object' || mint === null || Array.isArray(mint)) return [];
  const { navigation, versions } = mint as Record<string, unknown>;
  if (!Array.isArray(navigation)) return [];
  const listed = new Set<string>();
  if (Array.isArray(versions)) {
    for (const entry of versions) {
      if (typeof entry === 'string') listed.add(entry);
      else if (
        typeof entry === 'object' &&
        entry !== null &&
        !('url' in entry && (entry as { url?: unknown }).url) &&
        typeof (entry as { name?: unknown }).name === 'string'
      )
        listed.add((entry as { name: string }).name);
    }
  }
  const issues: SettingsIssue[] = [];
  // Each entry keeps its parent's place, not a copy of its path: a path copied per level of groups nested 40,000 deep is quadratic.
  type Place = { up: Place | undefined; segments: Array<string | number> };
  const pathOf = (place: Place): Array<string | number> => {
    const parts: Array<Array<string | number>> = [];
    for (let at: Place | undefined = place; at; at = at.up) parts.push(at.segments);
    return parts.reverse().flat();
  };
  const stack: Array<{ value: unknown; place: Place }> = (navigation as unknown[]).map((value, index) => ({
    value,
    place: { up: undefined, segments: ['navigation', index] },
  }));
  while (stack.length > 0) {
    const { value, place } = stack.pop()!;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) continue;
    const group = value as Record<string, unknown>;
    if (typeof group.version === 'string' && !listed.has(group.version)) {
      issues.push({
        kind: 'value',
        pointer: toPointer([...pathOf(place), 'version']),
        message: `version "${group.version}" is used in \`navigation\` but not listed in \`versions\`.`,
        rejects: true,
      });
    }
    if (Array.isArray(group.pages))
      (group.pages as unknown[]).forEach((page, index) => stack.push({ value: page, place: { up: place, segments: ['pages', index] } }));
  }
  return issues;
}
