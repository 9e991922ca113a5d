import type { ElementKind } from './model.js';
import { isPlainObject } from './model.js';
import { openapiSources } from './openapi.js';
import type { ElementNode } from './walk.js';

/** The elements whose `asyncapi` the platform reads (its divisions and groups; not the root, not `global`'s entries). */
const READS_ASYNCAPI: ReadonlySet<ElementKind> = new Set<ElementKind>(['group', 'tab', 'anchor', 'dropdown', 'product', 'version', 'language', 'item']);

/** The keys of the `openapi` object form the platform's schema accepts (it is strict: any other fails it). */
const OPENAPI_OBJECT_KEYS: ReadonlySet<string> = new Set(['source', 'directory', 'overlays']);

/** A spec path or URL the platform's schema accepts (openapiStringSchema): not blank once trimmed, and a URL only with http(s). */
function acceptedSource(value: unknown): boolean {
  const trimmed = typeof value === 'string' ? value.trim() : '';
  return trimmed !== '' && (!URL.canParse(trimmed) || /^https?:$/.test(new URL(trimmed).protocol));
}

/** `{ source, directory?, overlays? }` as the platform's schema accepts it (openapiObjSchema). */
function acceptedObject(value: unknown): boolean {
  return (
    isPlainObject(value) &&
    Object.keys(value).every((key) => OPENAPI_OBJECT_KEYS.has(key)) &&
    acceptedSource(value.source) &&
    (value.directory === undefined || typeof value.directory === 'string') &&
    (value.overlays === undefined || (Array.isArray(value.overlays) && value.overlays.every(acceptedSource)))
  );
}

/**
 * Whether the platform's validator keeps a group's `openapi` (openApiSchema: a string, an array
 * of strings and objects, even empty, or an object). A group's `openapi` it rejects is dropped
 * without a word (`silentlyDropInvalid`), and then its `asyncapi` stays.
 */
function platformKeepsOpenapi(value: unknown): boolean {
  if (Array.isArray(value)) return value.every((item) => acceptedSource(item) || acceptedObject(item));
  return acceptedSource(value) || acceptedObject(value);
}

/**
 * Whether the platform drops this element's `asyncapi` for the `openapi` beside it: on a group
 * only (its own `openapi`; one inherited from above does not count), when the validator keeps
 * that `openapi`. @mintlify/validation 0.1.878 (the copy @mintlify/prebuild 1.0.1341 builds
 * with), dist/mint-config/schemas/v2/properties/navigation/groups.js, `groupSchema`'s
 * `.transform`: "if (group.openapi === undefined || group.asyncapi === undefined) return group",
 * else the group without `asyncapi`. No other element's schema does this (a tab, anchor,
 * dropdown, product, version, language or menu item keeps both). Confirmed by building
 * (test/resolve/asyncapi.corpus.test.ts, its groups beside openapi).
 */
export function asyncapiLostToOpenapi(node: ElementNode): boolean {
  return node.kind === 'group' && node.value.openapi !== undefined && platformKeepsOpenapi(node.value.openapi);
}

/** Whether the element names an `asyncapi` the platform reads (`platform`: as its validator leaves it, else as written). */
function namesAsyncapi(node: ElementNode, platform: boolean): boolean {
  return (
    node.value.asyncapi !== undefined &&
    READS_ASYNCAPI.has(node.kind) &&
    openapiSources(node.value.asyncapi).length > 0 &&
    !(platform && asyncapiLostToOpenapi(node))
  );
}

/**
 * Whether the platform makes channel pages from this element's own `asyncapi`. Unlike `openapi`,
 * nothing is inherited, and the platform reads only the outermost: once an element's channels
 * are generated it does not look below it, so an `asyncapi` inside one is never read (not even
 * to find its file missing). On the root it makes no pages (@mintlify/prebuild 1.0.1341,
 * generateAsyncApiFromDocsConfig; confirmed by building). `platform` (the platform profile):
 * a group's `asyncapi` beside its `openapi` is dropped first (`asyncapiLostToOpenapi`), so it
 * makes no pages and hides none below it.
 */
export function generatesAsyncapi(node: ElementNode, platform: boolean): boolean {
  return namesAsyncapi(node, platform) && asyncapiReadAbove(node, platform) === undefined;
}

/** The element above this one whose `asyncapi` the platform reads (so it never looks at this one's), if any. */
export function asyncapiReadAbove(node: ElementNode, platform: boolean): ElementNode | undefined {
  let outermost: ElementNode | undefined;
  for (let above = node.parent; above; above = above.parent) if (namesAsyncapi(above, platform)) outermost = above;
  return outermost;
}
