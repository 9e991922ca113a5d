import { it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { validateText } from '../../src/validate.js';
import { resolveText } from '../../src/resolve/resolve.js';

it('scratch', async () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'docsnav-scratch-'));
  writeFileSync(path.join(root, 'part.json'), JSON.stringify({ group: 'Part', pages: ['index'] }));
  for (const ref of ['./part.json#/constructor', './part.json#/__proto__', './part.json#/pages/length', './part.json#/toString', './part.json#/pages/0']) {
    const text = JSON.stringify({ navigation: { groups: [{ $ref: ref }] } }, null, 2);
    const file = path.join(root, 'docs.json');
    try {
      const r = validateText(text, { file, root });
      console.log(ref, JSON.stringify(r.problems.map((p) => [p.code, p.file.replace(root, ''), p.pointer, p.line, p.column])));
    } catch (e) { console.log(ref, 'THROW', e); }
    try {
      const r = await resolveText(text, { file, root });
      console.log(' resolve', JSON.stringify(r.problems.map((p) => [p.code, p.file.replace(root, ''), p.pointer])), JSON.stringify(r.tree).slice(0, 200));
    } catch (e) { console.log(ref, 'RESOLVE THROW', e); }
  }
});
