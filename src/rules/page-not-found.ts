import path from 'node:path';
import { escapesRoot, isUrl } from '../navigation/openapi.js';
import { listedInOwnPages, pointerOf } from '../navigation/walk.js';
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
        const page = node.entry.kind === 'page' ? node.entry.clean : '';
        // A plain page path is neither a URL nor one that climbs out (path-outside-root's).
        if (!node.plain && (node.entry.kind !== 'page' || isUrl(node.entry.page) || page === '' || escapesRoot(page))) return;
        if (pageFileIn(files, page) !== undefined) return;
        const kinds = [`${page}.mdx`, `${page}.md`].map((file) => ({ file, kind: kindIn(files, file) }));
        // A symlink out of the root: path-outside-root says so.
        if (kinds.some(({ kind }) => kind === 'outside-root')) return;
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
