/**
 * Which kind of division goes on top when a mint.json has tabs and anchors (src/mint/navigation.ts's
 * anchorsOutside, the platform's `mostInclusive`): the kind every one of whose divisions lies under
 * one of the other kind's URLs goes first, on top. When each kind lies under the other (the same
 * URLs), the tabs' test comes first: the tabs go on top. And a group's icon, made only from an icon.
 */
import { describe, expect, it } from 'vitest';
import { upgradeMintConfig } from '../../src/mint/upgrade.js';
import { mintOf } from './cases.js';

const navigationOf = (mint: Record<string, unknown>) => (upgradeMintConfig(mintOf(mint)).docs as { navigation: Record<string, unknown> }).navigation;

describe('tabs and anchors: which goes on top', () => {
  it('a tab and an anchor at the same URL: every tab lies under an anchor, and the tabs are asked first: the tabs go on top', () => {
    const navigation = navigationOf({
      tabs: [{ name: 'Guides', url: 'guides' }],
      anchors: [{ name: 'Guides', url: 'guides', icon: 'book' }],
      navigation: [{ group: 'Start', pages: ['guides/a', 'index'] }],
    });
    expect(Object.keys(navigation)).toEqual(['tabs']);
    const tabs = navigation.tabs as Array<Record<string, unknown>>;
    expect(tabs.some((tab) => 'anchors' in tab)).toBe(true);
  });
});

describe('a group’s icon', () => {
  it('an icon type without an icon makes no icon', () => {
    const navigation = navigationOf({ navigation: [{ group: 'Start', iconType: 'solid', pages: ['index'] }] });
    expect(navigation).toStrictEqual({ groups: [{ group: 'Start', pages: ['index'] }] });
  });

  it('an icon with its type makes one of both', () => {
    const navigation = navigationOf({ navigation: [{ group: 'Start', icon: 'rocket', iconType: 'solid', pages: ['index'] }] });
    expect(navigation).toStrictEqual({ groups: [{ group: 'Start', pages: ['index'], icon: { name: 'rocket', style: 'solid' } }] });
  });
});
