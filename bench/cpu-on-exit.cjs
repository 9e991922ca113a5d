/**
 * Preloaded (`node --require`) into each process bench/cache-speed.mjs times: on exit, the CPU time
 * the process took (user and system, every thread, in ms) is appended to the file
 * DOCSNAV_BENCH_CPU names. On a loaded machine a process's CPU time varies far less than its wall time.
 */
'use strict';
const { appendFileSync } = require('node:fs');
const process = require('node:process');

const file = process.env.DOCSNAV_BENCH_CPU;
if (file) {
  process.on('exit', () => {
    const usage = process.resourceUsage();
    appendFileSync(file, `${(usage.userCPUTime + usage.systemCPUTime) / 1000}\n`);
  });
}
