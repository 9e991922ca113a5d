/**
 * Bundles the CLI (src/cli/main.ts) into dist/cli/main.js with esbuild, after `tsc` has built
 * the library: a hook pays for start-up on every commit, and one file loads faster than the
 * ~40 modules it replaces. Code the CLI reaches only through `import()` (the resolve command,
 * formatters other than the one asked for) stays in chunks beside it (dist/cli/chunk-*.js),
 * loaded when run. Dependencies are loaded from node_modules as before, except the two small
 * ones every run needs; the server (src/server) is left to tsc's output, so that files it
 * reads beside itself are where it expects them.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const project = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const pkg = JSON.parse(readFileSync(path.join(project, 'package.json'), 'utf8'));
const inline = new Set(['picocolors', 'fastest-levenshtein']);
const outdir = path.join(project, 'dist', 'cli');
const server = path.join(project, 'src', 'server') + path.sep;

/** Imports of src/server/** become imports of tsc's dist/server/**, relative to the bundle. */
const serverStaysOutside = {
  name: 'server-stays-outside',
  setup(builder) {
    builder.onResolve({ filter: /server/ }, (args) => {
      if (!args.path.startsWith('.')) return undefined;
      const target = path.resolve(args.resolveDir, args.path);
      if (!target.startsWith(server)) return undefined;
      const relative = path
        .relative(path.join(project, 'src', 'cli'), target)
        .split(path.sep)
        .join('/');
      return { path: relative.startsWith('.') ? relative : `./${relative}`, external: true };
    });
  },
};

// Chunk names carry a content hash: clear the last build's.
for (const name of readdirSync(outdir)) if (/^chunk-.*\.js$/.test(name)) rmSync(path.join(outdir, name));

await build({
  absWorkingDir: project,
  entryPoints: { main: 'src/cli/main.ts' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  chunkNames: 'chunk-[hash]',
  external: Object.keys(pkg.dependencies ?? {}).filter((name) => !inline.has(name)),
  // Bundled CommonJS (picocolors) calls require('tty'): give ESM output a real require.
  banner: { js: "import { createRequire as __docsnavCreateRequire } from 'node:module';\nconst require = __docsnavCreateRequire(import.meta.url);" },
  plugins: [serverStaysOutside],
  logLevel: 'warning',
  legalComments: 'none',
});
