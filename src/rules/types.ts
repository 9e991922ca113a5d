import type { Code } from '../codes.js';
import type { Profile } from '../config/profiles.js';
import type { Finding } from '../problem.js';
import type { NavigationVisitor } from '../navigation/walk.js';

/** The docs root as the rules see it: lookups only, no paths to read. */
export interface DocsFiles {
  /** The root folder, as shown in messages. */
  readonly root: string;
  /** True when a file exists at this path, relative to the root with `/` separators. */
  hasFile(relativePath: string): boolean;
  /** The file names in a folder relative to the root (`""` for the root), for suggestions. */
  filesIn(relativeFolder: string): readonly string[];
}

export interface RuleContext {
  report(finding: Omit<Finding, 'code'>): void;
  /** Language codes accepted besides the profile's. */
  readonly languageCodes: ReadonlySet<string>;
  /** The contract checked against: the spec (default) or what the hosted platform accepts. */
  readonly profile: Profile;
  /** Present only when a docs root is known (the CLI: the file's folder; the API: `root`). */
  readonly files: DocsFiles | undefined;
}

/** A semantic rule: a small pure visitor over the walked navigation. */
export interface Rule {
  code: Code;
  create(context: RuleContext): NavigationVisitor;
}
