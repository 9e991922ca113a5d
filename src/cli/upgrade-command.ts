import { existsSync, lstatSync, statSync } from 'node:fs';
import path from 'node:path';
import pc from 'picocolors';
import { ioErrorText } from '../io-error.js';
import { createNewFile, replaceFile } from '../write-file.js';
import { DOCS_FILE_NAMES } from '../docs-root.js';
import { upgradeMintText, type LocatedMintChange } from '../mint/file.js';
import { FileReadError, readText } from '../read.js';
import { parseUpgradeArgs, UsageError } from './args.js';
import type { CliIo } from './io.js';

/** How each kind of change is named on its line. */
const KIND_WORDS: Readonly<Record<LocatedMintChange['kind'], string>> = {
  navigation: 'left out',
  'unknown-key': 'dropped',
  setting: 'dropped',
  changed: 'changed',
};

/**
 * `docsnav upgrade [mint.json]`: the docs.json the platform makes of a legacy mint.json, written
 * beside it (or printed with `--stdout`), and every setting the upgrade drops or changes, one line
 * each with its place in mint.json. Exit 0 upgraded; 1 the mint.json fails the platform's legacy
 * check (its problems are printed, nothing is written); 2 usage or I/O error, or a docs.json is
 * already there (without `--force`).
 */
export async function upgradeCommand(argv: string[], io: CliIo): Promise<number> {
  const args = parseUpgradeArgs(argv);
  const file = mintFileOf(args.path);
  let text: string;
  try {
    text = readText(file);
  } catch (error) {
    if (error instanceof FileReadError) throw new UsageError(error.message);
    throw error;
  }
  const target = path.join(path.dirname(file), 'docs.json');
  // lstat: a symbolic link there, even one to nothing, is "already there" (writing would follow it).
  const there = lstatSync(target, { throwIfNoEntry: false });
  if (!args.stdout && !args.force && there) {
    throw new UsageError(
      `${target} already exists${there.isSymbolicLink() ? ' (a symbolic link)' : ''}: --force overwrites it, --stdout prints the upgrade instead`,
    );
  }
  const color = io.isTTY && pc.isColorSupported;
  const upgraded = upgradeMintText(text, { file, theme: true });
  if (upgraded.text === undefined) {
    // The report's formatter is loaded only when there is something to report (as validate loads its formats).
    const { formatPretty } = await import('../report/pretty.js');
    io.stderr(formatPretty([{ file, problems: upgraded.problems, sources: upgraded.sources }], { color }));
    io.stderr(`docsnav: ${file} was not upgraded: the platform's build fails on it too; fix the problems above and run again\n`);
    return 1;
  }
  const list = upgraded.changes.map((change) => `${change.file}:${change.line}:${change.column}  ${KIND_WORDS[change.kind]}  ${change.message}\n`).join('');
  const summary =
    upgraded.changes.length === 0
      ? 'nothing of it is dropped or changed'
      : `${upgraded.changes.length} ${upgraded.changes.length === 1 ? 'part of it is' : 'parts of it are'} dropped or changed, listed above`;
  if (args.stdout) {
    io.stdout(upgraded.text);
    io.stderr(`${list}docsnav: upgraded ${file}: ${summary}\n`);
    return 0;
  }
  // A new file, or with --force whatever is there (by now) replaced in one step: never written through a link, never left half written.
  try {
    if (args.force) replaceFile(target, upgraded.text);
    else createNewFile(target, upgraded.text);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new UsageError(`${target} was made while docsnav upgraded ${file}: --force replaces it`);
    throw new UsageError(`cannot write ${target}: ${ioErrorText(error, 'write')}`);
  }
  // Anything there was refused above without --force.
  const replacedLink = there?.isSymbolicLink() ? ` (it replaced the symbolic link ${target}; the file the link led to is unchanged)` : '';
  io.stdout(
    `${list}docsnav: wrote ${target}${replacedLink} from ${file}: ${summary}. The platform's build still checks a mint.json beside docs.json (and fails when it is invalid): delete ${file} once docs.json is right.\n`,
  );
  return 0;
}

/** The mint.json a path names: the file itself, or the one in a folder (the current folder without a path). */
function mintFileOf(given: string | undefined): string {
  const target = given ?? '.';
  let isDirectory = false;
  try {
    isDirectory = statSync(target).isDirectory();
  } catch {
    // reading it reports the I/O error
  }
  if (!isDirectory) {
    const name = path.basename(target);
    if (DOCS_FILE_NAMES.includes(name) && name !== 'mint.json')
      throw new UsageError(
        `${target} is already a docs file (the kind upgrade writes), not a legacy mint.json: name the mint.json to upgrade (docsnav upgrade path/to/mint.json), or check it with docsnav validate ${target}`,
      );
    return target;
  }
  const file = path.join(target, 'mint.json'); // none given: ./mint.json, which path.join says as mint.json
  if (!existsSync(file))
    throw new UsageError(
      `no mint.json in ${given === undefined ? 'the current folder' : target}; name the mint.json to upgrade (docsnav upgrade path/to/mint.json)`,
    );
  return file;
}
