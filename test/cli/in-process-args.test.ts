/**
 * The CLI's one-line errors, in process: Node's parseArgs errors as ours (src/cli/parse-error.ts:
 * an unknown option with the nearest real one, a value that starts with a dash, a value missing),
 * through `run` for each command that parses with it, and with errors made here for the shapes
 * Node's own text may take; and what a bug prints (src/cli/internal-error.ts).
 */
import { describe, expect, it } from 'vitest';
import { internalErrorText } from '../../src/cli/internal-error.js';
import { parseErrorLine } from '../../src/cli/parse-error.js';
import { run, type CliIo } from '../../src/cli/run.js';

async function docsnav(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { stdout: (text) => out.push(text), stderr: (text) => err.push(text), isTTY: false, env: {} };
  const code = await run(argv, io);
  return { code, stdout: out.join(''), stderr: err.join('') };
}

const usage = (stderr: string) => ({ code: 2, stdout: '', stderr: `docsnav: ${stderr}\n` });

describe('a value that starts with a dash', () => {
  it('a negative number: refused as such; --max-warnings says there is no limit without it', async () => {
    expect(await docsnav('validate', '--max-warnings', '-1')).toEqual(
      usage('--max-warnings takes no negative number (got "-1"); without --max-warnings there is no limit'),
    );
    expect(await docsnav('mv', 'a', 'b', '--max-warnings', '-20')).toEqual(
      usage('--max-warnings takes no negative number (got "-20"); without --max-warnings there is no limit'),
    );
    expect(await docsnav('validate', '--concurrency', '-2')).toEqual(usage('--concurrency takes no negative number (got "-2")'));
  });

  it('anything else: shown how to give it, by its long name, whether it was named long or short', async () => {
    expect(await docsnav('validate', '--format', '-x')).toEqual(
      usage('--format needs a value, and "-x" reads as an option (to give a value that starts with a dash, write --format=-x)'),
    );
    expect(await docsnav('validate', '-f', '--quiet')).toEqual(
      usage('--format needs a value, and "--quiet" reads as an option (to give a value that starts with a dash, write --format=--quiet)'),
    );
    expect(await docsnav('diff', 'HEAD', '-f', '-q')).toEqual(
      usage('--format needs a value, and "-q" reads as an option (to give a value that starts with a dash, write --format=-q)'),
    );
    // Given in a group of short options, it is not found as such: it needs a value.
    expect(await docsnav('validate', '-qf', '-x')).toEqual(usage('--format needs a value'));
  });

  it("Node's text without its hint of the long name: the option as Node names it", () => {
    const error = Object.assign(new Error("Option '--depth' argument is ambiguous.\nDid you forget to specify the option argument for '--depth'?"), {
      code: 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE',
    });
    expect(parseErrorLine(error, ['--depth', '-3'], {}, 'resolve')).toBe('--depth takes no negative number (got "-3")');
    expect(parseErrorLine(error, ['--depth', '-x3'], {}, 'resolve')).toBe(
      '--depth needs a value, and "-x3" reads as an option (to give a value that starts with a dash, write --depth=-x3)',
    );
    // Another code with the same words: Node's first line.
    expect(parseErrorLine(Object.assign(new Error(error.message), { code: 'ERR_OTHER' }), ['--depth', '-3'], {}, 'resolve')).toBe(
      "Option '--depth' argument is ambiguous.",
    );
    // Not at the start of Node's text: Node's first line.
    const inside = Object.assign(new Error("Bad: Option '--depth' argument is ambiguous.\nmore"), { code: 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' });
    expect(parseErrorLine(inside, ['--depth', '-3'], {}, 'resolve')).toBe("Bad: Option '--depth' argument is ambiguous.");
  });

  it('a value missing at the end: Node’s first line', async () => {
    expect(await docsnav('validate', '--format')).toEqual(usage("Option '-f, --format <value>' argument missing"));
  });
});

describe('an unknown option', () => {
  it('the nearest real one, with the command’s help', async () => {
    expect(await docsnav('validate', '--fromat', 'json')).toEqual(usage('unknown option "--fromat" (did you mean --format? see docsnav validate --help)'));
    expect(await docsnav('mv', 'a', 'b', '--dryrun')).toEqual(usage('unknown option "--dryrun" (did you mean --dry-run? see docsnav mv --help)'));
    expect(await docsnav('upgrade', '--stdot')).toEqual(usage('unknown option "--stdot" (did you mean --stdout? see docsnav upgrade --help)'));
    expect(await docsnav('diff', 'HEAD', '--fomat=json')).toEqual(usage('unknown option "--fomat" (did you mean --format? see docsnav diff --help)'));
  });

  it('none near, or a short one: the help alone', async () => {
    expect(await docsnav('validate', '--zzzzzzzz')).toEqual(usage('unknown option "--zzzzzzzz" (see docsnav validate --help)'));
    // A short option is never guessed at (one letter is near too many).
    expect(await docsnav('validate', '-Z')).toEqual(usage('unknown option "-Z" (see docsnav validate --help)'));
    expect(await docsnav('validate', '-qZ')).toEqual(usage('unknown option "-Z" (see docsnav validate --help)'));
    // After a known one: the first unknown.
    expect(await docsnav('resolve', '--quiet', '--nope', '--also-not')).toEqual(usage('unknown option "--nope" (see docsnav resolve --help)'));
  });

  it("Node's error when no option of argv is unknown to us: Node's first line", () => {
    const error = Object.assign(new Error("Unknown option '--x'.\nTo specify a positional argument..."), { code: 'ERR_PARSE_ARGS_UNKNOWN_OPTION' });
    expect(parseErrorLine(error, ['--quiet', '-q', 'file'], { quiet: { type: 'boolean', short: 'q' } }, 'validate')).toBe("Unknown option '--x'.");
    expect(parseErrorLine(error, ['--x'], { quiet: { type: 'boolean', short: 'q' } }, 'validate')).toBe('unknown option "--x" (see docsnav validate --help)');
  });
});

describe('a bug in docsnav', () => {
  it('one line; the stack only with DOCSNAV_DEBUG', () => {
    const error = new Error('boom');
    expect(internalErrorText(error, {})).toBe('docsnav: internal error: boom (set DOCSNAV_DEBUG=1 for details)\n');
    expect(internalErrorText(error, { DOCSNAV_DEBUG: '' })).toBe('docsnav: internal error: boom (set DOCSNAV_DEBUG=1 for details)\n');
    expect(internalErrorText(error, { DOCSNAV_DEBUG: '1' })).toBe(`docsnav: internal error: boom (set DOCSNAV_DEBUG=1 for details)\n${error.stack}\n`);
    // Not an Error: said as it is.
    expect(internalErrorText('a string', {})).toBe('docsnav: internal error: a string (set DOCSNAV_DEBUG=1 for details)\n');
    expect(internalErrorText(undefined, {})).toBe('docsnav: internal error: undefined (set DOCSNAV_DEBUG=1 for details)\n');
  });
});
