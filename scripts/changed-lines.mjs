/**
 * The lines a change wrote, read from its `git diff -U0` (scripts/mutate.mjs's `--changed`: what CI's
 * mutation step mutates). Tested by test/changed-lines.test.ts on real diffs.
 */

/** Trimmed text this long or longer, deleted by the diff, makes an added line of the same text a move. */
export const MOVED_MIN = 20;

/**
 * The lines `diff` (`git diff -U0` since the merge base of HEAD and the base, working tree
 * included) adds, as Stryker's `file:start-end` ranges, by target (`targetOf(file)`; undefined for
 * a file of none, and for a file not `.ts` or a `.d.ts`): added and changed lines only (a deletion
 * leaves no line to mutate; the tests of what is left still run against the lines around it).
 * A moved line is not the change's own: an added line whose trimmed text (MOVED_MIN characters or
 * more) the same diff deletes somewhere is a line moved (one deletion answers one addition), not
 * mutated again (issue 70: a change that splits files mutates what it wrote, not what it moved).
 * Shorter lines (`return undefined;`, `}`) are mutated wherever they are added.
 */
export function changedRanges(targetOf, diff) {
  const lines = diff.split('\n');
  const deleted = new Map();
  for (const line of lines) {
    if (!line.startsWith('-') || line.startsWith('--- ')) continue;
    const text = line.slice(1).trim();
    deleted.set(text, (deleted.get(text) ?? 0) + 1);
  }
  const byTarget = new Map();
  let file;
  let name;
  let at = 0;
  let run;
  const close = () => {
    if (run) byTarget.get(run.name).push(`${run.file}:${run.start}-${run.end}`);
    run = undefined;
  };
  for (const line of lines) {
    if (line.startsWith('+++ ')) {
      close();
      // A deleted file's `+++ /dev/null` gives dev/null: no source, as a file not .ts or .mjs is not.
      file = line.slice(line.indexOf('/') + 1);
      name = !/\.(ts|mjs)$/.test(file) || file.endsWith('.d.ts') ? undefined : targetOf(file);
      continue;
    }
    const hunk = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(line);
    if (hunk) {
      close();
      at = Number(hunk[1]);
      continue;
    }
    if (!line.startsWith('+') || name === undefined) continue;
    const number = at++;
    const text = line.slice(1).trim();
    const moved = text.length >= MOVED_MIN && (deleted.get(text) ?? 0) > 0;
    if (moved) {
      deleted.set(text, deleted.get(text) - 1);
      close();
      continue;
    }
    // A hunk of `-U0` lists its deleted lines, then its added ones: a run (closed by a hunk, a file or a moved line) always ends
    // on the line before, so `run.end === number - 1` made true changes nothing.
    // Stryker disable next-line ConditionalExpression: equivalent, see above
    if (run && run.end === number - 1) {
      run.end = number;
      continue;
    }
    close();
    if (!byTarget.has(name)) byTarget.set(name, []);
    run = { name, file, start: number, end: number };
  }
  close();
  return byTarget;
}
