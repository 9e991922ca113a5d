/**
 * External `$ref`s in a spec (to another file or a URL), which the platform refuses: a quick
 * look at the text first, then, for the few specs that could hold one, a walk of the value.
 */
import type * as JsYaml from 'js-yaml';
import { lazy } from '../lazy.js';
import { toPointer } from '../source/pointer.js';
import type { ExternalRef } from './spec-result.js';

const jsYaml = lazy<typeof JsYaml>('js-yaml');

/** External references listed at most (the rest are counted). */
const MAX_EXTERNAL_REFS = 50;

/**
 * Every `$ref` whose value is a string not starting with `#`, anywhere in the document, as the
 * platform's build looks for them (it refuses the spec: "External $ref references are not
 * allowed"): in any object, examples included, and inside string values that parse as JSON
 * or YAML objects. Only strings that could hold one are parsed (they contain `$ref`, or an
 * escape that could spell it). Iterative, in document order (an object's own `$ref` before
 * its children's); each object is visited once (YAML aliases share). A spec is mostly
 * leaves, so the walk allocates per container only and builds a pointer only for a find.
 */
export function findExternalRefs(document: unknown): ExternalRef[] {
  const found: ExternalRef[] = [];
  const seen = new WeakSet<object>();
  /** The keys from the document to the container being walked (its frame's `depth` of them). */
  const keys: string[] = [];
  const frames: RefFrame[] = [];
  const enter = (value: unknown, inString: string | undefined): void => {
    if (typeof value === 'string') {
      const parsed = couldHoldRef(value) ? parseEmbedded(value) : undefined;
      // Everything found inside a string value is located at that string.
      if (parsed !== undefined) enter(parsed, inString ?? toPointer(keys));
      return;
    }
    if (typeof value !== 'object' || value === null || seen.has(value)) return;
    seen.add(value);
    const isArray = Array.isArray(value);
    const record = value as Record<string, unknown>;
    const ref = isArray ? undefined : record.$ref;
    const external = typeof ref === 'string' && !ref.startsWith('#') && Object.prototype.propertyIsEnumerable.call(record, '$ref');
    if (external) found.push({ pointer: inString ?? toPointer([...keys, '$ref']), ref });
    frames.push({ value: record, keys: isArray ? undefined : Object.keys(record), next: 0, depth: keys.length, inString, skipRef: external });
  };
  enter(document, undefined);
  while (frames.length > 0 && found.length < MAX_EXTERNAL_REFS) {
    const frame = frames[frames.length - 1];
    const size = frame.keys ? frame.keys.length : (frame.value as unknown as unknown[]).length;
    if (frame.next >= size) {
      frames.pop();
      continue;
    }
    const key = frame.keys ? frame.keys[frame.next] : String(frame.next);
    frame.next++;
    if (frame.skipRef && key === '$ref') continue;
    const child = frame.value[key];
    if (typeof child !== 'object' && (typeof child !== 'string' || !couldHoldRef(child))) continue; // a leaf: nothing to find
    keys.length = frame.depth;
    if (frame.inString === undefined) keys.push(key);
    enter(child, frame.inString);
  }
  return found;
}

/**
 * Escapes that could spell a letter of `$ref` (JSON `\u0024`, YAML `\x24`, `\U00000024`; the hex
 * digits of these four letters are all digits, and YAML escapes are case-sensitive) or join it
 * across lines (YAML's escaped line break), in a spec's text or in a string inside it.
 */
const REF_LETTER_ESCAPE = /\\(?:u00(?:24|72|65|66)|U0000(?:0024|0072|0065|0066)|x(?:24|72|65|66)|\r|\n)/;
/** What follows `$ref` written as a key whose value is a quoted string starting with `#` (JSON or YAML). */
const INTERNAL_REF_AFTER = /["']?[ \t]*:[ \t]*["']#/y;

/**
 * Whether a spec's text could hold an external `$ref`, without walking its parsed value: every
 * `$ref` key, in the document or in a string inside it, is written as `$ref` (or with an escape
 * that could spell it), so a text whose every `$ref` is a key followed by a quoted `#…` value has
 * none. (A `#` that is not quoted starts a YAML comment: the value may come on the next line.)
 * Real specs hold thousands of `$ref`s, all internal: the walk is left for the few that could.
 */
export function mayHoldExternalRef(text: string): boolean {
  if (REF_LETTER_ESCAPE.test(text)) return true;
  for (let at = text.indexOf('$ref'); at >= 0; at = text.indexOf('$ref', at + 4)) {
    INTERNAL_REF_AFTER.lastIndex = at + 4;
    if (!INTERNAL_REF_AFTER.test(text)) return true;
  }
  return false;
}

/** One container of findExternalRefs's walk: its keys (undefined for an array) and the next one to visit. */
interface RefFrame {
  value: Record<string, unknown>;
  keys: string[] | undefined;
  next: number;
  /** How many of the walk's keys lead to it. */
  depth: number;
  /** Set inside a string value: the pointer of that string. */
  inString: string | undefined;
  /** Its own `$ref` was found already: not a child to walk. */
  skipRef: boolean;
}

/** A string value that could hold a `$ref` key once parsed: it has `$ref`, or an escape that could spell it. */
function couldHoldRef(value: string): boolean {
  return value.includes('$ref') || (value.includes('\\') && REF_LETTER_ESCAPE.test(value));
}

/** A string value read as the platform reads it when looking for `$ref`s: JSON, else YAML; only objects count. */
function parseEmbedded(text: string): object | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    try {
      parsed = jsYaml().load(text);
    } catch {
      return undefined;
    }
  }
  return typeof parsed === 'object' && parsed !== null ? parsed : undefined;
}
