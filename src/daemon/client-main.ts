#!/usr/bin/env node
/**
 * The `docsnav` command's entry (package.json `bin`, bundled as dist/cli/client.js): a
 * `docsnav validate` is sent to the checker of its docs root when one runs (`docsnav daemon
 * start`), and its answer printed as it came; anything else, or when there is no checker to ask,
 * loads the CLI's bundle (dist/cli/main.js) and runs there. This file loads no library code: a
 * hook that reaches a warm checker pays for node and this file only.
 *
 * DOCSNAV_DAEMON=1 asks for the checker: when it cannot answer, the one line saying why is
 * printed on stderr before the check runs in process. So does a checker's socket that is there
 * but does not answer (crashed, of another build, refused by the owner checks). DOCSNAV_DAEMON=0
 * never asks. Standard input (`-`, `--stdin`) is always read in process.
 */
import { createRequire } from 'node:module';
import pc from 'picocolors';
import { runThroughDaemon } from './client.js';
import { buildId } from './protocol.js';

// Named apart from `require`: esbuild leaves this call alone (main.js is resolved at run time).
const requireMain = createRequire(import.meta.url);

function inProcess(): void {
  requireMain('./main.js');
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const env = process.env;
  if (argv[0] !== 'validate' || env.DOCSNAV_DAEMON === '0' || argv.includes('-') || argv.includes('--stdin')) return inProcess();
  const answer = await runThroughDaemon(argv, {
    cwd: process.cwd(),
    env,
    isTTY: Boolean(process.stdout.isTTY),
    colorSupported: pc.isColorSupported,
    build: buildId(),
  });
  if ('why' in answer) {
    if (answer.present || env.DOCSNAV_DAEMON === '1') process.stderr.write(`docsnav: ${answer.why}; checking in process\n`);
    return inProcess();
  }
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => process.exit(error.code === 'EPIPE' ? answer.code : 2));
  }
  process.stdout.write(answer.stdout);
  process.stderr.write(answer.stderr);
  process.exitCode = answer.code;
}

main().catch((error: unknown) => {
  // An error of the client's own (the folder cannot be read): the check itself still runs.
  process.stderr.write(`docsnav: the daemon cannot be asked (${(error as Error)?.message ?? error}); checking in process\n`);
  inProcess();
});
