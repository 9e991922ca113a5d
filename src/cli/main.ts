#!/usr/bin/env node
import { fileURLToPath } from 'node:url';
import { isMainThread, workerData } from 'node:worker_threads';
import { internalErrorText } from './internal-error.js';
import { run } from './run.js';
import { CommandThread } from './thread.js';
import { hostCommand, runsOnThread, type CommandThreadData } from './thread-host.js';

// A reader that stops early (`docsnav validate | head -1`) closes the pipe: nothing more can
// be said, and that is not an error of docsnav's. Exit quietly, with the code so far. Any
// other failure to write the output is an I/O error: one line (if stderr still works), exit 2.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    if (stream === process.stdout) process.stderr.write(`docsnav: cannot write the output: ${error.code ?? error.message}\n`);
    process.exit(2);
  });
}

const argv = process.argv.slice(2);
// On a thread of its own (thread-host.ts), the command is told what the first thread's streams are.
const threaded = isMainThread ? undefined : (workerData as CommandThreadData | undefined)?.docsnavCommand;

const exitCode =
  isMainThread && runsOnThread(argv, Boolean(process.stderr.isTTY))
    ? hostCommand(fileURLToPath(import.meta.url), argv)
    : run(argv, {
        stdout: (text) => process.stdout.write(text),
        stderr: (text) => process.stderr.write(text),
        isTTY: threaded ? threaded.stdoutIsTTY : Boolean(process.stdout.isTTY),
        readStdin: async () => {
          const chunks: Buffer[] = [];
          for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
          return Buffer.concat(chunks).toString('utf8');
        },
        env: process.env,
        thread: threaded && new CommandThread(threaded.cells, threaded.stderrIsTTY),
      });

exitCode.then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(internalErrorText(error, process.env));
    process.exitCode = 2;
  },
);
