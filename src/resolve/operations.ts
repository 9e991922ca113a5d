import path from 'node:path';
import type { OpenAPIV2, OpenAPIV3, OpenAPIV3_1 } from 'openapi-types';
import { HTTP_METHODS, isPlainObject, type HttpMethod } from '../navigation/model.js';
import { parsePointer } from '../source/pointer.js';
import { Suggester } from '../suggest.js';
import { slug, titleFromSlug } from './slug.js';
import { replaceBraced, stripLeadingSlashes } from '../text.js';

/** An OpenAPI document the platform supports. */
type OpenApiDocument = OpenAPIV3.Document | OpenAPIV3_1.Document;
/** Any document the spec loader returns (Swagger 2.0 is accepted with a warning). */
export type SpecDocument = OpenApiDocument | OpenAPIV2.Document;

/** One operation of a spec, with what page generation and entry matching need. */
export interface Operation {
  method: HttpMethod | 'webhook';
  /** The path key as written (`/users/{userId}`), or the webhook name. */
  path: string;
  summary?: string;
  description?: string;
  operationId?: string;
  /** The operation's string tags, in order. */
  tags: string[];
  deprecated: boolean;
  /** `x-hidden: true`: the page exists but is not shown in navigation. */
  hidden: boolean;
  /** `x-excluded: true`: no page at all. */
  excluded: boolean;
  /** `x-mint.href`: the page path, as written. */
  href?: string;
  /** `x-mint.metadata`: the generated page's front matter (its `title`, `sidebarTitle`, `description`, … win). */
  metadata?: Record<string, unknown>;
}

/** The folder of generated pages when the `openapi` object names no `directory`. */
const DEFAULT_DIRECTORY = 'api-reference';
/** The label of the generated group of untagged operations. */
const UNTAGGED_GROUP = 'API Reference';

const METHODS: ReadonlySet<string> = new Set(HTTP_METHODS);
/** Internal `$ref` hops followed for one path item before giving up (a cycle, or a silly chain). */
const MAX_REF_HOPS = 16;

/**
 * Every operation in the platform's order: `paths` in document order and, within a path,
 * the methods in HTTP_METHODS order; then `webhooks` in document order, one operation each
 * (the first method written in the webhook's path item). Never throws on a malformed spec:
 * anything that is not shaped like an operation is skipped.
 */
export function listOperations(spec: SpecDocument): Operation[] {
  const doc: unknown = spec;
  const out: Operation[] = [];
  if (!isPlainObject(doc)) return out;
  if (isPlainObject(doc.paths)) {
    for (const [key, raw] of Object.entries(doc.paths)) {
      const item = pathItem(doc, raw);
      if (!item) continue;
      for (const method of HTTP_METHODS) {
        const operation = item[method];
        if (isPlainObject(operation)) out.push(toOperation(method, key, operation));
      }
    }
  }
  if (isPlainObject(doc.webhooks)) {
    for (const [name, raw] of Object.entries(doc.webhooks)) {
      const item = pathItem(doc, raw);
      if (!item) continue;
      const method = Object.keys(item).find((key) => METHODS.has(key) && isPlainObject(item[key]));
      if (method !== undefined) out.push(toOperation('webhook', name, item[method] as Record<string, unknown>));
    }
  }
  return out;
}

/** A path item, following internal `$ref`s (`#/components/pathItems/…`); keys beside a `$ref` win. */
function pathItem(doc: Record<string, unknown>, raw: unknown): Record<string, unknown> | undefined {
  let item = raw;
  const seen = new Set<string>();
  let merged: Record<string, unknown> = {};
  for (let hop = 0; isPlainObject(item) && typeof item.$ref === 'string'; hop++) {
    const ref = item.$ref;
    merged = { ...item, ...merged };
    if (hop === MAX_REF_HOPS || seen.has(ref) || !ref.startsWith('#')) return withoutRef(merged);
    seen.add(ref);
    item = resolveInternal(doc, ref);
  }
  if (!isPlainObject(item)) return seen.size > 0 ? withoutRef(merged) : undefined;
  return seen.size > 0 ? withoutRef({ ...item, ...merged }) : item;
}

function withoutRef(item: Record<string, unknown>): Record<string, unknown> {
  const { $ref: _ref, ...rest } = item;
  return rest;
}

/** The value at an internal reference (`#/components/pathItems/Pet`), or undefined. */
function resolveInternal(doc: Record<string, unknown>, ref: string): unknown {
  let pointer: string;
  try {
    pointer = decodeURIComponent(ref.slice(1));
  } catch {
    return undefined;
  }
  if (pointer !== '' && !pointer.startsWith('/')) return undefined;
  let value: unknown = doc;
  for (const segment of parsePointer(pointer)) {
    if (!isPlainObject(value) && !Array.isArray(value)) return undefined;
    if (!Object.prototype.hasOwnProperty.call(value, segment)) return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

function toOperation(method: Operation['method'], path: string, raw: Record<string, unknown>): Operation {
  const operation: Operation = {
    method,
    path,
    tags: Array.isArray(raw.tags) ? raw.tags.filter((tag): tag is string => typeof tag === 'string') : [],
    deprecated: raw.deprecated === true,
    hidden: raw['x-hidden'] === true,
    excluded: raw['x-excluded'] === true,
  };
  if (typeof raw.summary === 'string') operation.summary = raw.summary;
  if (typeof raw.description === 'string') operation.description = raw.description;
  if (typeof raw.operationId === 'string') operation.operationId = raw.operationId;
  const mint = raw['x-mint'];
  if (isPlainObject(mint) && typeof mint.href === 'string' && mint.href.trim() !== '') operation.href = mint.href;
  if (isPlainObject(mint) && isPlainObject(mint.metadata)) operation.metadata = mint.metadata;
  return operation;
}

/** Tag name -> generated group label: the tag's `x-group` in the top-level `tags`, else the name. */
export function tagGroups(spec: SpecDocument): Map<string, string> {
  const doc: unknown = spec;
  const labels = new Map<string, string>();
  if (!isPlainObject(doc) || !Array.isArray(doc.tags)) return labels;
  for (const tag of doc.tags) {
    if (!isPlainObject(tag) || typeof tag.name !== 'string' || labels.has(tag.name)) continue;
    const group = tag['x-group'];
    labels.set(tag.name, typeof group === 'string' && group !== '' ? group : tag.name);
  }
  return labels;
}

/**
 * The page path the platform generates for an operation (§3): `x-mint.href` as written
 * without its leading `/`; else `<directory>/<slug(first tag)>/<title>`, lower-cased, where
 * the title is `slug(summary)`, or `<method>-<slug(path)>` without a summary (webhooks:
 * `slug(name)`, no prefix). No clash suffix: see suffixClashes.
 */
export function generatedPagePath(op: Operation, directory?: string): string {
  // Lower-cased last, an `x-mint.href` too (generateUniqueFilenameWithoutExtension returns `filename.toLowerCase()`).
  return writtenPagePath(op, directory).toLowerCase();
}

/**
 * The page path as the platform builds it before lower-casing it: the directory and an
 * `x-mint.href` as written (the slugs are lower-case already). Its clash check compares this.
 */
function writtenPagePath(op: Operation, directory?: string): string {
  if (op.href !== undefined) return stripLeadingSlashes(op.href, false);
  const title = op.summary ? slug(op.summary) : op.method === 'webhook' ? slug(op.path) : `${op.method}-${slug(op.path)}`;
  const folder = op.tags.length > 0 ? slug(op.tags[0]) : '';
  // As prebuild joins them (`path.join(outDir, folder, title)`): a `directory` written empty, `.` or
  // `/` is no folder, not the default one (its `directory ?? DEFAULT_OUTPUT_DIR`; the validator trims it).
  const base = directory === undefined ? DEFAULT_DIRECTORY : directory.trim().replace(/\\/g, '/');
  return stripLeadingSlashes(path.posix.join(base, folder, title));
}

/**
 * The page title as the platform gives it: `x-mint.metadata.title`; else the summary (not for a
 * webhook: its summary only names the page); else the last segment of the page path made readable.
 * The platform finds the summary again through the page's meta tag, `/<spec file> <method> <path>`,
 * split on whitespace: a spec file (`specFile`, root-relative) or path with a space in it makes
 * more than three words, no summary is found, and the title is the path's (issue 65:
 * `api ref/o.yaml` titles "List Users via API" as "List users via api").
 */
export function pageTitle(op: Operation, page: string = generatedPagePath(op), specFile?: string): string {
  const title = op.metadata?.title;
  if (typeof title === 'string' && title !== '') return title;
  if (op.summary && op.method !== 'webhook' && !(specFile !== undefined && metaTagWords(specFile, op) > 3)) return op.summary;
  return titleFromSlug(page);
}

/** The words of the platform's meta tag for a generated page (`/<spec file> <method> <path>`), as its parser splits it. */
function metaTagWords(specFile: string, op: Operation): number {
  return `/${specFile.replace(/^\/+/, '')} ${op.method} ${op.path}`.trim().split(/\s+/).length;
}

/** The label of the generated group an operation lands in: its first tag's label, or `API Reference`. */
export function groupLabel(op: Operation, labels: ReadonlyMap<string, string>): string {
  if (op.tags.length === 0) return UNTAGGED_GROUP;
  return labels.get(op.tags[0]) ?? op.tags[0];
}

/** What the platform's clash check knows of a page besides its path (suffixClashes). */
export interface ClashFacts {
  /** `x-hidden`: the page is not in the group's list, so later pages are not compared with its path. */
  hidden?: boolean;
  /** The path as the platform builds it before lower-casing it (writtenPagePath); undefined: the path itself. */
  written?: string;
}

/**
 * Clash suffixes as the platform adds them inside a generated group (@mintlify/common
 * generateUniqueFilenameWithoutExtension, called by @mintlify/scraping's processOpenApiPath and
 * processOpenApiWebhook with the group's list of pages): a path an earlier page of the group has
 * gets `-1`, `-2`, …, the first such suffix no earlier page has (so `a, a, a-1` is `a, a-1,
 * a-1-1`: a later page's own path is not looked ahead at). The list holds the lower-cased paths of
 * the visible pages only, and the path looked up is the one as written: with capitals in it (a
 * `directory` or `x-mint.href` written so) it is never found, so the page gets no suffix and shares
 * its path with any other (the platform serves the one written last there); an `x-hidden` page is
 * suffixed like any other, but no later page is compared with its path. Linear where the platform
 * is quadratic: one counter per base path, which only moves forward (the list only grows).
 */
export function suffixClashes(paths: readonly string[], facts: readonly ClashFacts[] = []): string[] {
  const given = new Set<string>();
  const next = new Map<string, number>();
  return paths.map((path, i) => {
    const { hidden = false, written = path } = facts[i] ?? {};
    let page = path;
    if (written === written.toLowerCase() && given.has(path)) {
      let n = next.get(path) ?? 1;
      while (given.has(`${path}-${n}`)) n++;
      next.set(path, n);
      page = `${path}-${n}`;
    }
    if (!hidden) given.add(page.toLowerCase());
    return page;
  });
}

/** One page of bulk generation. */
interface GeneratedPage {
  operation: Operation;
  /** The page path, clash suffix included. */
  page: string;
  /** The page path before any clash suffix. */
  base: string;
  title: string;
}

/** One generated group: one per first tag, in first-seen order; untagged operations share one. */
export interface GeneratedGroup {
  /** The first tag the group collects, or undefined for the untagged group. */
  tag?: string;
  label: string;
  pages: GeneratedPage[];
}

/**
 * Bulk generation for an element with its own `openapi` (§2, §3): every operation not
 * marked `x-excluded`, grouped by first tag, with clash suffixes inside each group.
 * `x-hidden` operations keep their page (and are suffixed, but later pages are not compared
 * with theirs: suffixClashes); the caller hides them. Grouped by label, as the platform does.
 */
export function generatedGroups(spec: SpecDocument, directory?: string): GeneratedGroup[] {
  const labels = tagGroups(spec);
  // One group per label, as the platform's findNavGroup finds them (getTagDisplayName: the tag's
  // `x-group`, else its name): two tags with one `x-group` are one group, in document order, suffixed together.
  const groups = new Map<string, { group: GeneratedGroup; operations: Operation[] }>();
  for (const op of indexSpec(spec).operations) {
    if (op.excluded) continue;
    const label = groupLabel(op, labels);
    let entry = groups.get(label);
    if (!entry) {
      const group: GeneratedGroup = { label, pages: [] };
      if (op.tags.length > 0) group.tag = op.tags[0];
      entry = { group, operations: [] };
      groups.set(label, entry);
    }
    entry.operations.push(op);
  }
  return [...groups.values()].map(({ group, operations }) => {
    const bases = operations.map((op) => generatedPagePath(op, directory));
    const pages = suffixClashes(
      bases,
      operations.map((op) => ({ hidden: op.hidden, written: writtenPagePath(op, directory) })),
    );
    group.pages = operations.map((operation, i) => ({ operation, page: pages[i], base: bases[i], title: pageTitle(operation, pages[i]) }));
    return group;
  });
}

// ---------------------------------------------------------------------------------------
// Matching explicit entries (`GET /users`, `webhook petDeleted`) to operations.

/** A spec's operations, indexed for entry lookups. Build once per spec (indexSpec). */
export interface OperationIndex {
  readonly operations: readonly Operation[];
  /** Path key -> method -> operation. */
  readonly paths: ReadonlyMap<string, ReadonlyMap<HttpMethod, Operation>>;
  /** Webhook name -> operation. */
  readonly webhooks: ReadonlyMap<string, Operation>;
}

export type OperationMatch =
  | { kind: 'found'; operation: Operation }
  /** Up to 3 path keys, best first; empty when none is plausibly meant. */
  | { kind: 'path-not-found'; suggestions: string[] }
  /** `path` is the path key that matched; `methods` are the ones it has, in platform order. */
  | { kind: 'method-not-found'; path: string; methods: HttpMethod[] };

export type WebhookMatch = { kind: 'found'; operation: Operation } | { kind: 'webhook-not-found'; suggestions: string[] };

interface IndexInternals {
  /** Path key with one trailing `/` removed -> path keys, in document order. */
  loose: Map<string, string[]>;
  pathSuggester: Suggester;
  webhookSuggester: Suggester;
}

const internals = new WeakMap<OperationIndex, IndexInternals>();
const specIndexes = new WeakMap<object, OperationIndex>();

/** The operation index of a spec object, built on first use and kept while the spec lives. */
export function indexSpec(spec: SpecDocument): OperationIndex {
  const doc: unknown = spec;
  if (typeof doc !== 'object' || doc === null) return indexOperations([]);
  let index = specIndexes.get(doc);
  if (!index) specIndexes.set(doc, (index = indexOperations(listOperations(spec))));
  return index;
}

/** Index a list of operations (as listOperations returns them). */
export function indexOperations(operations: readonly Operation[]): OperationIndex {
  const paths = new Map<string, Map<HttpMethod, Operation>>();
  const webhooks = new Map<string, Operation>();
  const loose = new Map<string, string[]>();
  for (const op of operations) {
    if (op.method === 'webhook') {
      if (!webhooks.has(op.path)) webhooks.set(op.path, op);
      continue;
    }
    let methods = paths.get(op.path);
    if (!methods) {
      paths.set(op.path, (methods = new Map<HttpMethod, Operation>()));
      const key = withoutTrailingSlash(op.path);
      const keys = loose.get(key);
      if (keys) keys.push(op.path);
      else loose.set(key, [op.path]);
    }
    if (!methods.has(op.method)) methods.set(op.method, op);
  }
  const index: OperationIndex = { operations, paths, webhooks };
  internals.set(index, {
    loose,
    pathSuggester: new Suggester([...paths.keys()], pathTemplate),
    webhookSuggester: new Suggester([...webhooks.keys()], (name) => name.toLowerCase()),
  });
  return index;
}

/**
 * The operation an entry `METHOD path` names (§2): path keys compared exactly, then
 * ignoring one trailing `/` on either side; the method case-insensitively.
 */
export function findOperation(index: OperationIndex, method: string, path: string): OperationMatch {
  const wanted = method.toLowerCase() as HttpMethod;
  // The common case first: the path as written, with that method.
  const exact = index.paths.get(path)?.get(wanted);
  if (exact) return { kind: 'found', operation: exact };
  const own = internalsOf(index);
  const candidates: string[] = [];
  if (index.paths.has(path)) candidates.push(path);
  for (const key of own.loose.get(withoutTrailingSlash(path)) ?? []) if (key !== path) candidates.push(key);
  if (candidates.length === 0) return { kind: 'path-not-found', suggestions: own.pathSuggester.suggest(path) };
  const methods = new Set<HttpMethod>();
  for (const key of candidates) {
    const operations = index.paths.get(key)!;
    const operation = operations.get(wanted);
    if (operation) return { kind: 'found', operation };
    for (const m of operations.keys()) methods.add(m);
  }
  return { kind: 'method-not-found', path: candidates[0], methods: HTTP_METHODS.filter((m) => methods.has(m)) };
}

/**
 * The platform's front-matter lookup of `METHOD path` in one spec (@mintlify/common,
 * dist/openapi/findOpenApiPath.js and getOpenApiOperationMethodAndEndpoint.js): the path item at
 * the path key as written, else at the first key, in the spec's order, equal to it up to one
 * trailing `/`; then its operation for the method. Undefined when no path item matches; null when
 * the one that matches lacks the method (the platform looks no further).
 */
export function pathOperation(index: OperationIndex, method: string, path: string): Operation | null | undefined {
  const key = index.paths.has(path) ? path : internalsOf(index).loose.get(withoutTrailingSlash(path))?.[0];
  if (key === undefined) return undefined;
  return index.paths.get(key)!.get(method.toLowerCase() as HttpMethod) ?? null;
}

/** The webhook an entry `webhook name` names (exact name). */
export function findWebhook(index: OperationIndex, name: string): WebhookMatch {
  const operation = index.webhooks.get(name);
  if (operation) return { kind: 'found', operation };
  return { kind: 'webhook-not-found', suggestions: internalsOf(index).webhookSuggester.suggest(name) };
}

function internalsOf(index: OperationIndex): IndexInternals {
  let own = internals.get(index);
  if (!own) {
    // An index built by hand (not by indexOperations): index its operations now.
    own = internals.get(indexOperations(index.operations))!;
    internals.set(index, own);
  }
  return own;
}

function withoutTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** A path key with parameter names and case ignored: `/Users/{id}/` -> `/users/{}`. */
function pathTemplate(path: string): string {
  return withoutTrailingSlash(replaceBraced(path.toLowerCase(), '{}'));
}
