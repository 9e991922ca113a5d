/**
 * The spec's "Navigation group moves" table as a pure function: what happens when a user
 * selects or expands a group, given its display state and `interaction.drilldown`.
 */

export type GroupDisplay = 'expanded' | 'collapsed';

export interface GroupMoveInput {
  /** The group's display state now. */
  state: GroupDisplay;
  /** Top-level groups are always expanded and cannot be collapsed (spec rule 2). */
  topLevel: boolean;
  /** `interaction.drilldown`: true, false, or undefined (unset: the theme decides). */
  drilldown: boolean | undefined;
  trigger: 'select' | 'expand';
  /** The group's first page: where drilldown navigates. */
  firstPage?: string;
}

export interface GroupMove {
  /** The next display state; `per-theme` where the spec leaves it to the theme. */
  next: GroupDisplay | 'per-theme';
  /** Whether the move navigates to a page; `per-theme` when drilldown is unset. */
  navigate: boolean | 'per-theme';
  /** The page navigated to (the group's first page) when `navigate` is true. */
  page?: string;
}

export function moveGroup(input: GroupMoveInput): GroupMove {
  if (input.drilldown === true) {
    // "any group | selects or expands | drilldown true | per theme | navigates to the first page"
    return input.firstPage === undefined ? { next: 'per-theme', navigate: false } : { next: 'per-theme', navigate: true, page: input.firstPage };
  }
  if (input.drilldown === undefined) return { next: 'per-theme', navigate: 'per-theme' };
  // drilldown false: only expands or collapses; a top-level group stays expanded.
  if (input.topLevel) return { next: 'expanded', navigate: false };
  return { next: input.state === 'collapsed' ? 'expanded' : 'collapsed', navigate: false };
}

/** A group's display state when the page loads (spec rules 1–2). */
export function initialDisplay(topLevel: boolean, expanded: unknown): GroupDisplay {
  return topLevel || expanded === true ? 'expanded' : 'collapsed';
}
