/** Page sections for the search and answer tests: a blank one, with what a test sets. */
import type { PageSection } from '../src/store/deployments.js';

export const section = (over: Partial<PageSection>): PageSection => ({
  pagePath: 'p',
  pageKind: 'page',
  pageTitle: 'P',
  pageDescription: '',
  hidden: false,
  trail: [],
  heading: null,
  anchor: null,
  depth: 0,
  body: '',
  ...over,
});
