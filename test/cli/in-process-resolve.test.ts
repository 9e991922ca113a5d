/**
 * `docsnav resolve` in process (src/cli/run.ts's `run` with a capturing CliIo, as
 * test/cli/in-process-validate.test.ts does): the page tree on stdout or in --out, the problems
 * report beside it (stderr, or stdout when the tree goes to --out), silent when pretty has nothing
 * to say, a bad config (exit 2, no tree), standard input, the cache, and its one-line errors. The
 * sites are real-shaped: CRLF and tabs in docs.json, a page with a multi-byte name. The built CLI's
 * tests (test/cli/cli.test.ts) cover the same from outside; these are what mutation testing sees.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { run, type CliIo } from '../../src/cli/run.js';
import { siteWith } from '../move/harness.js';

/** docs.json with CRLF line ends and tab indents, as an editor on Windows saves it. */
const DOCS_JSON = [
  '{',
  '\t"$schema": "https://mintlify.com/docs.json",',
  '\t"name": "Ünïcødé Docs",',
  '\t"theme": "mint",',
  '\t"colors": { "primary": "#0D9373" },',
  '\t"navigation": {',
  '\t\t"groups": [',
  '\t\t\t{ "group": "Start", "pages": ["index", "guides/über"] }',
  '\t\t]',
  '\t}',
  '}',
  '',
].join('\r\n');

const CLEAN = { 'docs.json': DOCS_JSON, 'index.mdx': '# Home\n\n[Über](/guides/über)\n', 'guides/über.mdx': '---\ntitle: Über uns\n---\n\n# Über\n' };
/** The same site with a link that leads nowhere: one link-not-found, an error unless a --rule says otherwise. */
const BROKEN = { ...CLEAN, 'guides/über.mdx': '---\ntitle: Über uns\n---\n\n# Über\n\n[Gone](/missing)\n' };

function capture(options: { stdin?: string | Error; isTTY?: boolean } = {}) {
  let out = '';
  let err = '';
  const { stdin } = options;
  const io: CliIo = {
    stdout: (text) => (out += text),
    stderr: (text) => (err += text),
    isTTY: options.isTTY ?? false,
    env: {},
    readStdin: stdin === undefined ? undefined : () => (stdin instanceof Error ? Promise.reject(stdin) : Promise.resolve(stdin)),
  };
  return { io, stdout: () => out, stderr: () => err };
}

async function docsnav(argv: string[], options: { stdin?: string | Error; isTTY?: boolean } = {}) {
  const { io, stdout, stderr } = capture(options);
  const code = await run(argv, io);
  return { code, stdout: stdout(), stderr: stderr() };
}

const PRETTY_TREE = ['group Start', '  index  · Index  index.mdx', '  guides/über  · Über uns  guides/über.mdx', '', '2 pages, 1 group', ''].join('\n');

const pathsOf = (json: string) =>
  (JSON.parse(json) as { version: number; pages: Array<{ path: string; file?: string }> }).pages.map((page) => [page.path, page.file]);

interface Reported {
  file: string;
  problems: Array<{ code: string; severity: string; file: string; line: number; column: number }>;
}
const problemsOf = (json: string) =>
  (JSON.parse(json) as Reported[]).map((result) => ({
    file: result.file,
    problems: result.problems.map(({ code, severity, file, line, column }) => ({ code, severity, file, line, column })),
  }));

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the page tree', () => {
  it('JSON on stdout by default; a clean site says nothing else (exit 0)', async () => {
    const root = siteWith(CLEAN);
    const result = await docsnav(['resolve', root, '--no-cache']);
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
    expect(JSON.parse(result.stdout).version).toBe(1);
    expect(pathsOf(result.stdout)).toEqual([
      ['index', 'index.mdx'],
      ['guides/über', 'guides/über.mdx'],
    ]);
    expect(result.stdout.endsWith('}\n')).toBe(true);
    // --tree-format json is the default, said or not.
    expect(await docsnav(['resolve', path.join(root, 'docs.json'), '--no-cache', '--tree-format', 'json'])).toEqual(result);
  });

  it('--tree-format pretty: an outline, without colours unless asked', async () => {
    const root = siteWith(CLEAN);
    expect(await docsnav(['resolve', root, '--no-cache', '--tree-format', 'pretty'])).toEqual({ code: 0, stdout: PRETTY_TREE, stderr: '' });
    expect(await docsnav(['resolve', root, '--no-cache', '--tree-format', 'pretty', '--no-color'], { isTTY: true })).toEqual({
      code: 0,
      stdout: PRETTY_TREE,
      stderr: '',
    });
    const coloured = await docsnav(['resolve', root, '--no-cache', '--tree-format', 'pretty', '--color']);
    expect(coloured.stdout).toContain('\u001b[');
    expect(coloured.stdout.replace(/\u001b\[\d+m/g, '')).toBe(PRETTY_TREE);
  });

  it('--out: the tree in the file, the same bytes as on stdout; nothing printed for a clean site', async () => {
    const root = siteWith(CLEAN);
    const printed = await docsnav(['resolve', root, '--no-cache']);
    for (const flag of ['--out', '-o']) {
      const out = path.join(root, `tree${flag}.json`);
      expect(await docsnav(['resolve', root, '--no-cache', flag, out])).toEqual({ code: 0, stdout: '', stderr: '' });
      expect(readFileSync(out, 'utf8')).toBe(printed.stdout);
    }
    // Over a file that is not an input: replaced.
    const old = path.join(root, 'old.json');
    writeFileSync(old, 'x'.repeat(100_000));
    expect((await docsnav(['resolve', root, '--no-cache', '--out', old, '--tree-format', 'pretty'])).code).toBe(0);
    expect(readFileSync(old, 'utf8')).toBe(PRETTY_TREE);
  });
});

describe('the problems beside the tree', () => {
  it('on stderr, pretty by default, exit 1 with an error; the tree is still written', async () => {
    const root = siteWith(BROKEN);
    const result = await docsnav(['resolve', root, '--no-cache', '--tree-format', 'pretty']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(PRETTY_TREE);
    expect(result.stderr).toBe(
      [
        `${root}/guides/über.mdx:7:8  error  link-not-found  Link "/missing" leads nowhere: no page, file or redirect of the site is at /missing.`,
        '    6 |',
        '  > 7 | [Gone](/missing)',
        '      |        ^^^^^^^^',
        '    8 |',
        '  docs: docs/rules/link-not-found.md',
        '',
        '✖ 1 problem (1 error, 0 warnings)',
        '',
      ].join('\n'),
    );
  });

  it('--format json on stderr; with --out, on stdout (the tree in the file)', async () => {
    const root = siteWith(BROKEN);
    const expected = [
      {
        file: path.join(root, 'docs.json'),
        problems: [{ code: 'link-not-found', severity: 'error', file: path.join(root, 'guides', 'über.mdx'), line: 7, column: 8 }],
      },
    ];
    const onStderr = await docsnav(['resolve', root, '--no-cache', '--format', 'json']);
    expect(onStderr.code).toBe(1);
    expect(problemsOf(onStderr.stderr)).toEqual(expected);
    expect(pathsOf(onStderr.stdout)).toHaveLength(2);
    const out = path.join(root, 'tree.json');
    const toFile = await docsnav(['resolve', root, '--no-cache', '--format', 'json', '--out', out]);
    expect(toFile.code).toBe(1);
    expect(toFile.stderr).toBe('');
    expect(problemsOf(toFile.stdout)).toEqual(expected);
    expect(readFileSync(out, 'utf8')).toBe(onStderr.stdout);
  });

  it('a warning only: reported, exit 0; --quiet hides it, and pretty then says nothing', async () => {
    const root = siteWith(BROKEN);
    const warned = await docsnav(['resolve', root, '--no-cache', '--rule', 'link-not-found=warning', '--format', 'json']);
    expect(warned.code).toBe(0);
    expect(problemsOf(warned.stderr)[0].problems.map((p) => [p.code, p.severity])).toEqual([['link-not-found', 'warning']]);
    const quiet = await docsnav(['resolve', root, '--no-cache', '--rule', 'link-not-found=warning', '--quiet']);
    expect({ code: quiet.code, stderr: quiet.stderr }).toEqual({ code: 0, stderr: '' });
    // Not quiet: the warning in pretty.
    const pretty = await docsnav(['resolve', root, '--no-cache', '--rule', 'link-not-found=warning']);
    expect(pretty.stderr).toContain('warning  link-not-found');
    expect(pretty.stderr.endsWith('✖ 1 problem (0 errors, 1 warning)\n')).toBe(true);
    // --quiet with an error: the error still shown, exit 1.
    const error = await docsnav(['resolve', root, '--no-cache', '--quiet', '--format', 'json']);
    expect(error.code).toBe(1);
    expect(problemsOf(error.stderr)[0].problems.map((p) => p.code)).toEqual(['link-not-found']);
    // The rule off: nothing to say.
    expect((await docsnav(['resolve', root, '--no-cache', '--rule', 'link-not-found=off'])).stderr).toBe('');
  });

  it('nothing to report is still written when it is not pretty, or goes to a file', async () => {
    const root = siteWith(CLEAN);
    const json = await docsnav(['resolve', root, '--no-cache', '--format', 'json']);
    expect(json.code).toBe(0);
    expect(problemsOf(json.stderr)).toEqual([{ file: path.join(root, 'docs.json'), problems: [] }]);
    const report = path.join(root, 'report.txt');
    const toFile = await docsnav(['resolve', root, '--no-cache', '--output-file', report]);
    expect({ code: toFile.code, stderr: toFile.stderr }).toEqual({ code: 0, stderr: '' });
    expect(readFileSync(report, 'utf8')).toBe('✔ no problems\n');
    // Two formats: the first on stderr, the second in the file.
    const sarif = path.join(root, 'report.sarif');
    const two = await docsnav(['resolve', root, '--no-cache', '--format', 'pretty', '--format', 'sarif', '--output-file', sarif]);
    expect(two.code).toBe(0);
    expect(two.stderr).toBe('✔ no problems\n');
    expect((JSON.parse(readFileSync(sarif, 'utf8')) as { runs: Array<{ results: unknown[] }> }).runs[0].results).toEqual([]);
  });
});

describe('--allow-remote', () => {
  it('an openapi URL is fetched only with it', async () => {
    // A port nothing listens on: the fetch fails at once, offline.
    const url = 'http://127.0.0.1:9/openapi.json';
    const root = siteWith({ ...CLEAN, 'docs.json': DOCS_JSON.replace('"group": "Start",', `"group": "Start", "openapi": "${url}",`) });
    const without = await docsnav(['resolve', root, '--no-cache', '--format', 'json']);
    expect(without.code).toBe(0);
    expect((JSON.parse(without.stderr) as Array<{ problems: Array<{ code: string; message: string }> }>)[0].problems).toMatchObject([
      {
        code: 'openapi-remote',
        message: `"${url}" is a URL: remote specs are fetched only with allowRemote (\`--allow-remote\`), so it was not checked and no pages came from it.`,
      },
    ]);
    const fetched = await docsnav(['resolve', root, '--no-cache', '--format', 'json', '--allow-remote']);
    expect(fetched.code).toBe(1);
    expect(problemsOf(fetched.stderr)[0].problems.map((p) => p.code)).toEqual(['openapi-invalid']);
  });
});

describe('standard input', () => {
  it('named by --stdin-filename: its folder is the docs root (pages read, their links checked)', async () => {
    const root = siteWith(BROKEN);
    const named = await docsnav(['resolve', '-', '--no-cache', '--stdin-filename', path.join(root, 'docs.json'), '--format', 'json'], {
      stdin: DOCS_JSON,
    });
    expect(named.code).toBe(1);
    expect(pathsOf(named.stdout)).toEqual([
      ['index', 'index.mdx'],
      ['guides/über', 'guides/über.mdx'],
    ]);
    expect(problemsOf(named.stderr).map((result) => [result.file, result.problems.map((p) => p.code)])).toEqual([
      [path.join(root, 'docs.json'), ['link-not-found']],
    ]);
    // --stdin alike, and --root instead of a name.
    const rooted = await docsnav(['resolve', '--stdin', '--no-cache', '--root', root, '--format', 'json'], { stdin: DOCS_JSON });
    expect(rooted.code).toBe(1);
    expect(rooted.stdout).toBe(named.stdout);
    expect(problemsOf(rooted.stderr)).toEqual([
      { file: '<stdin>', problems: [{ code: 'link-not-found', severity: 'error', file: path.join(root, 'guides', 'über.mdx'), line: 7, column: 8 }] },
    ]);
  });

  it('--out: the tree in the file, the report on stdout; <stdin> is no file the tree could overwrite', async () => {
    const root = siteWith(CLEAN);
    const out = path.join(root, 'tree.json');
    const result = await docsnav(['resolve', '-', '--no-cache', '--out', out, '--format', 'json'], { stdin: DOCS_JSON });
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
    expect(problemsOf(result.stdout)).toEqual([{ file: '<stdin>', problems: [] }]);
    expect(pathsOf(readFileSync(out, 'utf8'))).toEqual([
      ['index', undefined],
      ['guides/über', undefined],
    ]);
  });

  it('unnamed and without --root: no page is looked up', async () => {
    const unnamed = await docsnav(['resolve', '-', '--no-cache', '--format', 'json'], { stdin: DOCS_JSON });
    expect(unnamed.code).toBe(0);
    expect(pathsOf(unnamed.stdout)).toEqual([
      ['index', undefined],
      ['guides/über', undefined],
    ]);
    expect(problemsOf(unnamed.stderr)).toEqual([{ file: '<stdin>', problems: [] }]);
  });

  it('cannot be read: one line, exit 2', async () => {
    expect(await docsnav(['resolve', '-', '--no-cache'])).toEqual({ code: 2, stdout: '', stderr: 'docsnav: standard input cannot be read here\n' });
    expect(await docsnav(['resolve', '-', '--no-cache'], { stdin: Object.assign(new Error('read failed'), { code: 'EIO' }) })).toEqual({
      code: 2,
      stdout: '',
      stderr: 'docsnav: cannot read standard input: EIO\n',
    });
    expect(await docsnav(['resolve', '-', '--no-cache'], { stdin: new Error('the stream ended early') })).toEqual({
      code: 2,
      stdout: '',
      stderr: 'docsnav: cannot read standard input: the stream ended early\n',
    });
  });
});

describe('a bad config', () => {
  it('its problems reported as the format says, no tree, exit 2', async () => {
    const root = siteWith({ ...CLEAN, 'docsnav.config.json': '{\n\t"extends": "platfrom"\n}\n' });
    const config = path.join(root, 'docsnav.config.json');
    const result = await docsnav(['resolve', root, '--no-cache', '--format', 'json']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(problemsOf(result.stderr).map((r) => ({ file: r.file, codes: r.problems.map((p) => [p.code, p.file, p.line]) }))).toEqual([
      { file: config, codes: [['config-invalid', config, 2]] },
    ]);
    // With --out: the report on stdout, and no tree written.
    const out = path.join(root, 'tree.json');
    const toOut = await docsnav(['resolve', root, '--no-cache', '--format', 'json', '--out', out]);
    expect({ code: toOut.code, stderr: toOut.stderr }).toEqual({ code: 2, stderr: '' });
    expect(toOut.stdout).toBe(result.stderr);
    expect(existsSync(out)).toBe(false);
    // --no-config: the site resolves.
    expect((await docsnav(['resolve', root, '--no-cache', '--no-config'])).code).toBe(0);
  });

  it('a config file named that cannot be read: one line, exit 2', async () => {
    const root = siteWith(CLEAN);
    const missing = path.join(root, 'nope.json');
    expect(await docsnav(['resolve', root, '--no-cache', '--config', missing])).toEqual({
      code: 2,
      stdout: '',
      stderr: `docsnav: cannot read config file ${missing}: no such file or folder; check the path (ENOENT)\n`,
    });
  });
});

describe('one-line errors, exit 2', () => {
  it.each([
    [['resolve', 'a.json', 'b.json'], 'resolve takes one docs.json'],
    [['resolve', '--out', ''], '--out takes a file name (got "")'],
    [['resolve', '--tree-format', 'sarif'], '--tree-format must be one of json, pretty (got "sarif")'],
    [['resolve', '--format', 'xml'], '--format must be one of pretty, json, sarif, github (got "xml")'],
    [['resolve', '--max-warnings', '1'], 'unknown option "--max-warnings" (see docsnav resolve --help)'],
  ])('%j', async (argv, line) => {
    expect(await docsnav(argv)).toEqual({ code: 2, stdout: '', stderr: `docsnav: ${line}\n` });
  });

  it('a docs file that cannot be read', async () => {
    const root = siteWith(CLEAN);
    const missing = path.join(root, 'nope', 'docs.json');
    expect(await docsnav(['resolve', missing, '--no-cache'])).toEqual({
      code: 2,
      stdout: '',
      stderr: `docsnav: cannot read ${missing}: no such file or folder; check the path (ENOENT)\n`,
    });
  });

  it('--out where it cannot be written', async () => {
    const root = siteWith(CLEAN);
    const out = path.join(root, 'no-folder', 'tree.json');
    expect(await docsnav(['resolve', root, '--no-cache', '--out', out])).toEqual({
      code: 2,
      stdout: '',
      stderr: `docsnav: cannot write ${out}: its folder does not exist; create it, or write somewhere else (ENOENT)\n`,
    });
    expect(await docsnav(['resolve', root, '--no-cache', '--out', root])).toEqual({
      code: 2,
      stdout: '',
      stderr: `docsnav: cannot write ${root}: that is a folder, and a file is wanted; name the file (EISDIR)\n`,
    });
  });

  it('--out naming an input: refused, the input unchanged', async () => {
    const root = siteWith(CLEAN);
    const docs = path.join(root, 'docs.json');
    expect(await docsnav(['resolve', root, '--no-cache', '--out', docs])).toEqual({
      code: 2,
      stdout: '',
      stderr: `docsnav: --out ${docs} is the input file ${docs}; write the tree to another file\n`,
    });
    // Named another way (relative, through a link to the folder): the same file.
    const relative = path.relative(process.cwd(), docs);
    expect((await docsnav(['resolve', root, '--no-cache', '--out', relative])).stderr).toBe(
      `docsnav: --out ${relative} is the input file ${docs}; write the tree to another file\n`,
    );
    expect(readFileSync(docs, 'utf8')).toBe(DOCS_JSON);
  });
});

describe('the page scan cache', () => {
  it('--cache-location: the scans kept there, and used again with the same tree', async () => {
    const root = siteWith(CLEAN);
    const cache = path.join(root, '.scans');
    mkdirSync(cache);
    const first = await docsnav(['resolve', root, '--cache-location', cache]);
    expect(first.code).toBe(0);
    expect(readdirSync(cache)).not.toEqual([]);
    expect(await docsnav(['resolve', root, '--cache-location', cache])).toEqual(first);
    // From standard input, named: kept for its folder too.
    const piped = await docsnav(['resolve', '-', '--stdin-filename', path.join(root, 'docs.json'), '--cache-location', cache], { stdin: DOCS_JSON });
    expect(piped).toEqual(first);
  });

  it('from standard input: kept for the folder of its name, or of --root; unnamed, nothing is kept', async () => {
    const root = siteWith(CLEAN);
    for (const [args, kept] of [
      [['--stdin-filename', path.join(root, 'docs.json')], true],
      [['--root', root], true],
      [[], false],
    ] as const) {
      const cache = path.join(root, `.scans-${args.length}-${args[0] ?? ''}`);
      mkdirSync(cache);
      expect((await docsnav(['resolve', '-', ...args, '--cache-location', cache], { stdin: DOCS_JSON })).code).toBe(0);
      expect(readdirSync(cache).length > 0).toBe(kept);
    }
  });

  it("by default: kept in the user's cache folder (no package.json above the site); unnamed standard input keeps none", async () => {
    const root = siteWith(CLEAN);
    const userCache = path.join(siteWith({}), 'cache');
    vi.stubEnv('CI', '');
    vi.stubEnv('XDG_CACHE_HOME', userCache);
    expect(await docsnav(['resolve', '-', '--format', 'json'], { stdin: DOCS_JSON })).toMatchObject({
      code: 0,
      stderr: '[\n  {\n    "file": "<stdin>",\n    "problems": []\n  }\n]\n',
    });
    expect(existsSync(userCache)).toBe(false);
    expect((await docsnav(['resolve', root])).code).toBe(0);
    expect(readdirSync(path.join(userCache, 'docsnav')).some((name) => name.startsWith('page-scans-'))).toBe(true);
  });

  it('by default, a cache folder that cannot be written is skipped in silence', async () => {
    // A package.json above the docs root: the cache goes in node_modules/.cache/docsnav/ beside it, here a file in the way.
    const root = siteWith({ ...CLEAN, 'package.json': '{}\n', node_modules: 'not a folder\n' });
    vi.stubEnv('CI', '');
    vi.stubEnv('XDG_CACHE_HOME', path.join(siteWith({}), 'cache'));
    const result = await docsnav(['resolve', root, '--tree-format', 'pretty']);
    expect(result).toEqual({ code: 0, stdout: PRETTY_TREE, stderr: '' });
  });

  it('no cache key can be made (the user cache folder is a file): not used, said in one line; the exit code is the run’s', async () => {
    const root = siteWith(CLEAN);
    const file = path.join(root, 'index.mdx');
    vi.stubEnv('XDG_CACHE_HOME', file);
    for (const location of [path.join(root, '.scans'), undefined]) {
      const result = await docsnav(['resolve', root, '--tree-format', 'pretty', ...(location ? ['--cache-location', location] : ['--cache'])]);
      expect(result).toEqual({
        code: 0,
        stdout: PRETTY_TREE,
        stderr: `docsnav: the cache was not used: no cache key could be made in ${file}/docsnav: ENOTDIR: ${file} is not a folder\n`,
      });
    }
  });

  it('a --cache-location that cannot be written: one line, exit 2', async () => {
    const root = siteWith(CLEAN);
    const cache = path.join(root, 'index.mdx', 'scans.json');
    const result = await docsnav(['resolve', root, '--cache-location', cache]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(new RegExp(`^docsnav: --cache-location: cannot write ${cache.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: [^\n]+\n$`));
  });
});
