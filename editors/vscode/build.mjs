// Bundles the extension (src/extension.ts and vscode-languageclient) into dist/extension.js, which
// is all the .vsix carries besides its manifest: `vsce package --no-dependencies` adds no node_modules.
// `npm run package:vscode` runs this, then vsce.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const here = import.meta.dirname;
const dist = path.join(here, 'dist');
mkdirSync(dist, { recursive: true });

await build({
  entryPoints: [path.join(here, 'src', 'extension.ts')],
  outfile: path.join(dist, 'extension.js'),
  bundle: true,
  format: 'cjs',
  platform: 'node',
  // VS Code 1.82's extension host (Electron 25) runs Node.js 18.
  target: 'node18',
  external: ['vscode'],
  minify: true,
  logLevel: 'warning',
});

// vscode-languageclient kills a server that outlives `stop()` with this script, which it looks for
// beside itself (__dirname): in the bundle that is dist/.
const client = path.dirname(createRequire(import.meta.url).resolve('vscode-languageclient/node'));
copyFileSync(path.join(client, 'lib', 'node', 'terminateProcess.sh'), path.join(dist, 'terminateProcess.sh'));
