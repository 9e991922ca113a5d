import { describe, expect, it } from 'vitest';
import { walkNavigation } from '../../src/navigation/walk.js';
import type { Finding } from '../../src/problem.js';
import { PROFILES } from '../../src/config/profiles.js';
import { navigationRules } from '../../src/rules/index.js';
import { JUNK, memoryFiles, nestedGroups, runRule } from './harness.js';

const DEPTH = 5000;
const FILES = ['index.mdx', 'api.json'];
/** Fields that give every rule something to look at, on the innermost element. */
const BAD = {
  expanded: true,
  openapi: ['api.json', '../x.json', 'gone.json', 'https://x.example/a.json'],
  pages: ['index', '/index', '../up', 'GET /a', 'gone.json GET /b', ...JUNK],
  groups: [],
};

/** `depth` elements, each the only child of the one above, cycling through every child key. */
function nestedElements(depth: number, leaf: Record<string, unknown>): unknown {
  const levels: Array<[string, string]> = [
    ['products', 'product'],
    ['dropdowns', 'dropdown'],
    ['anchors', 'anchor'],
    ['versions', 'version'],
    ['languages', 'language'],
    ['tabs', 'tab'],
    ['menu', 'item'],
    ['groups', 'group'],
    ['pages', 'group'],
  ];
  let element: Record<string, unknown> = { ...leaf };
  for (let level = depth - 1; level >= 0; level--) {
    const [key, name] = levels[level % levels.length];
    element = level === 0 ? { [key]: [element] } : { [name]: `level ${level}`, [key]: [element] };
  }
  return element;
}

const inputs: Array<{ name: string; navigation: unknown }> = [
  { name: `${DEPTH} groups nested through pages`, navigation: nestedGroups(DEPTH, BAD).navigation },
  {
    name: `${DEPTH} groups nested through groups`,
    navigation: (() => {
      let group: Record<string, unknown> = { group: 'leaf', ...BAD };
      for (let level = DEPTH - 1; level >= 1; level--) group = { group: `level ${level}`, groups: [group] };
      return { groups: [group] };
    })(),
  },
  { name: `${DEPTH} elements of every kind`, navigation: nestedElements(DEPTH, { language: 'xx', default: true, ...BAD }) },
  {
    name: 'junk everywhere',
    navigation: {
      pages: [...JUNK],
      tabs: JUNK,
      global: { anchors: [...JUNK], tabs: 7 },
      versions: [null, { version: 1, default: true, pages: JUNK }],
      openapi: JUNK,
    },
  },
];

describe('every rule survives deep and junk input', () => {
  const table = navigationRules.flatMap((rule) => inputs.flatMap((input) => [undefined, FILES].map((files) => ({ rule, ...input, files }))));
  it.each(table)('$rule.code: $name (files: $files)', ({ rule, navigation, files }) => {
    let findings: Finding[] = [];
    expect(() => (findings = runRule(rule, { navigation, files }))).not.toThrow();
    for (const finding of findings) {
      expect(finding.message.trim()).not.toBe('');
      expect(finding.pointer).toMatch(/^\/navigation(\/|$)/);
    }
  });

  it('all rules in one walk, as the validator runs them', () => {
    for (const { navigation } of inputs) {
      const findings: Finding[] = [];
      const visitors = navigationRules.map((rule) =>
        rule.create({
          report: (finding) => findings.push({ ...finding, code: rule.code }),
          languageCodes: new Set(),
          files: memoryFiles(FILES),
          profile: PROFILES.spec,
        }),
      );
      expect(() => walkNavigation({ navigation }, visitors)).not.toThrow();
    }
  });

  it('finds what is at the bottom of 5,000 nested groups', () => {
    const { navigation, pointer } = nestedGroups(DEPTH, BAD);
    const found = (code: string) =>
      navigationRules
        .filter((rule) => rule.code === code)
        .flatMap((rule) => runRule(rule, { navigation, files: FILES }))
        .map((f) => f.pointer);
    expect(found('duplicate-page')).toEqual([`${pointer}/pages/1`]);
    expect(found('page-path')).toEqual([`${pointer}/pages/1`]);
    expect(found('path-outside-root')).toEqual([`${pointer}/openapi/1`, `${pointer}/pages/2`]);
    expect(found('openapi-not-found')).toEqual([`${pointer}/openapi/2`, `${pointer}/pages/4`]);
    // A group holds only `pages`: its `groups` is the schema's unknown-field, not a second child type.
    expect(found('mixed-children')).toEqual([]);
    expect(found('expanded-top-level')).toEqual([]);
    expect(found('endpoint-no-spec')).toEqual([]);
    expect(found('page-not-found')).toEqual([]);
  });
});
