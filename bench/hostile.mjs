/**
 * Hostile inputs, one generator per class of issue 8 ("linear in every input"): each takes a
 * size N so that the benchmark can compare the cost at N and 2N, and the tests can build a
 * moderate one at test time. Nothing large is committed.
 */

/** Groups nested `depth` deep, each with one untidy page (`pN.mdx`): one problem per level. */
export function generateDeepProblems(depth) {
  let open = '';
  let close = '';
  for (let i = 1; i <= depth; i++) {
    open += `{"group": "G${i}", "pages": ["p${i}.mdx", `;
    close += ']}';
  }
  return `{"navigation": {"groups": [${open}"leaf"${close}]}}`;
}

/** One group of `count` untidy pages (`pN.mdx`): `count` page-path problems in one file. */
export function generateManyProblems(count) {
  const pages = [];
  for (let i = 0; i < count; i++) pages.push(`p${i}.mdx`);
  return JSON.stringify({ navigation: { groups: [{ group: 'Many', pages }] } });
}

/**
 * A folder of `count` page files and a docs.json listing `count` pages missing from it, each a
 * typo of a file that is there: `count` page-not-found problems, each with a did-you-mean.
 * Returns `{ docs, files }`: the docs.json text and the page files' names (relative).
 */
export function generateMissingPages(count) {
  const files = [];
  const pages = [];
  for (let i = 0; i < count; i++) {
    files.push(`guides/topic-${i}.mdx`);
    pages.push(`guides/topci-${i}`);
  }
  return { docs: JSON.stringify({ navigation: { groups: [{ group: 'Guides', pages }] } }), files };
}

/** A "billion laughs" YAML docs.yaml: `levels` anchors, each aliasing the one before `width` times. */
export function generateAliasBomb(levels = 12, width = 9) {
  const lines = ['a0: &a0 ["lol"]'];
  for (let i = 1; i <= levels; i++) lines.push(`a${i}: &a${i} [${Array.from({ length: width }, () => `*a${i - 1}`).join(', ')}]`);
  lines.push('navigation:', '  pages:', `    - *a${levels}`);
  return lines.join('\n') + '\n';
}

/** A docs.json whose one page name is a string of `length` characters. */
export function generateLongString(length) {
  return `{"navigation": {"pages": ["${'a'.repeat(length)}"]}}`;
}

/** Groups nested `depth` deep, each with its `group` key written twice: one duplicate-key per level. */
export function generateDeepDuplicateKeys(depth) {
  let open = '';
  let close = '';
  for (let i = 1; i <= depth; i++) {
    open += `{"group": "G${i}", "group": "G${i}", "pages": [`;
    close += ']}';
  }
  return `{"navigation": {"groups": [${open}"leaf"${close}]}}`;
}
