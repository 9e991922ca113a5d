/**
 * The CLI under hostile calling (issue 8): a reader that closes the pipe early, and usage
 * mistakes that used to be read as something else. Each usage error is one line, exit 2.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateManyProblems, runCli, tempDir } from './helpers.js';
import { hangGuard } from '../time-scale.mjs';

let temp: { dir: string; remove: () => void };
let site: string;
let many: string;
beforeAll(() => {
  temp = tempDir();
  site = path.join(temp.dir, 'site');
  cpSync('fixtures/example', site, { recursive: true });
  many = path.join(temp.dir, 'many.json');
  writeFileSync(many, generateManyProblems(3000));
});
afterAll(() => temp?.remove());

/** `docsnav … | head -1`: docsnav's exit code and its stderr. */
function intoHead(args: readonly string[]): { code: number; stderr: string; head: string } {
  const script = 'node dist/cli/main.js "$@" 2>"$ERRFILE" | head -1; echo "exit=${PIPESTATUS[0]}"';
  const errFile = path.join(temp.dir, `stderr-${Math.random().toString(36).slice(2)}`);
  const run = spawnSync('bash', ['-c', script, 'docsnav', ...args], {
    encoding: 'utf8',
    timeout: hangGuard(60_000),
    env: { ...process.env, ERRFILE: errFile, NO_COLOR: '1' },
  });
  const lines = run.stdout.trimEnd().split('\n');
  const code = Number(/^exit=(\d+)$/.exec(lines.at(-1) ?? '')?.[1]);
  return { code, stderr: readFileSync(errFile, 'utf8'), head: lines[0] };
}

describe('a closed pipe', () => {
  it.each([
    ['validate (pretty)', ['validate', '--rule', 'page-not-found=off']],
    ['validate (json)', ['validate', '--format', 'json', '--rule', 'page-not-found=off']],
    ['resolve (json)', ['resolve']],
    ['resolve (pretty)', ['resolve', '--format', 'pretty']],
  ])('%s | head -1: no EPIPE trace, exit code as usual', (_name, args) => {
    const run = intoHead([...args.slice(0, 1), many, ...args.slice(1)]);
    expect(run.head.length).toBeGreaterThan(0);
    // No trace: neither the error's name nor a stack frame (`    at fn (file:1:2)`). The problems
    // themselves may reach stderr (resolve writes them there) when the pipe closes after them.
    expect(run.stderr).not.toMatch(/EPIPE|\bError\b|^\s+at .*:\d+:\d+\)?$/m);
    expect([0, 1]).toContain(run.code);
  });
});

describe('output that cannot be written', () => {
  it.runIf(existsSync('/dev/full'))('a full disk (> /dev/full) is an I/O error: one line, exit 2', () => {
    const run = spawnSync('bash', ['-c', 'node dist/cli/main.js validate "$1" > /dev/full', 'docsnav', site], { encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe('docsnav: cannot write the output: ENOSPC\n');
  });
});

describe('usage errors: one line, exit 2', () => {
  const cases: Array<[string, () => string[], RegExp]> = [
    ["--max-warnings ''", () => ['validate', site, '--max-warnings', ''], /^docsnav: --max-warnings takes a whole number ≥ 0 \(got ""\)\n$/],
    ["--max-warnings ' '", () => ['validate', site, '--max-warnings', ' '], /^docsnav: --max-warnings takes a whole number ≥ 0/],
    ['--max-warnings 1e3', () => ['validate', site, '--max-warnings', '1e3'], /^docsnav: --max-warnings takes a whole number ≥ 0/],
    [
      'validate --root that does not exist',
      () => ['validate', site, '--root', path.join(temp.dir, 'nowhere')],
      /^docsnav: --root .*nowhere: no such folder\n$/,
    ],
    ['resolve --root that is a file', () => ['resolve', site, '--root', many], /^docsnav: --root .*many\.json: no such folder\n$/],
    ["--root ''", () => ['validate', site, '--root', ''], /^docsnav: --root "": no such folder\n$/],
    ["--out ''", () => ['resolve', site, '--out', ''], /^docsnav: --out takes a file name \(got ""\)\n$/],
    [
      '--out naming docs.json',
      () => ['resolve', site, '--out', path.join(site, 'docs.json')],
      /^docsnav: --out .* is the input file .*docs\.json; write the tree to another file\n$/,
    ],
    ['--out naming docs.json by another path', () => ['resolve', site, '--out', path.join(site, '..', 'site', '.', 'docs.json')], /is the input file/],
  ];

  it.each(cases)('%s', async (_name, args, message) => {
    const before = readFileSync(path.join(site, 'docs.json'), 'utf8');
    const run = await runCli(args());
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stdout).toBe('');
    expect(readFileSync(path.join(site, 'docs.json'), 'utf8')).toBe(before);
  });

  it('--out naming docs.json through a symlink', async () => {
    const link = path.join(temp.dir, 'link.json');
    symlinkSync(path.join(site, 'docs.json'), link);
    const before = readFileSync(path.join(site, 'docs.json'), 'utf8');
    const run = await runCli(['resolve', site, '--out', link]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/is the input file/);
    expect(readFileSync(path.join(site, 'docs.json'), 'utf8')).toBe(before);
  });

  it('still accepted: --max-warnings 0, an existing --root, --out to a new file', async () => {
    expect((await runCli(['validate', site, '--max-warnings', '0', '--root', site])).code).toBe(0);
    const out = path.join(temp.dir, 'tree.json');
    const run = await runCli(['resolve', site, '--out', out]);
    expect(run.code).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8')).pages.length).toBeGreaterThan(0);
  });
});
