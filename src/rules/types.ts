import type { Code } from '../codes.js';
import type { DocsFiles } from '../docs-root.js';
import type { Profile } from '../config/profiles.js';
import type { Finding } from '../problem.js';
import type { NavigationVisitor } from '../navigation/walk.js';
import type { SiteRule } from '../site/rule.js';

export interface RuleContext {
  report(finding: Omit<Finding, 'code'>): void;
  /** Language codes accepted besides the profile's. */
  readonly languageCodes: ReadonlySet<string>;
  /** The contract checked against: what the hosted platform accepts (default) or the spec. */
  readonly profile: Profile;
  /** Present only when a docs root is known (the CLI: the file's folder; the API: `root`). */
  readonly files: DocsFiles | undefined;
  /**
   * Under the platform profile, the child arrays the platform drops whole for a malformed entry in
   * them (schema/lost-arrays.ts), each as the array's pointer: never the one it keeps beside others.
   */
  readonly lostArrays?: ReadonlySet<string>;
}

/** A semantic rule: a small pure visitor over the walked navigation. */
export interface NavigationRule {
  code: Code;
  create(context: RuleContext): NavigationVisitor;
}

/** Every rule is one or the other; the registry holds both. */
export type Rule = NavigationRule | SiteRule;

/** True for a rule that visits the navigation (false: a site rule). */
export function isNavigationRule(rule: Rule): rule is NavigationRule {
  return 'create' in rule;
}
