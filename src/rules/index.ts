import type { Code } from '../codes.js';
import { duplicateDefault } from './duplicate-default.js';
import { duplicatePage } from './duplicate-page.js';
import { endpointNoSpec } from './endpoint-no-spec.js';
import { expandedTopLevel } from './expanded-top-level.js';
import { externalHref } from './external-href.js';
import { languageCode } from './language-code.js';
import { mixedChildren } from './mixed-children.js';
import { openapiNotFound } from './openapi-not-found.js';
import { pageNotFound } from './page-not-found.js';
import { pagePath } from './page-path.js';
import { pathOutsideRoot } from './path-outside-root.js';
import { primaryPattern } from './primary-pattern.js';
import { schemaUrl } from './schema-url.js';
import type { Rule } from './types.js';

export type { DocsFiles, Rule, RuleContext } from './types.js';

/** The one registry of semantic rules, in the order their problems are reported. */
export const rules: readonly Rule[] = [
  primaryPattern,
  mixedChildren,
  languageCode,
  externalHref,
  expandedTopLevel,
  duplicatePage,
  duplicateDefault,
  pagePath,
  endpointNoSpec,
  pageNotFound,
  openapiNotFound,
  pathOutsideRoot,
  schemaUrl,
];

export const ruleCodes: ReadonlySet<Code> = new Set(rules.map((rule) => rule.code));
