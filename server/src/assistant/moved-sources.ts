/**
 * A follow-up in a thread whose last answer came from an older deployment is answered from the
 * current one (retention keeps at most one older deployment's texts, store/retention.ts); when
 * the pages that answer cited are not where they were, the answer says so first, in the
 * assistant's own voice (as "I could not find a page that answers this directly" is said), with
 * where each went when its page or section is found under the same title.
 */
import { pageUrl } from '../search/retrieve.js';
import type { SectionIndex } from '../search/section-index.js';
import { lastAnswer } from '../store/assistant.js';
import type { Queryable } from '../store/store.js';

/** Sources named in the notice at most (the rest are counted). */
const MOST_NAMED = 5;

/**
 * The line that opens a follow-up's answer when the sources of the thread's last answer moved
 * since, or undefined (the same deployment, or every source still where it was).
 */
export async function movedSourcesNotice(db: Queryable, threadId: string, deploymentId: string, index: SectionIndex): Promise<string | undefined> {
  const last = await lastAnswer(db, threadId);
  if (!last || last.deploymentId === deploymentId) return undefined;
  // Where each section is now (`/page#anchor`), and what it is called (a source's title).
  const urls = new Set<string>();
  const byTitle = new Map<string, string>();
  for (const page of index.pages) {
    const url = pageUrl(page.path);
    urls.add(url);
    for (const position of page.sections) {
      const section = index.sections[position];
      const title = section.heading && section.heading !== section.pageTitle ? `${section.pageTitle}: ${section.heading}` : section.pageTitle;
      const at = `${url}${section.anchor ? `#${section.anchor}` : ''}`;
      urls.add(at);
      if (!byTitle.has(title)) byTitle.set(title, at);
    }
  }
  const moved = last.sources.filter((source) => typeof source?.url === 'string' && !urls.has(source.url));
  if (moved.length === 0) return undefined;
  const named = moved.slice(0, MOST_NAMED).map((source) => {
    const now = byTitle.get(source.title);
    return now ? `${source.title} (${source.url}) is now at ${now}` : `${source.title} (${source.url}) is no longer in the documentation`;
  });
  const more = moved.length > MOST_NAMED ? `; and ${moved.length - MOST_NAMED} more` : '';
  return `The documentation has changed since my previous answer in this thread, and pages it cited moved: ${named.join('; ')}${more}. This answer is from the current documentation.`;
}
