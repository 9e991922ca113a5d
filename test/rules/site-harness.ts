/**
 * The site rules' harness: a case is a docs root written to a temporary folder (docs.json with a
 * navigation of `pages` and the case's other keys, and its files), validated as a user would
 * (`validateFile`), and the rule's problems given back by message id (the rule's `messages`
 * table, src/messages.ts), file, pointer and the data that filled the message in. Tests assert
 * ids and data, never the wording: a sentence reworded changes its table and no test. A message
 * the table does not hold fails the test (every sentence of a site rule is in its table).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateFile } from '../../src/index.js';
import { readMessage } from '../../src/messages.js';
import { siteRules } from '../../src/rules/index.js';
import type { SiteRule } from '../../src/site/rule.js';

export interface SiteCase {
  name: string;
  /** Files of the docs root beside docs.json (path to text). */
  files: Record<string, string>;
  /** The pages the navigation lists (one group), unless `docs` gives a navigation. */
  pages?: string[];
  /** Other keys of docs.json (`redirects`, a `navigation` of its own). */
  docs?: Record<string, unknown>;
  /** Every problem of the rule, in report order: its message id, and what else is given. */
  expected: SiteFinding[];
}

interface SiteFinding {
  messageId: string;
  /** Root-relative file the problem is in (default docs.json). */
  file?: string;
  pointer?: string;
  /** The message's placeholders, as filled in (only those given are compared). */
  data?: Record<string, string>;
  suggest?: string;
}

/** The registry's site rule of this code. */
function siteRule(code: string): SiteRule {
  const rule = siteRules.find((candidate) => candidate.code === code);
  if (!rule) throw new Error(`no site rule "${code}" in the registry`);
  return rule;
}

/** Writes a case's docs root; returns its folder. */
function siteOf(testCase: Pick<SiteCase, 'files' | 'pages' | 'docs'>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'docsnav-site-rule-'));
  const docs = { name: 'Site', navigation: { groups: [{ group: 'Docs', pages: testCase.pages ?? [] }] }, ...testCase.docs };
  writeFileSync(path.join(root, 'docs.json'), JSON.stringify(docs, null, 2));
  for (const [file, text] of Object.entries(testCase.files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

/** The rule's problems on a case's site, by message id. */
function siteFindings(
  code: string,
  testCase: Pick<SiteCase, 'files' | 'pages' | 'docs'>,
): Array<Required<Omit<SiteFinding, 'suggest'>> & { suggest?: string }> {
  const rule = siteRule(code);
  const root = siteOf(testCase);
  return validateFile(path.join(root, 'docs.json'))
    .problems.filter((problem) => problem.code === code)
    .map((problem) => {
      const read = readMessage(rule.messages, problem.message);
      if (!read) throw new Error(`${code}: the message ${JSON.stringify(problem.message)} is in no entry of the rule's messages table`);
      return {
        messageId: read.id,
        file: path.relative(root, problem.file).split(path.sep).join('/'),
        pointer: problem.pointer,
        data: read.data,
        ...(problem.suggest !== undefined ? { suggest: problem.suggest } : {}),
      };
    });
}

/** Each case, one test: the rule's problems are the expected ones, by id and suggestion (none where the case gives none), and by file, pointer and data where given. */
export function testSiteRule(code: string, cases: readonly SiteCase[]): void {
  describe(`${code} (site rule)`, () => {
    it.each(cases)('$name', (testCase) => {
      const found = siteFindings(code, testCase);
      expect(found.map((finding) => finding.messageId)).toEqual(testCase.expected.map((finding) => finding.messageId));
      testCase.expected.forEach((expected, index) => {
        const actual = found[index];
        expect(actual.file).toBe(expected.file ?? 'docs.json');
        if (expected.pointer !== undefined) expect(actual.pointer).toBe(expected.pointer);
        if (expected.data !== undefined) expect(actual.data).toMatchObject(expected.data);
        expect(actual.suggest, 'the suggestion (none where the case gives none)').toBe(expected.suggest);
      });
    });
  });
}
