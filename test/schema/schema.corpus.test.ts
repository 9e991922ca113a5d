import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parse as parseJsonc } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { checkSchema } from '../../src/schema/index.js';
import { hasOwnPointer } from '../robustness/helpers.js';

/** The real-world corpus beside the project (npm run test:corpus). */
const CORPUS = path.resolve('../shared/corpus/docs');

describe('corpus', () => {
  const files = readdirSync(CORPUS)
    .filter((f) => f.endsWith('.json'))
    .sort();

  it('holds files', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it('never makes checkSchema throw, and every finding points inside its file', () => {
    for (const file of files) {
      const text = readFileSync(path.join(CORPUS, file), 'utf8');
      let docs: unknown;
      try {
        docs = JSON.parse(text);
      } catch {
        docs = parseJsonc(text);
      }
      for (const finding of checkSchema(docs)) expect(hasOwnPointer(docs, finding.pointer), `${file} ${finding.code} ${finding.pointer}`).toBe(true);
    }
  });
});
