import { UsageError } from './args.js';
import type { CliIo } from './run.js';

export async function resolveCommand(_argv: string[], _io: CliIo): Promise<number> {
  throw new UsageError('resolve: not yet available');
}
