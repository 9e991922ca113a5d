import { readFileSync } from 'node:fs';
import path from 'node:path';
import { docs, files, fileNameFor } from '../corpus-files.js';
import { afterAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { countProblems } from '../../src/result.js';
import { fixText } from '../../src/fix.js';

function readOrUndefined(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

const totals = { files: 0, changed: 0, before: 0, beforeErrors: 0, after: 0, afterErrors: 0 };

describe('real-world corpus, fixed (as --fix-dry-run: nothing is written)', () => {
  it.each(files)('%s: valid output, no more errors than before, a second run changes nothing', (name) => {
    const text = readFileSync(path.join(docs, name), 'utf8');
    const file = fileNameFor(name);
    // The file's folder is its docs root, as for the CLI: `$ref` targets are read (and fixed) there.
    // The corpus has no page files, so the checks for them are off.
    const root = path.dirname(file);
    const rules = { 'page-not-found': 'off', 'openapi-not-found': 'off' } as const;
    const result = fixText(text, { file, root, rules });
    for (const fixed of result.files) {
      if (/\.ya?ml$/.test(fixed.file)) expect(() => parseYaml(fixed.after), fixed.file).not.toThrow();
      else expect(() => JSON.parse(fixed.after), fixed.file).not.toThrow();
    }
    const before = countProblems(result.before);
    const after = countProblems(result.after.problems);
    expect(after.errors).toBeLessThanOrEqual(before.errors);
    expect(result.after.problems.length).toBeLessThanOrEqual(result.before.length);

    // Again, on the fixed text of every file (the $ref targets' too): nothing left to fix.
    const texts = new Map(result.files.map((f) => [path.resolve(f.file), f.after]));
    const again = fixText(texts.get(path.resolve(file)) ?? text, {
      file,
      root,
      rules,
      readFile: (absolute) => texts.get(absolute) ?? readOrUndefined(absolute),
    });
    expect(again.applied).toEqual([]);
    expect(again.after.problems).toEqual(result.after.problems);

    totals.files++;
    if (result.files.length > 0) totals.changed++;
    totals.before += result.before.length;
    totals.beforeErrors += before.errors;
    totals.after += result.after.problems.length;
    totals.afterErrors += after.errors;
  });

  afterAll(() => {
    if (totals.files === files.length) {
      // For the record (the issue asks for these numbers): problems and errors before and after fixing.
      console.log(
        `corpus fix: ${totals.files} files, ${totals.changed} changed; problems ${totals.before} -> ${totals.after}, errors ${totals.beforeErrors} -> ${totals.afterErrors}`,
      );
    }
  });
});
