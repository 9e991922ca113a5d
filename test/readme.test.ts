import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { codes } from '../src/codes.js';
import { fencedBlocks, readmeBlock } from './readme-blocks.mjs';

const readme = readFileSync('README.md', 'utf8');
const examples = fencedBlocks(readme)
  .filter((block) => block.lang === 'js')
  .map((block) => block.text);
/** The README's first screen: what docsnav is, how to install it, the two commands a newcomer runs. */
const FIRST_SCREEN = 50;

/** `// …` lines after the code are the output the example promises; `…` matches anything. */
function expectedOutput(code: string): RegExp[] {
  return code
    .split('\n')
    .filter((line) => line.startsWith('// '))
    .map(
      (line) =>
        new RegExp(
          `^${line
            .slice(3)
            .split('…')
            .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
            .join('.*')}$`,
        ),
    );
}

describe('README', () => {
  it('shows how to install and then the two commands a newcomer runs, on the first screen', () => {
    expect(readme.split('\n')[0]).toBe('# docsnav');
    const install = readmeBlock('install');
    const newcomer = readmeBlock('newcomer');
    expect(install.line).toBeLessThan(newcomer.line);
    expect(newcomer.endLine).toBeLessThanOrEqual(FIRST_SCREEN);
    expect(install.text).toMatch(/npm install --save-dev git\+https:\/\/\S+\/docsnav\.git/);
    expect(newcomer.text).toContain('npm ci && npm run example');
    expect(newcomer.text).toContain('npm test');
    // Not published: the README must not tell anyone to install it from the registry by name.
    expect(readme).not.toMatch(/npm (install|i)( --save-dev| -D)? docsnav\b/);
  });

  it('lists every problem code with its default severity', () => {
    for (const [code, info] of Object.entries(codes)) expect(readme).toContain(`| [\`${code}\`](docs/rules/${code}.md) | ${info.severity} |`);
  });

  it.each(examples.map((code, index) => [index + 1, code]))('example %i runs and prints what it says', (index, code) => {
    // Inside the project folder, `import … from 'docsnav'` resolves to this package (the build in dist/).
    const file = `.readme-example-${index}.mjs`;
    writeFileSync(file, code);
    try {
      const run = spawnSync(process.execPath, [file], { encoding: 'utf8' });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      const lines = run.stdout.trimEnd().split('\n');
      const expected = expectedOutput(code);
      expect(lines).toHaveLength(expected.length);
      lines.forEach((line, i) => expect(line).toMatch(expected[i]));
    } finally {
      rmSync(file, { force: true });
    }
  });
});
