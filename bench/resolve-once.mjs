// One fresh process, as a build step runs it: time reading+parsing the spec alone, or one whole resolve.
import path from 'node:path';
const [mode, file] = process.argv.slice(2);
if (mode === 'parse') {
  const { SpecLoader } = await import('../dist/resolve/specs.js');
  const start = performance.now();
  const result = await new SpecLoader({ root: path.dirname(file) }).load(path.basename(file));
  process.stdout.write(JSON.stringify({ ms: performance.now() - start, ok: result.ok }));
} else {
  const { resolveFile } = await import('../dist/index.js');
  const start = performance.now();
  const result = await resolveFile(file, { rules: { 'page-not-found': 'off' } });
  process.stdout.write(JSON.stringify({ ms: performance.now() - start, pages: result.tree.pages.length, problems: result.problems.length }));
}
