import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codes } from '../../src/codes.js';
import { FIXABLE_CODES } from '../../src/fix/fixable.js';

const readme = readFileSync('README.md', 'utf8');
const fixing = readme.slice(readme.indexOf('## Fixing'), readme.indexOf('\n## ', readme.indexOf('## Fixing') + 1));

describe('README: fixing', () => {
  it('marks exactly the fixable codes in the rule table’s fix column', () => {
    const lines = readme.split('\n');
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

  it('has a Fixing section whose commands run as it says, and repair the example', () => {
    const block = /```sh\n([\s\S]*?)```/.exec(fixing)![1];
    const site = path.join(mkdtempSync(path.join(tmpdir(), 'docsnav-readme-fix-')), 'site');
    const commands = block
      .trim()
      .split('\n')
      .map((line) => line.replaceAll('/tmp/site', site));
    const codesOf = commands.map((command) => spawnSync('bash', ['-c', command], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } }));
    expect(codesOf.map((run) => run.status)).toEqual([0, 1, 0, 0]);
    expect(codesOf[1].stdout).toContain('unknown-field');
    expect(codesOf[2].stdout).toContain('+++ b/');
    expect(codesOf[3].stderr).toBe('docsnav: fixed 2 problems in 1 file; 0 problems remain\n');
    expect(readFileSync(path.join(site, 'docs.json'), 'utf8')).toBe(readFileSync('fixtures/example/docs.json', 'utf8'));
  });
});
