import { SYNTAX_MESSAGES, syntaxIssues } from '../redirects/syntax.js';
import type { SiteRule } from '../site/rule.js';

/**
 * A redirect written so that it never applies (a source with a `#fragment` or `?query`, a URL or
 * an empty string as source), or that sends readers to a URL nobody meant (a destination `:name`
 * the source does not have, more `*` than the source has). The platform's schema accepts any two
 * strings, so its build does not say. A source that never applies is a warning; a destination
 * filled in wrong is an error.
 */
export const redirectPattern: SiteRule = {
  code: 'redirect-pattern',
  reads: ['redirects'],
  messages: SYNTAX_MESSAGES,
  checkSite(context) {
    const { redirects } = context;
    for (const redirect of redirects.redirects) {
      for (const issue of syntaxIssues(redirect)) {
        context.report({
          message: issue.message,
          pointer: `${redirect.pointer}/${issue.field}`,
          ...(issue.field === 'source' ? { severity: 'warning' as const } : {}),
        });
      }
    }
  },
};
