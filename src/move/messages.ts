import { ioErrorText } from '../io-error.js';
import { message, type MessageData, type MessageTable } from '../messages.js';

/** `message` for an id known only as a type parameter (its data checked by the caller's signature). */
export const fill = message as (table: MessageTable, id: string, data: Readonly<Record<string, string | number>>) => string;

/**
 * Why a move is refused, by id: every sentence `planMove` and `applyMove` can refuse with. Nothing
 * is written when one is said (or, for `writeFailed`, everything written is put back first).
 */
export const REFUSALS = {
  noSource: '{from} does not exist{hint}',
  sourceOutsideRoot: '{from} is outside the docs root {root}: docsnav moves pages inside it only',
  targetOutsideRoot: '{to} is outside the docs root {root}: a page moved there leaves the site',
  symlink: '{path} is a symlink (or is reached through one): docsnav does not move what a link points at; move the real file',
  sourceIsRoot: '{from} is the docs root itself: move the pages inside it',
  notAPage: '{from} is not a page: only .mdx and .md files the site serves (not snippets/, not left out by .mintignore) are moved',
  noPages: '{from} holds no page (.mdx or .md file the site serves): docsnav moves pages and folders of pages',
  holdsNavigation: '{from} holds {file}, which the navigation reads ({how}): move it by hand, or move the pages only',
  targetExists: '{to} exists already: docsnav does not replace a file or merge folders',
  targetNotAPage: '{to} is not a page file name: a page moved there would leave the site (name it .mdx or .md)',
  targetHidden: '{to} is {where}: the platform does not serve pages there, so the page would leave the site',
  intoItself: '{to} is inside {from}: a folder cannot be moved into itself',
  caseCollision: '{to} differs only by case from {other}: on a case-insensitive checkout (macOS, Windows) the two are one file',
  pageCollision: 'the page /{url} would be served from both {file} and the moved {moved}',
  generatedCollision: 'the URL /{url} of the moved {moved} is the URL of a page generated from an OpenAPI spec',
  redirectCollision:
    'the URL /{url} of the moved {moved} is the source of the redirect {redirect} ({pointer}): readers would be redirected away from the page; remove the redirect first',
  twoTargets: '{first} and {second} would both move to {to}',
  inMovedFolder: '{to} is in {folder}, which this move takes too ({from} to {other}): make the two moves one after the other',
  unreadable: 'cannot read {file}: {why}',
  unparsable: '{file} does not parse ({why}): fix it first, so that its entries can be rewritten',
  uneditable: 'cannot rewrite {what} in {file} ({pointer}) without reformatting it: edit it by hand first',
  overlapping: 'two edits of {file} overlap ({first}, {second}): nothing was changed',
  changedSincePlan: '{file} changed since the move was planned: plan it again',
  writeFailed: 'the move failed ({why}); everything written and moved was put back as it was, the git index too',
  rollbackFailed:
    'the move failed ({why}), and putting it back failed too ({left}): the journal {journal} is kept; fix the cause, then run docsnav mv --abort (or --continue)',
  interrupted: 'interrupted ({signal}): everything written and moved was put back as it was, the git index too',
  unfinished:
    'an unfinished move ({moves}, started {started}) is recorded in {journal}: run docsnav mv --continue to finish it, or docsnav mv --abort to undo it',
  changedSinceInterrupted:
    '{file} changed since the move was interrupted (it is neither as it was nor as the move writes it): not overwritten; put it back as it was, then run docsnav mv --continue or --abort again',
  recoveryFailed: 'cannot {how} the move: {why}; the journal {journal} is kept: fix the cause and run docsnav mv --{how} again',
  notOurs: '{journal} is not a move journal docsnav wrote for {root} as this user ({why}): nothing in it was used; remove it with rm -r {remove}',
  busy: 'another docsnav mv is moving files of this site ({holder}): wait for it to end, then move again',
  gitUnreadable:
    'git cannot read the repository of {root} ({why}): nothing was moved, since the git index would not follow; fix git (e.g. git config --global --add safe.directory <repository>) and move again',
  gitConflict: '{file} has unmerged entries in the git index (a conflict): resolve it first',
  targetInIndex: '{to} is in the git index already (deleted from the working tree, not from the index): git rm --cached it first',
  sameTarget: '{to} is {from} itself: nothing to move',
  git: '{why}',
} as const;

export type RefusalId = keyof typeof REFUSALS;

/**
 * A move docsnav will not make, said in one line (`message`): the target exists, the source is
 * not a page, the move leaves the docs root, it would collide with a page or a redirect, or a
 * write failed (and what was written was put back). `reason` is its id in REFUSALS, `data` what
 * filled it in.
 */
export class MoveError extends Error {
  override name = 'MoveError';
  constructor(
    readonly reason: RefusalId,
    readonly data: Readonly<Record<string, string>>,
    text: string,
  ) {
    super(text);
  }
}

/** Refuses: throws the MoveError of `reason`, its placeholders filled with `data`. */
export function refuse<Id extends RefusalId>(reason: Id, data: MessageData<(typeof REFUSALS)[Id]>): never {
  const text = fill(REFUSALS, reason, data);
  throw new MoveError(reason, Object.fromEntries(Object.entries(data as Record<string, string | number>).map(([key, value]) => [key, String(value)])), text);
}

/**
 * A look at a path of the move (`file`, root-relative, as said): an I/O error other than the path's
 * absence (which the look itself answers) refuses (`unreadable`) with its cause (EACCES: a folder
 * that may not be searched), never read as "missing" or "changed".
 */
export function lookingAt<T>(file: string, look: () => T): T {
  try {
    return look();
  } catch (error) {
    if (error instanceof MoveError) throw error;
    return refuse('unreadable', { file, why: ioErrorText(error, 'read') });
  }
}

/**
 * What a move left as it was, for a person to look at, by id: every sentence of a note. Each
 * is a place the move could not rewrite safely; none is dropped in silence.
 */
export const NOTES = {
  notVerbatim: 'the link "{url}" to a moved page is written with escapes or entities: not rewritten; it should now lead to "{suggest}"',
  patternRedirect: 'the redirect {source} → {destination} ({pointer}) is a pattern that may lead to moved pages: not rewritten; check where it leads now',
  existingRedirect:
    'the redirect {source} → {destination} ({pointer}) never applied while the page was there; it applies to the old URL from now on: kept, and no second redirect added',
  relativeImport: 'the moved page imports "{module}" by a relative path, which leads elsewhere from its new folder: imports are not rewritten; fix it by hand',
  servedByOther: '{file} is not the file the site serves at /{url} ({served} is): it moves, and its URL is not redirected',
  frontMatterSpec: 'the openapi front matter names the moved spec "{spec}" in a form not found as written on its line: not rewritten; fix it by hand',
  folderLink: 'the link "{url}" leads to the folder /{folder}, which holds no page after the move: not rewritten',
  unwritableRedirect: 'no redirect from the old URL {source} was added: {why}',
} as const;

export type NoteId = keyof typeof NOTES;
