/**
 * The checker answers as the CLI does in process (issue 67): serveDaemon (src/daemon/checker.ts)
 * running the CLI's own run (src/cli/run.ts) on a small site, asked through runThroughDaemon
 * (src/daemon/client.ts) from a folder below the root, gives what run() gives in this process,
 * byte for byte: stdout, stderr and the exit code. The built CLI's checker is test/daemon/daemon.test.ts's.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/run.js';
import { ask, runThroughDaemon } from '../../src/daemon/client.js';
import { PROTOCOL, type RunAnswer } from '../../src/daemon/protocol.js';
import { BUILD, startChecker, statusOf, useCheckers } from './checker-harness.js';
import { tempPlace } from './sockets.js';

const { temp, ownFolder } = tempPlace('docsnav-daemon-cli-');
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('checker: as the CLI in process', () => {
  useCheckers(ownFolder);

  /** A site with one broken link, as the CLI checks it. */
  function site(): string {
    const root = ownFolder();
    writeFileSync(
      path.join(root, 'docs.json'),
      `${JSON.stringify({ name: 'Daemon', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { groups: [{ group: 'Start', pages: ['index', 'guide'] }] } })}\n`,
    );
    writeFileSync(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\n# Home\n\nSee [the guide](/guide#setup) and [the old page](/old).\n');
    mkdirSync(path.join(root, 'sub'));
    writeFileSync(path.join(root, 'guide.mdx'), '# Guide\n\n## Setup\n\nBack [home](/index).\n');
    return root;
  }

  /** The CLI's own run (src/cli/run.ts) in process, its output kept. */
  async function cli(argv: string[], env: Record<string, string | undefined>): Promise<RunAnswer> {
    const stdout: string[] = [];
    const stderr: string[] = [];
    const code = await run(argv, { stdout: (text) => stdout.push(text), stderr: (text) => stderr.push(text), isTTY: false, env });
    return { stdout: stdout.join(''), stderr: stderr.join(''), code };
  }

  it("answers through runThroughDaemon what the CLI's run gives in process, byte for byte (stdout, stderr, exit code), from the root or a folder below it", async () => {
    const root = site();
    const checker = await startChecker(root, { run: (request) => cli(request.argv, request.env) });
    const env = { ...process.env, NO_COLOR: '1' };
    const context = { cwd: path.join(root, 'sub'), env, isTTY: false, colorSupported: false, build: BUILD };
    const cases = [
      ['validate', root],
      ['validate', root, '--format', 'json'],
      ['validate', path.join(root, 'd*.json')],
      ['validate', '--quiet', root],
      ['validate', '--nope'],
    ];
    for (const argv of cases) {
      const direct = await cli(argv, env);
      expect(await runThroughDaemon(argv, context)).toEqual(direct);
    }
    expect((await cli(cases[0], env)).code).toBe(1);
    expect((await cli(cases[4], env)).code).toBe(2);
    expect(await ask(checker.shown, { docsnav: PROTOCOL, op: 'status', build: BUILD })).toEqual(statusOf(root, cases.length));
  });
});
