/**
 * `docsnav --help`, `docsnav <command> --help` and `--version`, in process (src/cli/run.ts's `run`
 * with a capturing CliIo), as src/cli/help.ts writes them from the command registry
 * (src/cli/commands.ts) and the option tables (src/cli/options.ts): the whole help, byte for byte
 * the copy docs/cli.md keeps (test/docs/generated.test.ts keeps that copy current), each command's
 * help exactly, where `-h` is read (not after `--`), a server command's help without its package,
 * and an unknown command. The built CLI's tests (test/cli/cli.test.ts) look at the same from outside.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMAND_NAMES } from '../../src/cli/commands.js';
import { commandHelp, optionLines, wrap } from '../../src/cli/help.js';
import { run, type CliIo } from '../../src/cli/run.js';
import { serverInstalled } from '../../src/cli/server-commands.js';

const REPO = path.resolve(import.meta.dirname, '..', '..');

async function docsnav(...argv: string[]) {
  let out = '';
  let err = '';
  const io: CliIo = { stdout: (text) => (out += text), stderr: (text) => (err += text), isTTY: false, env: { NO_COLOR: '1' } };
  const code = await run(argv, io);
  return { code, stdout: out, stderr: err };
}

const helped = (lines: readonly string[]) => ({ code: 0, stdout: `${lines.join('\n')}\n`, stderr: '' });

/** `docsnav --help` as docs/cli.md shows it (between its generated:help markers, after the command line). */
function documentedHelp(): string {
  const doc = readFileSync(path.join(REPO, 'docs', 'cli.md'), 'utf8');
  const block = /<!-- generated:help -->\n```text\n\$ docsnav --help\n([\s\S]*?)\n```\n<!-- \/generated:help -->/.exec(doc);
  expect(block).not.toBeNull();
  return `${block![1]}\n`;
}

const DIFF_HELP = [
  'Usage: docsnav diff <git-ref> [docs.json]',
  '',
  "the page URLs added, removed and moved between a git ref and the working tree (moves: git's rename",
  'detection)',
  '',
  'Options:',
  '  -f, --format <f>            pretty (a list for a person) or json ({ ref, commit, added, removed,',
  '                              moved }) (default: pretty)',
  '  -h, --help                  print this help',
  '',
  'A page whose URL changed without its file moving (an OpenAPI operation whose path changed) is',
  'removed and added.',
  '',
  'Exit codes: 0 the comparison was printed, 2 usage, I/O or git error (not a repository, an unknown',
  'ref).',
];

const UPGRADE_HELP = [
  'Usage: docsnav upgrade [mint.json]',
  '',
  'write the docs.json the platform makes of a legacy mint.json beside it, and list every setting the',
  'upgrade drops or changes',
  '',
  'Options:',
  '  --stdout                    print the docs.json instead of writing it (the changes go to stderr)',
  '  --force                     overwrite a docs.json that already exists beside the mint.json',
  '  -h, --help                  print this help',
  '',
  "The docs.json is the one the platform's own upgrade makes (its `mint upgrade`): the same keys in the",
  'same order, two-space JSON. Each part of mint.json it drops or changes is listed with its line and',
  'column.',
  '',
  "An existing docs.json is never overwritten without --force. A mint.json that fails the platform's",
  'legacy check is not upgraded: its problems are printed.',
  '',
  'Exit codes: 0 upgraded, 1 the mint.json fails the legacy check (nothing written), 2 usage or I/O',
  'error, or a docs.json is already there.',
];

const LSP_HELP = [
  'Usage: docsnav lsp [--stdio | --node-ipc | --socket=<port> | --pipe=<name>]',
  '',
  'the language server for editors: the problems validate reports, fixes, completion, hover, go to',
  'definition',
  '',
  'Options:',
  '  --stdio                     talk to the editor over standard input and output (the default)',
  "  --node-ipc                  over Node's IPC channel (an editor that forks docsnav with one)",
  '  --socket=<port>             over a TCP socket the editor listens on',
  '  --pipe=<name>               over a named pipe or Unix socket the editor listens on',
  '  -h, --help                  print this help',
];

const DAEMON_HELP = [
  'Usage: docsnav daemon start | stop | status | run [folder]',
  '',
  'a warm checker for this user and docs root (default: the current folder) that docsnav validate hands',
  'its checks to, as eslint_d does for a hook',
  '',
  'Options:',
  '  --idle-timeout <minutes>    start and run: stop after this many minutes without a check (default:',
  '                              15)',
  '  -h, --help                  print this help',
  '',
  'start runs the checker in the background and returns once it listens; run keeps it in the',
  'foreground; stop ends it; status says whether one runs (exit 0) or not (exit 1).',
  '',
  'While one runs, docsnav validate in that folder or below sends its arguments, folder and environment',
  "over a Unix socket only this user can open ($XDG_RUNTIME_DIR/docsnav/, else the user's cache folder)",
  'and prints the answer, which is what a run in process prints, byte for byte. With DOCSNAV_DAEMON=1,',
  'a check that cannot use the checker says why in one line; DOCSNAV_DAEMON=0 never uses it. The page',
  'docs/pre-commit.md has the security model.',
  '',
  'Exit codes: 0 done (status: running), 1 status: not running, 2 usage error, or the checker could not',
  'start.',
];

const VALIDATE_HELP = [
  'Usage: docsnav validate [paths… | -]',
  '',
  'check docs.json files (default ./docs.json; a folder means its docs.json; globs such as',
  '"sites/*/docs.json" are expanded by docsnav)',
  '',
  'Options:',
  '  -f, --format <f>            the problems report: pretty, json, sarif or github; the first goes to',
  '                              stdout; give it twice for two reports, the second to --output-file',
  '                              (default: pretty)',
  '  --max-warnings <n>          fail (exit 1) when there are more than n warnings (those --quiet hides',
  '                              count too)',
  '  --fix                       apply the safe fixes to the file(s), then report what remains',
  '  --fix-dry-run               print the safe fixes as a git diff (paths from the repository root);',
  '                              write nothing',
  '  --no-specs                  do not read OpenAPI or AsyncAPI specs (fastest; endpoint entries are',
  '                              not checked, no pages come from specs)',
  '  --since <ref>               compare with the site at this git ref (e.g. origin/main): a page URL',
  '                              it served that is gone now, with no redirect, is redirect-missing',
  '                              (--fix adds the redirect for a moved page)',
  '  --concurrency <n>           threads to read pages on for the link rules: a number, or auto',
  '                              (default: helpers only where they pay for their start, see',
  '                              Performance; 1: one thread)',
  '  --output-file <file>        write the report to a file (with two --format: the second report)',
  '  -q, --quiet                 report errors only',
  '  -, --stdin                  read the docs.json from standard input',
  '  --stdin-filename <path>     its name in reports; its folder is the docs root for page and spec',
  '                              lookups',
  '  --rule <code>=<severity>    off, info, warning or error; repeat or comma-separate',
  "  --language-codes <a,b>      accept these language codes besides the profile's",
  "  --root <dir>                the docs root for page and spec lookups (default: the file's folder)",
  '  --profile <p>               the contract to check against: platform (what the hosted platform',
  "                              accepts, settings outside navigation too) or spec (the spec's 20",
  "                              language codes, http(s) global anchors) (default: the config file's",
  '                              "extends", else platform)',
  '  --config <file>             use this config file (default: the nearest docsnav.config.json, .yaml,',
  '                              .yml or package.json "docsnav" key, from the file\'s folder up)',
  '  --no-config                 use no config file',
  '  --color / --no-color        force colours on or off (default: when the terminal supports them;',
  '                              NO_COLOR is honoured)',
  '  --rule-docs-url <url>       a published copy of docs/rules/ (e.g. on your git host) that reports',
  '                              link to: pretty links it, SARIF gives it as helpUri, the job summary',
  '                              links each code',
  '  --cache / --no-cache        keep page scans between runs, so that an unchanged page is not read',
  '                              for links again (default: on, except where the CI environment variable',
  '                              is set; --cache turns it on there)',
  "  --cache-location <path>     the cache's file, or a folder to keep it in (turns the cache on;",
  '                              default: node_modules/.cache/docsnav/ beside the nearest package.json',
  "                              above the docs root, else the user's cache folder)",
  "  --cache-strategy <s>        how an unchanged page is recognised: metadata (its file's size, time",
  "                              and inode; its text's hash when they changed) or content (its text's",
  '                              hash: for CI checkouts, whose file times change) (default: metadata)',
  '  -h, --help                  print this help',
  '',
  'On a terminal, a progress line on stderr once a check takes over 2 s (DOCSNAV_PROGRESS_AFTER, in',
  'ms): navigation entries walked, files read, pages checked; none when stderr is piped or with',
  '--format github or sarif. Ctrl-C (SIGINT) or SIGTERM stops it at its next step and says what was',
  'changed (nothing; with --fix, the files fixed before it), exit 130 or 143; a second one stops it at',
  'once. A docs root whose move was cut short (docsnav mv) is checked as it is, with one note that it',
  'is partly moved.',
  '',
  'With --format github and GITHUB_STEP_SUMMARY set, a table of every problem is appended to the job',
  'summary (GitHub shows at most 10 error and 10 warning annotations per step).',
  '',
  'Every problem code is documented in docs/rules/<code>.md, shipped in the package (the list:',
  "docs/rules/README.md): pretty names that file (or --rule-docs-url's copy), SARIF carries the whole",
  "doc as each rule's help.",
  '',
  'Precedence: flag > config file > profile > default.',
  '',
  'Config file keys: extends (platform|spec), rules, languageCodes, ignore (globs of pages or',
  '/pointers).',
  '',
  'Exit codes: 0 no errors, 1 errors (or too many warnings), 2 usage or I/O error, or a bad config.',
];

const RESOLVE_HELP = [
  'Usage: docsnav resolve [docs.json | -]',
  '',
  'write the page tree (openapi pages expanded), the problems beside it',
  '',
  'Options:',
  '  --tree-format <f>           the page tree: json (carries a format "version") or pretty (an',
  '                              indented outline for a person) (default: json)',
  '  -o, --out <file>            write the page tree to a file instead of stdout',
  '  -f, --format <f>            the problems report: pretty, json, sarif or github; the first goes to',
  '                              stderr, or to stdout when the tree goes to --out; give it twice for',
  '                              two reports, the second to --output-file (default: pretty)',
  '  --allow-remote              fetch openapi URLs (off by default)',
  '  --output-file <file>        write the report to a file (with two --format: the second report)',
  '  -q, --quiet                 report errors only',
  '  -, --stdin                  read the docs.json from standard input',
  '  --stdin-filename <path>     its name in reports; its folder is the docs root for page and spec',
  '                              lookups',
  '  --rule <code>=<severity>    off, info, warning or error; repeat or comma-separate',
  "  --language-codes <a,b>      accept these language codes besides the profile's",
  "  --root <dir>                the docs root for page and spec lookups (default: the file's folder)",
  '  --profile <p>               the contract to check against: platform (what the hosted platform',
  "                              accepts, settings outside navigation too) or spec (the spec's 20",
  "                              language codes, http(s) global anchors) (default: the config file's",
  '                              "extends", else platform)',
  '  --config <file>             use this config file (default: the nearest docsnav.config.json, .yaml,',
  '                              .yml or package.json "docsnav" key, from the file\'s folder up)',
  '  --no-config                 use no config file',
  '  --color / --no-color        force colours on or off (default: when the terminal supports them;',
  '                              NO_COLOR is honoured)',
  '  --rule-docs-url <url>       a published copy of docs/rules/ (e.g. on your git host) that reports',
  '                              link to: pretty links it, SARIF gives it as helpUri, the job summary',
  '                              links each code',
  '  --cache / --no-cache        keep page scans between runs, so that an unchanged page is not read',
  '                              for links again (default: on, except where the CI environment variable',
  '                              is set; --cache turns it on there)',
  "  --cache-location <path>     the cache's file, or a folder to keep it in (turns the cache on;",
  '                              default: node_modules/.cache/docsnav/ beside the nearest package.json',
  "                              above the docs root, else the user's cache folder)",
  "  --cache-strategy <s>        how an unchanged page is recognised: metadata (its file's size, time",
  "                              and inode; its text's hash when they changed) or content (its text's",
  '                              hash: for CI checkouts, whose file times change) (default: metadata)',
  '  -h, --help                  print this help',
  '',
  'With --format github and GITHUB_STEP_SUMMARY set, a table of every problem is appended to the job',
  'summary (GitHub shows at most 10 error and 10 warning annotations per step).',
  '',
  'Every problem code is documented in docs/rules/<code>.md, shipped in the package (the list:',
  "docs/rules/README.md): pretty names that file (or --rule-docs-url's copy), SARIF carries the whole",
  "doc as each rule's help.",
  '',
  'Precedence: flag > config file > profile > default.',
  '',
  'Config file keys: extends (platform|spec), rules, languageCodes, ignore (globs of pages or',
  '/pointers).',
  '',
  'Exit codes: 0 no errors, 1 errors (or too many warnings), 2 usage or I/O error, or a bad config.',
];

const MV_HELP = [
  'Usage: docsnav mv <from> <to> [docs.json]',
  '',
  'move a page or a folder of pages as git mv does, and keep the site whole: navigation entries, links',
  'in pages and snippets, redirects from the old URLs',
  '',
  'Options:',
  '  -f, --format <f>            the problems report: pretty, json, sarif or github; the first goes to',
  '                              stdout; give it twice for two reports, the second to --output-file',
  '                              (default: pretty)',
  '  --max-warnings <n>          fail (exit 1) when the move adds more than n warnings',
  '  --dry-run                   print the whole change as a git diff (renames and edits, paths from',
  '                              the repository root: git apply takes it); write nothing',
  '  --continue                  finish a move that was cut short (kill -9, a power cut), from its',
  '                              journal: docsnav mv --continue [docs.json]',
  '  --abort                     undo a move that was cut short, from its journal: docsnav mv --abort',
  '                              [docs.json]',
  '  --output-file <file>        write the report to a file (with two --format: the second report)',
  '  -q, --quiet                 report errors only',
  '  --rule <code>=<severity>    off, info, warning or error; repeat or comma-separate',
  "  --language-codes <a,b>      accept these language codes besides the profile's",
  "  --root <dir>                the docs root for page and spec lookups (default: the file's folder)",
  '  --profile <p>               the contract to check against: platform (what the hosted platform',
  "                              accepts, settings outside navigation too) or spec (the spec's 20",
  "                              language codes, http(s) global anchors) (default: the config file's",
  '                              "extends", else platform)',
  '  --config <file>             use this config file (default: the nearest docsnav.config.json, .yaml,',
  '                              .yml or package.json "docsnav" key, from the file\'s folder up)',
  '  --no-config                 use no config file',
  '  --color / --no-color        force colours on or off (default: when the terminal supports them;',
  '                              NO_COLOR is honoured)',
  '  --rule-docs-url <url>       a published copy of docs/rules/ (e.g. on your git host) that reports',
  '                              link to: pretty links it, SARIF gives it as helpUri, the job summary',
  '                              links each code',
  '  --cache / --no-cache        keep page scans between runs, so that an unchanged page is not read',
  '                              for links again (default: on, except where the CI environment variable',
  '                              is set; --cache turns it on there)',
  "  --cache-location <path>     the cache's file, or a folder to keep it in (turns the cache on;",
  '                              default: node_modules/.cache/docsnav/ beside the nearest package.json',
  "                              above the docs root, else the user's cache folder)",
  "  --cache-strategy <s>        how an unchanged page is recognised: metadata (its file's size, time",
  "                              and inode; its text's hash when they changed) or content (its text's",
  '                              hash: for CI checkouts, whose file times change) (default: metadata)',
  '  -h, --help                  print this help',
  '',
  '<from> and <to> are read from the current folder, as git mv reads them; <to> may be a folder that',
  'exists (the page goes into it). Without a docs.json named, the nearest one from the current folder',
  'up is moved in (as git finds its folder). Files git tracks move in the git index as git mv moves',
  'them, so their history follows; when git cannot read the repository (e.g. dubious ownership), it',
  'refuses.',
  '',
  'All or nothing: every edit is worked out and checked first, then written to a journal in the git',
  'folder (.git/docsnav-mv; outside git, .docsnav-mv in the docs root); each new text goes to a',
  'temporary file renamed over the old one, the old files are kept until the end. If a write fails (a',
  'full disk) or SIGINT or SIGTERM comes, what was written and moved is put back, the git index',
  'included. After kill -9 or a power cut, the next mv says so: docsnav mv --continue finishes the',
  'move, docsnav mv --abort undoes it.',
  '',
  'It refuses (exit 2, one line) when the target exists, the source is not a page or a folder of pages,',
  'the move leaves the docs root, or it would collide with another page or a redirect. A page moved',
  'back to the URL a redirect sends to it turns that redirect round.',
  '',
  'The site is validated before and after the move: the problems the move added are reported, the ones',
  "the site had are counted in one line. Exit codes: validate's for the problems the move added (0",
  'none, or warnings only without --max-warnings; 1 an error), 2 when the move is refused or a write',
  'fails, 130 or 143 when SIGINT or SIGTERM stopped it, with one line saying what was changed (nothing,',
  'before the write; everything put back, during it; after it, the move is made and only its check was',
  "cut short). Its progress is a line on stderr on a terminal, as validate's.",
];

describe('docsnav --help', () => {
  it.each([[[]], [['--help']], [['-h']], [['help']], [['help', 'validate']], [['--help', '--nope']]])(
    '%j: the whole help, as docs/cli.md has it',
    async (argv) => {
      expect(await docsnav(...argv)).toEqual({ code: 0, stdout: documentedHelp(), stderr: '' });
    },
  );

  it('its first lines, and no line over 100 columns', async () => {
    const { stdout } = await docsnav('--help');
    expect(stdout.split('\n').slice(0, 6)).toEqual([
      'docsnav: validate and resolve the navigation of a docs.json',
      '',
      'Usage:',
      '  docsnav validate [paths… | -]',
      '      check docs.json files (default ./docs.json; a folder means its docs.json; globs such as',
      '      "sites/*/docs.json" are expanded by docsnav)',
    ]);
    expect(stdout.split('\n').filter((line) => line.length > 100)).toEqual([]);
    expect(stdout.endsWith('not start.\n')).toBe(true);
  });

  it('options an earlier command listed are named once, and notes said before are pointed to', async () => {
    const lines = (await docsnav('--help')).stdout.split('\n');
    const at = lines.indexOf('resolve options:');
    expect(lines.slice(at, at + 4)).toEqual([
      'resolve options:',
      '  --tree-format <f>           the page tree: json (carries a format "version") or pretty (an',
      '                              indented outline for a person) (default: json)',
      '  -o, --out <file>            write the page tree to a file instead of stdout',
    ]);
    expect(lines).toContain('  notes and exit codes: as for validate');
    expect(lines.filter((line) => line.startsWith('  --output-file <file>'))).toHaveLength(1);
    expect(lines.filter((line) => line.includes('print this help'))).toEqual([]);
  });
});

describe('docsnav --version', () => {
  it.each([['--version'], ['-v']])('%s: the version of package.json, one line', async (flag) => {
    const { version } = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { version: string };
    expect(await docsnav(flag)).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });
});

describe('a command’s --help', () => {
  it.each([
    ['diff', ['diff', '--help'], DIFF_HELP],
    ['diff, -h after its ref', ['diff', 'HEAD', '-h'], DIFF_HELP],
    ['upgrade', ['upgrade', '-h'], UPGRADE_HELP],
    ['upgrade, after a bad option', ['upgrade', '--nope', '--help'], UPGRADE_HELP],
    ['lsp', ['lsp', '--help'], LSP_HELP],
    ['daemon', ['daemon', 'start', '--help'], DAEMON_HELP],
    ['validate', ['validate', '--help'], VALIDATE_HELP],
    ['validate, after paths and before --', ['validate', 'a', '-h', '--', 'b'], VALIDATE_HELP],
    ['resolve', ['resolve', '-h'], RESOLVE_HELP],
    ['mv', ['mv', 'a', 'b', '--help'], MV_HELP],
  ])('%s: exactly', async (_name, argv, lines) => {
    expect(await docsnav(...argv)).toEqual(helped(lines));
  });

  it('after --, --help and -h are paths: the command runs on them', async () => {
    expect(await docsnav('validate', '--', '--help')).toEqual({
      code: 2,
      stdout: '',
      stderr: 'docsnav: cannot read --help: no such file or folder; check the path (ENOENT)\n',
    });
    expect(await docsnav('upgrade', '--', '-h')).toEqual({
      code: 2,
      stdout: '',
      stderr: 'docsnav: cannot read -h: no such file or folder; check the path (ENOENT)\n',
    });
  });

  it('a server command without its package: its usage, summary and where to get it', () => {
    for (const [name, usage, summary] of [
      ['serve', 'docsnav serve [options]', 'the self-hosted docs server: the HTTP API and job workers in one process'],
      ['key', 'docsnav key create | list | revoke …', "the server's API keys: admin or assistant, per project"],
    ] as const) {
      expect(commandHelp(name)).toBe(
        [
          `Usage: ${usage}`,
          '',
          summary,
          '',
          'Part of the server package, @docsnav/server, which is not installed beside docsnav: install it in',
          `the same place (see "Install" in docsnav's README); then docsnav ${name} --help lists its options.`,
          '',
        ].join('\n'),
      );
    }
  });

  it("a server command's --help: its package's when it is installed, else the registry's", async () => {
    const { code, stdout, stderr } = await docsnav('serve', '--help');
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    if (serverInstalled()) {
      expect(stdout).not.toBe(commandHelp('serve'));
      expect(stdout.split('\n')[0]).toBe('docsnav serve [options]');
    } else expect(stdout).toBe(commandHelp('serve'));
  });
});

describe('an unknown command', () => {
  it.each([['nope'], ['Validate'], ['toString'], ['__proto__'], ['hasOwnProperty'], ['--nope'], ['-x']])(
    '%s: one line, exit 2, the commands listed',
    async (name) => {
      expect(await docsnav(name, '--help')).toEqual({
        code: 2,
        stdout: '',
        stderr: `docsnav: unknown command "${name}" (commands: validate, resolve, diff, upgrade, mv, lsp, daemon, serve, worker, project, key, status; see docsnav --help)\n`,
      });
    },
  );

  it('the list is the registry’s, in its order', () => {
    expect(COMMAND_NAMES).toEqual(['validate', 'resolve', 'diff', 'upgrade', 'mv', 'lsp', 'daemon', 'serve', 'worker', 'project', 'key', 'status']);
  });
});

describe('an error that is not a usage error', () => {
  it('is thrown on, not said as one line', async () => {
    const failure = new Error('the pipe closed');
    const io: CliIo = {
      stdout: () => {
        throw failure;
      },
      stderr: () => undefined,
      isTTY: false,
      env: {},
    };
    await expect(run(['--version'], io)).rejects.toBe(failure);
    await expect(run(['validate', '--help'], io)).rejects.toBe(failure);
  });
});

describe('how help is laid out (src/cli/help.ts)', () => {
  it('wrap: words up to 100 columns a line, the first line after `first`, the others after `rest` (default: as wide as `first`)', () => {
    const words = Array.from({ length: 30 }, (_, i) => `w${String(i).padStart(2, '0')}`).join(' ');
    expect(wrap(words, '> ')).toEqual([
      '> w00 w01 w02 w03 w04 w05 w06 w07 w08 w09 w10 w11 w12 w13 w14 w15 w16 w17 w18 w19 w20 w21 w22 w23',
      '  w24 w25 w26 w27 w28 w29',
    ]);
    expect(wrap(words, '> ', '')).toEqual([
      '> w00 w01 w02 w03 w04 w05 w06 w07 w08 w09 w10 w11 w12 w13 w14 w15 w16 w17 w18 w19 w20 w21 w22 w23',
      'w24 w25 w26 w27 w28 w29',
    ]);
    // A line of exactly 100 columns is kept whole; one more column goes to the next line.
    expect(wrap(`${'a'.repeat(49)} ${'b'.repeat(50)}`, '')).toEqual([`${'a'.repeat(49)} ${'b'.repeat(50)}`]);
    expect(wrap(`${'a'.repeat(49)} ${'b'.repeat(51)}`, '')).toEqual(['a'.repeat(49), 'b'.repeat(51)]);
    expect(wrap('', '  ')).toEqual(['  ']);
  });

  it('wrap: a word longer than a line has a line of its own, with no empty line before it', () => {
    const long = 'x'.repeat(120);
    expect(wrap(long, '')).toEqual([long]);
    expect(wrap(`${long} y`, '    ')).toEqual([`    ${long}`, '    y']);
    expect(wrap(`a ${long} b`, '  ')).toEqual(['  a', `  ${long}`, '  b']);
  });

  it('optionLines: the description beside flags up to 28 columns wide, under longer ones; the default said', () => {
    const description = 'what it does';
    // Flags of 28 columns (with their indent): the description at column 30, beside them.
    expect(optionLines({ name: 'x'.repeat(24), description })).toEqual([`  --${'x'.repeat(24)}  ${description}`]);
    // 29: on the next line, at column 30.
    expect(optionLines({ name: 'x'.repeat(25), description })).toEqual([`  --${'x'.repeat(25)}`, `${' '.repeat(30)}${description}`]);
    expect(optionLines({ name: 'level', short: 'l', value: '<n>', default: '3', description })).toEqual([
      `  -l, --level <n>             ${description} (default: 3)`,
    ]);
    expect(optionLines({ name: 'color', flags: '--color / --no-color', description: 'colours' })).toEqual(['  --color / --no-color        colours']);
    // A long description wraps under itself, long flags or not.
    const longer = Array.from({ length: 20 }, () => 'word').join(' ');
    expect(optionLines({ name: 'n', description: longer })).toEqual([
      `  --n${' '.repeat(25)}${Array.from({ length: 14 }, () => 'word').join(' ')}`,
      `${' '.repeat(30)}${Array.from({ length: 6 }, () => 'word').join(' ')}`,
    ]);
    expect(optionLines({ name: 'x'.repeat(40), description: longer })).toEqual([
      `  --${'x'.repeat(40)}`,
      `${' '.repeat(30)}${Array.from({ length: 14 }, () => 'word').join(' ')}`,
      `${' '.repeat(30)}${Array.from({ length: 6 }, () => 'word').join(' ')}`,
    ]);
  });
});
