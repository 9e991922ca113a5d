import path from 'node:path';
import { escapesRoot, isUrl } from '../navigation/openapi.js';
import { listedInOwnPages, pointerOf } from '../navigation/walk.js';
import { ignoredTest, whyNotAPage } from '../platform-ignores.js';
import { Suggester } from '../suggest.js';
import { shorten } from '../text.js';
import { kindIn, pageFileIn } from '../docs-root.js';
import type { NavigationRule } from './types.js';

const PAGE_EXTENSION = /\.mdx?$/i;

/** Every page has a `<page>.mdx` or `<page>.md` under the docs root, a regular file. */
export const pageNotFound: NavigationRule = {
  code: 'page-not-found',
  create(context) {
    const files = context.files;
    if (!files) return {};
    /** One suggester per folder, built on its first miss: N missing pages in a folder of N files cost N lookups, not N². */
    const suggesters = new Map<string, Suggester>();
    const suggesterOf = (dir: string): Suggester => {
      let suggester = suggesters.get(dir);
      // Stryker disable next-line ConditionalExpression: equivalent: a cache; made again, the folder's suggester is the same.
      if (!suggester) {
        const pages = files
          .filesIn(dir)
          .filter((name) => PAGE_EXTENSION.test(name))
          .map((name) => name.replace(PAGE_EXTENSION, ''));
        suggesters.set(dir, (suggester = new Suggester(pages, (name) => name.toLowerCase())));
      }
      return suggester;
    };
    return {
      page(node) {
        // A `root` its group's `pages` list too is reported there, once.
        if (listedInOwnPages(node)) return;
        const entry = node.entry;
        if (entry.kind !== 'page') return;
        const page = entry.clean;
        // A plain page path is neither a URL nor one that climbs out (path-outside-root's).
        if (!node.plain && (isUrl(entry.page) || page === '' || escapesRoot(page))) return;
        if (pageFileIn(files, page) !== undefined) return;
        const kinds = [`${page}.mdx`, `${page}.md`].map((file) => ({ file, kind: kindIn(files, file) }));
        // A symlink out of the root: path-outside-root says so.
        if (kinds.some(({ kind }) => kind === 'outside-root')) return;
        // A file the platform's build does not take for a page (issue 65: `changelog.md`).
        const unread = kinds.find(({ kind }) => kind === 'file');
        if (unread) {
          const why = whyNotAPage(unread.file, ignoredTest(undefined)) ?? 'its .mintignore leaves it out';
          context.report({
            message: `"${unread.file}" is not a page to the platform: ${why}. Its build lists "${page}" with no content ("is referenced in the docs.json navigation but the file does not exist") and titles it from the path.`,
            pointer: pointerOf(node.path),
          });
          return;
        }
        const odd = kinds.find(({ kind }) => kind !== undefined);
        if (odd) {
          context.report({
            message: `"${odd.file}" is ${odd.kind === 'folder' ? 'a folder' : odd.kind}, not a regular file; only regular files are read as pages.`,
            pointer: pointerOf(node.path),
          });
          return;
        }
        const folder = path.posix.dirname(page);
        const dir = folder === '.' ? '' : folder;
        const near = suggesterOf(dir).suggest(path.posix.basename(page))[0];
        const suggest = near === undefined ? undefined : dir ? `${dir}/${near}` : near;
        const shown = shorten(page);
        context.report({
          message: `No page file "${shown}.mdx" or "${shown}.md" under the docs root (${files.root}).`,
          pointer: pointerOf(node.path),
          suggest,
        });
      },
    };
  },
};
