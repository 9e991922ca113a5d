/**
 * A site's docs file as the validation pipeline reads it: docs.json (or docs.yaml) as it is, and a
 * legacy mint.json as the platform builds it. The platform checks a mint.json with its legacy
 * check (`validateMintConfig`: failing the build, warning, or dropping a key without a word),
 * upgrades what the check outputs to docs.json in memory and builds that, without checking the
 * upgraded file again. So a mint.json is loaded as the upgraded document, whose every pointer goes
 * back to the mint.json value it came from: docsnav's rules, site rules and page checks run on the
 * navigation the platform builds, and every problem lands in the author's file. The legacy check
 * takes the place of the docs.json schema (whose findings on the upgraded document are not the
 * author's to fix); what the legacy check and the upgrade say is reported here, in mint.json.
 */
import path from 'node:path';
import type { Code } from '../codes.js';
import type { Finding } from '../problem.js';
import { checkMintSettings } from '../settings/mint-json.js';
import type { SettingsIssue } from '../settings/check.js';
import { loadDocument, type LoadedDocument, type LoadOptions, type SourceFinding } from '../source/refs.js';
import { childPointer } from '../source/pointer.js';
import { MAX_GROUP_DEPTH } from './navigation.js';
import { normalizeRelativePath } from './parse.js';
import { upgradeCheckedMint, type MintUpgrade } from './upgrade.js';

/** The legacy configuration's file name: the platform reads it only by this name. */
const MINT_JSON = 'mint.json';

/** Whether a docs file is a legacy mint.json (by its name, as the platform finds it). */
export function isMintJson(file: string): boolean {
  return path.basename(file) === MINT_JSON;
}

/** Loads a site's docs file: a mint.json as the platform upgrades it, anything else as it is. */
export function loadSiteDocument(file: string, text: string, options: LoadOptions = {}): LoadedDocument {
  return isMintJson(file) ? loadMintDocument(file, text, options) : loadDocument(file, text, options);
}

/** The docs.json schema's codes: on a mint.json site the legacy check is the schema. */
const SCHEMA_CODES: ReadonlySet<Code> = new Set<Code>(['missing-field', 'invalid-type', 'invalid-value', 'unknown-field']);

/** A mint.json loaded as the docs.json the platform upgrades it to (see the header). */
function loadMintDocument(file: string, text: string, options: LoadOptions = {}): LoadedDocument {
  const mint = loadDocument(file, text, { ...options, format: 'json' });
  if (mint.value === undefined) return mint;
  const issues = checkMintSettings(mint.value);
  const upgrade = upgradeCheckedMint(mint.value, issues);
  const mintOrigin = (pointer: string) => mint.origin(upgrade.originOf(pointer));
  const findings: SourceFinding[] = [...mint.findings, ...mintFindings(mint, issues, upgrade)];
  return {
    main: mint.main,
    value: upgrade.docs,
    files: mint.files,
    findings,
    origin: mintOrigin,
    isUnresolved: (pointer) => mint.isUnresolved(upgrade.originOf(pointer)),
    adapt: (finding) => {
      if (SCHEMA_CODES.has(finding.code)) return undefined;
      // A page the upgrade itself lists twice (a nested group it splits among divisions) is not the author's second entry.
      if (finding.code === 'duplicate-page' && upgrade.usesOf(upgrade.originOf(finding.pointer)) > 1) return undefined;
      // "(/navigation/tabs/0/groups/1/pages/3)": the place another entry is, as the mint.json has it.
      const message = finding.message.replace(/\((\/navigation(?:\/[^\s()]*)?)\)/g, (_whole, pointer: string) => `(${mintOrigin(pointer).pointer})`);
      return message === finding.message ? finding : { ...finding, message };
    },
  };
}

/**
 * What the platform says of the mint.json, each in the file it is in: what fails its legacy check
 * (`mint-json-invalid`), what the check warns of (`mint-json-warning`), and what the check or the
 * upgrade drops without a word (`mint-json-dropped`).
 */
function mintFindings(mint: LoadedDocument, issues: readonly SettingsIssue[], upgrade: MintUpgrade): SourceFinding[] {
  const out: SourceFinding[] = [];
  const add = (pointer: string, finding: Omit<Finding, 'pointer'>) => {
    if (mint.isUnresolved(pointer)) return;
    const origin = mint.origin(pointer);
    out.push({ ...finding, pointer: origin.pointer, source: origin.source });
  };
  const rejected: string[] = [];
  for (const issue of issues) {
    const finding: Omit<Finding, 'pointer'> = issue.rejects
      ? { code: 'mint-json-invalid', message: `${issue.message} The platform's legacy check rejects it: the build of this mint.json site fails.` }
      : {
          code: 'mint-json-dropped',
          severity: 'info',
          message: `${issue.message} The platform's legacy check drops it without a word: the site never sees it.`,
        };
    if (issue.at) finding.at = issue.at;
    if (issue.suggest !== undefined) finding.suggest = issue.suggest;
    if (issue.rejects) rejected.push(issue.pointer);
    add(issue.pointer, finding);
  }
  // What the legacy check rejects fails the build: what the upgrade would then make of it is not said again.
  const rejectedAt = new Set(rejected.filter((at) => at !== ''));
  const insideRejected = (pointer: string) => {
    for (let at = pointer; at !== ''; at = at.slice(0, at.lastIndexOf('/'))) if (rejectedAt.has(at)) return true;
    return false;
  };
  const droppedAnchors = new Set<string>();
  for (const change of upgrade.changes) {
    if (change.kind !== 'navigation' || insideRejected(change.pointer)) continue;
    droppedAnchors.add(change.pointer);
    add(change.pointer, { code: 'mint-json-dropped', message: change.message });
  }
  for (const pointer of upgrade.tooDeep) {
    add(pointer, {
      code: 'too-deep',
      message: `Groups nested more than ${MAX_GROUP_DEPTH} deep: docsnav does not follow them, so this group and what it holds are not checked.`,
    });
  }
  for (const warning of anchorWarnings(mint.value)) {
    if (droppedAnchors.has(warning.anchor) || insideRejected(warning.pointer)) continue;
    add(warning.pointer, { code: 'mint-json-warning', message: warning.message });
  }
  return out;
}

/**
 * The legacy check's warning (`warnAnchorUrls`): an anchor whose `url` is not an external link
 * and starts no page path of the navigation as the check outputs it (trimmed, paths written
 * root-relative, so `/guides` matches no page). The build prints it and goes on (a strict build fails).
 */
function anchorWarnings(mint: unknown): Array<{ anchor: string; pointer: string; message: string }> {
  if (!isRecord(mint) || !Array.isArray(mint.anchors)) return [];
  // Sorted, a prefix is found by one binary search per anchor, however many pages and anchors there are.
  const pages = navigationPages(mint.navigation).sort();
  const startsSome = (prefix: string) => {
    let low = 0;
    let high = pages.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (pages[middle] < prefix) low = middle + 1;
      else high = middle;
    }
    return low < pages.length && pages[low].startsWith(prefix);
  };
  const out: Array<{ anchor: string; pointer: string; message: string }> = [];
  mint.anchors.forEach((anchor: unknown, index) => {
    if (!isRecord(anchor) || typeof anchor.url !== 'string') return;
    const url = anchor.url.trim();
    if (url.startsWith('mailto:') || url.startsWith('http://') || url.startsWith('https://')) return;
    if (startsSome(url)) return;
    const at = `/anchors/${index}`;
    out.push({
      anchor: at,
      pointer: childPointer(at, 'url'),
      message: `No page of \`navigation\` starts with this anchor's url "${url}": the platform's legacy check warns "No pages in the navigation match anchor ${url}"${url.startsWith('/') ? ' (page paths are compared without their leading `/`)' : ''}.`,
    });
  });
  return out;
}

/** Every page path of the navigation, as the legacy check outputs it. */
function navigationPages(navigation: unknown): string[] {
  const pages: string[] = [];
  const stack: Array<{ value: unknown; depth: number }> = Array.isArray(navigation) ? navigation.map((value: unknown) => ({ value, depth: 0 })) : [];
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (!isRecord(value) || !Array.isArray(value.pages) || depth > MAX_GROUP_DEPTH) continue;
    for (const page of value.pages) {
      // An empty path stays empty.
      if (typeof page === 'string') pages.push(normalizeRelativePath(page));
      else stack.push({ value: page, depth: depth + 1 });
    }
  }
  return pages;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
