import { isPattern, pathOf } from '../redirects/follow.js';
import type { SiteRule } from './types.js';

/**
 * A redirect whose source is exactly the URL of a page the site serves (listed, or a page file
 * served without being listed). Only one of the two can answer that URL. The platform's serving
 * code is not public (its CLI has the link checker, which takes the page first); hosts built on
 * Next.js apply redirects before pages, which would hide the page. Either way one of them is dead.
 */
export const redirectShadowsPage: SiteRule = {
  code: 'redirect-shadows-page',
  checkSite(context) {
    const { site, redirects } = context;
    for (const redirect of redirects.redirects) {
      const source = redirect.source;
      if (/[?#]/.test(source)) continue;
      const path = pathOf(source);
      if (path === '' || isPattern(path)) continue;
      const page = site.pageAt(path);
      if (!page) continue;
      const what = page.file !== undefined ? `the page ${page.file}` : `the generated page "/${page.path}"`;
      context.report({
        message: `Redirect source "${source}" is also the URL of ${what}: only one of the two can answer it; remove the redirect, or the page if it has moved.`,
        pointer: `${redirect.pointer}/source`,
      });
    }
  },
};
