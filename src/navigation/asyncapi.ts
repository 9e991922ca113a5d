import type { ElementKind } from './model.js';
import { openapiSources } from './openapi.js';
import type { ElementNode } from './walk.js';

/** The elements whose `asyncapi` the platform reads (its divisions and groups; not the root, not `global`'s entries). */
const READS_ASYNCAPI: ReadonlySet<ElementKind> = new Set<ElementKind>(['group', 'tab', 'anchor', 'dropdown', 'product', 'version', 'language', 'item']);

function namesAsyncapi(node: ElementNode): boolean {
  return node.value.asyncapi !== undefined && READS_ASYNCAPI.has(node.kind) && openapiSources(node.value.asyncapi).length > 0;
}

/**
 * Whether the platform makes channel pages from this element's own `asyncapi`. Unlike `openapi`,
 * nothing is inherited, and the platform reads only the outermost: once an element's channels
 * are generated it does not look below it, so an `asyncapi` inside one is never read (not even
 * to find its file missing). On the root it makes no pages (@mintlify/prebuild 1.0.1341,
 * generateAsyncApiFromDocsConfig; confirmed by building).
 */
export function generatesAsyncapi(node: ElementNode): boolean {
  return namesAsyncapi(node) && asyncapiReadAbove(node) === undefined;
}

/** The element above this one whose `asyncapi` the platform reads (so it never looks at this one's), if any. */
export function asyncapiReadAbove(node: ElementNode): ElementNode | undefined {
  let outermost: ElementNode | undefined;
  for (let above = node.parent; above; above = above.parent) if (namesAsyncapi(above)) outermost = above;
  return outermost;
}
