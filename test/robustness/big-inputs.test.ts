/**
 * Inputs at the far end of size and depth, generated at test time with bench/generate.mjs:
 * they must come back as results, not exceptions. Speed is measured by `npm run bench`;
 * the timeouts here are only there to stop a hang.
 */
import { describe, expect, it } from 'vitest';
import { formatTreeJson, treeJsonChunks } from '../../src/report/tree.js';
import { resolveText } from '../../src/resolve.js';
import { validateText } from '../../src/validate.js';
import { contractBreaches, generateDeep, generateSite } from './helpers.js';
import { hangGuard } from '../time-scale.mjs';

describe('a 50 MB docs.json', () => {
  it('validates: a result with few problems, all inside the file', { timeout: hangGuard(180_000) }, () => {
    const text = generateSite(930_000);
    expect(text.length).toBeGreaterThan(50_000_000);
    const result = validateText(text, { file: 'docs.json' });
    expect(result.sources['docs.json']).toBe(text);
    expect(result.problems.length).toBeLessThan(10);
    expect(contractBreaches(result)).toEqual([]);
  });

  it('with mistakes planted deep inside: each one found and located', { timeout: hangGuard(180_000) }, () => {
    const text = generateSite(930_000, { withErrors: true });
    // The generated site carries no root settings: its planted mistakes are the spec profile's findings.
    const result = validateText(text, { file: 'docs.json', profile: 'spec' });
    expect(new Set(result.problems.map((p) => p.code))).toEqual(new Set(['unknown-field', 'invalid-type', 'mixed-children', 'language-code']));
    expect(contractBreaches(result)).toEqual([]);
    // All but the language code are planted in the last tab, millions of lines down.
    for (const problem of result.problems.filter((p) => p.code !== 'language-code')) expect(problem.line).toBeGreaterThan(1_000_000);
  });
});

describe('5,000 levels of nesting', () => {
  /** generateDeep with rule findings at the top and at the bottom: `expanded` on the top-level group, a tidy-path and duplicate-page leaf. */
  const deep = () => generateDeep(5000).replace('{"group": "G1", ', '{"group": "G1", "expanded": true, ').replace('"leaf"', '"leaf.mdx", "leaf.mdx"');

  it('validates: a too-deep problem, and the rules still report', { timeout: hangGuard(60_000) }, () => {
    const result = validateText(deep(), { file: 'docs.json' });
    const codes = result.problems.map((p) => p.code);
    // One from the schema check, one where the page tree stops (100 levels): validate and resolve run one pipeline.
    expect(codes.filter((code) => code === 'too-deep')).toHaveLength(2);
    expect(codes).toEqual(expect.arrayContaining(['expanded-top-level', 'page-path', 'duplicate-page']));
    expect(contractBreaches(result)).toEqual([]);
  });

  it('bench/generate.mjs as it is: too-deep, located at its pointer', { timeout: hangGuard(60_000) }, () => {
    // As generated (no root settings): the spec profile's findings.
    const result = validateText(generateDeep(5000), { file: 'docs.json', profile: 'spec' });
    expect(result.problems.map((p) => p.code)).toEqual(['too-deep', 'too-deep']);
    expect(contractBreaches(result)).toEqual([]);
  });

  // Every page and group carries its whole trail, so 5,000 levels would be a tree of ~700 MB of
  // JSON built in ~1.5 GB: the resolver stops at 100 levels and says so with a located too-deep.
  it('resolves to a tree cut at 100 levels, with a too-deep problem where it stops', { timeout: hangGuard(120_000) }, async () => {
    const result = await resolveText(deep(), { file: 'docs.json' });
    expect(contractBreaches(result)).toEqual([]);
    expect(result.tree.groups).toHaveLength(100);
    const tooDeep = result.problems.filter((p) => p.code === 'too-deep').map((p) => p.pointer);
    expect(tooDeep).toContain(`/navigation/groups/0${'/pages/0'.repeat(100)}`);
    expect(() => formatTreeJson(result.tree)).not.toThrow();
  });
});

describe('a 4 MB label over 200 pages', () => {
  // The same repetition: every page's trail carries the version label, so 200 pages × 8 MB
  // (UTF-16) of label is more JSON than a string can hold.
  it('resolves to a tree that can be written as JSON', { timeout: hangGuard(60_000) }, async () => {
    const docs = JSON.parse(generateSite(200)) as { navigation: { languages: Array<{ versions: Array<{ version: string }> }> } };
    docs.navigation.languages[0].versions[0].version = '😀'.repeat(2_000_000);
    const result = await resolveText(JSON.stringify(docs), { file: 'docs.json' });
    expect(contractBreaches(result)).toEqual([]);
    expect(result.tree.pages).toHaveLength(200);
    // More JSON than one string can hold: written in pieces, each of which is fine.
    let length = 0;
    for (const chunk of treeJsonChunks(result.tree)) length += chunk.length;
    expect(length).toBeGreaterThan(2 ** 29);
  });
});
