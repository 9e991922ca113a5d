import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ruleDocPath, type Code } from '../codes.js';
import { packageRoot } from '../package-root.js';

/**
 * Where reports point for a rule's documentation. The docs (`docs/rules/<code>.md`) ship inside
 * the package, so a terminal report names the installed file; a report read elsewhere (SARIF on
 * GitHub, the job summary) can only link a copy published at an address the user gives, since
 * docsnav has no public home yet.
 */
export interface RuleDocsOptions {
  /**
   * A published copy of `docs/rules/` (an http or https URL; `<code>.md` is appended), e.g. the
   * folder on the git host docsnav is installed from. Without it: `pretty` names the shipped
   * file, SARIF carries the whole doc in `help.markdown` and no `helpUri`, and the job summary
   * shows the code without a link.
   */
  ruleDocsUrl?: string;
}

/** Whether `value` is an http(s) URL that `<code>.md` can be appended to. */
export function isRuleDocsUrl(value: string): boolean {
  return URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);
}

/** The rule's documentation at the published copy, or undefined when none was given. */
export function ruleDocUrl(code: Code, options: RuleDocsOptions = {}): string | undefined {
  const base = options.ruleDocsUrl;
  if (base === undefined || base === '') return undefined;
  return `${base.endsWith('/') ? base : `${base}/`}${code}.md`;
}

/** The absolute path of the rule's documentation in the installed package, when it is there. */
export function ruleDocFile(code: Code): string | undefined {
  const root = packageRoot();
  return root === undefined ? undefined : path.join(root, ruleDocPath(code));
}

/** The rule's documentation as the package ships it (Markdown), or undefined when it is not there. */
export function ruleDocText(code: Code): string | undefined {
  const file = ruleDocFile(code);
  if (file === undefined) return undefined;
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * What a terminal report prints for the rule's documentation: the published URL when given,
 * else the shipped file, relative to `cwd` when it is inside it (`node_modules/docsnav/docs/rules/…`,
 * which editors' terminals open on a click), else absolute.
 */
export function ruleDocLink(code: Code, options: RuleDocsOptions & { cwd?: string } = {}): string {
  const url = ruleDocUrl(code, options);
  if (url !== undefined) return url;
  const file = ruleDocFile(code);
  if (file === undefined) return `${ruleDocPath(code)} in the docsnav package`;
  const relative = path.relative(options.cwd ?? process.cwd(), file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative.split(path.sep).join('/');
}
