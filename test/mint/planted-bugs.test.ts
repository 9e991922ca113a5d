/**
 * Issue 58, the rows of src/mint: two one-line bugs planted in the mint.json support that the
 * suite did not notice, each tested through what a user runs (a mint.json validated; a mint.json
 * upgraded to docs.json text) and seen failing with its row's bug planted.
 */
import { describe, expect, it } from 'vitest';
import { upgradeMintText, validateText } from '../../src/index.js';
import { mintOf } from './cases.js';

const pages = ['a/one', 'guides', 'guides/intro', 'zeta/last'];

describe('issue 58: src/mint', () => {
  // The legacy check warns of an anchor whose url starts no page path; a url that is a page path starts one.
  it.each(['guides', 'guides/intro', 'a/one', 'zeta/last'])(
    'document.ts: an anchor whose url equals a page path ("%s") gets no warning (the page-path search finds the equal path)',
    (url) => {
      const mint = mintOf({ navigation: [{ group: 'Docs', pages }], anchors: [{ name: 'Anchor', url, icon: 'book' }] });
      const problems = validateText(JSON.stringify(mint, null, 2), { file: 'mint.json' }).problems;
      expect(problems.filter((problem) => problem.code === 'mint-json-warning')).toEqual([]);
    },
  );

  it('document.ts: an anchor whose url starts no page path as the check writes them (a leading `/`) still gets the warning', () => {
    const mint = mintOf({ navigation: [{ group: 'Docs', pages }], anchors: [{ name: 'Anchor', url: '/zeta/last', icon: 'book' }] });
    const problems = validateText(JSON.stringify(mint, null, 2), { file: 'mint.json' }).problems;
    expect(problems.filter((problem) => problem.code === 'mint-json-warning').map((problem) => problem.pointer)).toEqual(['/anchors/0/url']);
  });

  it.each([
    { modeToggle: { isHidden: true }, appearance: { strict: true } },
    { modeToggle: { isHidden: false }, appearance: { strict: false } },
    { modeToggle: { default: 'light' }, appearance: { default: 'light' } },
    { modeToggle: { default: 'dark', isHidden: true }, appearance: { default: 'dark', strict: true } },
  ])('upgrade.ts: modeToggle $modeToggle becomes appearance $appearance in the docs.json text', ({ modeToggle, appearance }) => {
    const mint = mintOf({ navigation: [{ group: 'Docs', pages: ['intro'] }], modeToggle });
    const upgrade = upgradeMintText(JSON.stringify(mint, null, 2), { file: 'mint.json', root: '.' });
    expect(upgrade.problems).toEqual([]);
    expect(JSON.parse(upgrade.text!).appearance).toEqual(appearance);
    expect(upgrade.changes.filter((change) => change.pointer.startsWith('/modeToggle'))).toEqual([]);
  });
});
