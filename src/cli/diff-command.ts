import { diffSite, type SiteDiff } from '../history/diff.js';
import { GitError } from '../git.js';
import { FileReadError } from '../read.js';
import { parseDiffArgs, UsageError } from './args.js';
import type { CliIo } from './io.js';
import { docsFileOf } from './paths.js';

/** `docsnav diff <git-ref> [docs.json]`: the site's page URLs added, removed and moved since the ref. Exit 0, or 2 with one line. */
export function diffCommand(argv: string[], io: CliIo): Promise<number> {
  const args = parseDiffArgs(argv);
  const file = docsFileOf(args.path, 'diff <git-ref>');
  let diff: SiteDiff;
  try {
    diff = diffSite(file, args.ref);
  } catch (error) {
    if (error instanceof GitError || error instanceof FileReadError) throw new UsageError(error.message);
    throw error;
  }
  io.stdout(args.format === 'json' ? `${JSON.stringify(diff, null, 2)}\n` : formatDiff(diff));
  return Promise.resolve(0);
}

/** The pretty form: one line per page, `+` added, `-` removed, `→` moved, and a count. */
function formatDiff(diff: SiteDiff): string {
  const lines = [`Pages since ${diff.ref} (${diff.commit.slice(0, 12)}):`];
  for (const { from, to } of diff.moved) lines.push(`  moved    ${from} → ${to}`);
  for (const url of diff.removed) lines.push(`  removed  ${url}`);
  for (const url of diff.added) lines.push(`  added    ${url}`);
  const count = (n: number, what: string) => `${n} ${what}`;
  lines.push(`${count(diff.added.length, 'added')}, ${count(diff.removed.length, 'removed')}, ${count(diff.moved.length, 'moved')}`);
  return `${lines.join('\n')}\n`;
}
