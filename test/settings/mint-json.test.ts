import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ProfileName } from '../../src/config/profiles.js';
import { validateText } from '../../src/validate.js';
import type { ValidateOptions } from '../../src/pipeline/options.js';
import { memoryFiles } from '../rules/harness.js';
import { BASE, MINT, MINT_CASES as cases, type MintCase } from './cases.js';

const text = (value: unknown) => JSON.stringify(value, null, 2);
const withMint = (changes: Record<string, unknown>) => text({ ...MINT, ...changes });

function run(testCase: Pick<MintCase, 'mint' | 'files'>, profile: ProfileName = 'platform', extra: Partial<ValidateOptions> = {}) {
  const files: Record<string, string> = { ...testCase.files };
  if (testCase.mint !== undefined) files['/site/mint.json'] = testCase.mint;
  return validateText(text(BASE), {
    file: '/site/docs.json',
    root: '/site',
    readFile: (p) => files[p],
    files: memoryFiles(['index.mdx']),
    profile,
    ...extra,
  }).problems;
}

describe('mint-json-invalid: a mint.json beside docs.json', () => {
  it.each(cases)('$name', (testCase) => {
    const problems = run(testCase);
    expect(problems.filter((p) => p.code !== 'mint-json-invalid')).toEqual([]);
    expect(problems.map((p) => [p.file, p.pointer, p.severity])).toEqual(testCase.expected);
    for (const problem of problems) expect(problem.message).toMatch(/mint\.json/);
    // The spec profile never reads it.
    expect(run(testCase, 'spec')).toEqual([]);
  });

  it('says what fails and what to do, in mint.json at the value', () => {
    const [problem] = run({ mint: withMint({ colors: { primary: '0D9373' } }) });
    expect(problem).toMatchObject({ file: '/site/mint.json', line: 5, suggest: '#0D9373' });
    expect(problem.message).toBe(
      'mint.json: `colors.primary` must be a hex colour with a leading # (such as "#0D9373" or "#09f"), not "0D9373". The build validates a mint.json that sits beside docs.json and fails on this, although docs.json replaces it: delete mint.json (or fix this).',
    );
    const [top] = run({ mint: withMint({ favicon: undefined }) });
    expect(top.message).toMatch(/^mint\.json needs `favicon`\. The build validates/);
  });

  it('shows mint.json in the report sources, for code frames', () => {
    const files = { '/site/mint.json': withMint({ favicon: 3 }) };
    const result = validateText(text(BASE), {
      file: '/site/docs.json',
      root: '/site',
      readFile: (p) => files[p as keyof typeof files],
      files: memoryFiles(['index.mdx']),
      profile: 'platform',
    });
    expect(Object.keys(result.sources)).toEqual(['/site/docs.json', '/site/mint.json']);
  });

  it('can be turned off, or made milder', () => {
    const testCase = { mint: withMint({ favicon: undefined }) };
    expect(run(testCase, 'platform', { rules: { 'mint-json-invalid': 'off' } })).toEqual([]);
    expect(run(testCase, 'platform', { rules: { 'mint-json-invalid': 'warning' } }).map((p) => p.severity)).toEqual(['warning']);
  });

  it('reads nothing without a docs root, and nothing from standard input', () => {
    expect(validateText(text(BASE), { profile: 'platform' }).problems).toEqual([]);
    expect(validateText(text(BASE), { file: '<stdin>', profile: 'platform', readFile: () => text({}) }).problems).toEqual([]);
  });

  describe('on disk', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'docsnav-mint-'));
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    writeFileSync(path.join(root, 'docs.json'), text(BASE));
    writeFileSync(path.join(root, 'index.mdx'), '# Hi\n');

    it('a folder named mint.json fails the build (reported at the top of docs.json)', () => {
      mkdirSync(path.join(root, 'mint.json'));
      const problems = validateText(text(BASE), { file: path.join(root, 'docs.json'), root, profile: 'platform' }).problems;
      expect(problems.map((p) => [path.basename(p.file), p.code, p.pointer, p.severity])).toEqual([['docs.json', 'mint-json-invalid', '', 'error']]);
      expect(problems[0].message).toMatch(/mint\.json is a folder, not a regular file\. The build fails reading a mint\.json beside docs\.json: delete it\./);
      rmSync(path.join(root, 'mint.json'), { recursive: true });
    });

    it('a mint.json file is found beside docs.json', () => {
      writeFileSync(path.join(root, 'mint.json'), withMint({ name: '' }));
      const problems = validateText(text(BASE), { file: path.join(root, 'docs.json'), root, profile: 'platform' }).problems;
      expect(problems.map((p) => [path.basename(p.file), p.code, p.pointer])).toEqual([['mint.json', 'mint-json-invalid', '/name']]);
    });
  });
});

describe('a mint.json of deeply nested groups', () => {
  /** A group nested `depth` groups deep, its innermost page `page`. */
  const nested = (depth: number, page: string) => {
    let group: Record<string, unknown> = { group: 'G', pages: [page] };
    for (let i = 1; i < depth; i++) group = { group: 'G', pages: [group] };
    return group;
  };

  it('a problem a few groups down is found at its pointer', () => {
    const problems = run({ mint: withMint({ navigation: [nested(20, '')] }) });
    expect(problems.map((p) => [p.code, p.pointer])).toEqual([['mint-json-invalid', `/navigation/0${'/pages/0'.repeat(20)}`]]);
  });

  it('5,000 groups deep: checked without a crash, to its depth bound', () => {
    // Written out (JSON.stringify itself overflows the stack at this depth).
    const deep = `${'{"group": "G", "pages": ['.repeat(5_000)}""${']}'.repeat(5_000)}`;
    const mint = withMint({ navigation: ['DEEP'] }).replace('"DEEP"', deep);
    const problems = run({ mint });
    // Past the check's depth bound (200 levels) nothing deeper is checked: the empty page at the bottom is not said,
    // only the info any mint.json beside docs.json gets.
    expect(problems.map((p) => [p.code, p.pointer, p.severity])).toEqual([['mint-json-invalid', '', 'info']]);
  });
});
