import { it } from 'vitest';
import { readFile } from 'node:fs/promises';
import SwaggerParser from '@apidevtools/swagger-parser';
import { parse as yamlParse } from 'yaml';
import { SpecLoader } from '../../src/resolve/specs.js';
import { indexOperations, listOperations, findOperation, type Operation } from '../../src/resolve/operations.js';
const dir = '/tmp/specbench';
async function time(label: string, fn: () => Promise<unknown>) {
  const ts: number[] = [];
  for (let i = 0; i < 5; i++) { const t = performance.now(); await fn(); ts.push(performance.now() - t); }
  ts.sort((a, b) => a - b);
  console.log(`${label.padEnd(34)} median ${ts[2].toFixed(0)} ms  (min ${ts[0].toFixed(0)}, max ${ts[4].toFixed(0)})`);
}
it('bench', async () => {
  for (const f of ['big20.yaml']) {
    const file = `${dir}/${f}`;
    await time(`swagger-parser parse ${f}`, () => SwaggerParser.parse(file));
    await time(`own (JSON.parse|yaml) ${f}`, async () => { const t = await readFile(file, 'utf8'); return f.endsWith('.json') ? JSON.parse(t) : yamlParse(t); });
    await time(`SpecLoader ${f}`, async () => { const r = await new SpecLoader({ root: dir }).load(f); if (!r.ok) throw new Error(r.message); });
  }
  const ops: Operation[] = [];
  for (let i = 0; i < 10_000; i++) ops.push({ method: 'get', path: `/v1/resource${i}/items/{id}`, tags: [], deprecated: false, hidden: false, excluded: false });
  let t = performance.now(); const index = indexOperations(ops); console.log('index 10k', (performance.now() - t).toFixed(1), 'ms');
  t = performance.now(); for (let i = 0; i < 10_000; i++) findOperation(index, 'GET', `/v1/resource${i}/items/{id}`); console.log('10k hits', (performance.now() - t).toFixed(1), 'ms');
  t = performance.now(); for (let i = 0; i < 10_000; i++) findOperation(index, 'get', `/v1/resourze${i}/items/{id}`); console.log('10k distinct misses', (performance.now() - t).toFixed(1), 'ms');
  t = performance.now(); for (let i = 0; i < 10_000; i++) findOperation(index, 'get', `/v1/resourze${i}/items/{id}`); console.log('10k repeated misses', (performance.now() - t).toFixed(1), 'ms');
  const small = indexOperations(ops.slice(0, 256));
  t = performance.now(); for (let i = 0; i < 10_000; i++) findOperation(small, 'get', `/v1/resourze${i}/items/{idx}`); console.log('10k misses, 256 paths (full scan)', (performance.now() - t).toFixed(1), 'ms');
}, 600_000);
