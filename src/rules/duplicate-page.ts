import { entryKey, pageIdentity, parseEntry, tidyPage, type PageEntry } from '../navigation/entries.js';
import { PAGE_FIELDS } from '../navigation/model.js';
import { isUrl, openapiSources, rootRelative } from '../navigation/openapi.js';
import { listedInOwnPages, pointerOf, walkNavigation, type ElementNode, type NavigationVisitor } from '../navigation/walk.js';
import type { NavigationRule, RuleContext } from './types.js';
import { describeElement } from './describe.js';

/**
 * The same page listed twice where the platform shows it twice: in one `pages` list, or in two
 * groups of one tab (anchor, dropdown, product, menu item, version, language or root). Listing
 * a page in two tabs, products, … is a deliberate pattern on real sites and is not reported.
 * The same page in two languages is: the platform documents it as undefined behaviour.
 */
export const duplicatePage: NavigationRule = {
  code: 'duplicate-page',
  create(context) {
    const specsOfScope = new Map<unknown, string>();
    // A page is its URL on the platform (pageIdentity): `"/p4"` and `"p4/"` are `p4`, `" p4"` and `"p4.mdx"` are not.
    const keyOf = (entry: PageEntry, parent: ElementNode) => (entry.kind === 'page' ? pageIdentity(entry.page) : endpointKey(entry, parent, specsOfScope));
    // Every page once: a set, one hash probe per page and no node kept. Pages listed more
    // than once are rare; a second walk works out where, for them alone, and reports.
    const seen = new Set<string>();
    const repeated = new Set<string>();
    let docs: unknown;
    return {
      document(value) {
        docs = value;
      },
      page(node) {
        // A group's `root` that its own `pages` list too is one page (the entry there counts).
        // Stryker disable next-line ConditionalExpression: equivalent: counted twice, such a root is only a candidate; the second walk leaves it out too and finds the page once.
        if (listedInOwnPages(node)) return;
        const key = node.plain ? node.value : keyOf(node.entry, node.parent);
        if (key === '') return;
        const size = seen.size;
        // Stryker disable next-line ConditionalExpression: equivalent: `repeated` holds candidates; the second walk reports only a page it meets twice.
        if (seen.add(key).size === size) repeated.add(key);
      },
      leave(node) {
        if (node.parent !== undefined) return;
        // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent: with no candidate, the second walk says nothing.
        if (repeated.size === 0) return;
        walkNavigation(docs, [reportRepeats(context, repeated, keyOf)]);
      },
    };
  },
};

/** The second walk: where each page of `repeated` is listed, and what the platform makes of it. */
function reportRepeats(context: RuleContext, repeated: ReadonlySet<string>, keyOf: (entry: PageEntry, parent: ElementNode) => string): NavigationVisitor {
  // Each element's list scope (the nearest element above it that is not a group, or itself)
  // and language code, worked out once from its parent's.
  const scopeOf = new Map<ElementNode, ElementNode>();
  const languageOf = new Map<ElementNode, string | undefined>();
  // Where each repeated page is listed, and what was said.
  const elsewhere = new Map<string, Elsewhere>();
  const scopeOfElement = (element: ElementNode) => scopeOf.get(element) ?? element;
  return {
    element(node) {
      const above = node.parent;
      scopeOf.set(node, node.kind === 'group' && above ? scopeOfElement(above) : node);
      const code = node.value.language;
      languageOf.set(node, node.kind === 'language' && typeof code === 'string' ? code : above ? languageOf.get(above) : undefined);
    },
    page(node) {
      if (listedInOwnPages(node)) return;
      const key = node.plain ? node.value : keyOf(node.entry, node.parent);
      // Stryker disable next-line ConditionalExpression: equivalent: a page listed once is met once, and nothing is said of it.
      if (!repeated.has(key)) return;
      // The same scope shows it twice; another language leaves it undefined.
      const parent = node.parent;
      const scope = scopeOfElement(parent);
      let other = elsewhere.get(key);
      if (!other) {
        other = { scopes: new Map(), reported: new Set() };
        elsewhere.set(key, other);
      }
      const inScope = other.scopes.get(scope);
      if (inScope) {
        const where = inScope === parent ? 'earlier in the same list' : `in ${describeElement(inScope)}`;
        context.report({
          message: `"${node.value}" is already listed ${where} (${listingPointer(inScope, key, keyOf)}); the platform would show it twice.`,
          pointer: pointerOf(node.path),
        });
        return;
      }
      other.scopes.set(scope, parent);
      const language = languageOf.get(parent);
      if (language === undefined) return;
      if (!other.languages) other.languages = new Map();
      const [firstLanguage, firstElement] = other.languages.entries().next().value ?? [];
      if (!other.languages.has(language)) other.languages.set(language, parent);
      if (firstLanguage === undefined || firstLanguage === language || other.reported.has(language)) return;
      other.reported.add(language);
      context.report({
        message: `"${node.value}" is also listed in the language "${firstLanguage}" (${listingPointer(firstElement!, key, keyOf)}); the platform leaves one page in two languages undefined. Give each language its own page path.`,
        pointer: pointerOf(node.path),
      });
    },
  };
}

/** Where else a page listed more than once is listed, and which languages were already reported. */
interface Elsewhere {
  /** Scope -> the element that lists it first there. */
  scopes: Map<ElementNode, ElementNode>;
  /** Language -> the element that lists it first in that language (first language first). */
  languages?: Map<string, ElementNode>;
  reported: Set<string>;
}

/** Where in an element a page is listed: a page-valued field (`root`) or its `pages` (rare: only when a duplicate is reported). */
function listingPointer(element: ElementNode, key: string, keyOf: (entry: PageEntry, parent: ElementNode) => string): string {
  const field = PAGE_FIELDS[element.kind].find((name) => {
    const value = element.value[name];
    return typeof value === 'string' && tidyPage(value) === key;
  });
  if (field !== undefined) return pointerOf(element.path, field);
  const list = Array.isArray(element.value.pages) ? (element.value.pages as unknown[]) : [];
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
    // Stryker disable next-line ConditionalExpression: equivalent: a cache; named again, the scope's specs are the same.
    if (known === undefined) specsOfScope.set(scope, (known = specKey(openapiSources(scope).map(({ source }) => source))));
    spec = known;
  }
  return `${spec}\0${entryKey(entry)}`;
}

function specKey(sources: readonly string[]): string {
  return sources.map((source) => (isUrl(source) ? source : rootRelative(source))).join(',');
}
