import { closeSync, openSync, realpathSync, writeSync } from 'node:fs';
import pc from 'picocolors';
import { countProblems } from '../result.js';
import { resolveFile, type ResolveOptions } from '../resolve/resolve.js';
import { formatTreePretty, treeJsonChunks } from '../report/tree.js';
import { FileReadError } from '../validate.js';
import { parseResolveArgs, UsageError } from './args.js';
import { CliConfigs } from './config.js';
import { formatResultsAs } from './format.js';
import { docsFileOf } from './paths.js';
import { HELP } from './help.js';
import type { CliIo } from './run.js';

/**
 * `docsnav resolve [docs.json]`: the page tree on stdout (or `--out`), problems on stderr.
 * Exit 1 when there are errors (the tree is still written: a build can show what it has);
 * exit 2, with no tree, when the config file is bad.
 */
export async function resolveCommand(argv: string[], io: CliIo): Promise<number> {
  const args = parseResolveArgs(argv);
  if (args.help) {
    io.stdout(HELP);
    return 0;
  }
  const file = docsFileOf(args.paths[0]);
  const config = new CliConfigs(args).optionsFor<ResolveOptions>(file, { allowRemote: args.allowRemote });
  if ('broken' in config) {
    io.stderr(await formatResultsAs('pretty', config.broken ? [config.broken] : [], { color: false }));
    return 2;
  }
  let result;
  try {
    result = await resolveFile(file, config.options);
  } catch (error) {
    if (error instanceof FileReadError) throw new UsageError(error.message);
    throw error;
  }
  const color = args.color ?? (io.isTTY && pc.isColorSupported);
  const chunks = args.format === 'pretty' ? [formatTreePretty(result.tree, { color })] : treeJsonChunks(result.tree);
  if (args.out) {
    refuseToOverwriteInput(args.out, [file, ...Object.keys(result.sources)]);
    let fd: number | undefined;
    try {
      fd = openSync(args.out, 'w');
      for (const chunk of chunks) writeSync(fd, chunk);
    } catch (error) {
      throw new UsageError(`cannot write ${args.out}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  } else {
    for (const chunk of chunks) io.stdout(chunk);
  }
  const counts = countProblems(result.problems);
  if (result.problems.length > 0) io.stderr(await formatResultsAs('pretty', [result], { color: false }));
  return counts.errors > 0 ? 1 : 0;
}

/** `--out` naming docs.json (or a file it includes) would replace the user's file with the tree. */
function refuseToOverwriteInput(out: string, inputs: readonly string[]): void {
  const target = realPath(out);
  if (target === undefined) return; // a new file cannot be an input
  for (const input of inputs) {
    if (realPath(input) === target) throw new UsageError(`--out ${out} is the input file ${input}; write the tree to another file`);
  }
}

function realPath(file: string): string | undefined {
  try {
    return realpathSync(file);
  } catch {
    return undefined;
  }
}
