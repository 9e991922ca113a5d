/**
 * A tab that generates its pages (`sdk` or `graphql`) is a strict object on the platform: its
 * schema's variants for such a tab take only `tab`, `icon`, `hidden`, `searchable`, `align`,
 * `directory` and `groups` beside the generator (@mintlify/validation's tabSchema, `.strict()`),
 * so any other key fails the tab, an unknown one too, where on any other element the platform
 * strips a key it does not know (issue 65: `{"tab": "Docs", "sdk": {…}, "href": "…"}` failed the
 * build while docsnav said nothing). Each such key is invalid-value, worded as the schema's
 * findings that fail the platform, so that explainLostArrays says what the platform loses below the
 * root; an unknown-field the schema found there becomes it. Child arrays beside the generator are
 * mixed-children's. No I/O; one walk of the navigation's elements (walk.ts).
 *
 * A tab's `graphql` value fails the tab the same way where the platform's graphqlSchema refuses
 * it and docsnav's JSON schema cannot say so: a blank source or `directory`, a URL that is not
 * `https:` (the platform takes any string `URL` parses for a URL: `http://…`, `mailto:…`, `c:\…`),
 * or a key beside `source` and `directory`.
 */
import { childKind, GENERATOR_KEYS, isPlainObject, isSourceRef, REJECTS_DOCS_JSON, type ElementKind } from '../navigation/model.js';
import { eachDivision, pathSegments } from '../navigation/divisions.js';
import { refusedGraphqlUrl } from '../navigation/graphql.js';
import { pointerOf, walkNavigation } from '../navigation/walk.js';
import type { Finding } from '../problem.js';
import { explainLostArrays } from './lost-arrays.js';
import { parsePointer, toPointer, valueAt } from '../source/pointer.js';

/** What a generating tab takes beside its generator. */
const STRICT_TAB_KEYS: ReadonlySet<string> = new Set(['tab', 'icon', 'hidden', 'searchable', 'align', 'directory', 'groups']);
/** What a `graphql` object takes. */
const GRAPHQL_KEYS: ReadonlySet<string> = new Set(['source', 'directory']);

/** Why the platform's graphqlSchema refuses this part of a `graphql` value, if it does: `[pointer suffix, message]`. */
function graphqlRefusals(value: unknown): Array<[Array<string>, string]> {
  const object = isPlainObject(value);
  const source = object ? value.source : value;
  const at = object ? ['source'] : [];
  const refusals: Array<[Array<string>, string]> = [];
  if (typeof source === 'string') {
    const trimmed = source.trim();
    if (trimmed === '') refusals.push([at, `An empty \`graphql\` source names no schema, ${REJECTS_DOCS_JSON}`]);
    else if (refusedGraphqlUrl(trimmed)) {
      refusals.push([
        at,
        `\`graphql\` "${trimmed}" is a URL that is not https (the platform reads a schema from a path under the docs root or an https URL only), ${REJECTS_DOCS_JSON}`,
      ]);
    }
  }
  if (!object) return refusals;
  if (typeof value.directory === 'string' && value.directory.trim() === '')
    refusals.push([['directory'], `An empty \`directory\` names no folder for the GraphQL pages, ${REJECTS_DOCS_JSON}`]);
  for (const key of Object.keys(value)) {
    if (!GRAPHQL_KEYS.has(key))
      refusals.push([[key], `\`${key}\` is not allowed in a \`graphql\` object (it holds only \`source\` and \`directory\`), ${REJECTS_DOCS_JSON}`]);
  }
  return refusals;
}

/** Makes the schema's unknown-field into invalid-value, its message followed by why the platform fails on it. */
function rejectInstead(found: Finding, why: string): void {
  found.code = 'invalid-value';
  found.message = `${found.message.replace(/\.$/, '')}; ${why.charAt(0).toLowerCase()}${why.slice(1)}`;
  delete found.suggest;
}

/** Adds the finding at `pointer`, or makes the schema's unknown-field there into it. */
function failAt(findings: Finding[], byPointer: Map<string, Finding>, pointer: string, message: string, at?: 'key'): void {
  const found = byPointer.get(pointer);
  if (found !== undefined && found.code === 'unknown-field') return rejectInstead(found, message);
  // The schema said it already (a value of the wrong type): once is enough.
  if (found !== undefined) return;
  findings.push({ code: 'invalid-value', pointer, ...(at && { at }), message });
}

/** Adds a finding for each key a generating tab may not hold, upgrading the schema's unknown-field there. */
export function checkStrictTabs(docs: unknown, findings: Finding[]): void {
  const byPointer = new Map(findings.map((finding) => [finding.pointer, finding]));
  eachDivision(docs, (value, kind, path) => {
    const generator = kind === 'tab' ? GENERATOR_KEYS.find((key) => Object.hasOwn(value, key)) : undefined;
    if (generator === undefined) return;
    const pointer = (...at: Array<string | number>) => toPointer([...pathSegments(path), ...at]);
    for (const key of Object.keys(value)) {
      if (key === generator || STRICT_TAB_KEYS.has(key) || childKind('tab', key) !== undefined) continue;
      const message = `\`${key}\` is not allowed beside \`${generator}\` on a tab (one that generates its pages holds only \`tab\`, \`icon\`, \`hidden\`, \`searchable\`, \`align\`, \`directory\` and \`groups\` beside it), ${REJECTS_DOCS_JSON}`;
      failAt(findings, byPointer, pointer(key), message, 'key');
    }
    if (generator !== 'graphql') return;
    for (const [at, message] of graphqlRefusals(value.graphql)) {
      failAt(findings, byPointer, pointer('graphql', ...at), message, at.length > 0 && at[0] !== 'source' && at[0] !== 'directory' ? 'key' : undefined);
    }
  });
}

/**
 * The value objects an element holds that the platform's schema holds to their keys (`.strict()`
 * in @mintlify/validation's reusable openapi, asyncapi, color, sdk and global schemas): a key it
 * does not know fails the object and the element holding it, where on an element it only strips
 * the key (issue 65: a tab's `asyncapi: {"source": …, "bogus": true}` cost the tabs around it,
 * while docsnav kept their pages). `graphql` is checkStrictTabs's.
 */
const STRICT_VALUES: ReadonlySet<string> = new Set(['openapi', 'asyncapi', 'color', 'sdk', 'global']);

/**
 * Makes each unknown-field the schema found in a strict value object of an element into
 * invalid-value, worded as the findings that fail the platform, so that explainLostArrays says what
 * the platform loses. Not a group's `openapi` or `asyncapi` (the platform drops the value alone,
 * lost-arrays.ts) nor the root's `asyncapi` (stripped whole).
 */
export function checkStrictValues(docs: unknown, findings: readonly Finding[]): void {
  const unknown = findings.filter((finding) => finding.code === 'unknown-field');
  if (unknown.length === 0) return;
  const elements = new Map<string, ElementKind>();
  walkNavigation(docs, [{ element: (node) => void elements.set(pointerOf(node.path), node.kind) }]);
  for (const finding of unknown) {
    const segments = parsePointer(finding.pointer);
    // A `sourceRef` entry is held to its one key: `{"sourceRef": …, "hidden": true}` failed the build
    // ("Unrecognized key(s) in object", differential seed 20,000,000, site 20003029).
    const holder = valueAt(docs, segments.slice(0, -1));
    if (isPlainObject(holder) && isSourceRef(holder)) {
      rejectInstead(finding, `a \`sourceRef\` entry takes no other key on the platform, ${REJECTS_DOCS_JSON}`);
      continue;
    }
    // `openapi: [{…}]`: each object of the array is held to its keys too. (Two segments up from an
    // unknown key, an `openapi` holds only objects by index: its value objects hold no object.)
    const inArray = segments.at(-3) === 'openapi';
    const fieldAt = segments.length - (inArray ? 3 : 2);
    // A field at the root's level (or above it) is no element's: no `kind` for it below.
    const field = segments[fieldAt];
    if (!STRICT_VALUES.has(field)) continue;
    const kind = elements.get(toPointer(segments.slice(0, fieldAt)));
    if (kind === undefined) continue;
    if (kind === 'group' && (field === 'openapi' || field === 'asyncapi')) continue;
    if (kind === 'navigation' && field === 'asyncapi') continue;
    rejectInstead(finding, `\`${field}\` takes no other key on the platform, ${REJECTS_DOCS_JSON}`);
  }
}

/**
 * The arrays the platform drops for a generating tab that holds children beside `groups` (`pages`,
 * `anchors`, …): its strict variants take only `groups`, so the tab fails and the array holding it
 * is lost, or the build fails at the root. mixed-children says so; this is what the platform
 * profile's tree leaves out (issue 65: a version's tab with `sdk` and `pages`, 10 sites of 10,000).
 */
export function generatorChildLosses(docs: unknown): Array<{ division: string; key: string }> {
  const refused: Finding[] = [];
  eachDivision(docs, (value, kind, path) => {
    if (kind !== 'tab' || !GENERATOR_KEYS.some((key) => Object.hasOwn(value, key))) return;
    for (const key of Object.keys(value)) {
      if (key === 'groups' || childKind('tab', key) === undefined) continue;
      refused.push({ code: 'invalid-value', pointer: toPointer([...pathSegments(path), key]), message: REJECTS_DOCS_JSON });
    }
  });
  return explainLostArrays(docs, refused);
}
