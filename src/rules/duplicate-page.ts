import { entryKey, parseEntry, type PageEntry } from '../navigation/entries.js';
import { isUrl, openapiSources, rootRelative } from '../navigation/openapi.js';
import { pointerOf, type ElementNode } from '../navigation/walk.js';
import type { Rule } from './types.js';
import { describeElement } from './describe.js';

/** The same page (or endpoint) listed twice in one version/language section. */
export const duplicatePage: Rule = {
  code: 'duplicate-page',
  create(context) {
    // Page -> the element that lists it first. Not the page node itself: holding 50,000 page
    // nodes would keep them all alive through garbage collection, the main cost of this rule.
    const seen = new Map<ElementNode, Map<string, ElementNode>>();
    const specsOfScope = new Map<unknown, string>();
    const keyOf = (entry: PageEntry, parent: ElementNode) => (entry.kind === 'page' ? entry.clean : endpointKey(entry, parent, specsOfScope));
    return {
      page(node) {
        const key = keyOf(node.entry, node.parent);
        if (key === '') return;
        let pages = seen.get(node.parent.section);
        if (!pages) seen.set(node.parent.section, (pages = new Map()));
        const first = pages.get(key);
        if (!first) {
          pages.set(key, node.parent);
          return;
        }
        // Rare: find where in the first element's list the page is.
        const list = first.value.pages as unknown[];
        const index = list.findIndex((item) => typeof item === 'string' && keyOf(parseEntry(item), first) === key);
        const where = first === node.parent ? 'earlier in the same list' : `in ${describeElement(first)}`;
        context.report({
          message: `"${node.value}" is already listed ${where} (${pointerOf(first.path, 'pages', index)}); the same page appears once per section.`,
          pointer: pointerOf(node.path),
        });
      },
    };
  },
};

/**
 * An endpoint entry is the same page as another only with the same spec: `GET /a` under two
 * different `openapi` scopes are two pages; `spec.json GET /a` and `GET /a` with spec.json in scope are one.
 */
function endpointKey(entry: Exclude<PageEntry, { kind: 'page' }>, parent: ElementNode, specsOfScope: Map<unknown, string>): string {
  let spec: string;
  if (entry.specfile !== undefined) {
    spec = specKey([entry.specfile]);
  } else {
    // Thousands of entries share one scope: name its specs once.
    const scope = parent.openapi?.value;
    let known = specsOfScope.get(scope);
    if (known === undefined) specsOfScope.set(scope, (known = specKey(openapiSources(scope).map(({ source }) => source))));
    spec = known;
  }
  return `${spec}\0${entryKey(entry)}`;
}

function specKey(sources: readonly string[]): string {
  return sources.map((source) => (isUrl(source) ? source : rootRelative(source))).join(',');
}
