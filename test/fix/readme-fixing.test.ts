import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { codes } from '../../src/codes.js';
import { FIXABLE_CODES } from '../../src/fix/fixable.js';

const checks = readFileSync('docs/checks.md', 'utf8');

// docs/fixing.md's recipe (the block `fixing`) runs in test/readme.test.ts.
describe('docs/checks.md: fixing', () => {
  it('marks exactly the fixable codes in the rule table’s fix column', () => {
    const lines = checks.split('\n');
    const start = lines.findIndex((line) => line.startsWith('| code | default |'));
    const end = lines.findIndex((line, i) => i > start && !line.startsWith('|'));
    const header = lines[start].split('|').map((cell) => cell.trim());
    const fixColumn = header.indexOf('fix');
    expect(fixColumn).toBeGreaterThan(0);
    const marked = new Set<string>();
    for (const line of lines.slice(start + 2, end)) {
      const code = /^\| \[?`([a-z-]+)`/.exec(line)?.[1];
      if (!code || !(code in codes)) continue;
      if (line.split('|')[fixColumn].trim() === 'yes') marked.add(code);
    }
    expect(marked).toEqual(new Set(FIXABLE_CODES));
  });
});
