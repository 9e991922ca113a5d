/**
 * `docsnav validate`'s reports in process (src/cli/run.ts's `run` with a capturing CliIo): each
 * `--format` as the built CLI writes it (the broken fixture's stored reports), `--output-file`
 * alone and as the second report's file, GitHub's step summary, `--quiet`, the exit code of each
 * severity and of `--max-warnings`, and `--fix`/`--fix-dry-run`'s summary line and git-quoted
 * diff paths (multi-byte, quotes, control characters). test/cli/cli.test.ts runs the built CLI on
 * the same from outside.
 */
import { mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { repositoryRoot } from '../../src/cli/paths.js';
import { run, type CliIo } from '../../src/cli/run.js';
import { repoWith } from '../history/repo.js';
import { siteWith } from '../move/harness.js';

const BROKEN = path.join('fixtures', 'broken');
const stored = (name: string) => readFileSync(path.join(BROKEN, 'expected', name), 'utf8');
const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

/** `env`: the command's environment; null: none given (the process's is read). */
async function docsnav(argv: string[], env: Record<string, string | undefined> | null = { NO_COLOR: '1' }) {
  let out = '';
  let err = '';
  const io: CliIo = { stdout: (text) => (out += text), stderr: (text) => (err += text), isTTY: false, env: env ?? undefined };
  const code = await run(argv, io);
  return { code, stdout: out, stderr: err };
}

const usage = (line: string) => ({ code: 2, stdout: '', stderr: `docsnav: ${line}\n` });

function tempDir(): string {
  return realpathSync(mkdtempSync(path.join(tmpdir(), 'docsnav-format-')));
}

/** docs.json (CRLF, tabs) of a site whose group lists `pages`, with one fixable typo (`breadcrumb`). */
const docsJson = (pages: string[], styling = '"breadcrumb"') =>
  [
    '{',
    '\t"name": "Ünïcødé Docs",',
    '\t"theme": "mint",',
    '\t"colors": { "primary": "#0D9373" },',
    `\t"styling": { "eyebrows": ${styling} },`,
    `\t"navigation": { "groups": [ { "group": "Start", "pages": ${JSON.stringify(pages)} } ] }`,
    '}',
    '',
  ].join('\r\n');

interface Sarif {
  version: string;
  runs: Array<{
    tool: { driver: { name: string; version: string } };
    results: Array<{ ruleId: string; level: string; locations: Array<{ physicalLocation: { artifactLocation: { uri: string; uriBaseId: string } } }> }>;
  }>;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('each --format, as the built CLI writes it', () => {
  it.each([
    ['pretty', 'pretty.txt'],
    ['json', 'json.txt'],
    ['github', 'github.txt'],
  ])('%s: the stored report on stdout, exit 1', async (format, file) => {
    expect(await docsnav(['validate', BROKEN, '--no-cache', '--format', format])).toEqual({ code: 1, stdout: stored(file), stderr: '' });
  });

  it('pretty is the default', async () => {
    expect(await docsnav(['validate', BROKEN, '--no-cache'])).toEqual({ code: 1, stdout: stored('pretty.txt'), stderr: '' });
  });

  it('sarif: this docsnav’s version, paths from the repository root (or the working folder)', async () => {
    const { code, stdout } = await docsnav(['validate', BROKEN, '--no-cache', '--format', 'sarif']);
    expect(code).toBe(1);
    const log = JSON.parse(stdout) as Sarif;
    expect(log.version).toBe('2.1.0');
    expect(log.runs[0].tool.driver).toMatchObject({ name: 'docsnav', version });
    expect(log.runs[0].results).toHaveLength(12);
    // From the repository's root (that of this checkout, or one above a copy of it without .git), else the working folder.
    const uri = path
      .relative(repositoryRoot() ?? process.cwd(), path.resolve(BROKEN, 'docs.json'))
      .split(path.sep)
      .join('/');
    expect(log.runs[0].results[0].locations[0].physicalLocation.artifactLocation).toEqual({ uri, uriBaseId: '%SRCROOT%' });
  });

  it('--quiet: errors only in the report; the exit code still counts every problem', async () => {
    const { code, stdout } = await docsnav(['validate', BROKEN, '--no-cache', '--format', 'json', '--quiet']);
    expect(code).toBe(1);
    const full = JSON.parse(stored('json.txt')) as Array<{ problems: Array<{ severity: string }> }>;
    expect(JSON.parse(stdout)).toEqual([{ ...full[0], problems: full[0].problems.filter((p) => p.severity === 'error') }]);
    // pretty, quiet: the warnings neither shown nor counted in its last line.
    const pretty = await docsnav(['validate', BROKEN, '--no-cache', '-q']);
    expect(pretty.stdout).not.toContain('  warning  ');
    expect(pretty.stdout.endsWith('✖ 10 problems (10 errors, 0 warnings)\n')).toBe(true);
  });
});

describe('--output-file', () => {
  it('one format: the report in the file, nothing on stdout', async () => {
    const file = path.join(tempDir(), 'report.json');
    expect(await docsnav(['validate', BROKEN, '--no-cache', '--format', 'json', '--output-file', file])).toEqual({ code: 1, stdout: '', stderr: '' });
    expect(readFileSync(file, 'utf8')).toBe(stored('json.txt'));
  });

  it('two formats: the first on stdout (in colour when asked), the second in the file, never in colour', async () => {
    const file = path.join(tempDir(), 'report.txt');
    const two = await docsnav(['validate', BROKEN, '--no-cache', '-f', 'github', '-f', 'pretty', '--output-file', file, '--color']);
    expect(two).toEqual({ code: 1, stdout: stored('github.txt'), stderr: '' });
    expect(readFileSync(file, 'utf8')).toBe(stored('pretty.txt'));
    const coloured = await docsnav(['validate', BROKEN, '--no-cache', '-f', 'pretty', '-f', 'json', '--output-file', file, '--color']);
    expect(coloured.stdout).toContain('\u001b[');
    expect(coloured.stdout.replace(/\u001b\[\d+m/g, '')).toBe(stored('pretty.txt'));
    expect(readFileSync(file, 'utf8')).toBe(stored('json.txt'));
  });

  it('--quiet applies to the file too', async () => {
    const file = path.join(tempDir(), 'report.json');
    await docsnav(['validate', BROKEN, '--no-cache', '-f', 'pretty', '-f', 'json', '--output-file', file, '--quiet']);
    const problems = (JSON.parse(readFileSync(file, 'utf8')) as Array<{ problems: Array<{ severity: string }> }>)[0].problems;
    expect(problems.map((p) => p.severity)).toEqual(Array(10).fill('error'));
  });

  it('cannot be written: one line, exit 2', async () => {
    const dir = tempDir();
    for (const file of [path.join(dir, 'no-folder', 'report.json'), dir]) {
      const hint =
        file === dir
          ? 'that is a folder, and a file is wanted; name the file (EISDIR)'
          : 'its folder does not exist; create it, or write somewhere else (ENOENT)';
      expect(await docsnav(['validate', BROKEN, '--no-cache', '--output-file', file])).toEqual(usage(`cannot write ${file}: ${hint}`));
    }
  });
});

describe("GitHub's step summary", () => {
  it('with --format github and GITHUB_STEP_SUMMARY: a table of every problem appended', async () => {
    const summary = path.join(tempDir(), 'summary.md');
    writeFileSync(summary, 'before\n');
    const result = await docsnav(['validate', BROKEN, '--no-cache', '--format', 'github'], { GITHUB_STEP_SUMMARY: summary });
    expect(result).toEqual({ code: 1, stdout: stored('github.txt'), stderr: '' });
    const text = readFileSync(summary, 'utf8');
    expect(text.startsWith('before\n### docsnav: 12 problems\n')).toBe(true);
    expect(text.split('\n').filter((line) => line.startsWith('| error ') || line.startsWith('| warning '))).toHaveLength(12);
    // As the second format too; --quiet leaves the warnings out of the table.
    writeFileSync(summary, '');
    const file = path.join(path.dirname(summary), 'report.json');
    await docsnav(['validate', BROKEN, '--no-cache', '-f', 'json', '-f', 'github', '--output-file', file, '--quiet'], { GITHUB_STEP_SUMMARY: summary });
    expect(
      readFileSync(summary, 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('| error ') || line.startsWith('| warning ')),
    ).toHaveLength(10);
  });

  it("the process's environment when the command is given none", async () => {
    const summary = path.join(tempDir(), 'summary.md');
    vi.stubEnv('GITHUB_STEP_SUMMARY', summary);
    await docsnav(['validate', BROKEN, '--no-cache', '--format', 'github'], null);
    expect(readFileSync(summary, 'utf8').startsWith('### docsnav: 12 problems\n')).toBe(true);
  });

  it('more errors than GitHub shows: the last line says where all of them are', async () => {
    const pages = Array.from({ length: 11 }, (_, i) => `gone-${i}`);
    const root = siteWith({ 'docs.json': docsJson(pages, '"breadcrumbs"') });
    const summary = path.join(tempDir(), 'summary.md');
    const tail = (stdout: string) => stdout.trimEnd().split('\n').at(-1);
    const logged = await docsnav(['validate', root, '--no-cache', '--format', 'github'], {});
    expect(logged.code).toBe(1);
    expect(logged.stdout.trimEnd().split('\n')).toHaveLength(12);
    expect(tail(logged.stdout)).toBe(
      'docsnav: 11 errors; GitHub shows only the first 10 annotations of each kind per step, all problems are in this log (run with --format pretty for the full report).',
    );
    const summed = await docsnav(['validate', root, '--no-cache', '--format', 'github'], { GITHUB_STEP_SUMMARY: summary });
    expect(tail(summed.stdout)).toBe(
      'docsnav: 11 errors; GitHub shows only the first 10 annotations of each kind per step, all problems are in the job summary.',
    );
    // As the second report, in the file: the same.
    const file = path.join(path.dirname(summary), 'annotations.txt');
    await docsnav(['validate', root, '--no-cache', '-f', 'json', '-f', 'github', '--output-file', file], { GITHUB_STEP_SUMMARY: summary });
    expect(tail(readFileSync(file, 'utf8'))).toBe(tail(summed.stdout));
  });

  it('not set, empty, or another format: nothing appended', async () => {
    const summary = path.join(tempDir(), 'summary.md');
    writeFileSync(summary, 'before\n');
    for (const [format, env] of [
      ['github', { GITHUB_STEP_SUMMARY: '' }],
      ['github', {}],
      ['json', { GITHUB_STEP_SUMMARY: summary }],
      ['sarif', { GITHUB_STEP_SUMMARY: summary }],
    ] as const) {
      expect((await docsnav(['validate', BROKEN, '--no-cache', '--format', format], env)).code).toBe(1);
    }
    expect(readFileSync(summary, 'utf8')).toBe('before\n');
  });

  it('cannot be written: one line, exit 2', async () => {
    const dir = tempDir();
    expect(await docsnav(['validate', BROKEN, '--no-cache', '--format', 'github'], { GITHUB_STEP_SUMMARY: dir })).toEqual(
      usage(`cannot write GITHUB_STEP_SUMMARY ${dir}: that is a folder, and a file is wanted; name the file (EISDIR)`),
    );
  });
});

describe('the docs file', () => {
  it('none named: the current folder’s (the repository’s, which has none: said in one line)', async () => {
    const { code, stdout, stderr } = await docsnav(['validate']);
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toMatch(/^docsnav: no docs\.json, docs\.yaml, docs\.yml or mint\.json in the current folder; [^\n]*docsnav validate [^\n]+\n$/);
  });
});

describe('the exit code', () => {
  /** A site whose problems are warnings unless --rule says otherwise: two duplicate pages. */
  const warned = () =>
    siteWith({ 'docs.json': docsJson(['index', 'index', 'guide', 'guide'], '"breadcrumbs"'), 'index.mdx': '# Home\n', 'guide.mdx': '# Guide\n' });

  it('0 with no problems; 0 with warnings only; 1 with an error', async () => {
    const clean = siteWith({ 'docs.json': docsJson(['index'], '"breadcrumbs"'), 'index.mdx': '# Home\n' });
    expect(await docsnav(['validate', clean, '--no-cache'])).toEqual({ code: 0, stdout: '✔ no problems\n', stderr: '' });
    const root = warned();
    const warnings = await docsnav(['validate', root, '--no-cache', '--format', 'json']);
    expect(warnings.code).toBe(0);
    expect(
      (JSON.parse(warnings.stdout) as Array<{ problems: Array<{ code: string; severity: string }> }>)[0].problems.map((p) => [p.code, p.severity]),
    ).toEqual([
      ['duplicate-page', 'warning'],
      ['duplicate-page', 'warning'],
    ]);
    expect((await docsnav(['validate', root, '--no-cache', '--rule', 'duplicate-page=error'])).code).toBe(1);
    expect((await docsnav(['validate', root, '--no-cache', '--rule', 'duplicate-page=info'])).code).toBe(0);
  });

  it('--max-warnings: 1 and one line when there are more warnings, those --quiet hides too', async () => {
    const root = warned();
    for (const [limit, code] of [
      ['0', 1],
      ['1', 1],
      ['2', 0],
      ['10', 0],
    ] as const) {
      const result = await docsnav(['validate', root, '--no-cache', '--quiet', '--max-warnings', limit]);
      expect(result).toEqual({ code, stdout: '✔ no problems\n', stderr: code === 1 ? `docsnav: 2 warnings, more than --max-warnings ${limit}\n` : '' });
    }
    // An error: 1, and no line about warnings.
    expect(
      await docsnav(['validate', root, '--no-cache', '--quiet', '--max-warnings', '0', '--rule', 'duplicate-page=error', '--format', 'json']),
    ).toMatchObject({
      code: 1,
      stderr: '',
    });
  });
});

describe('--fix and --fix-dry-run', () => {
  /** Each byte git quotes, and those it does not: multi-byte, a quote, a backslash, a tab, \x01, DEL; a space, ~. */
  const FOLDER = 'Über "q"\t\x01\x7f~ \\';
  const QUOTED = '"a/sites/\\303\\234ber \\"q\\"\\t\\001\\177~ \\\\/docs.json"';

  it('a dry run: the diff on stdout with the paths git would write, one summary line, nothing written', async () => {
    const repo = repoWith({
      [`sites/${FOLDER}/docs.json`]: docsJson(['index', 'quickstart.mdx']),
      [`sites/${FOLDER}/index.mdx`]: '# Home\n',
      [`sites/${FOLDER}/quickstart.mdx`]: '# Quick\n',
    });
    const docs = path.join(repo, 'sites', FOLDER, 'docs.json');
    expect(await docsnav(['validate', path.dirname(docs), '--no-cache', '--fix-dry-run'])).toEqual({
      code: 0,
      stdout: [
        `diff --git ${QUOTED} ${QUOTED.replace('"a/', '"b/')}`,
        `--- ${QUOTED}`,
        `+++ ${QUOTED.replace('"a/', '"b/')}`,
        '@@ -2,6 +2,6 @@',
        // docs.json's lines keep their CRLF.
        ...[
          ' \t"name": "Ünïcødé Docs",',
          ' \t"theme": "mint",',
          ' \t"colors": { "primary": "#0D9373" },',
          '-\t"styling": { "eyebrows": "breadcrumb" },',
          '-\t"navigation": { "groups": [ { "group": "Start", "pages": ["index","quickstart.mdx"] } ] }',
          '+\t"styling": { "eyebrows": "breadcrumbs" },',
          '+\t"navigation": { "groups": [ { "group": "Start", "pages": ["index","quickstart"] } ] }',
          ' }',
        ].map((line) => `${line}\r`),
        '',
      ].join('\n'),
      stderr: 'docsnav: would fix 2 problems in 1 file; 0 problems would remain\n',
    });
    expect(readFileSync(docs, 'utf8')).toBe(docsJson(['index', 'quickstart.mdx']));
  });

  it.each([
    ['tab\there', '"a/tab\\there/docs.json"'],
    ['del\x7f', '"a/del\\177/docs.json"'],
    ['back\\slash', '"a/back\\\\slash/docs.json"'],
    ['say "hi"', '"a/say \\"hi\\"/docs.json"'],
    ['bell\x07', '"a/bell\\a/docs.json"'],
    ['über', '"a/\\303\\274ber/docs.json"'],
    ['tilde~ and space', 'a/tilde~ and space/docs.json'],
  ])('the folder %j: git says it as %s', async (folder, quoted) => {
    const repo = repoWith({ [`${folder}/docs.json`]: docsJson(['index']), [`${folder}/index.mdx`]: '# Home\n' });
    const { stdout } = await docsnav(['validate', path.join(repo, folder), '--no-cache', '--fix-dry-run']);
    expect(stdout.split('\n').slice(0, 3)).toEqual([
      `diff --git ${quoted} ${quoted.replace('a/', 'b/')}`,
      `--- ${quoted}`,
      `+++ ${quoted.replace('a/', 'b/')}`,
    ]);
  });

  it('plain ASCII paths are not quoted; what would remain is counted', async () => {
    const repo = repoWith({ 'b/docs.json': docsJson(['index', 'gone']), 'b/index.mdx': '# Home\n' });
    const { code, stdout, stderr } = await docsnav(['validate', path.join(repo, 'b'), '--no-cache', '--fix-dry-run']);
    expect(code).toBe(1);
    expect(stdout.split('\n').slice(0, 3)).toEqual(['diff --git a/b/docs.json b/b/docs.json', '--- a/b/docs.json', '+++ b/b/docs.json']);
    expect(stderr).toBe('docsnav: would fix 1 problem in 1 file; 1 problem would remain (1 error, 0 warnings)\n');
  });

  it.each([
    [['index', 'quickstart.mdx'], 0, 'fixed 2 problems in 1 file; 0 problems remain'],
    [['index', 'gone'], 1, 'fixed 1 problem in 1 file; 1 problem remains (1 error, 0 warnings)'],
    [['index', 'gone', 'gone2', 'index'], 1, 'fixed 2 problems in 1 file; 2 problems remain (2 errors, 0 warnings)'],
  ])('--fix on %j: the summary line', async (pages, code, line) => {
    const root = siteWith({ 'docs.json': docsJson(pages), 'index.mdx': '# Home\n', 'quickstart.mdx': '# Quick\n' });
    const result = await docsnav(['validate', root, '--no-cache', '--fix', '--format', 'json']);
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code, stderr: `docsnav: ${line}\n` });
    expect(readFileSync(path.join(root, 'docs.json'), 'utf8')).not.toContain('"breadcrumb"');
  });

  it('--fix with nothing to fix: nothing written, the summary says so', async () => {
    const root = siteWith({ 'docs.json': docsJson(['index'], '"breadcrumbs"'), 'index.mdx': '# Home\n' });
    expect(await docsnav(['validate', root, '--no-cache', '--fix'])).toEqual({
      code: 0,
      stdout: '✔ no problems\n',
      stderr: 'docsnav: fixed 0 problems in 0 files; 0 problems remain\n',
    });
  });
});
