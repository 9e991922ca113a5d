/**
 * Sites where two generated pages want one path (bench/openapi-collisions.mjs builds them with the
 * platform's prebuild; test/resolve/openapi-collisions.test.ts holds what it served). Two specs,
 * a.json and b.json, each with `GET /x` summarised "Same" (the page `api-reference/same`; with
 * `href`, x-mint.href puts both at `same`); h.json has `GET /health` and `GET /health/{x}` without
 * summaries (both `api-reference/get-health`). Placed every way the navigation allows: one group,
 * sibling groups, nested groups, sibling tabs, versions and languages; bulk generation, explicit
 * entries, entries naming their spec; either spec first.
 */

const spec = (paths) => JSON.stringify({ openapi: '3.1.0', info: { title: 'x', version: '1' }, paths });

/** The spec files of a case. */
export function SPECS(testCase) {
  const x = { '/x': { get: { summary: 'Same', ...(testCase.href ? { 'x-mint': { href: 'same' } } : {}) } } };
  return { 'a.json': spec(x), 'b.json': spec(x), 'h.json': spec({ '/health': { get: {} }, '/health/{x}': { get: {} } }) };
}

/** A group: `bulk` (its spec generates every page), `entry` (its spec, and `GET /x`), `named` (no spec, `<spec> GET /x`). */
function group(name, mode, file, more = []) {
  if (mode === 'bulk') return { group: name, openapi: file, ...(more.length ? { pages: more } : {}) };
  if (mode === 'entry') return { group: name, openapi: file, pages: ['GET /x', ...more] };
  return { group: name, pages: [`${file} GET /x`, ...more] };
}

const MODES = ['bulk', 'entry', 'named'];

/** Every case: `{ name, navigation, url (the contested path), href? }`; names are unique. */
export function collisionCases() {
  const cases = [];
  const add = (name, navigation, more = {}) => cases.push({ name, navigation, url: 'api-reference/same', ...more });
  for (const [first, second] of [
    ['a.json', 'b.json'],
    ['b.json', 'a.json'],
  ]) {
    const [f, s] = [first[0], second[0]];
    add(`one group, named entries ${f}${s}`, { groups: [{ group: 'G', pages: [`${first} GET /x`, `${second} GET /x`] }] });
    add(`one group, bulk ${f} and a named entry of ${s}`, { groups: [group('G', 'bulk', first, [`${second} GET /x`])] });
    for (const m1 of MODES) {
      for (const m2 of MODES) add(`sibling groups, ${m1} ${f} then ${m2} ${s}`, { groups: [group('G1', m1, first), group('G2', m2, second)] });
      add(`nested: ${m1} ${f} holding a bulk group of ${s}`, {
        groups: [{ ...group('G1', m1, first), pages: [...(group('G1', m1, first).pages ?? []), group('G2', 'bulk', second)] }],
      });
      add(`sibling tabs, ${m1} ${f} then bulk ${s}`, {
        tabs: [
          { tab: 'T1', groups: [group('G1', m1, first)] },
          { tab: 'T2', groups: [group('G2', 'bulk', second)] },
        ],
      });
      if (m1 !== 'bulk') {
        add(`sibling tabs, bulk ${f} then ${m1} ${s}`, {
          tabs: [
            { tab: 'T1', groups: [group('G1', 'bulk', first)] },
            { tab: 'T2', groups: [group('G2', m1, second)] },
          ],
        });
        add(`versions, ${m1} ${f} then bulk ${s}`, {
          versions: [
            { version: 'v1', groups: [group('G', m1, first)] },
            { version: 'v2', groups: [group('G', 'bulk', second)] },
          ],
        });
        add(`versions, bulk ${f} then ${m1} ${s}`, {
          versions: [
            { version: 'v1', groups: [group('G', 'bulk', first)] },
            { version: 'v2', groups: [group('G', m1, second)] },
          ],
        });
        add(`versions, ${m1} ${f} then ${m1} ${s}`, {
          versions: [
            { version: 'v1', groups: [group('G', m1, first)] },
            { version: 'v2', groups: [group('G', m1, second)] },
          ],
        });
      }
    }
    add(`tabs with their own openapi, bulk ${f}${s}`, {
      tabs: [
        { tab: 'T1', openapi: first },
        { tab: 'T2', openapi: second },
      ],
    });
    add(`languages, bulk ${f}${s}`, {
      languages: [
        { language: 'en', groups: [group('G', 'bulk', first)] },
        { language: 'fr', groups: [group('G', 'bulk', second)] },
      ],
    });
    add(`versions, bulk ${f}${s}`, {
      versions: [
        { version: 'v1', groups: [group('G', 'bulk', first)] },
        { version: 'v2', groups: [group('G', 'bulk', second)] },
      ],
    });
    add(`tabs, an entry ${f} in groups then a tab's own entry ${s}`, {
      tabs: [
        { tab: 'T1', groups: [group('G1', 'entry', first)] },
        { tab: 'T2', openapi: second, pages: ['GET /x'] },
      ],
    });
    add(`tabs, an entry ${f} two groups deep then an entry ${s}`, {
      tabs: [
        { tab: 'T1', groups: [{ group: 'G', pages: [{ group: 'N', pages: [group('E', 'entry', first)] }] }] },
        { tab: 'T2', groups: [group('E', 'entry', second)] },
      ],
    });
    add(
      `x-mint.href, sibling groups, entry ${f} then bulk ${s}`,
      { groups: [group('G1', 'entry', first), group('G2', 'bulk', second)] },
      { url: 'same', href: true },
    );
    add(
      `x-mint.href, sibling groups, bulk ${f} then entry ${s}`,
      { groups: [group('G1', 'bulk', first), group('G2', 'entry', second)] },
      { url: 'same', href: true },
    );
  }
  // One spec: two operations at one path, as entries (no suffix) and in bulk (the later gets -1).
  add(
    'one spec, two entries in one group',
    { groups: [{ group: 'G', openapi: 'h.json', pages: ['GET /health', 'GET /health/{x}'] }] },
    { url: 'api-reference/get-health' },
  );
  add(
    'one spec, two entries in one group, reversed',
    { groups: [{ group: 'G', openapi: 'h.json', pages: ['GET /health/{x}', 'GET /health'] }] },
    { url: 'api-reference/get-health' },
  );
  add(
    'one spec, entries in two groups',
    {
      groups: [
        { group: 'G', openapi: 'h.json', pages: ['GET /health'] },
        { group: 'H', openapi: 'h.json', pages: ['GET /health/{x}'] },
      ],
    },
    { url: 'api-reference/get-health' },
  );
  add('one spec in bulk', { groups: [{ group: 'G', openapi: 'h.json' }] }, { url: 'api-reference/get-health' });
  return cases;
}
