import type { Finding } from '../problem.js';
import {
  NAME_FIELD,
  PRIMARY_KEYS,
  REJECTS_DOCS_JSON,
  elementNoun,
  emptyDivisions,
  isGeneratingTab,
  isPlainObject,
  isSourceRef,
  platformKeptChild,
} from '../navigation/model.js';
import { isBlankSpecValue } from '../navigation/openapi.js';
import { arrayLostTo, groupSpecValueAt, pageList, pagesInside } from '../navigation/platform-drops.js';
import { parsePointer, toPointer, valueAt } from '../source/pointer.js';

/**
 * A finding in a `sourceRef` entry that fails the build (checked with prebuild): a key beside `sourceRef`, or an empty
 * `sourceRef`. One that is no string is not (the platform takes the entry as an element, and drops its array).
 */
function failsSourceRefEntry(docs: unknown, segments: readonly string[]): boolean {
  const holder = valueAt(docs, segments.slice(0, -1));
  if (!isPlainObject(holder) || !isSourceRef(holder)) return false;
  return segments.at(-1) !== 'sourceRef' || holder.sourceRef === '';
}

/** The schema codes for a value the platform's validator refuses (an unknown key it only strips). */
const MALFORMED = new Set(['missing-field', 'invalid-type', 'invalid-value']);

/**
 * A malformed entry inside a division's child array costs the whole array on the platform, valid
 * pages and all (platform-drops.ts): each such schema finding's message says which array and which
 * pages go with it. Returns the arrays dropped (the division's pointer and the array's key), for
 * the platform profile's tree. One pass over the findings; each array's pages are listed once.
 */
export function explainLostArrays(docs: unknown, findings: readonly Finding[]): Array<{ division: string; key: string }> {
  const lost = new Map<string, { division: string; key: string; words: string }>();
  const rootFindings: Finding[] = [];
  for (const finding of findings) {
    // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral,BlockStatement: the only info findings that reach here are the settings' unknown keys of objects the platform strips (settings/index.ts docsFinding): never a malformed code, never at a group's spec value, so the loop passes them by below as well (seen: a language's banner with an unknown key loses nothing either way); the line keeps a future info finding from costing an array.
    if (finding.severity === 'info') continue;
    const segments = parsePointer(finding.pointer);
    // The root's `asyncapi` is not in the platform's schema: stripped whatever it holds (asyncapi-ignored says so).
    if (segments[0] === 'navigation' && segments[1] === 'asyncapi' && MALFORMED.has(finding.code)) {
      finding.severity = 'warning';
      finding.message = `${withoutRejection(finding.message)} The platform strips \`asyncapi\` from the navigation root whatever it holds, so its build does not fail on it.`;
      continue;
    }
    // A wrong `openapi`/`asyncapi` on a group costs only that value (issue 65).
    const spec = MALFORMED.has(finding.code) || finding.code === 'unknown-field' ? groupSpecValueAt(docs, segments) : undefined;
    if (spec) {
      explainGroupSpecValue(finding, spec.field, valueAt(docs, [...spec.group, spec.field]));
      continue;
    }
    if (!MALFORMED.has(finding.code)) continue;
    if (explainEmptyDivisions(docs, segments, finding)) continue;
    if (finding.code === 'missing-field' && groupWithoutPages(valueAt(docs, segments))) {
      // The platform's group defaults `pages` to none: nothing fails, nothing around it is lost.
      finding.message = `${withoutRejection(finding.message)} The platform does not fail the build for this: it shows the group with no pages.`;
      continue;
    }
    // A `sourceRef` entry's other key, or an empty `sourceRef`, fails the build wherever the entry is (strict-objects.ts; built with prebuild).
    if (failsSourceRefEntry(docs, segments)) continue;
    const array = arrayLostTo(docs, segments);
    if (!array) {
      if (segments[0] === 'navigation' && segments.length > 2 && (PRIMARY_KEYS as readonly string[]).includes(segments[1])) rootFindings.push(finding);
      continue;
    }
    const division = toPointer(array.division);
    const id = `${division}/${array.key}`;
    let known = lost.get(id);
    // Stryker disable next-line ConditionalExpression: made again, the words are the same (only the cost of listing the pages differs); never made, `known` is undefined and every test with a lost array throws.
    if (!known) {
      const element = valueAt(docs, array.division) as Record<string, unknown>;
      const field = NAME_FIELD[array.kind];
      const name = field && typeof element[field] === 'string' ? ` "${element[field]}"` : '';
      const pages = pagesInside(element[array.key]);
      const words = `The platform does not fail the build for this: it drops the whole \`${array.key}\` of ${elementNoun(array.kind)}${name}, valid entries too (${pageList(pages)}), so none of them is on the site.`;
      lost.set(id, (known = { division, key: array.key, words }));
    }
    finding.message = `${withoutRejection(finding.message)} ${known.words}`;
  }
  explainRootArrays(docs, rootFindings, lost);
  return [...lost.values()].map(({ division, key }) => ({ division, key }));
}

/** The closing words of a finding about what the platform refuses outright, with what leads to them. */
const REJECTION = new RegExp(`,? ?${REJECTS_DOCS_JSON.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** A finding's words without their closing REJECTS_DOCS_JSON, for the words of what the platform does instead. */
function withoutRejection(message: string): string {
  return message.replace(REJECTION, '.');
}

/** A group named, without `pages` (nor anything that generates them): the spec requires them, the platform's schema defaults them to none. */
function groupWithoutPages(value: unknown): boolean {
  return isPlainObject(value) && typeof value.group === 'string' && value.group !== '' && !Object.hasOwn(value, 'pages');
}

/**
 * Malformed entries in the navigation root's own arrays (no division between them and the root).
 * The platform's navigation is a union of one form per primary pattern: a malformed entry fails
 * its array's form, and the next form whose array is sound is built, the failed array dropped
 * whole (issue 65: `{"pages": [...], "versions": [{}]}` serves the pages). With no such other
 * array the build fails, and the findings say so as they are.
 */
function explainRootArrays(docs: unknown, findings: readonly Finding[], lost: Map<string, { division: string; key: string; words: string }>): void {
  if (findings.length === 0 || !isPlainObject(docs) || !isPlainObject(docs.navigation)) return;
  const navigation = docs.navigation;
  const failed = new Set(findings.map((finding) => parsePointer(finding.pointer)[1]));
  const kept = platformKeptChild('navigation', navigation, failed);
  if (kept === undefined) return;
  for (const finding of findings) {
    const key = parsePointer(finding.pointer)[1];
    const id = `/navigation/${key}`;
    let known = lost.get(id);
    // Stryker disable next-line ConditionalExpression: as above, the words made again are the same.
    if (!known) {
      const words = `The platform does not fail the build for this: it drops the navigation's whole \`${key}\`, valid entries too (${pageList(pagesInside(navigation[key]))}), and builds the site from \`${kept}\`.`;
      lost.set(id, (known = { division: '/navigation', key, words }));
    }
    finding.message = `${withoutRejection(finding.message)} ${known.words}`;
  }
}

/**
 * A schema finding in a group's `openapi` or `asyncapi`: the platform's validator drops that value
 * without a word (groups.js, `silentlyDropInvalid`) and builds the site, with no page from it. An
 * empty value (a blank string) names no spec, so nothing is lost: a warning; anything else drops
 * the spec the author named: an error, saying so.
 */
function explainGroupSpecValue(finding: Finding, field: 'openapi' | 'asyncapi', value: unknown): void {
  const base = withoutRejection(finding.message);
  if (isBlankSpecValue(value)) {
    finding.severity = 'warning';
    finding.message = `${base} The platform does not fail the build for this: its validator drops a group's empty \`${field}\` without a word. Remove it, or name the spec.`;
    return;
  }
  finding.message = `${base} The platform does not fail the build for this: its validator drops the group's whole \`${field}\` without a word, so no page is generated from it.`;
}

/**
 * An empty array of divisions (`"tabs": []`): the platform's schema refuses it, and its union tries
 * the element's next form, so only that key is dropped; nothing listed is lost (a warning). Not a
 * generating tab's `groups` (issue 65: its strict forms have no other), which fails the tab. At the
 * navigation root there is no form without a primary pattern: the build fails unless another
 * non-empty one is there (then the platform builds from that one). True when `finding` was one.
 */
function explainEmptyDivisions(docs: unknown, segments: readonly string[], finding: Finding): boolean {
  const key = segments.at(-1);
  if (key === undefined || !emptyDivisions(key, valueAt(docs, segments))) return false;
  const parent = valueAt(docs, segments.slice(0, -1));
  // A tab that generates its pages has no form without `groups`: an empty one fails the tab, as a malformed entry does.
  if (key === 'groups' && segments.at(-3) === 'tabs' && isGeneratingTab(parent)) return false;
  const base = withoutRejection(finding.message);
  if (segments.length === 2 && segments[0] === 'navigation') {
    const other = isPlainObject(parent) ? platformKeptChild('navigation', parent) : undefined;
    // With no other, the build fails: the message says so as it is.
    if (other !== undefined) {
      finding.severity = 'warning';
      finding.message = `${base} The platform does not fail the build for this: it drops the empty \`${key}\` and builds the site from \`${other}\`.`;
    }
    // Stryker disable next-line BooleanLiteral: a root array's own pointer is no entry of it: nothing below takes it either (arrayLostTo walks no pair, the root's arrays want an entry).
    return true;
  }
  finding.severity = 'warning';
  finding.message = `${base} The platform does not fail the build for this: it drops the empty \`${key}\` without a word; the rest of the element stays.`;
  return true;
}
