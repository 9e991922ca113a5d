/**
 * The editor side of `docsnav lsp`: finds a docsnav CLI and starts its language server over stdio
 * (`node <cli> lsp --stdio`). The server does the work (problems, fixes, navigation); this file only
 * decides which docsnav runs and which documents it sees.
 */
import { accessSync, constants, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { window, workspace, type WorkspaceFolder } from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';

/** Where the docsnav that runs was found, for the output channel. */
export type Source = 'docsnav.path' | 'workspace' | 'PATH';

/** How to start the server: `script` runs under Node.js; otherwise `command` is an executable. */
export interface Cli {
  source: Source;
  script?: string;
  command?: string;
}

// From docsnav's git repository, as its README says: the registry's `docsnav` is not this project's.
const INSTALL_HINT =
  'docsnav: no docsnav CLI found. Install it in the workspace from its git repository (`npm install --save-dev git+https://<your-git-host>/docsnav.git`), or set `docsnav.path`.';

let client: LanguageClient | undefined;

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** A path given in `docsnav.path` (relative to the workspace folder): a package folder, its CLI script, or an executable. */
function fromSetting(setting: string, folder: WorkspaceFolder | undefined): Cli | undefined {
  const given = path.resolve(folder?.uri.fsPath ?? process.cwd(), setting);
  const inPackage = path.join(given, 'dist', 'cli', 'main.js');
  if (isFile(inPackage)) return { source: 'docsnav.path', script: inPackage };
  if (!isFile(given)) return undefined;
  return /\.[cm]?js$/.test(given) ? { source: 'docsnav.path', script: given } : { source: 'docsnav.path', command: given };
}

/** The folder's own install, as Node resolves it from there (so a parent folder's node_modules counts too). */
function fromWorkspace(folder: WorkspaceFolder): Cli | undefined {
  let manifest: string;
  try {
    manifest = require.resolve('docsnav/package.json', { paths: [folder.uri.fsPath] });
  } catch {
    return undefined;
  }
  const script = path.join(path.dirname(manifest), 'dist', 'cli', 'main.js');
  return isFile(script) ? { source: 'workspace', script } : undefined;
}

/** A `docsnav` on PATH: npm's link to the CLI script (run under Node.js), or else the executable itself (a Windows .cmd shim). */
function fromPath(env: NodeJS.ProcessEnv): Cli | undefined {
  const names = process.platform === 'win32' ? (env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';').map((ext) => `docsnav${ext.toLowerCase()}`) : ['docsnav'];
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    for (const name of names) {
      const file = path.join(dir, name);
      if (!isFile(file)) continue;
      try {
        if (process.platform !== 'win32') accessSync(file, constants.X_OK);
        const real = realpathSync(file);
        return /\.[cm]?js$/.test(real) ? { source: 'PATH', script: real } : { source: 'PATH', command: file };
      } catch {
        continue;
      }
    }
  }
  return undefined;
}

/** The docsnav to run, as the ESLint extension finds eslint: `docsnav.path`, then the workspace's install, then PATH. */
export function findCli(setting: string, folders: readonly WorkspaceFolder[], env: NodeJS.ProcessEnv = process.env): Cli | undefined {
  if (setting.trim()) return fromSetting(setting.trim(), folders[0]);
  for (const folder of folders) {
    const found = fromWorkspace(folder);
    if (found) return found;
  }
  return fromPath(env);
}

/** `node <cli> lsp` (or `<docsnav> lsp`); the client adds `--stdio` for TransportKind.stdio. */
export function serverOptions(cli: Cli, runtime: string, cwd: string | undefined): ServerOptions {
  if (cli.script) return { command: runtime || 'node', args: [cli.script, 'lsp'], transport: TransportKind.stdio, options: { cwd } };
  // A Windows .cmd shim runs only through a shell (which splits an unquoted path at its spaces).
  const shell = process.platform === 'win32';
  const command = cli.command ?? 'docsnav';
  return { command: shell ? `"${command}"` : command, args: ['lsp'], transport: TransportKind.stdio, options: { cwd, shell } };
}

export function clientOptions(): LanguageClientOptions {
  return {
    // The server ignores what is not part of a docs site: docs.json and friends, `$ref` targets (any
    // JSON or YAML file) and the pages (.md, .mdx; .mdx is plain text without an MDX extension).
    documentSelector: [
      { scheme: 'file', pattern: '**/docs.{json,yaml,yml}' },
      { scheme: 'file', language: 'json' },
      { scheme: 'file', language: 'jsonc' },
      { scheme: 'file', language: 'yaml' },
      { scheme: 'file', language: 'markdown' },
      { scheme: 'file', language: 'mdx' },
      { scheme: 'file', pattern: '**/*.mdx' },
    ],
    // The server re-reads a page or a `$ref` target that changes on disk outside the editor.
    synchronize: { fileEvents: workspace.createFileSystemWatcher('**/*.{md,mdx,json,yaml,yml}') },
  };
}

export async function activate(): Promise<void> {
  const config = workspace.getConfiguration('docsnav');
  const folders = workspace.workspaceFolders ?? [];
  const setting = config.get<string>('path', '');
  const cli = findCli(setting, folders);
  if (!cli) {
    void window.showErrorMessage(setting.trim() ? `docsnav: \`docsnav.path\` (${setting}) is not a docsnav package, CLI script or executable.` : INSTALL_HINT);
    return;
  }
  // The id 'docsnav' makes the client read `docsnav.trace.server`.
  client = new LanguageClient('docsnav', 'docsnav', serverOptions(cli, config.get<string>('runtime', 'node'), folders[0]?.uri.fsPath), clientOptions());
  client.outputChannel.appendLine(`docsnav from ${cli.source}: ${cli.script ?? cli.command}`);
  try {
    await client.start();
  } catch (error) {
    // The client has already shown its own message for a server that does not start; activation still succeeds.
    client.outputChannel.appendLine(`The language server did not start: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export async function deactivate(): Promise<void> {
  const running = client;
  client = undefined;
  // stop() throws for a client that is not running (its server never started, or is restarting).
  if (running?.isRunning()) await running.stop();
}
