import { describe, expect, it } from 'vitest';
import type { Problem } from '../../src/problem.js';
import { formatJson } from '../../src/report/json.js';
import { languageCode, primaryPattern, result, results } from './fixtures.js';

describe('formatJson', () => {
  it('round-trips to the same files and problems', () => {
    const parsed: unknown = JSON.parse(formatJson(results));
    expect(parsed).toEqual(results.map((r) => ({ file: r.file, problems: r.problems })));
  });

  it('keeps the empty result and leaves the sources out', () => {
    const parsed = JSON.parse(formatJson(results)) as Record<string, unknown>[];
    expect(parsed).toHaveLength(3);
    expect(parsed[2]).toEqual({ file: 'clean/docs.json', problems: [] });
    for (const entry of parsed) expect(Object.keys(entry)).toEqual(['file', 'problems']);
  });

  it('writes the documented fields in a fixed order, suggest only when present', () => {
    const [entry] = JSON.parse(formatJson([result('docs.json', [primaryPattern, languageCode])])) as {
      problems: Record<string, unknown>[];
    }[];
    const fields = ['code', 'severity', 'message', 'file', 'pointer', 'line', 'column', 'endLine', 'endColumn'];
    expect(Object.keys(entry.problems[0])).toEqual(fields);
    expect(Object.keys(entry.problems[1])).toEqual([...fields, 'suggest']);
    expect(entry.problems[1].suggest).toBe('es');
  });

  it('drops fields that are not part of a problem', () => {
    const extra = { ...primaryPattern, internal: { huge: true } } as Problem;
    const [entry] = JSON.parse(formatJson([result('docs.json', [extra])])) as { problems: Problem[] }[];
    expect(entry.problems[0]).toEqual(primaryPattern);
  });

  it('indents with 2 spaces and ends with a newline', () => {
    const out = formatJson(results);
    expect(out.startsWith('[\n  {\n    "file": "docs.json",\n    "problems": [\n      {\n        "code": "primary-pattern",')).toBe(true);
    expect(out.endsWith(']\n')).toBe(true);
    expect(formatJson([])).toBe('[]\n');
  });
});
