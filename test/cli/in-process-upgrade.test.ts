/**
 * `docsnav upgrade` in process (src/cli/run.ts's `run` with a capturing CliIo): a legacy mint.json
 * (CRLF, tabs, a multi-byte name) made the docs.json the platform makes of it, printed with
 * --stdout or written beside it; the list of what it drops or changes and its count; a docs.json
 * already there (a file, a symbolic link, a folder) refused or replaced with --force; a mint.json
 * the legacy check rejects; which mint.json a path (or none) names; the one-line usage errors. The
 * built CLI's tests (test/cli/mint.test.ts) cover the same from outside.
 */
import { existsSync, lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { run, type CliIo } from '../../src/cli/run.js';
import { siteWith } from '../move/harness.js';

/** A legacy mint.json as an editor on Windows saves it; `more` goes after its name. */
const mintJson = (more = '') =>
  [
    '{',
    `\t"name": "Ünïcødé Docs",${more}`,
    '\t"favicon": "/favicon.svg",',
    '\t"colors": { "primary": "#0D9373" },',
    '\t"navigation": [',
    '\t\t{ "group": "Start", "pages": ["index"] }',
    '\t]',
    '}',
    '',
  ].join('\r\n');

/** What the platform's upgrade makes of `mintJson()`: two-space JSON, its keys in the platform's order. */
const DOCS_JSON = `${JSON.stringify(
  {
    $schema: 'https://mintlify.com/docs.json',
    theme: 'mint',
    name: 'Ünïcødé Docs',
    colors: { primary: '#0D9373' },
    favicon: '/favicon.svg',
    navigation: { groups: [{ group: 'Start', pages: ['index'] }] },
  },
  null,
  2,
)}\n`;

async function docsnav(...argv: string[]) {
  let out = '';
  let err = '';
  const io: CliIo = { stdout: (text) => (out += text), stderr: (text) => (err += text), isTTY: false, env: {} };
  const code = await run(argv, io);
  return { code, stdout: out, stderr: err };
}

const usage = (line: string) => ({ code: 2, stdout: '', stderr: `docsnav: ${line}\n` });

const wrote = (target: string, mint: string, summary: string, link = '') =>
  `docsnav: wrote ${target}${link} from ${mint}: ${summary}. The platform's build still checks a mint.json beside docs.json (and fails when it is invalid): delete ${mint} once docs.json is right.\n`;

function site(mint = mintJson()) {
  const root = siteWith({ 'mint.json': mint, 'index.mdx': '# Home\n' });
  return { root, mint: path.join(root, 'mint.json'), docs: path.join(root, 'docs.json') };
}

describe('--stdout', () => {
  it('the docs.json on stdout; on stderr, each change with its place in mint.json, kind and message, then the count', async () => {
    const fixture = path.join('fixtures', 'mint-site');
    expect(await docsnav('upgrade', fixture, '--stdout')).toEqual({
      code: 0,
      stdout: readFileSync(path.join(fixture, 'expected', 'upgrade.docs.json'), 'utf8'),
      stderr: readFileSync(path.join(fixture, 'expected', 'upgrade-changes.txt'), 'utf8'),
    });
    expect(existsSync(path.join(fixture, 'docs.json'))).toBe(false);
  });

  it('nothing dropped or changed: said so', async () => {
    const { root, mint, docs } = site();
    expect(await docsnav('upgrade', root, '--stdout')).toEqual({
      code: 0,
      stdout: DOCS_JSON,
      stderr: `docsnav: upgraded ${mint}: nothing of it is dropped or changed\n`,
    });
    expect(existsSync(docs)).toBe(false);
  });

  it('one change: "1 part of it is"', async () => {
    const { mint } = site(mintJson('\r\n\t"feedback": { "thumbsRating": true },'));
    expect(await docsnav('upgrade', mint, '--stdout')).toEqual({
      code: 0,
      stdout: DOCS_JSON,
      stderr: [
        `${mint}:3:14  dropped  \`feedback\` is dropped: the platform's upgrade to docs.json does not carry it over.`,
        `docsnav: upgraded ${mint}: 1 part of it is dropped or changed, listed above`,
        '',
      ].join('\n'),
    });
  });

  it('two changes: "2 parts of it are"', async () => {
    const { mint } = site(mintJson('\r\n\t"feedback": { "thumbsRating": true },\r\n\t"searchPrompt": "Suche…",'));
    const { code, stderr } = await docsnav('upgrade', mint, '--stdout');
    expect(code).toBe(0);
    expect(stderr.split('\n')).toEqual([
      `${mint}:3:14  dropped  \`feedback\` is dropped: the platform's upgrade to docs.json does not carry it over.`,
      `${mint}:4:2  dropped  \`searchPrompt\` is not a setting the platform knows here: its legacy check drops it, and the site never sees it.`,
      `docsnav: upgraded ${mint}: 2 parts of it are dropped or changed, listed above`,
      '',
    ]);
  });

  it('a docs.json already there is left as it is', async () => {
    const { root, docs } = site();
    writeFileSync(docs, '{ "mine": true }\n');
    expect((await docsnav('upgrade', root, '--stdout')).stdout).toBe(DOCS_JSON);
    expect(readFileSync(docs, 'utf8')).toBe('{ "mine": true }\n');
  });
});

describe('writing docs.json', () => {
  it('beside the mint.json; the changes and where it went on stdout', async () => {
    const { root, mint, docs } = site(mintJson('\r\n\t"feedback": { "thumbsRating": true },'));
    expect(await docsnav('upgrade', root)).toEqual({
      code: 0,
      stdout: `${mint}:3:14  dropped  \`feedback\` is dropped: the platform's upgrade to docs.json does not carry it over.\n${wrote(docs, mint, '1 part of it is dropped or changed, listed above')}`,
      stderr: '',
    });
    expect(readFileSync(docs, 'utf8')).toBe(DOCS_JSON);
  });

  it('never over a docs.json already there without --force; with it, replaced', async () => {
    const { root, mint, docs } = site();
    writeFileSync(docs, '{ "mine": true }\n');
    expect(await docsnav('upgrade', root)).toEqual(usage(`${docs} already exists: --force overwrites it, --stdout prints the upgrade instead`));
    expect(readFileSync(docs, 'utf8')).toBe('{ "mine": true }\n');
    expect(await docsnav('upgrade', root, '--force')).toEqual({ code: 0, stdout: wrote(docs, mint, 'nothing of it is dropped or changed'), stderr: '' });
    expect(readFileSync(docs, 'utf8')).toBe(DOCS_JSON);
    // Written, then asked again: refused, the docs.json as the upgrade wrote it.
    expect((await docsnav('upgrade', mint)).code).toBe(2);
  });

  it('--force with no docs.json there: written as new', async () => {
    const { root, mint, docs } = site();
    expect(await docsnav('upgrade', root, '--force')).toEqual({ code: 0, stdout: wrote(docs, mint, 'nothing of it is dropped or changed'), stderr: '' });
    expect(readFileSync(docs, 'utf8')).toBe(DOCS_JSON);
  });

  it('a symbolic link there: refused as one; --force replaces the link, not the file it leads to', async () => {
    const { root, mint, docs } = site();
    const other = path.join(root, 'other.json');
    writeFileSync(other, '{}\n');
    symlinkSync(other, docs);
    expect(await docsnav('upgrade', root)).toEqual(
      usage(`${docs} already exists (a symbolic link): --force overwrites it, --stdout prints the upgrade instead`),
    );
    expect(await docsnav('upgrade', root, '--force')).toEqual({
      code: 0,
      stdout: wrote(docs, mint, 'nothing of it is dropped or changed', ` (it replaced the symbolic link ${docs}; the file the link led to is unchanged)`),
      stderr: '',
    });
    expect(lstatSync(docs).isSymbolicLink()).toBe(false);
    expect(readFileSync(docs, 'utf8')).toBe(DOCS_JSON);
    expect(readFileSync(other, 'utf8')).toBe('{}\n');
  });

  it('a link to nothing is there too', async () => {
    const { root, docs } = site();
    symlinkSync(path.join(root, 'nowhere.json'), docs);
    expect(await docsnav('upgrade', root)).toEqual(
      usage(`${docs} already exists (a symbolic link): --force overwrites it, --stdout prints the upgrade instead`),
    );
    expect(existsSync(path.join(root, 'nowhere.json'))).toBe(false);
  });

  it('a folder named docs.json: cannot be written, one line', async () => {
    const { root, docs } = site();
    mkdirSync(docs);
    expect(await docsnav('upgrade', root)).toEqual(usage(`${docs} already exists: --force overwrites it, --stdout prints the upgrade instead`));
    expect(await docsnav('upgrade', root, '--force')).toEqual(usage(`cannot write ${docs}: that is a folder, and a file is wanted; name the file (EISDIR)`));
  });
});

describe('a mint.json the legacy check rejects', () => {
  it('its problems, then one line; exit 1 and nothing written', async () => {
    const { root, mint, docs } = site(mintJson().replace('\t"favicon": "/favicon.svg",\r\n', ''));
    expect(await docsnav('upgrade', root)).toEqual({
      code: 1,
      stdout: '',
      stderr: [
        `${mint}:1:1  error  mint-json-invalid  mint.json needs \`favicon\`. The platform's legacy check rejects it, so it does not upgrade it either.`,
        '  > 1 | {',
        '      | ^',
        '    2 | \t"name": "Ünïcødé Docs",',
        '  docs: docs/rules/mint-json-invalid.md',
        '',
        '✖ 1 problem (1 error, 0 warnings)',
        `docsnav: ${mint} was not upgraded: the platform's build fails on it too; fix the problems above and run again`,
        '',
      ].join('\n'),
    });
    expect(existsSync(docs)).toBe(false);
    // --stdout alike: nothing printed on stdout.
    expect((await docsnav('upgrade', root, '--stdout')).stdout).toBe('');
  });
});

describe('which mint.json', () => {
  it('none named: the current folder’s (the repository’s, which has none)', async () => {
    // No process.chdir: Stryker runs the tests on worker threads, which cannot change folder.
    expect(await docsnav('upgrade')).toEqual(usage('no mint.json in the current folder; name the mint.json to upgrade (docsnav upgrade path/to/mint.json)'));
    expect(await docsnav('upgrade', '.')).toEqual(usage('no mint.json in .; name the mint.json to upgrade (docsnav upgrade path/to/mint.json)'));
  });

  it('a folder without one, or a file that is not there: one line', async () => {
    const empty = siteWith({ 'notes.txt': 'x' });
    expect(await docsnav('upgrade', empty)).toEqual(usage(`no mint.json in ${empty}; name the mint.json to upgrade (docsnav upgrade path/to/mint.json)`));
    for (const name of ['mint.json', 'legacy.json']) {
      const missing = path.join(empty, name);
      expect(await docsnav('upgrade', missing)).toEqual(usage(`cannot read ${missing}: no such file or folder; check the path (ENOENT)`));
    }
  });

  it.each([['docs.json'], ['docs.yaml'], ['docs.yml']])('a %s named: already a docs file, there or not', async (name) => {
    const { root } = site();
    const named = path.join(root, name);
    const refusal = usage(
      `${named} is already a docs file (the kind upgrade writes), not a legacy mint.json: name the mint.json to upgrade (docsnav upgrade path/to/mint.json), or check it with docsnav validate ${named}`,
    );
    expect(await docsnav('upgrade', named)).toEqual(refusal);
    writeFileSync(named, '{}\n');
    expect(await docsnav('upgrade', named)).toEqual(refusal);
  });

  it('a mint.json named by another name is read as one', async () => {
    const { root } = site();
    const renamed = path.join(root, 'legacy-mint.json');
    writeFileSync(renamed, mintJson());
    expect(await docsnav('upgrade', renamed, '--stdout')).toEqual({
      code: 0,
      stdout: DOCS_JSON,
      stderr: `docsnav: upgraded ${renamed}: nothing of it is dropped or changed\n`,
    });
  });
});

describe('usage errors', () => {
  it.each([
    [['upgrade', 'a', 'b'], 'upgrade takes one mint.json (or its folder)'],
    [['upgrade', '--stdout', '--force'], '--stdout writes no file: --force has nothing to overwrite'],
    [['upgrade', '--frce'], 'unknown option "--frce" (did you mean --force? see docsnav upgrade --help)'],
  ])('%j', async (argv, line) => {
    expect(await docsnav(...argv)).toEqual(usage(line));
  });
});
