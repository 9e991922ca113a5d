/**
 * The `platform` profile's checks outside `navigation`: docs.json's other settings (the table in
 * docs-settings.ts) and a stale mint.json beside docs.json (mint-json.ts). Both report only what
 * fails the platform's build as an error; a key the platform merely drops is `info`.
 */
import type { Code } from '../codes.js';
import { PROFILES } from '../config/profiles.js';
import { CHILD_KEYS, childKind, ELEMENTS, isPlainObject, REJECTS_DOCS_JSON } from '../navigation/model.js';
import { eachDivision, pathSegments, type DivisionPath } from '../navigation/divisions.js';
import { isPlatformLink, LINKING_KINDS } from '../navigation/platform-drops.js';
import type { Finding } from '../problem.js';
import { explainLostArrays } from '../schema/lost-arrays.js';
import { toPointer } from '../source/pointer.js';
import { checkShape, type IssueKind, type SettingsIssue } from './check.js';
import { DOCS_SETTINGS } from './docs-settings.js';

export { checkMintJson } from './mint-json.js';

/** The schema layer's code for each kind of settings problem. */
const CODE_OF: Readonly<Record<IssueKind, Code>> = {
  type: 'invalid-type',
  value: 'invalid-value',
  missing: 'missing-field',
  unknown: 'unknown-field',
};

/**
 * docs.json's top-level settings outside `navigation`, as the hosted platform checks them. A value
 * that is not an object is the docs.json schema's problem (reported under every profile).
 */
export function checkDocsSettings(docs: unknown): Finding[] {
  if (!isPlainObject(docs)) return [];
  return [...checkShape(docs, DOCS_SETTINGS).map(docsFinding), ...languageOverrides(docs).findings];
}

/**
 * The arrays the platform drops for a language's own settings it refuses (the division's array
 * holding the language): what the platform profile's tree leaves out, as for a malformed entry.
 */
export function languageOverrideLosses(docs: unknown): Array<{ division: string; key: string }> {
  return isPlainObject(docs) ? languageOverrides(docs).lost : [];
}

/** A language code the platform refuses, worded as a schema finding so that explainLostArrays finds the array it costs (never reported). */
function refusedCode(pointer: Array<string | number>): Finding {
  return { code: 'invalid-value', pointer: toPointer(pointer), message: REJECTS_DOCS_JSON };
}

/** A language's own settings: the platform checks them with the same schema as docs.json's top-level ones. */
const LANGUAGE_OVERRIDES = ['banner', 'footer', 'navbar'] as const;

/**
 * The `banner`, `footer` and `navbar` of every language in `navigation`, checked as the top-level
 * ones are (issue 65: a language's `navbar: { primary: {} }` fails the language on the platform, and
 * its validator drops the array holding it, or fails the build at the root). Each finding says what
 * the platform loses (explainLostArrays), as a schema finding does.
 */
function languageOverrides(docs: Readonly<Record<string, unknown>>): { findings: Finding[]; lost: Array<{ division: string; key: string }> } {
  const findings: Finding[] = [];
  // A division's href the platform refuses costs only the href: said, and no array around it lost.
  const dropped: Finding[] = [];
  // A code the platform's enum refuses (`"EN"`) fails the language: language-code says so; here, what it costs.
  const refusedCodes: Finding[] = [];
  const refusedAnchorHrefs: Finding[] = [];
  // A language's code and own settings, wherever it is (a division or an entry of a `global`'s languages).
  const checkLanguage = (value: Readonly<Record<string, unknown>>, path: DivisionPath) => {
    if (!PROFILES.platform.languageCodes.has(String(value.language))) refusedCodes.push(refusedCode([...pathSegments(path), 'language']));
    for (const field of LANGUAGE_OVERRIDES) {
      if (!isPlainObject(value[field])) continue; // absent, or not an object: the schema's to say
      for (const issue of checkShape(value[field], DOCS_SETTINGS.fields[field].shape)) {
        const finding = docsFinding({ ...issue, pointer: `${toPointer([...pathSegments(path), field])}${issue.pointer}` });
        // Worded as the schema's findings are, so that explainLostArrays says what the platform loses instead.
        if (issue.rejects) finding.message = `${issue.message.replace(/\.$/, '')}${platformWords(issue)}, ${REJECTS_DOCS_JSON}`;
        findings.push(finding);
      }
    }
  };
  eachDivision(docs, (value, kind, path) => {
    if (isPlainObject(value.global)) {
      const links = globalLinks(value.global, { up: path, key: 'global' }, pathSegments);
      findings.push(...links.reported);
      // A global anchor's href the platform refuses drops the array around the element holding it, as any global entry's
      // (measured with prebuild: a tab's anchor's); external-href says so, this is only what it costs.
      refusedAnchorHrefs.push(...links.anchors);
    }
    if (LINKING_KINDS.has(kind) && typeof value.href === 'string' && !isPlatformLink(value.href)) {
      const keeps = CHILD_KEYS.some((key) => Array.isArray(value[key]) && childKind(kind, key) !== undefined)
        ? 'keeps its children, not the link'
        : 'shows no link';
      dropped.push({
        code: 'invalid-value',
        pointer: toPointer([...pathSegments(path), 'href']),
        message: `\`href\` must be an absolute URL or a path starting with \`/\` (got ${JSON.stringify(value.href)}). The platform does not fail the build for this: it drops the \`href\`, and the ${ELEMENTS[kind].noun} ${keeps}.`,
      });
    }
    if (kind === 'language') checkLanguage(value, path);
    // A global language's own settings are checked as any language's (issue 65: its banner's colour fails the build).
    const globalLanguages = isPlainObject(value.global) ? value.global.languages : undefined;
    if (Array.isArray(globalLanguages))
      globalLanguages.forEach((entry, i) => {
        // A code the platform refuses fails the global language, so the element holding the `global` too.
        if (isPlainObject(entry)) checkLanguage(entry, { up: { up: { up: path, key: 'global' }, key: 'languages' }, key: i });
      });
  });
  return { findings: [...findings, ...dropped], lost: explainLostArrays(docs, [...findings, ...refusedCodes, ...refusedAnchorHrefs]) };
}

/**
 * The `href` of each entry of a `global` (its tabs, anchors, dropdowns, products, versions and
 * languages) that the platform's schema refuses (isPlatformLink, navigation/platform-drops.ts): an invalid-value error, worded
 * as the schema's so that explainLostArrays says what the platform loses below the root.
 */
function globalLinks<P>(
  global: Readonly<Record<string, unknown>>,
  at: P,
  segments: (at: P) => Array<string | number>,
): { reported: Finding[]; anchors: Finding[] } {
  const reported: Finding[] = [];
  const anchors: Finding[] = [];
  for (const key of Object.keys(ELEMENTS.global.children)) {
    // A global anchor's href is external-href's to say (with a suggestion), under every profile: kept apart, for what it costs.
    const findings = key === 'anchors' ? anchors : reported;
    const entries = global[key];
    if (!Array.isArray(entries)) continue;
    entries.forEach((entry, i) => {
      const href = isPlainObject(entry) ? entry.href : undefined;
      if (typeof href !== 'string' || isPlatformLink(href)) return;
      findings.push({
        code: 'invalid-value',
        pointer: toPointer([...segments(at), key, i, 'href']),
        message: `\`href\` must be an absolute URL or a path starting with \`/\` (got ${JSON.stringify(href)}), ${REJECTS_DOCS_JSON}`,
      });
    });
  }
  return { reported, anchors };
}

function docsFinding(issue: SettingsIssue): Finding {
  const finding: Finding = {
    code: CODE_OF[issue.kind],
    pointer: issue.pointer,
    message: issue.rejects ? `${issue.message} The platform rejects the whole docs.json for this${platformWords(issue)}.` : issue.message,
  };
  if (issue.at) finding.at = issue.at;
  if (issue.suggest !== undefined) finding.suggest = issue.suggest;
  if (!issue.rejects) finding.severity = 'info';
  return finding;
}

/** ` ("Must be a valid HTTPS URL.")`: the platform's own words, when they say more than ours. */
function platformWords(issue: SettingsIssue): string {
  return issue.platformSays ? ` ("${issue.platformSays}")` : '';
}

/**
 * A schema finding about a key of `navigation` that is one of docs.json's top-level settings
 * (`interaction`, `styling`, `appearance`, …): the platform drops it there without a word, so the
 * setting has no effect. Says where it goes (the same finding, its message widened; `--fix` moves
 * it); any other finding is returned as it is.
 */
export function misplacedSetting(finding: Finding, docs: unknown): Finding {
  const key = settingUnderNavigation(finding);
  if (key === undefined) return finding;
  const atRoot = typeof docs === 'object' && docs !== null && Object.hasOwn(docs, key);
  const { suggest: _ignored, ...rest } = finding;
  return {
    ...rest,
    message:
      `\`${key}\` is a top-level setting of docs.json, not a field of \`navigation\`: the platform drops it here, so it has no effect. ` +
      (atRoot ? `docs.json already has a top-level \`${key}\`: merge the two there.` : `Move it out of \`navigation\`, beside it.`),
  };
}

/** The top-level setting an `unknown-field` at `/navigation/<key>` names (`interaction`), or undefined. */
export function settingUnderNavigation(problem: Pick<Finding, 'code' | 'pointer'>): string | undefined {
  const key = /^\/navigation\/([^/~]+)$/.exec(problem.pointer)?.[1];
  return problem.code === 'unknown-field' && key !== undefined && key !== 'navigation' && Object.hasOwn(DOCS_SETTINGS.fields, key) ? key : undefined;
}
