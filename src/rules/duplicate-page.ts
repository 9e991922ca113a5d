import { entryKey, parseEntry, type PageEntry } from '../navigation/entries.js';
import { isUrl, openapiSources, rootRelative } from '../navigation/openapi.js';
import { pointerOf, type ElementNode } from '../navigation/walk.js';
import type { Rule } from './types.js';
import { describeElement } from './describe.js';

/**
 * The same page listed twice where the platform shows it twice: in one `pages` list, or in two
 * groups of one tab (anchor, dropdown, product, menu item, version, language or root). Listing
 * a page in two tabs, products, … is a deliberate pattern on real sites and is not reported.
 * The same page in two languages is: the platform documents it as undefined behaviour.
 */
export const duplicatePage: Rule = {
  code: 'duplicate-page',
  create(context) {
    // Each element's list scope (the nearest element above it that is not a group, or itself)
    // and language code, worked out once from its parent's.
    const scopeOf = new Map<ElementNode, ElementNode>();
    const languageOf = new Map<ElementNode, string | undefined>();
    // Page -> the element that lists it first. Not the page node itself: holding 50,000 page
    // nodes would keep them all alive through garbage collection, the main cost of this rule.
    const seen = new Map<ElementNode, Map<string, ElementNode>>();
    // Page -> language code -> the element that first lists it in that language.
    const languages = new Map<string, Map<string, ElementNode>>();
    const specsOfScope = new Map<unknown, string>();
    const keyOf = (entry: PageEntry, parent: ElementNode) => (entry.kind === 'page' ? entry.clean : endpointKey(entry, parent, specsOfScope));
    return {
      element(node) {
        const parent = node.parent;
        scopeOf.set(node, node.kind === 'group' && parent ? scopeOf.get(parent) ?? parent : node);
        const code = node.value.language;
        languageOf.set(node, node.kind === 'language' && typeof code === 'string' ? code : parent ? languageOf.get(parent) : undefined);
      },
      page(node) {
        const key = keyOf(node.entry, node.parent);
        if (key === '') return;
        const scope = scopeOf.get(node.parent) ?? node.parent;
        let pages = seen.get(scope);
        if (!pages) seen.set(scope, (pages = new Map()));
        const first = pages.get(key);
        if (first) {
          const where = first === node.parent ? 'earlier in the same list' : `in ${describeElement(first)}`;
          context.report({
            message: `"${node.value}" is already listed ${where} (${listingPointer(first, key, keyOf)}); the platform would show it twice.`,
            pointer: pointerOf(node.path),
          });
          return;
        }
        pages.set(key, node.parent);
        const language = languageOf.get(node.parent);
        if (language === undefined) return;
        let byLanguage = languages.get(key);
        if (!byLanguage) languages.set(key, (byLanguage = new Map()));
        if (byLanguage.has(language)) return;
        const firstListing = byLanguage.entries().next();
        byLanguage.set(language, node.parent);
        if (firstListing.done) return;
        const [otherLanguage, otherElement] = firstListing.value;
        context.report({
          message: `"${node.value}" is also listed in the language "${otherLanguage}" (${listingPointer(otherElement, key, keyOf)}); the platform leaves one page in two languages undefined. Give each language its own page path.`,
          pointer: pointerOf(node.path),
        });
      },
    };
  },
};

/** Where in an element's list a page is (rare: only when a duplicate is reported). */
function listingPointer(element: ElementNode, key: string, keyOf: (entry: PageEntry, parent: ElementNode) => string): string {
  const list = element.value.pages as unknown[];
  const index = list.findIndex((item) => typeof item === 'string' && keyOf(parseEntry(item), element) === key);
  return pointerOf(element.path, 'pages', index);
}

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
