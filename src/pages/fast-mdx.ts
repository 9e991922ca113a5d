/**
 * MDX as micromark reads it, for the fast path: a JSX tag and its attributes, where an expression
 * (`{…}`) ends, and an ESM block (`import`/`export`), each parsed with acorn where micromark parses
 * it and left to micromark (`fallback`) wherever the two might differ. The block pass
 * (fast-blocks.ts) reads flow elements, expressions and ESM with them; the inline pass
 * (fast-inline.ts) text elements and expressions. No I/O.
 */
import { jsxParser } from './acorn.js';
import { parseBudgetOf } from './parse-budget.js';
import { LineIndex } from '../source/lines.js';
import { parseEntities } from 'parse-entities';
import { fallback, isBlank, lineEnd, NEWLINE, skippedTab, skipSpaces, SPACE, TAB, type TreeAttribute } from './fast-text.js';

/** This module's file (in the bundle, the bundle's): scanner.ts's fingerprint covers it. */
export const fastMdxModule = import.meta.url;

/** What an ESM block may hold (micromark-extension-mdxjs-esm's list). */
const ESM_NODES = new Set(['ExportAllDeclaration', 'ExportDefaultDeclaration', 'ExportNamedDeclaration', 'ImportDeclaration']);

export interface Tag {
  /** Where the tag's `<` is, and where it ends (after its `>`). */
  start: number;
  end: number;
  name: string | null;
  closing: boolean;
  selfClosing: boolean;
  attributes: TreeAttribute[];
  /** Where each string value of an attribute that may link (LINK_ATTRIBUTES) is written (inside its quotes). */
  valueSpans: Map<TreeAttribute, [number, number]>;
}

/**
 * The attributes whose string value may be a link (`href`, and `src` on some elements:
 * fast-blocks.ts elementLinks reads the places of these only): only
 * their values' places are kept. A map per tag for every attribute cost 4 MB of elements
 * (`<E1 a="b">`…) about 100 MB while they were open (issue 66).
 */
const LINK_ATTRIBUTES: ReadonlySet<string> = new Set(['href', 'src']);

/**
 * A tag's value spans when it has no attribute that may link with a string value (most tags): one
 * map for all, never written to (the inline pass only moves the spans a map has).
 */
const NO_VALUE_SPANS = new Map<TreeAttribute, [number, number]>();

/**
 * A tag's attributes when it has none (most tags): one frozen list for all, which the tree's
 * elements keep (anchors.ts gives an element new attributes, never pushes onto these). 32 bytes
 * per element otherwise (issue 66).
 */
const NO_ATTRIBUTES: TreeAttribute[] = Object.freeze([]) as unknown as TreeAttribute[];

/** Names of elements and attributes kept once each (the first NAMES_KEPT of them, up to 64 characters): a page repeats a few names. */
const NAMES = new Map<string, string>();
const NAMES_KEPT = 4096;

/**
 * The one copy of an element's or attribute's name: a tree of 381,000 `<div>`s held as many
 * strings `div`, 20 bytes each (issue 66).
 */
function interned(name: string): string {
  const known = NAMES.get(name);
  if (known !== undefined) return known;
  if (keeps(NAMES, name)) NAMES.set(name, name);
  return name;
}

/** Whether `cache` takes `name` (the first NAMES_KEPT names, up to 64 characters each). */
function keeps(cache: Map<string, unknown>, name: string): boolean {
  // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator: memory only: a name or attribute kept or made again is the same, and a page reads the same.
  return cache.size < NAMES_KEPT && name.length <= 64;
}

/** Attributes without a value (`<Tag hidden>`), one frozen object per name (the first NAMES_KEPT names): nothing writes to an attribute. */
const BARE_ATTRIBUTES = new Map<string, TreeAttribute>();

function bareAttribute(name: string): TreeAttribute {
  const known = BARE_ATTRIBUTES.get(name);
  if (known !== undefined) return known;
  const attribute: TreeAttribute = Object.freeze({ type: 'mdxJsxAttribute', name, value: null });
  if (keeps(BARE_ATTRIBUTES, name)) BARE_ATTRIBUTES.set(name, attribute);
  return attribute;
}

/** The attributes a tag keeps: none, or a copy of their exact size (pushed onto an empty list, one had room for 17: 128 bytes more a tag). */
function kept(attributes: TreeAttribute[]): TreeAttribute[] {
  return attributes.length === 0 ? NO_ATTRIBUTES : attributes.slice();
}

/** Past white space inside a tag from `pos`: across lines only where the tag may go on (`lineIndent`, as parseTag's). */
function skipInTag(text: string, pos: number, lineIndent: number | undefined): number {
  for (;;) {
    const code = text.charCodeAt(pos);
    if (code === SPACE || code === TAB) pos++;
    else if (code === NEWLINE) {
      if (lineIndent === undefined || (lineIndent > 0 && !staysInItems(text, pos + 1, lineIndent))) fallback();
      pos++;
    } else return pos;
  }
}

/**
 * A JSX tag from the `<` at `start`, when it is plainly one: ASCII names, `name="value"` (no
 * character references, on one line), `name={simple}` and bare attributes. Undefined when the `<`
 * starts no tag (a space after it); anything else unusual (which may not parse) is left to micromark.
 */
export function parseTag(text: string, start: number, lineIndent: number | undefined): Tag | undefined {
  let pos = start + 1;
  const next = text.charCodeAt(pos);
  if (next === SPACE || next === TAB || next === NEWLINE) return undefined;
  let closing = false;
  if (text.charCodeAt(pos) === 47) {
    closing = true;
    pos = skipInTag(text, pos + 1, lineIndent);
  }
  let name: string | null = null;
  if (isNameStart(text.charCodeAt(pos))) {
    const nameStart = pos;
    pos = nameEnd(text, pos);
    while (text.charCodeAt(pos) === 46 /* . */ && isNameStart(text.charCodeAt(pos + 1))) pos = nameEnd(text, pos + 1);
    name = interned(text.slice(nameStart, pos));
    const after = text.charCodeAt(pos);
    if (after !== SPACE && after !== TAB && after !== NEWLINE && after !== 47 && after !== 62) fallback();
  } else if (text.charCodeAt(pos) !== 62) fallback();
  const attributes: TreeAttribute[] = [];
  let valueSpans: Map<TreeAttribute, [number, number]> | undefined;
  for (;;) {
    pos = skipInTag(text, pos, lineIndent);
    const code = text.charCodeAt(pos);
    if (code === 62) {
      return { start, end: pos + 1, name, closing, selfClosing: false, attributes: kept(attributes), valueSpans: valueSpans ?? NO_VALUE_SPANS };
    }
    if (code === 47) {
      if (closing || text.charCodeAt(pos + 1) !== 62) fallback();
      return { start, end: pos + 2, name, closing, selfClosing: true, attributes: kept(attributes), valueSpans: valueSpans ?? NO_VALUE_SPANS };
    }
    if (closing || name === null || !isNameStart(code)) fallback();
    const attributeStart = pos;
    pos = nameEnd(text, pos);
    const attributeName = interned(text.slice(attributeStart, pos));
    const after = text.charCodeAt(pos);
    if (after !== 61 /* = */) {
      if (after !== SPACE && after !== TAB && after !== NEWLINE && after !== 47 && after !== 62) fallback();
      attributes.push(bareAttribute(attributeName));
      continue;
    }
    const spans = LINK_ATTRIBUTES.has(attributeName) ? (valueSpans ??= new Map<TreeAttribute, [number, number]>()) : undefined;
    pos = attributeValue(text, pos + 1, attributeName, lineIndent !== 0, attributes, spans);
    const following = text.charCodeAt(pos);
    if (following !== SPACE && following !== TAB && following !== NEWLINE && following !== 47 && following !== 62) fallback();
  }
}

/**
 * What micromark's tree (mdast-util-mdx-jsx) says of a page whose element `tag` is the innermost
 * left open at its end: the tag abbreviated, its place as `line:column-line:column`, and the page's
 * first offset (the message carries no place of its own).
 */
export function unclosedElementError(text: string, tag: Pick<Tag, 'name' | 'start' | 'end'>): { message: string; offset: number } {
  const lines = new LineIndex(text);
  const point = (offset: number): string => {
    const { line, column } = lines.position(offset);
    return `${line}:${column}`;
  };
  return { message: `Expected a closing tag for \`<${tag.name ?? ''}>\` (${point(tag.start)}-${point(tag.end)})`, offset: 0 };
}

/** Whether the line at `start` is indented `indent` spaces at least, and not blank: it goes on in the list items a tag is in. */
function staysInItems(text: string, start: number, indent: number): boolean {
  const first = skipSpaces(text, start, lineEnd(text, start));
  return !skippedTab && first - start >= indent && first < lineEnd(text, start);
}

/** `"value"`, `'value'` or `{expression}` from `pos` (after the `=`): the attribute kept, and where it ends. */
function attributeValue(
  text: string,
  pos: number,
  name: string,
  inContainers: boolean,
  attributes: TreeAttribute[],
  valueSpans: Map<TreeAttribute, [number, number]> | undefined,
): number {
  const quote = text.charCodeAt(pos);
  if (quote === 34 || quote === 39) {
    let close = pos + 1;
    for (; ; close++) {
      const char = text.charCodeAt(close);
      if (Number.isNaN(char) || char === NEWLINE) fallback();
      if (char === quote) break;
    }
    const written = text.slice(pos + 1, close);
    // Character references are decoded, as mdast-util-mdx-jsx decodes them.
    const value = written.includes('&') ? parseEntities(written, { nonTerminated: false }) : written;
    const attribute: TreeAttribute = { type: 'mdxJsxAttribute', name, value };
    attributes.push(attribute);
    valueSpans?.set(attribute, [pos + 1, close]);
    return close + 1;
  }
  if (quote !== 123) return fallback();
  const expression = expressionEnd(text, pos, inContainers, true);
  attributes.push({ type: 'mdxJsxAttribute', name, value: { type: 'mdxJsxAttributeValueExpression', value: expression.value } });
  return expression.end;
}

function isNameStart(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 95 || code === 36;
}

function nameEnd(text: string, pos: number): number {
  for (;;) {
    const code = text.charCodeAt(pos);
    if (isNameStart(code) || (code >= 48 && code <= 57) || code === 45) pos++;
    else if (code === 58 /* : */ || code > 127) return fallback();
    else return pos;
  }
}

/** The page's budget (parse-budget.ts) and what acorn was handed of it, set as each page starts (a thread scans one page at a time). */
const acornWork = { budget: Infinity, given: 0 };

/** A page starts: its parse budget. */
export function startAcornBudget(pageLength: number): void {
  acornWork.budget = parseBudgetOf(pageLength);
  acornWork.given = 0;
}

/** What the fast path handed acorn for the last page it read, in characters (for the tests). */
export function lastFastAcornWork(): number {
  return acornWork.given;
}

/** Hands acorn `source`, within the page's budget; past it, the page is left to micromark (which keeps to its own and refuses it). */
function spendAcorn(source: string): void {
  if (acornWork.given + source.length > acornWork.budget) fallback();
  acornWork.given += source.length;
}

/**
 * Where the `{…}` at `start` ends (after its `}`), and its value, as micromark finds them: at each
 * `}` it gives acorn what came before; an expression (or, but as an attribute value, nothing and
 * comments) followed by nothing but white space and comments ends there; input that ends too soon
 * goes on to the next `}`; any other error fails the page (left to micromark, which says why).
 * Lines after the first lose up to two spaces of indent, as micromark drops them.
 */
export function expressionEnd(text: string, start: number, inContainers: boolean, attribute: boolean): { end: number; value: string } {
  let close = start;
  for (;;) {
    close = text.indexOf('}', close + 1);
    if (close === -1) return fallback();
    const raw = text.slice(start + 1, close);
    if (raw.includes('\n') && inContainers) fallback();
    const value = raw.includes('\n') ? raw.replace(/\n[ \t]{0,2}/g, '\n') : raw;
    if (isEmptyExpression(value)) {
      if (attribute) fallback();
      return { end: close + 1, value };
    }
    if (attribute && value.trimStart().startsWith('...')) fallback();
    const acornParser = jsxParser();
    spendAcorn(value);
    let node: { end: number };
    try {
      node = acornParser.parseExpressionAt(value, 0, { ecmaVersion: 2024, sourceType: 'module', preserveParens: true, onComment: [] });
    } catch (error) {
      if (endsTooSoon(error, value)) continue;
      return fallback();
    }
    if (!isEmptyExpression(value.slice(node.end))) fallback();
    return { end: close + 1, value };
  }
}

/** Parses of one ESM block at most (each runs over the block so far): past them, micromark reads the page. */
const MAX_ESM_ATTEMPTS = 64;

/**
 * An ESM block from `start` to the next blank line; it must parse (else micromark says why). As
 * micromark reads it, code that ends too soon there (a function body with blank lines in it)
 * goes on to the next blank line, and is parsed again, unless the page ends. Returns where the
 * next line starts; the names the block imports are added to `imported` (those of the blocks before it).
 */
export function esmBlockEnd(text: string, start: number, imported: string[]): number {
  let end = beforeBlankLine(text, lineEnd(text, start));
  const acornParser = jsxParser();
  // As micromark: what earlier blocks imported is declared before this one (importing a name twice fails).
  const prefix = imported.length > 0 ? `var ${imported.join(',')}\n` : '';
  let program: { body: { type: string; specifiers?: { local: { name: string } }[] }[] };
  for (let attempt = 1; ; attempt++) {
    const source = prefix + text.slice(start, end);
    spendAcorn(source);
    try {
      program = acornParser.parse(source, { ecmaVersion: 2024, sourceType: 'module' }) as unknown as typeof program;
      break;
    } catch (error) {
      if (!endsTooSoon(error, source) || end >= text.length || attempt >= MAX_ESM_ATTEMPTS) return fallback();
      end = beforeBlankLine(text, lineEnd(text, end + 1));
    }
  }
  for (const node of prefix ? program.body.slice(1) : program.body) {
    if (!ESM_NODES.has(node.type)) fallback();
    if (node.type === 'ImportDeclaration') for (const specifier of node.specifiers ?? []) imported.push(specifier.local.name);
  }
  return end + 1;
}

/** The end of the line at `end` or of the first line after it that a blank line (or the page's end) follows. */
function beforeBlankLine(text: string, end: number): number {
  while (end < text.length) {
    const nextEnd = lineEnd(text, end + 1);
    if (isBlank(text, end + 1, nextEnd)) break;
    end = nextEnd;
  }
  return end;
}

/** An acorn error that micromark reads as input ending too soon (it then reads further): at the end, or an open comment. */
function endsTooSoon(error: unknown, source: string): boolean {
  const { raisedAt, message } = error as { raisedAt?: number; message?: string };
  return (typeof raisedAt === 'number' && raisedAt >= source.length) || message?.startsWith('Unterminated comment') === true;
}

/** Nothing but white space and comments (a line comment must end its line), as micromark tests it. */
function isEmptyExpression(value: string): boolean {
  return /^\s*$/.test(value.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/[^\r\n]*(\r\n|\n|\r)/g, ''));
}
