/**
 * The platform's slug for generated API pages (platform-facts §3), step by step and in the
 * platform's order, so that docsnav produces the URLs users already have.
 */
import { capitalize, replaceBraced } from '../text.js';

/** Characters the platform removes after the edge dashes are dropped. */
const REMOVED = /[{}(),.'/\n]/g;

/**
 * `slug(s)` per §3, in order: spaces to `-`; each `{…}` to `-`; drop one leading and one
 * trailing `-`; remove `{ } ( ) , . ' /` and newlines; replace `--` by `-` (one pass, so
 * `---` stays `--`); lower-case. Other characters (`:`, `?`, `&`, tabs, …) survive.
 *
 * "Spaces" means U+0020 only: the platform removes `\n` in a later step, which it would
 * not need to if whitespace in general became `-`.
 */
export function slug(s: string): string {
  let out = replaceBraced(s.replaceAll(' ', '-'), '-');
  if (out.startsWith('-')) out = out.slice(1);
  if (out.endsWith('-')) out = out.slice(0, -1);
  return out.replace(REMOVED, '').replaceAll('--', '-').toLowerCase();
}

/**
 * The platform's title for a page that has none of its own (`slugToTitle`): the last segment of
 * its path (before any `?`), every `-` and `_` a space, the first letter upper-cased. Runs are
 * not collapsed and nothing is trimmed: `get--users` is "Get  users", as on the platform.
 */
export function titleFromSlug(page: string): string {
  const question = page.indexOf('?');
  const path = question < 0 ? page : page.slice(0, question);
  const last = path.slice(path.lastIndexOf('/') + 1);
  return capitalize(last.replaceAll('-', ' ').replaceAll('_', ' '));
}
