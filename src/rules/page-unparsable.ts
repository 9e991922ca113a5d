import { message } from '../messages.js';
import type { SiteRule } from '../site/rule.js';

const MESSAGES = {
  unparsable: 'This page does not parse as MDX: {error} Its links are not checked.',
} as const;

/**
 * A page (or snippet) whose body does not parse as MDX: the platform cannot build it, and its
 * links are not checked.
 */
export const pageUnparsable: SiteRule = {
  code: 'page-unparsable',
  reads: ['pages'],
  messages: MESSAGES,
  readsPages: true,
  checkSite({ pages, reportInPage }) {
    for (const file of pages.files) {
      const body = pages.get(file);
      const error = body?.scan.error;
      if (!body || !error) continue;
      const at = Math.min(error.offset, body.text.length);
      reportInPage(body, {
        message: message(MESSAGES, 'unparsable', { error: error.message.replace(/\.?$/, '.') }),
        span: [at, Math.min(at + 1, body.text.length)],
      });
    }
  },
};
