import { it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { validateText } from '../../src/validate.js';
import { resolveText } from '../../src/resolve/resolve.js';
// @ts-expect-error js
import { generateSpec } from '../../bench/generate.mjs';

it('scratch', async () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'docsnav-scratch-'));
  writeFileSync(path.join(root, 'openapi.json'), generateSpec(8));
  for (const n of [25_000, 50_000, 100_000]) {
    let t = performance.now();
    validateText(JSON.stringify({ navigation: { pages: ['a' + '/'.repeat(n) + 'a'] } }));
    console.log('slashes', n, Math.round(performance.now() - t));
    t = performance.now();
    await resolveText(JSON.stringify({ navigation: { openapi: 'openapi.json', pages: ['GET /' + '{'.repeat(n)] } }), { file: path.join(root, 'docs.json'), root });
    console.log('braces entry', n, Math.round(performance.now() - t));
    t = performance.now();
    await resolveText(JSON.stringify({ navigation: { openapi: 'openapi.json', pages: ['GET /' + 'x'.repeat(n)] } }), { file: path.join(root, 'docs.json'), root });
    console.log('long entry miss', n, Math.round(performance.now() - t));
  }
}, 300000);
