/**
 * `docsnav serve`, `worker`, `project …`, `key …`: the server's commands live in the server
 * package, @docsnav/server, so that a docs team's linter does not install a database, a web
 * framework and an AI client. When that package is installed beside docsnav (a sibling in the
 * same node_modules, as npm puts it), its commands run here; otherwise one line says how to get it.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { UsageError } from './args.js';
import type { CliIo } from './io.js';

/** The server package's name; which commands it runs is the command registry's to say (commands.ts). */
const SERVER_PACKAGE = '@docsnav/server';

/** What the server package exports for the CLI (its public API). */
interface ServerPackage {
  runServerCommand(command: string, argv: string[], io: CliIo): Promise<number>;
}

export async function serverCommand(command: string, argv: string[], io: CliIo): Promise<number> {
  const server = (await import(serverEntry(command))) as ServerPackage;
  return server.runServerCommand(command, argv, io);
}

/** True when the server package can be loaded from here (installed beside docsnav, and built). */
export function serverInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve(SERVER_PACKAGE);
    return true;
  } catch {
    return false;
  }
}

/** The file URL of the installed server package's entry, resolved from where this CLI is installed. */
function serverEntry(command: string): string {
  const require = createRequire(import.meta.url);
  try {
    return pathToFileURL(require.resolve(SERVER_PACKAGE)).href;
  } catch {
    let manifest: string | undefined;
    try {
      manifest = require.resolve(`${SERVER_PACKAGE}/package.json`);
    } catch {
      throw new UsageError(
        `"${command}" is part of the server package, ${SERVER_PACKAGE}, which is not installed beside docsnav: install it in the same place (see "Install" in docsnav's README)`,
      );
    }
    // A clone of the repository whose server workspace was not built yet.
    throw new UsageError(`${SERVER_PACKAGE} is installed (${manifest}) but not built: run npm run build:server in the docsnav repository`);
  }
}
