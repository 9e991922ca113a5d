/**
 * src/lsp/diagnostics.ts where docsnav runs without its docs beside it (bundled into another
 * program: no package root): a diagnostic has no rule doc link at all, rather than a broken one.
 */
import { describe, expect, it, vi } from 'vitest';
import { toDiagnostic } from '../../src/lsp/diagnostics.js';

vi.mock('../../src/package-root.js', () => ({ packageRoot: () => undefined }));

describe('toDiagnostic without the package root', () => {
  it('has no codeDescription', () => {
    expect(
      toDiagnostic({
        code: 'page-not-found',
        severity: 'error',
        message: 'Page "intro" does not exist.',
        file: '/site/docs.json',
        pointer: '/navigation/pages/0',
        line: 1,
        column: 1,
        endLine: 1,
        endColumn: 8,
      }),
    ).toEqual({
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 7 } },
      severity: 1,
      code: 'page-not-found',
      source: 'docsnav',
      message: 'Page "intro" does not exist.',
    });
  });
});
