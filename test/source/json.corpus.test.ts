import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { countKeysByStrings, countKeysInText } from '../../src/source/json.js';
import { docs, files } from '../corpus-files.js';

it('counts the keys of every corpus docs.json the short way as the long way does', () => {
  let short = 0;
  for (const name of files) {
    const text = readFileSync(path.join(docs, name), 'utf8');
    expect(countKeysInText(text), name).toBe(countKeysByStrings(text));
    if (!text.includes('\\":') && !/"\s+:/.test(text) && !/[:,[{]\s*":/.test(text)) short++;
  }
  // Most real files take the short way.
  expect(short).toBeGreaterThan(files.length / 2);
});
