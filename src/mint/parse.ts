/**
 * What the platform's legacy check (`validateMintConfig`) makes of a mint.json before the build
 * upgrades it: the build upgrades the check's output, not the file. The check trims tab and
 * anchor names, URLs and `openapi` values and the site's `name`, writes each navigation page and
 * each top-level `openapi` path as a root-relative path (`./intro` and `/intro` are `intro`),
 * gives an API playground without a `mode` the mode `show`, drops keys it does not know from
 * the objects it does not close, and writes each object's keys in its schema's order (what the
 * upgrade copies, such as `logo`, keeps that order). Every value keeps its place, so a pointer
 * into the result is a pointer into the mint.json.
 */
import path from 'node:path';
import { checkShape } from '../settings/check.js';
import { MINT_SETTINGS } from '../settings/mint-settings.js';
import type { Shape } from '../settings/shapes.js';
import { childPointer } from '../source/pointer.js';
import { MAX_NAVIGATION_DEPTH } from '../limits.js';

type Json = Record<string, unknown> | unknown[];

/** The mint.json value as the check outputs it; `dropped`: pointers of the keys it drops (from `checkMintSettings`). */
export function parseMintConfig(raw: unknown, dropped: Iterable<string>): unknown {
  const drop = new Set(dropped);
  const parsed = cloneWithout(raw, drop);
  if (!isRecord(parsed)) return parsed;
  trim(parsed, 'name');
  for (const key of ['tabs', 'anchors'] as const) {
    const divisions = parsed[key];
    if (!Array.isArray(divisions)) continue;
    for (const division of divisions) if (isRecord(division)) for (const field of ['name', 'url', 'openapi']) trim(division, field);
  }
  const openapi = parsed.openapi;
  if (typeof openapi === 'string') parsed.openapi = specPath(openapi);
  else if (Array.isArray(openapi)) parsed.openapi = openapi.map((entry: unknown) => (typeof entry === 'string' ? specPath(entry) : entry));
  const api = parsed.api;
  if (isRecord(api) && isRecord(api.playground) && api.playground.mode === undefined) api.playground.mode = 'show';
  if (Array.isArray(parsed.navigation)) normalizePages(parsed.navigation);
  inCheckOrder(parsed, MINT_SETTINGS);
  return parsed;
}

/** How deep (in JSON levels) keys are put in the check's order: the deepest group followed, its object and pages array each a level, and the divisions above. */
const ORDERED_DEPTH = 2 * MAX_NAVIGATION_DEPTH + 8;

/**
 * Writes each object's keys in the order of its shape's fields (those it does not know after
 * them), as the legacy check outputs them; a value of a union takes the order of the first option
 * that accepts it. In place, iteratively.
 */
function inCheckOrder(value: unknown, shape: Shape): void {
  const stack: Array<{ value: unknown; shape: Shape; depth: number }> = [{ value, shape, depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    const current = item.value;
    // Below the groups docsnav follows (each an object and its pages), the order of keys matters to nothing it reads.
    if (item.depth > ORDERED_DEPTH) continue;
    const depth = item.depth + 1;
    const own = resolvedShape(current, item.shape);
    if (!own || typeof current !== 'object' || current === null) continue;
    if (Array.isArray(current)) {
      if (own.type === 'array') for (const entry of current) stack.push({ value: entry, shape: own.items, depth });
      continue;
    }
    const record = current as Record<string, unknown>;
    // Stryker disable next-line ConditionalExpression,BlockStatement: mint.json's records (metadata, footer socials) hold strings only, nothing below them has keys to order.
    if (own.type === 'record') {
      for (const entry of Object.values(record)) stack.push({ value: entry, shape: own.values, depth });
      continue;
    }
    if (own.type !== 'object') continue;
    const known = Object.keys(own.fields).filter((key) => Object.prototype.hasOwnProperty.call(record, key));
    const entries = [...known, ...Object.keys(record).filter((key) => !Object.prototype.hasOwnProperty.call(own.fields, key))].map((key): [string, unknown] => [
      key,
      record[key],
    ]);
    for (const key of Object.keys(record)) delete record[key];
    for (const [key, child] of entries) {
      Object.defineProperty(record, key, { value: child, enumerable: true, writable: true, configurable: true });
      // Own fields only: a key such as `__proto__` is no field.
      if (Object.prototype.hasOwnProperty.call(own.fields, key)) stack.push({ value: child, shape: own.fields[key].shape, depth });
    }
  }
}

/** The shape that decides a value's form: a lazy one followed, a tagged one's option, a union's first option that accepts it. */
function resolvedShape(value: unknown, shape: Shape): Shape | undefined {
  let current: Shape = shape;
  for (let hops = 0; hops < 8; hops++) {
    if (current.type === 'lazy') current = current.shape();
    else if (current.type === 'tagged') {
      const tag = isRecord(value) ? value[current.tag] : undefined;
      const option = typeof tag === 'string' && Object.prototype.hasOwnProperty.call(current.options, tag) ? current.options[tag] : current.otherwise;
      // Stryker disable next-line ConditionalExpression: mint.json's only tagged shape (the top-bar button) has an `otherwise`, so an option is always found.
      if (!option) return undefined;
      current = option;
    } else if (current.type === 'union') {
      const options = current.options;
      const accepting = options.find((option) => checkShape(value, option).every((issue) => !issue.rejects));
      if (!accepting) return undefined;
      current = accepting;
    } else return current;
  }
  return undefined;
}

/**
 * A path as the platform keeps a relative one: resolved against the root and written without its
 * leading `/` (`./a/../b` is `b`); a trailing `/` stays (an endpoint path may need it).
 */
export function normalizeRelativePath(value: string): string {
  const normalized = path.posix.resolve('/', value).slice(1);
  // `path.posix.resolve` writes no trailing `/` but the root's (then `normalized` is empty).
  return value.endsWith('/') && normalized.length > 0 ? `${normalized}/` : normalized;
}

/** A top-level `openapi` entry as the check writes it: trimmed; a URL as it is, a path root-relative. */
function specPath(value: string): string {
  const trimmed = value.trim();
  // An empty path stays empty (`normalizeRelativePath('')` is '').
  return URL.canParse(trimmed) ? trimmed : normalizeRelativePath(trimmed);
}

function trim(holder: Record<string, unknown>, key: string): void {
  const value = holder[key];
  if (typeof value === 'string' && Object.prototype.hasOwnProperty.call(holder, key)) holder[key] = value.trim();
}

/** Every page path of the navigation groups (nested groups too), iteratively. */
function normalizePages(groups: unknown[]): void {
  const stack: unknown[] = [...groups];
  while (stack.length > 0) {
    const group = stack.pop();
    if (!isRecord(group) || !Array.isArray(group.pages)) continue;
    const pages = group.pages;
    pages.forEach((page, index) => {
      if (typeof page === 'string') {
        // An empty page stays empty (`normalizeRelativePath('')` is '').
        pages[index] = normalizeRelativePath(page);
      } else stack.push(page);
    });
  }
}

/** A deep copy of plain JSON data without the keys at `drop`; iterative, so nothing nested deep can overflow the stack. */
function cloneWithout(value: unknown, drop: ReadonlySet<string>): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const root: Json = Array.isArray(value) ? [] : {};
  // A pointer is made only as deep as a dropped key is: one per level of a value nested 40,000 deep would be quadratic.
  let deepest = 0;
  // Stryker disable next-line ArithmeticOperator,StringLiteral: a deeper bound makes more pointers than needed, the same copy (only slower).
  for (const pointer of drop) deepest = Math.max(deepest, pointer.split('/').length - 1);
  const stack: Array<{ source: object; target: Json; at: string; depth: number }> = [{ source: value, target: root, at: '', depth: 0 }];
  while (stack.length > 0) {
    const { source, target, at, depth } = stack.pop()!;
    for (const [key, child] of Object.entries(source) as Array<[string, unknown]>) {
      // Stryker disable next-line ConditionalExpression: a pointer made below the deepest dropped key is never looked up, the same copy (only slower).
      const childAt = depth < deepest ? childPointer(at, key) : '';
      if (!Array.isArray(target) && depth < deepest && drop.has(childAt)) continue;
      let copied: unknown = child;
      if (typeof child === 'object' && child !== null) {
        copied = Array.isArray(child) ? [] : {};
        // Stryker disable next-line ArithmeticOperator: depths that never reach the bound make every pointer, the same copy (only slower).
        stack.push({ source: child, target: copied as Json, at: childAt, depth: depth + 1 });
      }
      if (Array.isArray(target)) target.push(copied);
      else Object.defineProperty(target, key, { value: copied, enumerable: true, writable: true, configurable: true });
    }
  }
  return root;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
