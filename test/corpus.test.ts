import { readFileSync } from 'node:fs';
import path from 'node:path';
import { docs, files, fileNameFor } from './corpus-files.js';
import { describe, expect, it } from 'vitest';
import { validateText } from '../src/validate.js';
import type { Problem } from '../src/problem.js';
import { codes } from '../src/codes.js';
import { parsePointer } from '../src/source/pointer.js';
import { parse as parseYaml } from 'yaml';

function valueAt(value: unknown, pointer: string): { found: boolean } {
  let current = value;
  for (const segment of parsePointer(pointer)) {
    if (typeof current !== 'object' || current === null || !(segment in current)) return { found: false };
    current = (current as Record<string, unknown>)[segment];
  }
  return { found: true };
}

function expectInsideFile(problem: Problem, text: string) {
  const lines = text.split('\n');
  expect(problem.line).toBeGreaterThanOrEqual(1);
  expect(problem.line).toBeLessThanOrEqual(lines.length);
  expect(problem.column).toBeGreaterThanOrEqual(1);
  expect(problem.column).toBeLessThanOrEqual(lines[problem.line - 1].length + 1);
  expect(problem.endLine).toBeGreaterThanOrEqual(problem.line);
  expect(problem.endLine).toBeLessThanOrEqual(lines.length);
}

describe('real-world corpus', () => {
  it(`has files to check (${files.length})`, () => expect(files.length).toBeGreaterThan(300));

  it.each(files)('%s: validates without throwing, every problem inside its file', (name) => {
    const text = readFileSync(path.join(docs, name), 'utf8');
    const result = validateText(text, { file: fileNameFor(name) });
    // Asserted for every file, also those with no problems: the file was read as itself and every problem is a known code.
    expect(result.file).toBe(fileNameFor(name));
    expect(result.sources[result.file]).toBe(text);
    expect(result.problems.filter((problem) => !(problem.code in codes)).map((problem) => problem.code)).toEqual([]);
    for (const problem of result.problems) {
      const source = result.sources[problem.file];
      expect(source, `source text for ${problem.file}`).toBeDefined();
      expectInsideFile(problem, source);
      if (problem.code === 'parse-error') continue;
      const value = problem.file.endsWith('.json') ? JSON.parse(source) : parseYaml(source);
      expect(valueAt(value, problem.pointer).found, `${problem.code} at ${problem.pointer}`).toBe(true);
    }
  });
});
