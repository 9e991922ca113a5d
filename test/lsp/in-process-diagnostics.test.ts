/**
 * src/lsp/diagnostics.ts: a problem as an editor shows it (toDiagnostic), exactly: its range
 * (0-based), severity, code, the link to the rule's shipped documentation, source, and the message
 * with the whole suggestion (an editor shows it in full, a terminal report shortens it); and the
 * same through the server of src/lsp in this process, for a real docs.json.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { uriOf } from '../../bench/lsp-client.mjs';
import { toDiagnostic } from '../../src/lsp/diagnostics.js';
import type { Problem } from '../../src/problem.js';
import { siteWith } from '../move/harness.js';
import { withSession } from './session.js';

const ruleDoc = (code: string) => pathToFileURL(path.resolve('docs/rules', `${code}.md`)).href;

const problem = (more: Partial<Problem> = {}): Problem => ({
  code: 'page-not-found',
  severity: 'error',
  message: 'Page "guides/intro" does not exist.',
  file: '/site/docs.json',
  pointer: '/navigation/pages/0',
  line: 3,
  column: 5,
  endLine: 3,
  endColumn: 20,
  ...more,
});

describe('toDiagnostic', () => {
  it('a problem: its range, severity, code, rule doc link, source and message', () => {
    expect(toDiagnostic(problem())).toEqual({
      range: { start: { line: 2, character: 4 }, end: { line: 2, character: 19 } },
      severity: 1,
      code: 'page-not-found',
      codeDescription: { href: ruleDoc('page-not-found') },
      source: 'docsnav',
      message: 'Page "guides/intro" does not exist.',
    });
    // The rule's documentation is there, where the link says.
    expect(readFileSync(new URL(ruleDoc('page-not-found')), 'utf8')).toContain('page-not-found');
  });

  it('each code its own link, the same each time it is asked (warnings and infos too)', () => {
    const warning = toDiagnostic(problem({ code: 'duplicate-page', severity: 'warning' }));
    const info = toDiagnostic(problem({ code: 'duplicate-page', severity: 'info' }));
    expect([warning.severity, warning.codeDescription]).toEqual([2, { href: ruleDoc('duplicate-page') }]);
    expect([info.severity, info.codeDescription]).toEqual([3, { href: ruleDoc('duplicate-page') }]);
    expect(toDiagnostic(problem()).codeDescription).toEqual({ href: ruleDoc('page-not-found') });
  });

  it('the suggestion in full, however long (a terminal report shortens it past 200 characters)', () => {
    const long = `guides/${'a'.repeat(240)}`;
    expect(toDiagnostic(problem({ suggest: long })).message).toBe(`Page "guides/intro" does not exist. Suggestion: use ${JSON.stringify(long)}.`);
  });
});

describe('through the server', () => {
  it("docs.json's problem, exactly as published", async () => {
    const root = siteWith({
      'docsnav.config.json': '{ "extends": "spec" }',
      'docs.json': '{\r\n  "navigation": { "pages": ["intro", "café/guide"] }\r\n}\r\n',
      'intro.mdx': '# Intro\n',
    });
    const file = path.join(root, 'docs.json');
    await withSession({ workspaceFolders: [{ uri: uriOf(root), name: 'site' }] }, async (session) => {
      const { diagnostics } = await session.next(file);
      expect(diagnostics).toEqual([
        {
          range: { start: { line: 1, character: 37 }, end: { line: 1, character: 49 } },
          severity: 1,
          code: 'page-not-found',
          codeDescription: { href: ruleDoc('page-not-found') },
          source: 'docsnav',
          message: expect.stringContaining('"café/guide.mdx"'),
        },
      ]);
    });
  });
});
