/**
 * Generated mint.json files, shaped like mint.json (groups, tabs, anchors, versions, settings) but
 * with any value anywhere: validating and upgrading one never throws, every problem is in the
 * mint.json at a place it has (line and column inside its text, its pointer naming a value of it),
 * and every change the upgrade lists names a value of it. Seeded and bounded (DOCSNAV_FC_SEED,
 * DOCSNAV_FC_RUNS explore further).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { upgradeMintText } from '../../src/mint/file.js';
import { upgradeMintConfig } from '../../src/mint/upgrade.js';
import { ownChild, parsePointer } from '../../src/source/pointer.js';
import { validateText } from '../../src/validate.js';

const params = { numRuns: Number(process.env.DOCSNAV_FC_RUNS ?? 300), seed: Number(process.env.DOCSNAV_FC_SEED ?? 20_260_527) };

/** Any JSON value, small. */
const anyJson = fc.jsonValue({ maxDepth: 3 });
/** A value usually of the expected kind, sometimes anything at all. */
const mostly = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ weight: 5, arbitrary: arb }, { weight: 1, arbitrary: anyJson });

const word = fc.constantFrom('intro', 'api', 'api/users', './guides/a', '/guides/b', 'v1/x', '', ' ', 'a/../b', 'https://x.example.com', 'GET /users');
const groupArb: fc.Memo<unknown> = fc.memo((depth: number) =>
  mostly(
    fc.record(
      {
        group: mostly(fc.constantFrom('Start', 'API', '')),
        pages: mostly(
          fc.array(depth > 1 ? fc.oneof({ weight: 3, arbitrary: mostly(word) }, { weight: 1, arbitrary: groupArb(depth - 1) }) : mostly(word), {
            maxLength: 4,
          }),
        ),
        icon: mostly(fc.constantFrom('book', 'fa-book')),
        iconType: mostly(fc.constantFrom('solid', 'bogus')),
        version: mostly(fc.constantFrom('v1', 'v2')),
        public: anyJson,
      },
      { requiredKeys: [] },
    ),
  ),
);
const division = fc.record(
  {
    name: mostly(fc.constantFrom('One', ' Two ', '')),
    url: mostly(word),
    version: mostly(fc.constantFrom('v1', 'v2')),
    openapi: mostly(fc.constantFrom('/openapi.json', 'https://example.com/o.json', 'openapi.json')),
    icon: mostly(fc.constant('code')),
    color: mostly(fc.oneof(fc.constant('#112233'), fc.constant({ from: '#112233' }))),
    isDefaultHidden: anyJson,
  },
  { requiredKeys: [] },
);
const mintArb = fc.record(
  {
    $schema: mostly(fc.constant('https://mintlify.com/schema.json')),
    name: mostly(fc.constant('Acme')),
    favicon: mostly(fc.constant('/favicon.svg')),
    colors: mostly(fc.record({ primary: mostly(fc.constant('#0D9373')), background: anyJson, anchors: anyJson }, { requiredKeys: [] })),
    navigation: mostly(fc.array(groupArb(3), { maxLength: 4 })),
    tabs: mostly(fc.array(mostly(division), { maxLength: 3 })),
    anchors: mostly(fc.array(mostly(division), { maxLength: 3 })),
    versions: mostly(
      fc.array(
        mostly(
          fc.oneof(
            fc.constantFrom('v1', 'v2'),
            fc.record({ name: mostly(fc.constantFrom('v1', 'v2')), url: anyJson, locale: anyJson, default: anyJson }, { requiredKeys: [] }),
          ),
        ),
        { maxLength: 3 },
      ),
    ),
    primaryTab: anyJson,
    topAnchor: anyJson,
    api: anyJson,
    font: anyJson,
    footer: anyJson,
    footerSocials: anyJson,
    topbarLinks: anyJson,
    topbarCtaButton: anyJson,
    redirects: anyJson,
    openapi: anyJson,
    analytics: anyJson,
    seo: anyJson,
  },
  { requiredKeys: [] },
);
/** Sometimes not an object at all, and written with or without indentation. */
const textArb = fc.tuple(fc.oneof({ weight: 9, arbitrary: mintArb }, { weight: 1, arbitrary: anyJson }), fc.constantFrom(0, 2, '\t')).map(([value, space]) => ({
  value,
  text: JSON.stringify(value, null, space),
}));

const found = (root: unknown, pointer: string) => {
  let value = root;
  for (const segment of parsePointer(pointer)) {
    if (typeof value !== 'object' || value === null) return false;
    value = ownChild(value, segment);
    if (value === undefined) return false;
  }
  return true;
};

describe('generated mint.json files', () => {
  it('validate: no throw; every problem in the mint.json, inside its text, at a value it has', () => {
    fc.assert(
      fc.property(textArb, ({ value, text }) => {
        const lines = text.split('\n');
        for (const profile of ['spec', 'platform'] as const) {
          const { problems } = validateText(text, { file: 'mint.json', profile });
          for (const problem of problems) {
            expect(problem.file).toBe('mint.json');
            expect(problem.line).toBeGreaterThanOrEqual(1);
            expect(problem.endLine).toBeLessThanOrEqual(lines.length);
            expect(problem.column).toBeLessThanOrEqual(lines[problem.line - 1].length + 1);
            expect(found(value, problem.pointer), `${problem.code} ${problem.pointer}`).toBe(true);
          }
        }
      }),
      params,
    );
  });

  it('upgrade: no throw; every change at a value of the mint.json; every part of the docs.json back to one', () => {
    fc.assert(
      fc.property(textArb, ({ value, text }) => {
        for (const theme of [false, true]) {
          const upgrade = upgradeMintConfig(value, { theme });
          for (const change of upgrade.changes) expect(found(value, change.pointer), change.pointer).toBe(true);
          const stack: Array<{ at: string; value: unknown }> = [{ at: '', value: upgrade.docs }];
          while (stack.length > 0) {
            const item = stack.pop()!;
            expect(found(value, upgrade.originOf(item.at)) || upgrade.originOf(item.at) === '', item.at).toBe(true);
            if (typeof item.value === 'object' && item.value !== null)
              for (const [key, child] of Object.entries(item.value))
                stack.push({ at: `${item.at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, value: child });
          }
          const file = upgradeMintText(text, { theme });
          expect(file.text === undefined ? file.problems.length > 0 : file.problems.length === 0).toBe(true);
        }
      }),
      params,
    );
  });
});
