/**
 * The corpus, file by file: the error codes docsnav reports on each in-scope real docs.json,
 * under the spec profile and under the platform profile, against a stored table reviewed by
 * hand (test/corpus-expectations.tsv, which says why each error is genuine; since issue 56 a language
 * code or global-anchor href only the platform accepts is a warning under spec, not an error). A new false
 * positive, or an error that goes missing, fails here.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateText } from '../src/validate.js';

const corpus = path.resolve('../shared/corpus');

/** In scope: docs.json files of the platform (not legacy mint.json, not other products' files named docs.json). */
const inScope = readFileSync(path.join(corpus, 'manifest.tsv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => line.split('\t'))
  .filter(([, , , , , format, , note]) => format === 'v2' && !/other product format/.test(note ?? ''))
  .map(([file]) => file);

const expected = new Map<string, { spec: string; platform: string }>();
for (const line of readFileSync('test/corpus-expectations.tsv', 'utf8').split('\n')) {
  if (line === '' || line.startsWith('#')) continue;
  const [file, spec, platform, why] = line.split('\t');
  if (!why) throw new Error(`corpus-expectations.tsv: ${file} has no reason`);
  expected.set(file, { spec, platform });
}

function errorCodes(file: string, profile: 'spec' | 'platform'): string {
  // docs/0001.json splits itself with $ref; its navigation targets are in refs/0001/.
  const refs = path.join(corpus, 'refs', file.replace(/\.json$/, ''));
  const name = existsSync(refs) ? path.join(refs, 'docs.json') : path.join(corpus, 'docs', file);
  const text = readFileSync(path.join(corpus, 'docs', file), 'utf8');
  const result = validateText(text, { file: name, root: existsSync(refs) ? refs : undefined, profile, rules: { 'page-not-found': 'off' } });
  const codes = [...new Set(result.problems.filter((p) => p.severity === 'error').map((p) => p.code))].sort();
  return codes.length > 0 ? codes.join(',') : '-';
}

describe('corpus: error codes per file, as reviewed', () => {
  it('has the 360 in-scope files, and the table names only them', () => {
    expect(inScope).toHaveLength(360);
    for (const file of expected.keys()) expect(inScope).toContain(file);
  });

  it.each(inScope)('%s', (file) => {
    const want = expected.get(file) ?? { spec: '-', platform: '-' };
    expect({ spec: errorCodes(file, 'spec'), platform: errorCodes(file, 'platform') }).toEqual(want);
  });

  it('passes: 328 files under spec, 323 under platform', () => {
    const failing = (profile: 'spec' | 'platform') => [...expected.values()].filter((row) => row[profile] !== '-').length;
    expect(inScope.length - failing('spec')).toBe(328);
    expect(inScope.length - failing('platform')).toBe(323);
  });
});
