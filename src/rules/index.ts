import type { Code, codes } from '../codes.js';
import { duplicateDefault } from './duplicate-default.js';
import { duplicatePage } from './duplicate-page.js';
import { endpointNoSpec } from './endpoint-no-spec.js';
import { expandedTopLevel } from './expanded-top-level.js';
import { externalHref } from './external-href.js';
import { hrefDropsPages } from './href-drops-pages.js';
import { languageCode } from './language-code.js';
import { mixedChildren } from './mixed-children.js';
import { openapiNotFound } from './openapi-not-found.js';
import { asyncapiNotFound } from './asyncapi-not-found.js';
import { asyncapiIgnored } from './asyncapi-ignored.js';
import { graphqlNotFound } from './graphql-not-found.js';
import { pageNotFound } from './page-not-found.js';
import { pagePath } from './page-path.js';
import { pathOutsideRoot } from './path-outside-root.js';
import { primaryPattern } from './primary-pattern.js';
import { redirectMissing } from './redirect-missing.js';
import { redirectChain } from './redirect-chain.js';
import { redirectLoop } from './redirect-loop.js';
import { redirectNotFound } from './redirect-not-found.js';
import { redirectPattern } from './redirect-pattern.js';
import { redirectShadowsPage } from './redirect-shadows-page.js';
import { schemaUrl } from './schema-url.js';
import { anchorNotFound } from './anchor-not-found.js';
import { linkNotFound } from './link-not-found.js';
import { pageUnparsable } from './page-unparsable.js';
import { isNavigationRule, type NavigationRule, type Rule } from './types.js';
import type { SiteRule } from '../site/rule.js';

export type { Rule, NavigationRule } from './types.js';
export type { SiteRule } from '../site/rule.js';

/**
 * The codes semantic rules report: every code whose source is `rule` in codes.ts, but
 * `mint-json-invalid`, which the platform profile's settings check reports (src/settings/mint-json.ts)
 * about another file than docs.json.
 */
export type RuleCode = Exclude<{ [C in Code]: (typeof codes)[C]['source'] extends 'rule' ? C : never }[Code], 'mint-json-invalid'>;

/**
 * The one registry of semantic rules, by the code each reports, in the order their problems are
 * reported. A code with source `rule` in codes.ts and no entry here does not compile.
 */
export const RULES = {
  'primary-pattern': primaryPattern,
  'mixed-children': mixedChildren,
  'href-drops-pages': hrefDropsPages,
  'language-code': languageCode,
  'external-href': externalHref,
  'expanded-top-level': expandedTopLevel,
  'duplicate-page': duplicatePage,
  'duplicate-default': duplicateDefault,
  'page-path': pagePath,
  'endpoint-no-spec': endpointNoSpec,
  'page-not-found': pageNotFound,
  'openapi-not-found': openapiNotFound,
  'asyncapi-not-found': asyncapiNotFound,
  'asyncapi-ignored': asyncapiIgnored,
  'graphql-not-found': graphqlNotFound,
  'path-outside-root': pathOutsideRoot,
  'schema-url': schemaUrl,
  'page-unparsable': pageUnparsable,
  'link-not-found': linkNotFound,
  'anchor-not-found': anchorNotFound,
  'redirect-missing': redirectMissing,
  // Site rules over docs.json's redirects.
  'redirect-pattern': redirectPattern,
  'redirect-not-found': redirectNotFound,
  'redirect-loop': redirectLoop,
  'redirect-chain': redirectChain,
  'redirect-shadows-page': redirectShadowsPage,
} satisfies Record<RuleCode, Rule>;

/** Every rule, in report order. */
export const rules: readonly Rule[] = Object.values(RULES);

/** The rules that visit the navigation, walked together in one pass. */
export const navigationRules: readonly NavigationRule[] = rules.filter(isNavigationRule);

/** The rules over the whole site, run once the page tree is built. */
export const siteRules: readonly SiteRule[] = rules.filter((rule): rule is SiteRule => !isNavigationRule(rule));
