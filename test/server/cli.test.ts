import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/run.js';

async function cli(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await run(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), isTTY: false });
  return { code, stdout, stderr };
}

describe('server commands: usage errors exit 2 with one line', () => {
  it.each([
    [['worker'], /^docsnav: docsnav worker needs --database postgres:\/\//],
    [['serve', '--port', 'abc'], /^docsnav: --port takes a port number \(got "abc"\)/],
    [['serve', '--jobs', '0'], /^docsnav: serve --jobs 0 needs --database/],
    [['serve', '--lease=-1'], /^docsnav: --lease takes a number > 0/],
    [['serve', '--database', 'mysql://x'], /^docsnav: --database takes a postgres:\/\/ URL/],
    [['project', 'add', 'acme', '--branch', 'main'], /^docsnav: project add needs --repo/],
    [['project', 'add', '--repo', '.', '--branch', 'main'], /^docsnav: project add takes one project id/],
    [['project', 'remove', 'acme'], /^docsnav: unknown project command "remove"/],
    [['key', 'create', '--project', 'acme', '--kind', 'root'], /^docsnav: key create needs --kind admin or --kind assistant \(got "root"\)/],
    [['key', 'create', '--kind', 'admin'], /^docsnav: key create needs --project/],
    [['serve', '--nope'], /^docsnav: Unknown option '--nope'/],
  ])('docsnav %j', async (argv, message) => {
    const result = await cli(...argv);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stdout).toBe('');
  });

  it('serve --help lists the server commands', async () => {
    const result = await cli('serve', '--help');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/docsnav key create --project <id> --kind admin\|assistant/);
  });
});
