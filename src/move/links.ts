/**
 * The links of every page and snippet that lead to what moves, rewritten in the author's own form;
 * and the relative links inside a moved page, re-based so that they still reach what they reached.
 * The links are the page scanner's (src/pages), with the offsets of each URL as written.
 */
import type { TextEdit } from '../text-edit.js';
import type { PageLink, PageScan } from '../pages/scan.js';
import type { RedirectTable } from '../redirects/table.js';
import { arrive, direct } from '../site/links.js';
import type { Site } from '../site/site.js';
import { linkTarget } from '../link-target.js';
import { fill, NOTES, type NoteId } from './messages.js';
import { rewriteUrl, type MoveMap, type Reading } from './urls.js';

/** A note found in a content file, at a text offset. */
interface LinkNote {
  id: NoteId;
  message: string;
  offset: number;
}

/** The edits of one content file (offsets into its text as read), and what was left for a person. */
export interface LinkEdits {
  edits: TextEdit[];
  notes: LinkNote[];
}

/**
 * The link edits of one content file (`file`: root-relative, as it is before the move), from its
 * scan. A link that leads nowhere now is re-based only inside a moved page (it keeps naming the same
 * path); one reached through a redirect is left alone (the redirect is re-pointed instead).
 */
export function linkEdits(
  file: string,
  text: string,
  scan: PageScan,
  site: Site,
  redirects: RedirectTable,
  moves: MoveMap,
  spaces: SpaceForm = 'angle',
): LinkEdits {
  const edits: TextEdit[] = [];
  const notes: LinkNote[] = [];
  const movedTo = moves.files.get(file);
  for (const link of scan.links) {
    let change = linkChange(link.url, file, movedTo, site, redirects, moves, notes, link.span[0]);
    if (change === undefined || change === link.url) continue;
    const span = replaceable(link, text);
    if (span === undefined) {
      notes.push({ id: 'notVerbatim', message: fill(NOTES, 'notVerbatim', { url: link.url, suggest: change }), offset: link.span[0] });
      continue;
    }
    // A Markdown destination ends at a space: one that has one is written in <…> or with %20, as the author writes them.
    const inAngles = span[0] !== link.span[0];
    if (link.kind !== 'element' && !inAngles && /\s/.test(change)) change = spaces === 'percent' ? change.replace(/\s/g, encodeURIComponent) : `<${change}>`;
    edits.push({ start: span[0], end: span[1], text: change });
  }
  return { edits, notes };
}

/** How a Markdown link's destination with a space is written: `</my guide>` or `/my%20guide`. */
export type SpaceForm = 'angle' | 'percent';

/** How the site's authors write a destination with a space: `%20` when more of their Markdown links do that than use `<…>` with a space. */
export function spaceFormOf(texts: readonly string[], scans: readonly PageScan[]): SpaceForm {
  let angle = 0;
  let percent = 0;
  scans.forEach((scan, i) => {
    for (const link of scan.links) {
      if (link.kind === 'element') continue;
      if (/%20/i.test(texts[i].slice(link.span[0], link.span[1]))) percent++;
      else if (/\s/.test(link.url) && texts[i][link.span[0]] === '<') angle++;
    }
  });
  return percent > angle ? 'percent' : 'angle';
}

/** The URL a link becomes, or undefined when it stays as it is. */
function linkChange(
  url: string,
  file: string,
  movedTo: string | undefined,
  site: Site,
  redirects: RedirectTable,
  moves: MoveMap,
  notes: LinkNote[],
  offset: number,
): string | undefined {
  const target = linkTarget(url, file);
  if (!target || target.base === 'same-page') return undefined;
  let reading: Reading;
  let wanted: string;
  if (target.base === 'root') {
    reading = 'root';
    wanted = target.path;
  } else if (target.fromRoot !== undefined && !arrive(site, redirects, target.path) && arrive(site, redirects, target.fromRoot)) {
    // A bare `x/y` that only the root's reading finds (as the platform's checker reads it): it stays bare.
    reading = 'bare';
    wanted = target.fromRoot;
  } else {
    reading = 'relative';
    wanted = target.path;
  }
  const moved = moves.target(wanted);
  if (moved === undefined && direct(site, wanted)?.to === 'folder' && moves.emptied(wanted)) {
    notes.push({ id: 'folderLink', message: fill(NOTES, 'folderLink', { url, folder: wanted }), offset });
  }
  if (moved === undefined && (reading !== 'relative' || movedTo === undefined)) return undefined;
  return rewriteUrl(url, reading, moved ?? wanted, movedTo ?? file);
}

/** The offsets to replace: the URL as written, or inside its `<…>`; undefined when escapes or entities make it differ. */
function replaceable(link: PageLink, text: string): [number, number] | undefined {
  if (link.verbatim) return link.span;
  const [start, end] = link.span;
  return text.slice(start, end) === `<${link.url}>` ? [start + 1, end - 1] : undefined;
}

/** Relative `import … from './x'` lines of a moved page (outside fenced code): the move does not rewrite them. */
export function relativeImports(text: string): Array<{ module: string; offset: number }> {
  const found: Array<{ module: string; offset: number }> = [];
  let fence: string | undefined;
  const lines = /[^\r\n]*(?:\r\n|\r|\n|$)/g;
  for (let match = lines.exec(text); match && match[0] !== ''; match = lines.exec(text)) {
    const line = match[0];
    const opener = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== undefined) {
      if (opener !== undefined && opener[0] === fence[0] && opener.length >= fence.length) fence = undefined;
      continue;
    }
    if (opener !== undefined) {
      fence = opener;
      continue;
    }
    const module = /^import\s[^'"]*?\bfrom\s+['"](\.\.?\/[^'"]+)['"]/.exec(line)?.[1] ?? /^import\s+['"](\.\.?\/[^'"]+)['"]/.exec(line)?.[1];
    if (module !== undefined) found.push({ module, offset: match.index });
  }
  return found;
}
