/**
 * `docsnav serve`, `worker`, `project …`, `key …`: the server's commands (src/server/cli/).
 * Loaded only when one of them runs, so `docsnav validate` never pays for Fastify.
 */
import { UsageError } from './args.js';
import type { CliIo } from './run.js';

export async function serverCommand(command: string, argv: string[], io: CliIo): Promise<number> {
  const server = await import('../server/cli/commands.js');
  try {
    return await server.runServerCommand(command, argv, io);
  } catch (error) {
    // The server's own usage errors (it is built apart from the CLI bundle) print as the CLI's do.
    if (error instanceof server.UsageError) throw new UsageError(error.message);
    throw error;
  }
}
