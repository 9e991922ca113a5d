import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every command the documentation tells a user to run with `npx` says `npx --no`: without it, npx
 * downloads a missing package from the npm registry (without asking when standard input is not a
 * terminal, as for a language server), and the registry's `docsnav` is not this project's. Nor
 * does any page say to install docsnav by that registry name. Every Markdown file of the repository
 * (tracked or new, git's ignores honoured, so no node_modules), except the CHANGELOGs (history).
 */

const REPO = path.resolve(import.meta.dirname, '..');

function markdownFiles(): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z', '--', '*.md'], { cwd: REPO, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file !== '' && !file.split('/').includes('node_modules') && path.basename(file) !== 'CHANGELOG.md');
}

/** The code of a Markdown text: fenced blocks and inline code spans, where commands are written. */
function codeOf(text: string): string[] {
  const code: string[] = [];
  const prose = text.replace(/^( {0,3})(`{3,}|~{3,})[^\n]*\n([\s\S]*?)^\1\2[ \t]*$/gm, (_all, _indent, _fence, body: string) => {
    code.push(body);
    return '';
  });
  for (const match of prose.matchAll(/(`+)([^`][\s\S]*?)\1/g)) code.push(match[2]);
  return code;
}

/**
 * The npx invocations in a piece of code that do not start with `--no`: `npx x` in a shell line,
 * `'npx', 'x'` in an editor's argument list, and `command = "npx"` with its `args = ["x", …]`.
 */
function npxWithoutNo(code: string): string[] {
  const found: string[] = [];
  for (const match of code.matchAll(/\bnpx(?:[ \t]+|['"],\s*['"]|['"]\s*\n\s*args\s*=\s*\[\s*['"])([^\s'"`,\]]+)/g)) {
    if (match[1] !== '--no') found.push(match[0].replace(/\s+/g, ' '));
  }
  return found;
}

/**
 * `npx --no x --flag`: npm reads options up to the first word after the package name, so a flag
 * right after the name is npm's (it warns "Unknown cli config" and the command never sees it);
 * the command's own flags there need `npx --no -- x --flag`.
 */
function flagTakenByNpm(code: string): string[] {
  return [...code.matchAll(/\bnpx[ \t]+--no[ \t]+(?!--[ \t])[^\s'"`-][^\s'"`]*[ \t]+-[^\s'"`]*/g)].map((m) => m[0]);
}

describe('documented npx commands', () => {
  it('the check finds an npx without --no in each form it reads', () => {
    expect(npxWithoutNo('npx docsnav validate')).toEqual(['npx docsnav']);
    expect(npxWithoutNo("cmd = { 'npx', 'docsnav', 'lsp' }")).toEqual(["npx', 'docsnav"]);
    expect(npxWithoutNo('command = "npx"\nargs = ["docsnav", "lsp"]')).toEqual(['npx" args = ["docsnav']);
    expect(npxWithoutNo('npx --no docsnav validate')).toEqual([]);
    expect(npxWithoutNo("cmd = { 'npx', '--no', 'docsnav' }")).toEqual([]);
    expect(npxWithoutNo('command = "npx"\nargs = ["--no", "docsnav"]')).toEqual([]);
    expect(flagTakenByNpm('npx --no lint-staged --diff-filter=ACMRD')).toEqual(['npx --no lint-staged --diff-filter=ACMRD']);
    expect(flagTakenByNpm('npx --no -- lint-staged --diff-filter=ACMRD')).toEqual([]);
    expect(flagTakenByNpm('npx --no docsnav validate --format github')).toEqual([]);
    expect(codeOf('run `npx docsnav lsp` here\n\n```sh\nnpx x\n```\n')).toEqual(['npx x\n', 'npx docsnav lsp']);
  });

  const files = markdownFiles();
  it('finds the documentation (README, editors, server)', () => {
    expect(files).toEqual(expect.arrayContaining(['README.md', 'CONTRIBUTING.md', 'editors/README.md', 'editors/vscode/README.md', 'server/README.md']));
  });

  it.each(files)('%s: every npx command says --no, and docsnav is never installed by its registry name', (file) => {
    const code = codeOf(readFileSync(path.join(REPO, file), 'utf8'));
    expect(code.flatMap(npxWithoutNo)).toEqual([]);
    expect(code.flatMap(flagTakenByNpm)).toEqual([]);
    const byRegistryName = code.flatMap((text) => [...text.matchAll(/\bnpm (?:install|i|add)\b[^\n`]*?(?<![\w/@.+:-])docsnav(?![\w/.@-])/g)].map((m) => m[0]));
    expect(byRegistryName).toEqual([]);
  });

  it('an option before any command is given after --, which npx passes on (npx --no -- docsnav --version)', () => {
    const readme = readFileSync(path.join(REPO, 'README.md'), 'utf8');
    expect(readme).toContain('`npx --no -- docsnav --version`');
    const version = (JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { version: string }).version;
    // As documented, in this repository (node_modules/.bin/docsnav is this project): docsnav's version, not npm's.
    expect(execFileSync('npx', ['--no', '--', 'docsnav', '--version'], { cwd: REPO, encoding: 'utf8' }).trim()).toContain(version);
    expect(execFileSync('npx', ['--no', 'docsnav', '--version'], { cwd: REPO, encoding: 'utf8' }).trim()).not.toContain(version);
  });
});
