// One fresh process: import docsnav, time the first validateText call (the cost a one-shot user pays in-process).
import { readFileSync } from 'node:fs';
const text = readFileSync(process.argv[2], 'utf8');
const start = performance.now();
const { validateText } = await import('../dist/index.js');
const imported = performance.now();
validateText(text, { file: process.argv[2] });
const done = performance.now();
process.stdout.write(JSON.stringify({ importMs: imported - start, firstCallMs: done - imported }));
