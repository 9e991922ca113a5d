/**
 * A docs root on disk for the site tests of test/site, validated as a user would, its problems
 * given back whole: code, file (root-relative), line and column, message, suggestion.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { validateFile, type Problem } from '../../src/index.js';

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
