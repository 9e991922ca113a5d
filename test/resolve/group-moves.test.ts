import { describe, expect, it } from 'vitest';
import { initialDisplay, moveGroup, type GroupMove, type GroupMoveInput } from '../../src/resolve/group-moves.js';

/** The spec's "Navigation group moves" table, one case per row and condition, plus rules 1, 2 and 8. */
const FIRST = 'guides/first-page';

interface MoveCase {
  name: string;
  input: GroupMoveInput;
  expected: GroupMove;
}

const table: MoveCase[] = [
  // Row 1: collapsed nested group | user selects the group | drilldown false | expanded | no page navigation
  {
    name: 'row 1: a collapsed nested group, selected, drilldown false -> expanded, no navigation',
    input: { state: 'collapsed', topLevel: false, drilldown: false, trigger: 'select', firstPage: FIRST },
    expected: { next: 'expanded', navigate: false },
  },
  // Row 2: expanded nested group | user selects the group | drilldown false | collapsed | no page navigation
  {
    name: 'row 2: an expanded nested group, selected, drilldown false -> collapsed, no navigation',
    input: { state: 'expanded', topLevel: false, drilldown: false, trigger: 'select', firstPage: FIRST },
    expected: { next: 'collapsed', navigate: false },
  },
  // Row 3: any group | user selects or expands the group | drilldown true | per theme | navigates to the first page
  ...(['select', 'expand'] as const).flatMap((trigger) =>
    (
      [
        ['a collapsed nested group', 'collapsed', false],
        ['an expanded nested group', 'expanded', false],
        ['a top-level group', 'expanded', true],
      ] as const
    ).map(([what, state, topLevel]): MoveCase => ({
      name: `row 3: ${what}, ${trigger === 'select' ? 'selected' : 'expanded'}, drilldown true -> per theme, navigates to the first page`,
      input: { state, topLevel, drilldown: true, trigger, firstPage: FIRST },
      expected: { next: 'per-theme', navigate: true, page: FIRST },
    })),
  ),
  {
    name: 'row 3 without a visible page: drilldown true has nowhere to go',
    input: { state: 'collapsed', topLevel: false, drilldown: true, trigger: 'select' },
    expected: { next: 'per-theme', navigate: false },
  },
  // Rule 2: top-level groups are always expanded and cannot be collapsed.
  {
    name: 'rule 2: a top-level group, selected, drilldown false -> stays expanded, no navigation',
    input: { state: 'expanded', topLevel: true, drilldown: false, trigger: 'select', firstPage: FIRST },
    expected: { next: 'expanded', navigate: false },
  },
  {
    name: 'rule 2: a top-level group, expanded again, drilldown false -> stays expanded',
    input: { state: 'expanded', topLevel: true, drilldown: false, trigger: 'expand', firstPage: FIRST },
    expected: { next: 'expanded', navigate: false },
  },
  // drilldown false "only expands or collapses the group", whichever way it is triggered.
  {
    name: 'drilldown false, expand trigger on a collapsed nested group -> expanded, no navigation',
    input: { state: 'collapsed', topLevel: false, drilldown: false, trigger: 'expand', firstPage: FIRST },
    expected: { next: 'expanded', navigate: false },
  },
  // Rule 8: unset leaves the theme's default.
  ...(
    [
      ['a collapsed nested group', 'collapsed', false],
      ['an expanded nested group', 'expanded', false],
      ['a top-level group', 'expanded', true],
    ] as const
  ).map(([what, state, topLevel]): MoveCase => ({
    name: `rule 8: ${what}, drilldown unset -> per theme, navigation per theme`,
    input: { state, topLevel, drilldown: undefined, trigger: 'select', firstPage: FIRST },
    expected: { next: 'per-theme', navigate: 'per-theme' },
  })),
];

describe('moveGroup: the Navigation group moves table', () => {
  it.each(table)('$name', ({ input, expected }) => {
    expect(moveGroup(input)).toEqual(expected);
  });

  it('never collapses a top-level group, whatever the trigger and drilldown', () => {
    for (const drilldown of [true, false, undefined]) {
      for (const trigger of ['select', 'expand'] as const) {
        expect(moveGroup({ state: 'expanded', topLevel: true, drilldown, trigger, firstPage: FIRST }).next).not.toBe('collapsed');
      }
    }
  });

  it('two selections with drilldown false bring a nested group back where it was', () => {
    for (const state of ['expanded', 'collapsed'] as const) {
      const once = moveGroup({ state, topLevel: false, drilldown: false, trigger: 'select' });
      expect(once.next).not.toBe(state);
      const twice = moveGroup({ state: once.next as 'expanded' | 'collapsed', topLevel: false, drilldown: false, trigger: 'select' });
      expect(twice.next).toBe(state);
    }
  });
});

describe('initialDisplay: rules 1 and 2', () => {
  it.each([
    { name: 'top-level, expanded unset', topLevel: true, expanded: undefined, display: 'expanded' },
    { name: 'top-level, expanded: false (cannot be collapsed)', topLevel: true, expanded: false, display: 'expanded' },
    { name: 'top-level, expanded: true', topLevel: true, expanded: true, display: 'expanded' },
    { name: 'nested, expanded: true', topLevel: false, expanded: true, display: 'expanded' },
    { name: 'nested, expanded: false', topLevel: false, expanded: false, display: 'collapsed' },
    { name: 'nested, expanded omitted', topLevel: false, expanded: undefined, display: 'collapsed' },
    { name: 'nested, expanded: "true" (a string, not true)', topLevel: false, expanded: 'true', display: 'collapsed' },
  ])('$name -> $display', ({ topLevel, expanded, display }) => {
    expect(initialDisplay(topLevel, expanded)).toBe(display);
  });
});
