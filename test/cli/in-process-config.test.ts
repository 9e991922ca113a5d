/**
 * How validate, resolve and mv are told how to check, in process (src/cli/run.ts's `run` with a
 * capturing CliIo): every usage error of the shared options (src/cli/args.ts) as its one line,
 * exit 2; the values they take (rules, language codes, root, profile, concurrency, the cache); and
 * the config file (src/cli/config.ts): flags over the config, a bad config reported once per file
 * and exit 2, one that cannot be read. test/cli/cli.test.ts and config.test.ts run the built CLI
 * on the same from outside.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { run, type CliIo } from '../../src/cli/run.js';
import { siteWith } from '../move/harness.js';

async function docsnav(argv: string[], stdin?: string) {
  let out = '';
  let err = '';
  const io: CliIo = {
    stdout: (text) => (out += text),
    stderr: (text) => (err += text),
    isTTY: false,
    env: { NO_COLOR: '1' },
    readStdin: stdin === undefined ? undefined : () => Promise.resolve(stdin),
  };
  const code = await run(argv, io);
  return { code, stdout: out, stderr: err };
}

const usage = (line: string) => ({ code: 2, stdout: '', stderr: `docsnav: ${line}\n` });

/** docs.json (CRLF, tabs) whose group lists `pages`. */
const docsJson = (pages: string[]) =>
  [
    '{',
    '\t"name": "Ünïcødé Docs",',
    '\t"theme": "mint",',
    '\t"colors": { "primary": "#0D9373" },',
    `\t"navigation": { "groups": [ { "group": "Start", "pages": ${JSON.stringify(pages)} } ] }`,
    '}',
    '',
  ].join('\r\n');

/** A site with one page missing (page-not-found, an error) and one listed twice (duplicate-page, a warning). */
const SITE = { 'docs.json': docsJson(['index', 'gone', 'index']), 'index.mdx': '# Home\n' };

type Reported = Array<{ file: string; problems: Array<{ code: string; severity: string }> }>;
const codesOf = (json: string) => (JSON.parse(json) as Reported).flatMap((result) => result.problems.map((p) => `${p.code} ${p.severity}`));

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('usage errors of the shared options: one line, exit 2', () => {
  it.each([
    [['validate', '--config', 'a.json', '--no-config'], '--config and --no-config cannot be used together'],
    [['resolve', '--config=', 'docs.json'], '--config takes a file name'],
    [
      ['validate', '-f', 'json', '-f', 'sarif', '-f', 'pretty', '--output-file', 'x'],
      '--format can be given at most twice (the second report goes to --output-file)',
    ],
    [['validate', '-f', 'json', '-f', 'sarif'], 'two --format values need --output-file for the second (--format json --format sarif --output-file <file>)'],
    [['validate', '--format', 'xml'], '--format must be one of pretty, json, sarif, github (got "xml")'],
    [['validate', '-f', 'json', '-f', 'JSON', '--output-file', 'x'], '--format must be one of pretty, json, sarif, github (got "JSON")'],
    [['validate', '-', 'docs.json'], 'standard input (- or --stdin) cannot be combined with paths'],
    [['validate', '--stdin', 'docs.json'], 'standard input (- or --stdin) cannot be combined with paths'],
    [['validate', '--stdin-filename', 'docs.json', 'docs.json'], '--stdin-filename needs - or --stdin'],
    [['validate', '--stdin-filename', 'docs.json'], '--stdin-filename needs - or --stdin'],
    [['validate', '--output-file='], '--output-file needs a file name'],
    [['validate', '--rule-docs-url', 'docs/rules/'], '--rule-docs-url takes an http or https URL of a copy of docs/rules/ (got "docs/rules/")'],
    [
      ['validate', '--rule-docs-url', 'ftp://example.com/rules'],
      '--rule-docs-url takes an http or https URL of a copy of docs/rules/ (got "ftp://example.com/rules")',
    ],
    [['validate', '--rule', 'link-not-found'], '--rule takes code=severity, e.g. --rule language-code=warning (got "link-not-found")'],
    [['validate', '--rule', 'link-not-found=off,LINK=off'], '--rule takes code=severity, e.g. --rule language-code=warning (got "LINK=off")'],
    // A part of spaces only is not an empty part: said as given.
    [['validate', '--rule', 'link-not-found=off, ,page-path=off'], '--rule takes code=severity, e.g. --rule language-code=warning (got " ")'],
    [['validate', '--rule', 'Xlink-not-found=off'], '--rule takes code=severity, e.g. --rule language-code=warning (got "Xlink-not-found=off")'],
    [['validate', '--rule', 'link-not-found=offX'], '--rule takes code=severity, e.g. --rule language-code=warning (got "link-not-found=offX")'],
    [['validate', '--rule', 'link-not-found=off=on'], '--rule takes code=severity, e.g. --rule language-code=warning (got "link-not-found=off=on")'],
    // config-invalid is never suggested: it cannot be set.
    [['validate', '--rule', 'config-invalidd=off'], '--rule: unknown code "config-invalidd" (every code: docs/rules/README.md)'],
    [['validate', '--rule', 'link-not-fund=off'], '--rule: unknown code "link-not-fund" (did you mean link-not-found? every code: docs/rules/README.md)'],
    [['validate', '--rule', 'zzzzzzzzzzzz=off'], '--rule: unknown code "zzzzzzzzzzzz" (every code: docs/rules/README.md)'],
    [['validate', '--rule', 'config-invalid=off'], '--rule: config-invalid cannot be set: a bad config always stops the run (use --no-config to skip it)'],
    [['validate', '--rule', 'link-not-found=loud'], '--rule link-not-found: severity must be off, info, warning or error (got "loud")'],
    [['validate', '--root', ''], '--root "": no such folder'],
    [['validate', '--root', '/nonexistent-docsnav-root'], '--root /nonexistent-docsnav-root: no such folder'],
    [['validate', '--root', 'package.json'], '--root package.json: no such folder'],
    [['validate', '--profile', 'hosted'], '--profile must be one of platform, spec (got "hosted")'],
    [['validate', '--fix', '--fix-dry-run'], '--fix and --fix-dry-run cannot be used together'],
    [['validate', '--since='], '--since takes a git ref (e.g. origin/main)'],
    [['validate', '--cache-location='], '--cache-location takes a file or a folder'],
    [['validate', '--no-cache', '--cache'], '--no-cache and --cache cannot be used together'],
    [['validate', '--no-cache', '--cache-location', 'x'], '--no-cache and --cache-location cannot be used together'],
    [['validate', '--no-cache', '--cache', '--cache-location', 'x'], '--no-cache and --cache cannot be used together'],
    [['validate', '--cache-strategy', 'mtime'], '--cache-strategy must be one of metadata, content (got "mtime")'],
    ...['0', '65', 'x', '1.5', '', ' 2', '0x10'].map((given) => [
      ['validate', `--concurrency=${given}`],
      `--concurrency takes auto or a whole number from 1 to 64 (got "${given}")`,
    ]),
    ...['x', '1e3', '', ' ', '1.0', '9007199254740993'].map((given) => [
      ['validate', `--max-warnings=${given}`],
      `--max-warnings takes a whole number ≥ 0 (got "${given}")`,
    ]),
    [['mv', 'a', 'b', '--max-warnings=two'], '--max-warnings takes a whole number ≥ 0 (got "two")'],
    [['resolve', '--rule', 'link-not-found=loud'], '--rule link-not-found: severity must be off, info, warning or error (got "loud")'],
    [['mv', 'a', 'b', '--root', ''], '--root "": no such folder'],
  ] as Array<[string[], string]>)('%j', async (argv, line) => {
    expect(await docsnav(argv)).toEqual(usage(line));
  });
});

describe('usage errors of mv', () => {
  it.each([
    [['mv', '-'], 'mv moves files on disk: it takes no standard input'],
    [['mv', '--stdin'], 'mv moves files on disk: it takes no standard input'],
    [['mv', '-', 'a'], 'standard input (- or --stdin) cannot be combined with paths'],
    [['mv', '--continue', '--abort'], 'mv takes --continue or --abort, not both'],
    [['mv', '--continue', 'a', 'b'], 'mv --continue takes only the docs.json (or its folder): docsnav mv --continue [docs.json]'],
    [['mv', '--abort', '--dry-run'], 'mv --abort takes only the docs.json (or its folder): docsnav mv --abort [docs.json]'],
    [['mv'], 'mv takes a page (or folder) and where it goes: docsnav mv <from> <to> [docs.json] (e.g. docsnav mv guides/old.mdx guides/new.mdx)'],
    [['mv', 'a'], 'mv takes a page (or folder) and where it goes: docsnav mv <from> <to> [docs.json] (e.g. docsnav mv guides/old.mdx guides/new.mdx)'],
    [['mv', '', 'b'], 'mv takes a page (or folder) and where it goes: docsnav mv <from> <to> [docs.json] (e.g. docsnav mv guides/old.mdx guides/new.mdx)'],
    [['mv', 'a', ''], 'mv takes a page (or folder) and where it goes: docsnav mv <from> <to> [docs.json] (e.g. docsnav mv guides/old.mdx guides/new.mdx)'],
    [['mv', 'a', 'b', 'docs.json', 'c'], 'mv takes one source, one target and one docs.json'],
  ] as Array<[string[], string]>)('%j', async (argv, line) => {
    expect(await docsnav(argv)).toEqual(usage(line));
  });
});

describe('the values the shared options take', () => {
  it('--rule: repeated, comma-separated, spaces and empty parts allowed; the last setting of a code wins', async () => {
    const root = siteWith(SITE);
    expect(codesOf((await docsnav(['validate', root, '--no-cache', '-f', 'json'])).stdout)).toEqual(['page-not-found error', 'duplicate-page warning']);
    const set = await docsnav([
      'validate',
      root,
      '--no-cache',
      '-f',
      'json',
      '--rule',
      ' page-not-found=warning ,,duplicate-page=error,',
      '--rule',
      'page-not-found=info',
    ]);
    expect(codesOf(set.stdout)).toEqual(['page-not-found info', 'duplicate-page error']);
    expect(set.code).toBe(1);
    const off = await docsnav(['validate', root, '--no-cache', '-f', 'json', '--rule=page-not-found=off,duplicate-page=off']);
    expect({ code: off.code, codes: codesOf(off.stdout) }).toEqual({ code: 0, codes: [] });
  });

  it('--language-codes: repeated or comma-separated, spaces trimmed', async () => {
    const root = siteWith({
      'docs.json': `${JSON.stringify(
        {
          name: 'Docs',
          theme: 'mint',
          colors: { primary: '#0D9373' },
          navigation: {
            languages: [
              { language: 'xx', pages: ['index'] },
              { language: 'yy', pages: ['yy/index'] },
            ],
          },
        },
        null,
        '\t',
      )}\n`,
      'index.mdx': '# Home\n',
      'yy/index.mdx': '# Yy\n',
    });
    expect(codesOf((await docsnav(['validate', root, '--no-cache', '-f', 'json'])).stdout)).toEqual(['language-code error', 'language-code error']);
    for (const given of [
      ['--language-codes', ' xx , ,yy '],
      ['--language-codes', 'xx', '--language-codes', 'yy'],
    ]) {
      expect(await docsnav(['validate', root, '--no-cache', ...given])).toEqual({ code: 0, stdout: '✔ no problems\n', stderr: '' });
    }
    expect(codesOf((await docsnav(['validate', root, '--no-cache', '-f', 'json', '--language-codes', 'xx'])).stdout)).toEqual(['language-code error']);
  });

  it('--language-codes: an empty code is none (the message lists the codes taken)', async () => {
    const root = siteWith({
      'docs.json': `${JSON.stringify(
        {
          name: 'Docs',
          theme: 'mint',
          colors: { primary: '#0D9373' },
          navigation: {
            languages: [
              { language: '', pages: ['index'] },
              { language: 'en', pages: ['en/index'] },
            ],
          },
        },
        null,
        '\t',
      )}\n`,
      'index.mdx': '# Home\n',
      'en/index.mdx': '# En\n',
    });
    const { code, stdout } = await docsnav(['validate', root, '--no-cache', '-f', 'json', '--language-codes', 'xx, ,', '--language-codes', '']);
    expect(code).toBe(1);
    const [problem] = (JSON.parse(stdout) as Array<{ problems: Array<{ code: string; message: string }> }>)[0].problems;
    expect(problem.code).toBe('language-code');
    expect(problem.message.endsWith(', fi, hu, xx. (Add more with --language-codes or "languageCodes" in the config.)')).toBe(true);
  });

  it('--root: the pages looked up there', async () => {
    const root = siteWith({ 'config/docs.json': docsJson(['index']), 'index.mdx': '# Home\n' });
    const file = path.join(root, 'config', 'docs.json');
    expect(codesOf((await docsnav(['validate', file, '--no-cache', '-f', 'json'])).stdout)).toEqual(['page-not-found error']);
    expect(await docsnav(['validate', file, '--no-cache', '--root', root])).toEqual({ code: 0, stdout: '✔ no problems\n', stderr: '' });
  });

  it('--concurrency: auto and whole numbers from 1 to 64, the same report', async () => {
    const root = siteWith(SITE);
    const one = await docsnav(['validate', root, '--no-cache', '-f', 'json', '--concurrency', '1']);
    expect(one.code).toBe(1);
    for (const given of ['auto', '2', '64', '01']) expect(await docsnav(['validate', root, '--no-cache', '-f', 'json', `--concurrency=${given}`])).toEqual(one);
  });

  it('--no-specs: no spec is read, so endpoint entries are not looked up in it', async () => {
    const root = siteWith({
      'docs.json': docsJson(['index', 'GET /pets']).replace('"group": "Start",', '"group": "Start", "openapi": "openapi.json",'),
      'index.mdx': '# Home\n',
      'openapi.json': JSON.stringify({ openapi: '3.1.0', info: { title: 'Pets', version: '1' }, paths: {} }),
    });
    expect(codesOf((await docsnav(['validate', root, '--no-cache', '-f', 'json'])).stdout)).toEqual(['endpoint-not-found error']);
    expect(await docsnav(['validate', root, '--no-cache', '--no-specs'])).toEqual({ code: 0, stdout: '✔ no problems\n', stderr: '' });
  });
});

describe('the page scan cache', () => {
  it('--cache-location: kept there, and the same report from it', async () => {
    const root = siteWith(SITE);
    const cache = path.join(root, '.scans');
    mkdirSync(cache);
    const first = await docsnav(['validate', root, '-f', 'json', '--cache-location', cache]);
    expect(first.code).toBe(1);
    expect(readdirSync(cache)).not.toEqual([]);
    expect(await docsnav(['validate', root, '-f', 'json', '--cache-location', cache, '--cache-strategy', 'metadata'])).toEqual(first);
    expect(await docsnav(['validate', root, '-f', 'json', '--cache-location', cache, '--cache-strategy', 'content'])).toEqual(first);
  });

  it('a --cache-location that cannot be written: one line, exit 2; from standard input too', async () => {
    const root = siteWith(SITE);
    const cache = path.join(root, 'index.mdx', 'scans.json');
    const escaped = cache.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const result = await docsnav(['validate', root, '-f', 'json', '--cache-location', cache]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(new RegExp(`^docsnav: --cache-location: cannot write ${escaped}: [^\n]+\n$`));
    const piped = await docsnav(
      ['validate', '-', '--stdin-filename', path.join(root, 'docs.json'), '-f', 'json', '--cache-location', cache],
      SITE['docs.json'],
    );
    expect(piped.code).toBe(2);
    expect(piped.stderr).toMatch(new RegExp(`^docsnav: --cache-location: cannot write ${escaped}: [^\n]+\n$`));
  });

  it('where CI is set, off unless asked for', async () => {
    const root = siteWith(SITE);
    const cache = path.join(root, '.scans');
    mkdirSync(cache);
    vi.stubEnv('CI', 'true');
    vi.stubEnv('XDG_CACHE_HOME', path.join(root, '.user-cache'));
    expect((await docsnav(['validate', root, '-f', 'json'])).code).toBe(1);
    expect(readdirSync(root).sort()).toEqual(['.scans', 'docs.json', 'index.mdx']);
    expect((await docsnav(['validate', root, '-f', 'json', '--cache-location', cache])).code).toBe(1);
    expect(readdirSync(cache)).not.toEqual([]);
  });
});

describe('the config file', () => {
  it('its rules and profile apply; flags beat it', async () => {
    const root = siteWith({ ...SITE, 'docsnav.config.json': '{\n\t"rules": { "duplicate-page": "error", "page-not-found": "off" }\n}\n' });
    expect(codesOf((await docsnav(['validate', root, '--no-cache', '-f', 'json'])).stdout)).toEqual(['duplicate-page error']);
    expect(codesOf((await docsnav(['validate', root, '--no-cache', '-f', 'json', '--rule', 'duplicate-page=warning'])).stdout)).toEqual([
      'duplicate-page warning',
    ]);
    expect(codesOf((await docsnav(['validate', root, '--no-cache', '-f', 'json', '--no-config'])).stdout)).toEqual([
      'page-not-found error',
      'duplicate-page warning',
    ]);
    // --config names another file.
    const other = path.join(root, 'other.json');
    writeFileSync(other, '{ "rules": { "duplicate-page": "off" } }\n');
    expect(codesOf((await docsnav(['validate', root, '--no-cache', '-f', 'json', '--config', other])).stdout)).toEqual(['page-not-found error']);
  });

  it('a bad config: its problems reported (once for the files under it), those files not checked, exit 2', async () => {
    const base = siteWith({
      'a/docs.json': SITE['docs.json'],
      'a/index.mdx': '# Home\n',
      'b/docs.json': SITE['docs.json'],
      'b/index.mdx': '# Home\n',
      'docsnav.config.json': '{\n\t"extends": "platfrom"\n}\n',
      'c/docs.json': docsJson(['index']),
      'c/index.mdx': '# Home\n',
      'c/docsnav.config.json': '{}\n',
    });
    const config = path.join(base, 'docsnav.config.json');
    const result = await docsnav(['validate', path.join(base, 'a'), path.join(base, 'b'), path.join(base, 'c'), '--no-cache', '-f', 'json']);
    expect(result.code).toBe(2);
    expect((JSON.parse(result.stdout) as Reported).map((r) => [r.file, r.problems.map((p) => p.code)])).toEqual([
      [config, ['config-invalid']],
      [path.join(base, 'c', 'docs.json'), []],
    ]);
    // From standard input, named under it: the same.
    const piped = await docsnav(['validate', '-', '--stdin-filename', path.join(base, 'a', 'docs.json'), '--no-cache', '-f', 'json'], SITE['docs.json']);
    expect(piped.code).toBe(2);
    expect((JSON.parse(piped.stdout) as Reported).map((r) => [r.file, r.problems.map((p) => p.code)])).toEqual([[config, ['config-invalid']]]);
    // --no-config: checked.
    expect((await docsnav(['validate', path.join(base, 'a'), '--no-cache', '--no-config'])).code).toBe(1);
    // Pretty: the config's line shown.
    const pretty = await docsnav(['validate', path.join(base, 'a'), '--no-cache']);
    expect(pretty.code).toBe(2);
    expect(pretty.stdout).toContain(`${config}:2:13  error  config-invalid  `);
    expect(pretty.stdout).toContain('\n  > 2 | \t"extends": "platfrom"\n');
  });

  it('a config file named that cannot be read: one line, exit 2', async () => {
    const root = siteWith(SITE);
    const missing = path.join(root, 'nope.json');
    expect(await docsnav(['validate', root, '--no-cache', '--config', missing])).toEqual(
      usage(`cannot read config file ${missing}: no such file or folder; check the path (ENOENT)`),
    );
    expect(await docsnav(['validate', root, '--no-cache', '--config', root])).toEqual(
      usage(`cannot read config file ${root}: that is a folder, and a file is wanted; name the file (EISDIR)`),
    );
  });
});
