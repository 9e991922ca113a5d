/**
 * What the mint target's mutation run (`npm run mutate -- --sample 40 mint`) showed no test
 * noticed, through the library's upgrade as `docsnav upgrade` and the editor call it: a rejected
 * key's suggestion reaches the problem, and the global anchors go back to the mint.json's anchors.
 */
import { describe, expect, it } from 'vitest';
import { upgradeMintConfig, upgradeMintText } from '../../src/index.js';
import { mintOf, SETTINGS_NAVIGATION } from './cases.js';

describe('the mint.json upgrade', () => {
  it('a key the legacy check rejects stops the upgrade with a problem that suggests the key meant', () => {
    const text = JSON.stringify(mintOf({ navigation: SETTINGS_NAVIGATION, colors: { primry: '#000000', primary: '#000000' } }), null, 2);
    const upgrade = upgradeMintText(text);
    expect(upgrade.changes).toEqual([]);
    expect(upgrade.problems.map(({ code, pointer, suggest }) => ({ code, pointer, suggest }))).toEqual([
      { code: 'mint-json-invalid', pointer: '/colors/primry', suggest: 'primary' },
    ]);
  });

  it('the global anchors (external links) go back to the mint.json anchors they came from', () => {
    const upgrade = upgradeMintConfig(mintOf({ navigation: SETTINGS_NAVIGATION, anchors: [{ name: 'Blog', url: 'https://blog.example.com' }] }));
    expect(upgrade.docs.navigation).toMatchObject({ global: { anchors: [{ anchor: 'Blog', href: 'https://blog.example.com' }] } });
    expect(upgrade.originOf('/navigation/global/anchors')).toBe('/anchors');
    expect(upgrade.originOf('/navigation/global/anchors/0')).toBe('/anchors/0');
  });
});
