/**
 * src/lsp/transports.ts: the arguments `docsnav lsp` takes as vscode-languageserver reads them.
 * The CLI refuses any other argument with this before it loads the server (test/cli/lsp*.test.ts
 * run the built command); the server listens on standard input and output unless another
 * transport is named. Each transport as an editor passes it, and the near misses of each.
 */
import { describe, expect, it } from 'vitest';
import { isTransportArgument, usesStdio } from '../../src/lsp/transports.js';

describe('isTransportArgument', () => {
  it.each([
    '--stdio',
    '--node-ipc',
    '--socket=6009',
    '--pipe=/tmp/vscode-lsp.sock',
    '--pipe=\\\\.\\pipe\\vscode-lsp',
    '--clientProcessId=4242',
    // The prefixes alone: vscode-languageserver reads the value after them.
    '--socket=',
    '--pipe=',
    '--clientProcessId=',
  ])('takes %s', (arg) => {
    expect(isTransportArgument(arg)).toBe(true);
  });

  it.each([
    '',
    'stdio',
    '-stdio',
    '--stdio=1',
    '--STDIO',
    '--node-ipc=1',
    '--socket',
    '--pipe',
    '--clientProcessId',
    '--clientprocessid=4242',
    'x--socket=6009',
    ' --socket=6009',
    '6009--socket=',
    'x--pipe=',
    '--port=6009',
    '--verbose',
  ])('refuses %j', (arg) => {
    expect(isTransportArgument(arg)).toBe(false);
  });
});

describe('usesStdio', () => {
  it('is the default: no argument, --stdio, or a client process id alone', () => {
    expect(usesStdio([])).toBe(true);
    expect(usesStdio(['--stdio'])).toBe(true);
    expect(usesStdio(['--clientProcessId=4242'])).toBe(true);
    expect(usesStdio(['--stdio', '--clientProcessId=4242'])).toBe(true);
  });

  it.each([['--node-ipc'], ['--socket=6009'], ['--pipe=/tmp/vscode-lsp.sock'], ['--socket=']])('is off when %s names another transport', (arg) => {
    expect(usesStdio([arg])).toBe(false);
    // Wherever it stands among the others.
    expect(usesStdio(['--clientProcessId=4242', arg])).toBe(false);
    expect(usesStdio([arg, '--clientProcessId=4242'])).toBe(false);
  });

  it('is not turned off by a word that only holds a transport', () => {
    expect(usesStdio(['x--socket=6009'])).toBe(true);
    expect(usesStdio(['--node-ipc=1'])).toBe(true);
    expect(usesStdio(['6009--pipe='])).toBe(true);
    expect(usesStdio(['--socket', '6009'])).toBe(true);
  });
});
