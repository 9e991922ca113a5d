/**
 * The incumbent, @mintlify/validation (the platform's own validator), installed on demand into
 * bench/.incumbent (git-ignored; never a dependency of docsnav) for `npm run bench -- --incumbent`.
 *
 *   node bench/incumbent.mjs validate <docs.json>   one whole run, as a hook would: exit 0 valid, 1 not
 *   node bench/incumbent.mjs import                 prints the ms its import takes in a fresh process
 *
 * Its schema requires `theme` and `colors`. bench/run.mjs generates its sites with them (docsnav
 * reports their absence too); a site without them gets them added here, as before.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensurePinned, installFolder } from './pinned.mjs';

export const INCUMBENT = '@mintlify/validation@0.1.878';
const folder = installFolder('.incumbent');
const entry = path.join(folder, 'node_modules', '@mintlify', 'validation', 'dist', 'index.js');

/** Installs the incumbent into bench/.incumbent unless it is there; returns the module's file URL. */
export function ensureIncumbent() {
  ensurePinned(folder, INCUMBENT, path.join(folder, 'node_modules', '@mintlify', 'validation', 'package.json'), { project: 'docsnav-bench-incumbent' });
  return pathToFileURL(entry).href;
}

/** The value as the incumbent's schema wants it: theme and colors added. */
export function withRequiredFields(value) {
  return { theme: 'mint', colors: { primary: '#0D9373' }, ...value };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [mode, file] = process.argv.slice(2);
  const start = performance.now();
  const { validateDocsConfig } = await import(pathToFileURL(entry).href);
  if (mode === 'import') {
    process.stdout.write(JSON.stringify({ importMs: performance.now() - start }));
  } else {
    const result = validateDocsConfig(withRequiredFields(JSON.parse(readFileSync(file, 'utf8'))));
    if (!result.success) process.stdout.write(`${result.error.issues.length} issues\n`);
    process.exitCode = result.success ? 0 : 1;
  }
}
