import { isTidyPage, parseEntry, tidyPage } from '../../src/navigation/entries.js';
import { escapesRoot, isUrl, rootRelative } from '../../src/navigation/openapi.js';

/**
 * A plain page path is one the rules and the tree skip their pattern checks for (rules that set
 * `plainPages: false` are not even called). So "plain" must imply every one of those checks
 * passes; these tests hold that on crafted strings and on every page string of the corpus.
 */
export function passesEveryCheck(page: string): boolean {
  return (
    isTidyPage(page) &&
    tidyPage(page) === page &&
    parseEntry(page).kind === 'page' &&
    !isUrl(page) &&
    !escapesRoot(rootRelative(page)) &&
    rootRelative(page) === page &&
    // The tree's unsafe-slug checks: `?#:&%`, whitespace, backslash, control characters, drive letters.
    !/[?#:&%\s\\\u0000-\u001f\u007f]/.test(page) &&
    !/(^|\/)\.\.?(\/|$)|^\//.test(page)
  );
}
