/**
 * The `platform` profile's checks outside `navigation`: docs.json's other settings (the table in
 * docs-settings.ts) and a stale mint.json beside docs.json (mint-json.ts). Both report only what
 * fails the platform's build as an error; a key the platform merely drops is `info`.
 */
import type { Code } from '../codes.js';
import type { Finding } from '../problem.js';
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
  if (typeof docs !== 'object' || docs === null || Array.isArray(docs)) return [];
  return checkShape(docs, DOCS_SETTINGS).map(docsFinding);
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
