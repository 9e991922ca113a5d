import { ioErrorText } from '../io-error.js';
import { closeSync, openSync, realpathSync, writeSync } from 'node:fs';
import pc from 'picocolors';
import { countProblems } from '../result.js';
import { resolveFile, resolveText, type ResolveOptions } from '../resolve.js';
import { formatTreePretty, treeJsonChunks } from '../report/tree.js';
import { FileReadError } from '../read.js';
import { parseResolveArgs, UsageError } from './args.js';
import { CliConfigs } from './config.js';
import { writeReports } from './format.js';
import { docsFileOf } from './paths.js';
import type { CliIo } from './io.js';
import { readStdinDocument } from './stdin.js';
import { keepScans, saveScans } from './scan-cache.js';
import path from 'node:path';

/**
 * `docsnav resolve [docs.json | -]`: the page tree on stdout (or `--out`); the problems, in the
 * `--format`s asked for, on stderr (on stdout when the tree goes to `--out`) and `--output-file`.
 * Exit 1 when there are errors (the tree is still written: a build can show what it has);
 * exit 2, with no tree, when the config file is bad (its problems reported the same way).
 */
export async function resolveCommand(argv: string[], io: CliIo): Promise<number> {
  const args = parseResolveArgs(argv);
  const color = args.color ?? (io.isTTY && pc.isColorSupported);
  const stream = args.out ? 'stdout' : 'stderr';
  const configs = new CliConfigs(args);
  const stdin = args.stdin ? await readStdinDocument(args, io) : undefined;
  const file = stdin ? stdin.file : docsFileOf(args.paths[0], 'resolve');
  const config = configs.optionsFor<ResolveOptions>(file, { allowRemote: args.allowRemote });
  if ('broken' in config) {
    await writeReports(config.broken ? [config.broken] : [], args, io, stream, args.out ? color : (args.color ?? false));
    return 2;
  }
  const stores = keepScans(args);
  let result;
  if (stdin) {
    // --root, else the folder of --stdin-filename (readStdinDocument); a config file names no root.
    const root = stdin.root;
    result = await resolveText(stdin.text, { ...config.options, file, root, pageScans: root === undefined ? undefined : stores?.for(root) });
  } else {
    try {
      result = await resolveFile(file, { ...config.options, pageScans: stores?.for(config.options.root ?? path.dirname(file)) });
    } catch (error) {
      if (error instanceof FileReadError) throw new UsageError(error.message);
      throw error;
    }
  }
  if (stores) saveScans(stores, args, io);
  const chunks = args.treeFormat === 'pretty' ? [formatTreePretty(result.tree, { color })] : treeJsonChunks(result.tree);
  if (args.out) {
    refuseToOverwriteInput(args.out, [file, ...Object.keys(result.sources)]);
    let fd: number | undefined;
    try {
      fd = openSync(args.out, 'w');
      for (const chunk of chunks) writeSync(fd, chunk);
    } catch (error) {
      throw new UsageError(`cannot write ${args.out}: ${ioErrorText(error, 'write')}`);
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  } else {
    for (const chunk of chunks) io.stdout(chunk);
  }
  // The problems report never shares a stream with the tree. Pretty output with nothing to say
  // stays silent, as before, so that `resolve > tree.json` prints nothing on success.
  const shown = args.quiet ? result.problems.filter((p) => p.severity === 'error') : result.problems;
  const silent = shown.length === 0 && args.formats[0] === 'pretty' && args.outputFile === undefined; // two formats need --output-file
  if (!silent) await writeReports([result], args, io, stream, args.out ? color : (args.color ?? false));
  const counts = countProblems(result.problems);
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
