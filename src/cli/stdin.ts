import path from 'node:path';
import { UsageError, type CommonArgs } from './args.js';
import type { CliIo } from './io.js';

/**
 * The docs.json text on standard input, named by `--stdin-filename` (default `<stdin>`). With a
 * name, its folder is the docs root (pages and specs are looked up there, as for a file); without
 * one, only `--root` turns the lookups on.
 */
export async function readStdinDocument(
  args: Pick<CommonArgs, 'stdinFilename' | 'root'>,
  io: CliIo,
): Promise<{ file: string; text: string; root: string | undefined }> {
  if (!io.readStdin) throw new UsageError('standard input cannot be read here');
  let text: string;
  try {
    text = await io.readStdin();
  } catch (error) {
    throw new UsageError(`cannot read standard input: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const file = args.stdinFilename ?? '<stdin>';
  const root = args.root ?? (args.stdinFilename !== undefined ? path.dirname(args.stdinFilename) : undefined);
  return { file, text, root };
}
