/**
 * A docs root on disk for the site tests of test/site, validated as a user would, its problems
 * given back whole: code, file (root-relative), line and column, message, suggestion.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { validateFile, validateText, ValidationCache, type Problem, type ValidateOptions } from '../../src/index.js';
import type { CheckedSite } from '../../src/site/check.js';
import { validatePage } from '../../src/validate-page.js';

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

/** Writes a docs root: docs.json (`docs`, or a navigation of one group listing `pages`) and the files. */
export function docsRoot(files: Record<string, string>, docs: Record<string, unknown> | readonly string[]): string {
  const root = mkdtempSync(path.join(tmpdir(), 'docsnav-site-'));
  roots.push(root);
  const document = Array.isArray(docs) ? { name: 'Site', navigation: { groups: [{ group: 'Docs', pages: docs }] } } : docs;
  writeFileSync(path.join(root, 'docs.json'), JSON.stringify(document, null, 2));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

/** A problem as the tests compare it. */
export interface Seen {
  code: string;
  file: string;
  at: string;
  message: string;
  suggest?: string;
}

/** link-not-found as the tests compare it: a link to `url` in `file` at `at` (line:column). */
export const lost = (file: string, at: string, url: string): Seen => ({
  code: 'link-not-found',
  file,
  at,
  message: `Link "${url}" leads nowhere: no page, file or redirect of the site is at ${url}.`,
});

/** A problem of `root` as the tests compare it: where (line:column, or the pointer in docs.json), what, the suggestion. */
export function seen(root: string, problem: Problem): Seen {
  const file = path.relative(root, problem.file).split(path.sep).join('/');
  return {
    code: problem.code,
    file,
    at: file === 'docs.json' ? problem.pointer : `${problem.line}:${problem.column}`,
    message: problem.message,
    ...(problem.suggest !== undefined && { suggest: problem.suggest }),
  };
}

/** The problems of these codes (default link-not-found and anchor-not-found) on the root's docs.json. */
export function siteProblems(root: string, options: Parameters<typeof validateFile>[1] = {}, codes = ['link-not-found', 'anchor-not-found']): Seen[] {
  return validateFile(path.join(root, 'docs.json'), options)
    .problems.filter((problem) => codes.includes(problem.code))
    .map((problem) => seen(root, problem));
}

/** The editor tests' site: two listed pages and a draft, with a link and an anchor that lead nowhere on each. */
export const EDITOR_FILES = {
  'index.mdx': '# Home\n\nSee [the guide](/guide#setup) and [gone](/gone).\n',
  'guide.mdx': '# Guide\n\n## Setup\n\nBack [home](/index#nope).\n',
  'drafts/a.mdx': 'Draft [x](/draft-gone).\n',
};
export const EDITOR_DOCS = { name: 'Site', navigation: { pages: ['index', 'guide'] } };

/** The editor site's three problems. */
export const GONE: Seen = {
  code: 'link-not-found',
  file: 'index.mdx',
  at: '3:42',
  message: 'Link "/gone" leads nowhere: no page, file or redirect of the site is at /gone.',
};
export const NOPE: Seen = {
  code: 'anchor-not-found',
  file: 'guide.mdx',
  at: '5:13',
  message: 'Link "/index#nope": no heading or element of /index has the id "nope", so the page opens at its top.',
};
export const DRAFT: Seen = {
  code: 'link-not-found',
  file: 'drafts/a.mdx',
  at: '1:11',
  message: 'Link "/draft-gone" leads nowhere: no page, file or redirect of the site is at /draft-gone.',
};

/**
 * A root of `files` checked as an editor checks it, with one cache: `check` validates a docs.json
 * text (the link and anchor problems), `page` one edited page, `last()` is what the last check kept
 * for the next, `at` a file's absolute path.
 */
export function editorSite(files: Record<string, string> = EDITOR_FILES) {
  const root = docsRoot(files, EDITOR_DOCS);
  const cache = new ValidationCache();
  const check = (document: object = EDITOR_DOCS, options: ValidateOptions = {}): Seen[] =>
    validateText(JSON.stringify(document), { file: path.join(root, 'docs.json'), root, cache, ...options })
      .problems.filter((problem) => problem.code === 'link-not-found' || problem.code === 'anchor-not-found')
      .map((problem) => seen(root, problem));
  const page = (file: string, options: Partial<ValidateOptions> = {}): Seen[] | undefined =>
    validatePage(path.join(root, file), { root, cache, ...options })?.problems.map((problem) => seen(root, problem));
  const last = (): CheckedSite => {
    const kept = cache.lastCheck<CheckedSite>(root);
    if (!kept) throw new Error('no check kept');
    return kept;
  };
  return { root, cache, check, page, last, at: (file: string) => path.join(root, file) };
}
