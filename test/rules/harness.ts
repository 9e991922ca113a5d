import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { walkNavigation } from '../../src/navigation/walk.js';
import { codes } from '../../src/codes.js';
import type { Finding, Severity } from '../../src/problem.js';
import type { DocsFiles, FileKind } from '../../src/docs-root.js';
import type { NavigationRule } from '../../src/rules/types.js';
import { profileOf, type ProfileName } from '../../src/config/profiles.js';
import { validateText } from '../../src/validate.js';

export interface RuleCase {
  name: string;
  /** The `navigation` value (wrapped as `{ navigation }`). */
  navigation: unknown;
  /** Other top-level keys of the document, beside `navigation` (`$schema`). */
  docs?: Record<string, unknown>;
  /**
   * Expected findings: pointer (and suggestion when given), in report order; `severity` when
   * given is the problem's (the finding's own, else the code's default).
   */
  expected: Array<{ pointer: string; suggest?: string; at?: 'key' | 'value'; severity?: Severity; message?: RegExp }>;
  /** Files under the docs root, for the file-existence rules. */
  files?: string[];
  /** A listed disk root (see `listedFiles`): what is under it beside its regular files. */
  others?: Record<string, FileKind>;
  /** False: that root does not answer `hasLinksOutside` (default: it does). */
  linksAnswer?: boolean;
  languageCodes?: string[];
  /** The profile to check against (default: the default profile, `platform`). */
  profile?: ProfileName;
}

/** An in-memory docs root. */
export function memoryFiles(paths: readonly string[], root = 'docs'): DocsFiles {
  const set = new Set(paths);
  return {
    root,
    hasFile: (p) => set.has(p),
    filesIn: (folder) =>
      paths
        .filter((p) => (folder === '' ? !p.includes('/') : p.startsWith(folder + '/') && !p.slice(folder.length + 1).includes('/')))
        .map((p) => p.slice(folder === '' ? 0 : folder.length + 1)),
  };
}

/**
 * A docs root as a listing of the disk answers it (src/docs-root.ts): besides the regular
 * `paths`, `others` holds what is not a regular file (a FIFO, a symlink out of the root, …),
 * and `kindOf` sees a path inside a symlinked folder as outside the root too. Without
 * `linksAnswer` the root does not say up front whether any symlink leads out (`hasLinksOutside`).
 */
function listedFiles(paths: readonly string[], others: Readonly<Record<string, FileKind>>, linksAnswer = true): DocsFiles {
  const files = memoryFiles(paths);
  const isFolder = (folder: string) => paths.some((p) => p.startsWith(folder + '/'));
  return {
    ...files,
    kindOf(relativePath) {
      if (files.hasFile(relativePath)) return 'file';
      if (isFolder(relativePath)) return 'folder';
      for (let at = relativePath; at !== '' && at !== '.' && at !== '/'; at = path.posix.dirname(at)) {
        const kind = others[at];
        if (kind !== undefined) return at === relativePath || kind === 'outside-root' ? kind : undefined;
      }
      return undefined;
    },
    ...(linksAnswer ? { hasLinksOutside: () => Object.values(others).includes('outside-root') } : {}),
  };
}

/** The docs root a case stands for, if any. */
function filesOf(testCase: Pick<RuleCase, 'files' | 'others' | 'linksAnswer'>): DocsFiles | undefined {
  if (testCase.others) return listedFiles(testCase.files ?? [], testCase.others, testCase.linksAnswer);
  return testCase.files ? memoryFiles(testCase.files) : undefined;
}

/** The document a case stands for: its `navigation` and its other top-level keys. */
function documentOf(testCase: Pick<RuleCase, 'navigation' | 'docs'>): Record<string, unknown> {
  return { ...testCase.docs, navigation: testCase.navigation };
}

/** Runs one rule over `{ navigation }` and returns what it reports (with its code). */
export function runRule(
  rule: NavigationRule,
  testCase: Pick<RuleCase, 'navigation' | 'docs' | 'files' | 'others' | 'linksAnswer' | 'languageCodes' | 'profile'>,
): Finding[] {
  const findings: Finding[] = [];
  const visitor = rule.create({
    report: (finding) => findings.push({ ...finding, code: rule.code }),
    languageCodes: new Set(testCase.languageCodes ?? []),
    files: filesOf(testCase),
    profile: profileOf(testCase.profile),
  });
  walkNavigation(documentOf(testCase), [visitor]);
  return findings;
}

/** The parts of a finding a table asserts: pointer, suggestion when there is one, and where it points. */
function shapeOf(finding: Pick<Finding, 'pointer' | 'suggest' | 'at'>): { pointer: string; suggest?: string; at: 'key' | 'value' } {
  return { pointer: finding.pointer, ...(finding.suggest !== undefined ? { suggest: finding.suggest } : {}), at: finding.at ?? 'value' };
}

/** The value as JSON text, or undefined when it is too deep for JSON.stringify. */
function textOf(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}

/**
 * The table test every rule file runs: codes and pointers (with suggestion and key/value)
 * in report order first, then a light check of the wording.
 */
export function testRule(rule: NavigationRule, cases: readonly RuleCase[], wording: RegExp): void {
  describe(rule.code, () => {
    it.each(cases)('$name', (testCase) => {
      const findings = runRule(rule, testCase);
      expect(findings.map(shapeOf)).toEqual(testCase.expected.map(shapeOf));
      testCase.expected.forEach((expected, i) => {
        if (expected.severity !== undefined) expect(findings[i].severity ?? codes[rule.code].severity).toBe(expected.severity);
        if (expected.message !== undefined) expect(findings[i].message).toMatch(expected.message);
      });
      // The same case through the validator, as the CLI runs it: the registry must run this rule and
      // give its problems this code (runRule above stamps the code itself, so it cannot tell).
      // JSON.stringify recurses, so the 5,000-deep cases are checked in memory only.
      const text = textOf(documentOf(testCase));
      if (text !== undefined) {
        const validated = validateText(text, {
          files: filesOf(testCase),
          languageCodes: testCase.languageCodes,
          profile: testCase.profile,
        });
        const problems = validated.problems.filter((problem) => problem.code === rule.code);
        expect(problems.map((problem) => problem.pointer).sort()).toEqual(testCase.expected.map((expected) => expected.pointer).sort());
        for (const expected of testCase.expected) {
          if (expected.severity !== undefined) expect(problems.find((problem) => problem.pointer === expected.pointer)?.severity).toBe(expected.severity);
        }
      }
      for (const finding of findings) expect(finding.message).toMatch(wording);
    });
  });
}

/**
 * `depth` groups, each the only entry of the `pages` of the one above, under `navigation.groups`;
 * built in a loop so the test itself cannot overflow. `leaf` is the innermost group's other fields.
 * Returns the navigation and the pointer of the innermost group.
 */
export function nestedGroups(depth: number, leaf: Record<string, unknown>): { navigation: unknown; pointer: string } {
  let group: Record<string, unknown> = { group: `level ${depth}`, ...leaf };
  for (let level = depth - 1; level >= 1; level--) group = { group: `level ${level}`, pages: [group] };
  return { navigation: { groups: [group] }, pointer: '/navigation/groups/0' + '/pages/0'.repeat(depth - 1) };
}

/** Values that do not belong in a `pages` (or any child) array; the walk must skip them. */
export const JUNK: readonly unknown[] = [
  0,
  42,
  -1.5,
  null,
  true,
  false,
  [],
  ['intro.mdx', ['../x']],
  [[[]]],
  { pages: 7 },
  { group: null, pages: [null, 1, [2]] },
];
