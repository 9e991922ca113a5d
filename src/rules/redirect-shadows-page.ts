import { isPattern, pathOf } from '../redirects/follow.js';
import { message } from '../messages.js';
import type { SiteRule } from '../site/rule.js';

const MESSAGES = {
  generatedPage:
    'Redirect source "{source}" is also the URL of the generated page "/{path}": only one of the two can answer it; remove the redirect, or the page if it has moved.',
  page: 'Redirect source "{source}" is also the URL of the page {file}: only one of the two can answer it; remove the redirect, or the page if it has moved.',
} as const;

/**
 * A redirect whose source is exactly the URL of a page the site serves (listed, or a page file
 * served without being listed). Only one of the two can answer that URL. The platform's serving
 * code is not public (its CLI has the link checker, which takes the page first); hosts built on
 * Next.js apply redirects before pages, which would hide the page. Either way one of them is dead.
 */
export const redirectShadowsPage: SiteRule = {
  code: 'redirect-shadows-page',
  reads: ['redirects'],
  messages: MESSAGES,
  checkSite(context) {
    const { site, redirects } = context;
    for (const redirect of redirects.redirects) {
      const source = redirect.source;
      if (/[?#]/.test(source)) continue;
      const path = pathOf(source);
      if (path === '' || isPattern(path)) continue;
      const page = site.pageAt(path);
      if (!page) continue;
      context.report({
        message:
          page.file !== undefined ? message(MESSAGES, 'page', { source, file: page.file }) : message(MESSAGES, 'generatedPage', { source, path: page.path }),
        pointer: `${redirect.pointer}/source`,
      });
    }
  },
};
