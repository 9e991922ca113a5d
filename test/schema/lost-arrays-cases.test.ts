/**
 * src/schema/lost-arrays.ts case by case: what explainLostArrays says the platform does with each
 * malformed part (drops the array around it, drops the value alone, drops an empty array, keeps
 * a group without pages, or fails the build), in the whole findings' words and the arrays it
 * returns as lost. Mostly the schema's findings of a document (as the pipeline passes them); a few
 * findings are given as other checks word them (a wrapper's "no allowed form", a pointer outside
 * navigation).
 */
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/problem.js';
import { checkSchema } from '../../src/schema/index.js';
import { explainLostArrays } from '../../src/schema/lost-arrays.js';

const REJECTS = 'and the platform rejects the whole docs.json for it.';
const SDK = { format: 'typedoc', source: 'sdk/typedoc.json' };
const docs = (navigation: unknown, rest: Record<string, unknown> = {}) => ({
  name: 'Docs',
  theme: 'mint',
  colors: { primary: '#0D9373' },
  navigation,
  ...rest,
});
const KEEPS = 'The platform does not fail the build for this:';
const dropsGroups = `${KEEPS} it drops the whole \`groups\` of a tab "A", valid entries too (1 page: "h"), so none of them is on the site.`;
const nothingLost = `${KEEPS} it drops the empty`;

interface Case {
  name: string;
  docs: unknown;
  /** The findings given (else the schema's of `docs`). */
  given?: Finding[];
  findings: Finding[];
  lost: Array<{ division: string; key: string }>;
}

const cases: Case[] = [
  {
    name: 'an unknown key in a group’s openapi object: the platform drops that value alone',
    docs: docs({ groups: [{ group: 'G', openapi: { source: 'a.json', bogus: 1 }, pages: ['a'] }] }),
    findings: [
      {
        code: 'unknown-field',
        pointer: '/navigation/groups/0/openapi/bogus',
        at: 'key',
        message: `\`bogus\` is not a field of an \`openapi\` object. ${KEEPS} its validator drops the group's whole \`openapi\` without a word, so no page is generated from it.`,
      },
    ],
    lost: [],
  },
  {
    name: 'a group without pages that fails otherwise (no allowed form): its array is lost, not "shown with no pages"',
    docs: docs({
      tabs: [
        { tab: 'A', groups: [{ group: 'G' }, { group: 'H', pages: ['h'] }] },
        { tab: 'B', pages: ['b'] },
      ],
    }),
    given: [{ code: 'invalid-value', pointer: '/navigation/tabs/0/groups/0', message: `Entry 0 of \`groups\` does not have an allowed form, ${REJECTS}` }],
    findings: [
      { code: 'invalid-value', pointer: '/navigation/tabs/0/groups/0', message: `Entry 0 of \`groups\` does not have an allowed form. ${dropsGroups}` },
    ],
    lost: [{ division: '/navigation/tabs/0', key: 'groups' }],
  },
  {
    name: 'a group with an empty name and no pages: malformed, its array is lost',
    docs: docs({
      tabs: [
        { tab: 'A', groups: [{ group: '' }, { group: 'H', pages: ['h'] }] },
        { tab: 'B', pages: ['b'] },
      ],
    }),
    findings: [
      { code: 'missing-field', pointer: '/navigation/tabs/0/groups/0', message: `A group needs \`pages\` (an array of page paths and groups). ${dropsGroups}` },
      { code: 'invalid-value', pointer: '/navigation/tabs/0/groups/0/group', message: `\`group\` must not be empty (the group's title). ${dropsGroups}` },
    ],
    lost: [{ division: '/navigation/tabs/0', key: 'groups' }],
  },
  {
    name: 'a malformed entry of each of two root arrays, pages sound: each array dropped in its own words',
    docs: docs({ pages: ['a'], versions: [{ pages: ['v'] }], languages: [{ pages: ['l'] }] }),
    findings: [
      {
        code: 'missing-field',
        pointer: '/navigation/versions/0',
        message: `A version needs a \`version\` field (its name). ${KEEPS} it drops the navigation's whole \`versions\`, valid entries too (1 page: "v"), and builds the site from \`pages\`.`,
      },
      {
        code: 'missing-field',
        pointer: '/navigation/languages/0',
        message: `A language needs a \`language\` field (its language code, such as "en"). ${KEEPS} it drops the navigation's whole \`languages\`, valid entries too (1 page: "l"), and builds the site from \`pages\`.`,
      },
    ],
    lost: [
      { division: '/navigation', key: 'versions' },
      { division: '/navigation', key: 'languages' },
    ],
  },
  {
    name: 'a root array of the wrong type: no entry of it, nothing said of what is lost',
    docs: docs({ pages: ['a'], versions: 'v1' }),
    findings: [{ code: 'invalid-type', pointer: '/navigation/versions', message: '`versions` must be an array of versions.' }],
    lost: [],
  },
  {
    name: 'a malformed entry of `global` (no primary pattern): nothing lost',
    docs: docs({ pages: ['a'], global: { anchors: [{ anchor: 'A' }] } }),
    findings: [{ code: 'missing-field', pointer: '/navigation/global/anchors/0', message: 'A global anchor needs an `href` (an external URL).' }],
    lost: [],
  },
  {
    name: 'a finding outside navigation: nothing lost, even under a key named as a root array',
    docs: docs({ pages: ['a'], groups: [{ group: 'G', pages: ['g'] }] }, { x: { pages: [1] } }),
    given: [{ code: 'invalid-value', pointer: '/x/pages/0', message: `x, ${REJECTS}` }],
    findings: [{ code: 'invalid-value', pointer: '/x/pages/0', message: `x, ${REJECTS}` }],
    lost: [],
  },
  {
    name: 'a division whose name is no string: its array named without it',
    docs: docs({ versions: [{ version: 'v1', tabs: [{ tab: ['A'], pages: ['a', 7] }] }] }),
    findings: [
      {
        code: 'invalid-type',
        pointer: '/navigation/versions/0/tabs/0/tab',
        message: `\`tab\` must be a string (the tab's label). ${KEEPS} it drops the whole \`tabs\` of a version "v1", valid entries too (1 page: "a"), so none of them is on the site.`,
      },
      {
        code: 'invalid-type',
        pointer: '/navigation/versions/0/tabs/0/pages/1',
        message: `A \`pages\` entry must be a page path (a non-empty string) or a group object. ${KEEPS} it drops the whole \`pages\` of a tab, valid entries too (1 page: "a"), so none of them is on the site.`,
      },
    ],
    lost: [
      { division: '/navigation/versions/0', key: 'tabs' },
      { division: '/navigation/versions/0/tabs/0', key: 'pages' },
    ],
  },
];

const empty: Case[] = [
  {
    name: 'a generating tab’s empty `groups`: the tab fails, its array is lost',
    docs: docs({
      versions: [
        {
          version: 'v1',
          tabs: [
            { tab: 'SDK', sdk: SDK, groups: [] },
            { tab: 'B', pages: ['b'] },
          ],
        },
      ],
    }),
    findings: [
      {
        code: 'invalid-value',
        pointer: '/navigation/versions/0/tabs/0/groups',
        message: `An empty \`groups\` holds no group. ${KEEPS} it drops the whole \`tabs\` of a version "v1", valid entries too (1 page: "b"), so none of them is on the site.`,
      },
    ],
    lost: [{ division: '/navigation/versions/0', key: 'tabs' }],
  },
  {
    name: 'a generating tab’s empty `anchors`: only that key is dropped',
    docs: docs({
      versions: [
        {
          version: 'v1',
          tabs: [
            { tab: 'SDK', sdk: SDK, anchors: [], groups: [{ group: 'G', pages: ['g'] }] },
            { tab: 'B', pages: ['b'] },
          ],
        },
      ],
    }),
    findings: [
      {
        code: 'invalid-value',
        pointer: '/navigation/versions/0/tabs/0/anchors',
        message: `An empty \`anchors\` holds no anchor. ${nothingLost} \`anchors\` without a word; the rest of the element stays.`,
        severity: 'warning',
      },
    ],
    lost: [],
  },
  {
    name: 'an empty `groups` of a tab that generates nothing: only that key is dropped',
    docs: docs({
      versions: [
        {
          version: 'v1',
          tabs: [
            { tab: 'A', groups: [] },
            { tab: 'B', pages: ['b'] },
          ],
        },
      ],
    }),
    findings: [
      {
        code: 'invalid-value',
        pointer: '/navigation/versions/0/tabs/0/groups',
        message: `An empty \`groups\` holds no group. ${nothingLost} \`groups\` without a word; the rest of the element stays.`,
        severity: 'warning',
      },
    ],
    lost: [],
  },
  {
    name: 'an empty `groups` of a version written as a generating tab (not in `tabs`): only that key is dropped',
    docs: docs({
      versions: [
        { version: 'v1', tab: 'X', sdk: SDK, groups: [] },
        { version: 'v2', pages: ['b'] },
      ],
    }),
    findings: [
      { code: 'unknown-field', pointer: '/navigation/versions/0/tab', at: 'key', message: '`tab` is not a field of a version.', suggest: 'tabs' },
      {
        code: 'invalid-value',
        pointer: '/navigation/versions/0/sdk',
        at: 'key',
        message: `\`sdk\` is not allowed on a version (the platform generates pages from it only on a group or a tab), ${REJECTS}`,
      },
      {
        code: 'invalid-value',
        pointer: '/navigation/versions/0/groups',
        message: `An empty \`groups\` holds no group. ${nothingLost} \`groups\` without a word; the rest of the element stays.`,
        severity: 'warning',
      },
    ],
    lost: [],
  },
  {
    name: 'an empty division array inside a tab: only that key is dropped, not the tabs around it',
    docs: docs({
      versions: [
        {
          version: 'v1',
          tabs: [
            { tab: 'A', anchors: [] },
            { tab: 'B', pages: ['b'] },
          ],
        },
      ],
    }),
    findings: [
      {
        code: 'invalid-value',
        pointer: '/navigation/versions/0/tabs/0/anchors',
        message: `An empty \`anchors\` holds no anchor. ${nothingLost} \`anchors\` without a word; the rest of the element stays.`,
        severity: 'warning',
      },
    ],
    lost: [],
  },
  {
    name: 'the root’s only primary pattern empty: the build fails, as the finding says',
    docs: docs({ tabs: [] }),
    findings: [{ code: 'invalid-value', pointer: '/navigation/tabs', message: `An empty \`tabs\` holds no tab, ${REJECTS}` }],
    lost: [],
  },
  {
    name: 'the root’s empty `tabs` beside sound `pages`: built from the pages',
    docs: docs({ tabs: [], pages: ['a'] }),
    findings: [
      {
        code: 'invalid-value',
        pointer: '/navigation/tabs',
        message: `An empty \`tabs\` holds no tab. ${nothingLost} \`tabs\` and builds the site from \`pages\`.`,
        severity: 'warning',
      },
    ],
    lost: [],
  },
  {
    name: 'an empty array two segments down outside navigation: not the root’s words',
    docs: docs({ pages: ['a'] }, { x: { tabs: [] } }),
    given: [{ code: 'invalid-value', pointer: '/x/tabs', message: `x, ${REJECTS}` }],
    findings: [
      {
        code: 'invalid-value',
        pointer: '/x/tabs',
        message: `x. ${nothingLost} \`tabs\` without a word; the rest of the element stays.`,
        severity: 'warning',
      },
    ],
    lost: [],
  },
];

describe.each([
  ['malformed entries', cases],
  ['empty arrays of divisions', empty],
])('explainLostArrays: %s', (_kind, table) => {
  it.each(table)('$name', ({ docs: document, given, findings, lost }) => {
    const found = given ?? checkSchema(document);
    expect(explainLostArrays(document, found)).toStrictEqual(lost);
    expect(found).toStrictEqual(findings);
  });
});
