#!/usr/bin/env node
import { internalErrorText } from './internal-error.js';
import { run } from './run.js';

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

run(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  isTTY: Boolean(process.stdout.isTTY),
  readStdin: async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  },
  env: process.env,
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(internalErrorText(error, process.env));
    process.exitCode = 2;
  },
);
