/**
 * Contracts of the library, stated once and checked on generated sites (./sites.ts):
 * - validate and resolve report the same problems for the codes both report: resolve reports
 *   every problem validate does, and beside them only codes of the resolver's own;
 * - `--fix` never adds an error: the errors after fixing are a sub-multiset of those before
 *   (matched as the fix module matches them: code, file and message, else code, file and
 *   pointer, as a fix that removes an entry moves the pointers after it), and the result parses;
 * - every path in a resolved tree stays inside the docs root.
 * Seeded and bounded (DOCSNAV_FC_SEED and DOCSNAV_FC_RUNS explore further).
 */
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { codes } from '../../src/codes.js';
import { isInside } from '../../src/files.js';
import { fixText } from '../../src/fix.js';
import type { Problem } from '../../src/problem.js';
import { resolveText } from '../../src/resolve.js';
import type { PageTree } from '../../src/resolve/types.js';
import { validateText } from '../../src/validate.js';
import { contractSite, inputArb, textOf, type SiteFiles } from './sites.js';

const SEED = Number(process.env.DOCSNAV_FC_SEED ?? 20_260_525);
const RUNS = Number(process.env.DOCSNAV_FC_RUNS ?? 150);
const params = { numRuns: RUNS, seed: SEED };

let site: SiteFiles;
beforeAll(() => {
  site = contractSite();
});
afterAll(() => site?.remove());

const optionsFor = (name: string) => ({ file: path.join(site.root, name), root: site.root });

/** A problem as both APIs must agree on it. */
const shown = (p: Problem) =>
  `${p.file} ${p.line}:${p.column}-${p.endLine}:${p.endColumn} ${p.severity} ${p.code} ${p.pointer} ${p.message} ${p.suggest ?? ''}`;

describe('validate and resolve report the same problems', () => {
  it('on every generated site: every problem validate reports, resolve reports as it is; resolve adds only its own codes', async () => {
    await fc.assert(
      fc.asyncProperty(inputArb, async (input) => {
        const { name, text } = textOf(input);
        const validated = validateText(text, optionsFor(name)).problems.map(shown);
        const resolved = (await resolveText(text, optionsFor(name))).problems;
        const extra = [...resolved.map(shown)];
        const missing = validated.filter((problem) => {
          const at = extra.indexOf(problem);
          if (at === -1) return true;
          extra.splice(at, 1);
          return false;
        });
        expect(missing).toEqual([]);
        const resolveOwn = new Set(resolved.filter((p) => codes[p.code].source === 'resolve').map(shown));
        expect(extra.filter((problem) => !resolveOwn.has(problem))).toEqual([]);
      }),
      params,
    );
  });
});

/**
 * The errors of `after` that match no error of `before`: first by code, file and message, then
 * the rest by code, file and pointer (one `before` error matches one `after` error).
 */
function addedErrors(before: readonly Problem[], after: readonly Problem[]): Problem[] {
  const errors = (list: readonly Problem[]) => list.filter((p) => p.severity === 'error');
  let unmatched = errors(after);
  let available = errors(before);
  for (const keyOf of [(p: Problem) => `${p.code}\0${p.file}\0${p.message}`, (p: Problem) => `${p.code}\0${p.file}\0${p.pointer}`]) {
    const counts = new Map<string, Problem[]>();
    for (const p of available) counts.set(keyOf(p), [...(counts.get(keyOf(p)) ?? []), p]);
    const used = new Set<Problem>();
    unmatched = unmatched.filter((p) => {
      const match = counts.get(keyOf(p))?.shift();
      if (match) used.add(match);
      return !match;
    });
    available = available.filter((p) => !used.has(p));
  }
  return unmatched;
}

/** True when the text parses as its format, with no duplicate key. */
function parses(name: string, text: string): boolean {
  if (name.endsWith('.yaml')) return parseDocument(text, { uniqueKeys: true }).errors.length === 0;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

describe('--fix never adds an error', () => {
  it('on every generated site: the errors after are among the errors before, and the fixed text still parses', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const { name, text } = textOf(input);
        const options = optionsFor(name);
        const before = validateText(text, options);
        const result = fixText(text, options);
        const fixed = result.files.find((file) => file.file === options.file)?.after ?? text;
        const after = validateText(fixed, options);
        expect(addedErrors(before.problems, after.problems).map(shown)).toEqual([]);
        if (parses(name, text)) expect(parses(name, fixed)).toBe(true);
        // What the fix module says it left is what validating the fixed text finds.
        expect(result.after.problems.map(shown)).toEqual(after.problems.map(shown));
      }),
      params,
    );
  });
});

/** Why a path in the tree leaves the root (or is not a plain relative path), or undefined. */
function escapes(root: string, where: string, value: string | undefined): string | undefined {
  if (value === undefined || /^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return undefined;
  const why =
    value.split('/').includes('..') || value.includes('\\')
      ? 'a .. segment or a backslash'
      : path.posix.isAbsolute(value) || path.win32.isAbsolute(value)
        ? 'absolute'
        : !isInside(root, path.resolve(root, value))
          ? 'outside the root'
          : undefined;
  return why && `${where}: ${JSON.stringify(value)} (${why})`;
}

function treeEscapes(root: string, tree: PageTree): string[] {
  const found: Array<string | undefined> = [];
  for (const page of tree.pages) found.push(escapes(root, `page ${page.source} path`, page.path), escapes(root, `page ${page.source} file`, page.file));
  for (const group of tree.groups)
    found.push(escapes(root, `group ${group.source} firstPage`, group.firstPage), escapes(root, `group ${group.source} root`, group.root));
  return found.filter((why) => why !== undefined);
}

describe('every path in a resolved tree stays inside the docs root', () => {
  // Found by the property below: a group's `root` that climbs out, has a drive letter or a
  // control character was reported (path-outside-root, unsafe-slug: "left out of the page
  // tree") and still given as the group's `root` in the tree ("../outside", "C:/index").
  it.each([
    ['../outside', undefined, 'path-outside-root'],
    ['C:\\index', undefined, 'unsafe-slug'],
    ['guides/../../outside', undefined, 'path-outside-root'],
    ['a\u0000b', undefined, 'unsafe-slug'],
    ['/index', 'index', 'page-path'],
    ['guides\\a', 'guides/a', 'page-path'],
    ['https://example.com/start', 'https://example.com/start', undefined],
  ])('a group root %j: the tree gives root %j, and says %s', async (root, expected, code) => {
    const text = JSON.stringify({ navigation: { groups: [{ group: 'Start', root, pages: ['index'] }] } }, null, 2);
    const resolved = await resolveText(text, optionsFor('docs.json'));
    expect(resolved.tree.groups[0].root).toBe(expected);
    if (code) expect(resolved.problems.map((p) => [p.code, p.pointer])).toContainEqual([code, '/navigation/groups/0/root']);
    expect(treeEscapes(site.root, resolved.tree)).toEqual([]);
  });

  it('on every generated site: page paths and files, group roots and first pages', async () => {
    await fc.assert(
      fc.asyncProperty(inputArb, async (input) => {
        const { name, text } = textOf(input);
        const resolved = await resolveText(text, optionsFor(name));
        expect(treeEscapes(site.root, resolved.tree)).toEqual([]);
      }),
      params,
    );
  });
});
