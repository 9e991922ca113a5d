/**
 * Whole-target mutation scores, kept in the repository (issue 67): `mutation-state/<target>.json`
 * is Stryker's incremental file of the last whole run of that target (`npm run mutate -- <target>`),
 * and `mutation-state/scores.json` its score, counts and the commit it was measured on. A run of a
 * target in a clone with no incremental file of its own (CI, a new contributor) starts from the
 * committed one, so a whole run re-tests only the mutants whose code or tests changed since, and
 * the whole score stays known cheaply. `npm run mutate:table` writes docs/mutation-scores.md's table
 * of whole scores and survivors from these files.
 *
 *   node scripts/mutation-state.mjs table     rewrites the table between its markers in docs/mutation-scores.md
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeWhole } from './write-whole.mjs';

export const STATE = 'mutation-state';
const SCORES = path.join(STATE, 'scores.json');
const DOC = path.join('docs', 'mutation-scores.md');
const BEGIN = '<!-- whole-target scores: npm run mutate:table writes this table -->';
const END = '<!-- end of the whole-target scores -->';

/** The incremental file a target's run uses, seeded from the committed state when the clone has none of its own; what was done, in one line or undefined. */
export function seedIncremental(incrementalFile, target, state = STATE) {
  const committed = path.join(state, `${target}.json`);
  if (existsSync(incrementalFile) || !existsSync(committed)) return undefined;
  mkdirSync(path.dirname(incrementalFile), { recursive: true });
  copyFileSync(committed, incrementalFile);
  return `${target}: starting from the committed state of its last whole run (${committed})`;
}

/** The scores kept, by target. */
export function readScores(file = SCORES) {
  // Stryker disable next-line StringLiteral: equivalent: without an encoding readFileSync gives a Buffer, which JSON.parse reads as UTF-8 text all the same
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
}

/** Keeps a whole run of `target`: its incremental file as the committed state, and its row in scores.json. */
export function keepWholeRun(incrementalFile, target, row, state = STATE) {
  // Compact: Stryker's indented file is half whitespace.
  // Stryker disable next-line StringLiteral: equivalent: without an encoding readFileSync gives a Buffer, which JSON.parse reads as UTF-8 text all the same
  writeWhole(path.join(state, `${target}.json`), `${JSON.stringify(JSON.parse(readFileSync(incrementalFile, 'utf8')))}\n`);
  const scoresFile = path.join(state, 'scores.json');
  const scores = readScores(scoresFile);
  scores[target] = row;
  writeWhole(scoresFile, `${JSON.stringify(Object.fromEntries(Object.entries(scores).sort(([a], [b]) => a.localeCompare(b))), null, 2)}\n`);
}

/** Stryker's mutants left alive in a state file: `file:line mutator`, Survived and NoCoverage, in file and line order. */
export function survivorsOf(report) {
  const alive = [];
  for (const [file, { mutants }] of Object.entries(report.files ?? {}))
    for (const mutant of mutants)
      if (mutant.status === 'Survived' || mutant.status === 'NoCoverage')
        alive.push({ file, line: mutant.location.start.line, mutator: mutant.mutatorName, status: mutant.status });
  return alive.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.mutator.localeCompare(b.mutator));
}

/** The table's text: a row per target in `targets`, measured or not. */
export function tableOf(targets, scores, reportOf, floor) {
  const rows = [
    '| target | whole score | killed | timeout | survived | no coverage | measured on | survivors (file:line, mutator) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const target of targets) {
    const row = scores[target];
    if (!row) {
      rows.push(`| ${target} | not measured whole yet | | | | | | |`);
      continue;
    }
    const report = reportOf(target);
    const alive = report ? survivorsOf(report) : [];
    const shown = alive.slice(0, 12).map((one) => `${one.file.replace(/^(src|server\/src|scripts)\//, '')}:${one.line} ${one.mutator}`);
    const more = alive.length > shown.length ? `, and ${alive.length - shown.length} more` : '';
    const score = `${row.score.toFixed(1)}%${row.score < floor ? ' (under the floor)' : ''}`;
    rows.push(
      `| ${target} | ${score} | ${row.killed} | ${row.timeout} | ${row.survived} | ${row.noCoverage} | ${row.commit.slice(0, 12)}${row.dirty ? ' (and uncommitted changes)' : ''}, ${row.date} | ${shown.join('; ')}${more} |`,
    );
  }
  return rows.join('\n');
}

/** docs/mutation-scores.md with its table between the markers replaced (the markers added at the top when absent). */
export function withTable(doc, table) {
  const block = `${BEGIN}\n\n${table}\n\n${END}`;
  const start = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  // Stryker disable next-line EqualityOperator: equivalent: the two markers differ, so they never start at one place
  if (start !== -1 && end > start) return doc.slice(0, start) + block + doc.slice(end + END.length);
  const firstSection = doc.indexOf('\n## ');
  const at = firstSection === -1 ? doc.length : firstSection + 1;
  return `${doc.slice(0, at)}## Whole-target scores\n\n${block}\n\n${doc.slice(at)}`;
}

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/**
 * The program (`npm run mutate:table`): writes the table of every target of
 * scripts/mutate-targets.mjs into `doc` from the state in `state`. Returns the exit code (2 and the
 * usage on `err` for any other arguments).
 */
export async function tableProgram(argv, { state = path.join(ROOT, STATE), doc = path.join(ROOT, DOC), say = console.log, err = console.error } = {}) {
  if (argv.length !== 1 || argv[0] !== 'table') {
    err('usage: node scripts/mutation-state.mjs table');
    return 2;
  }
  const { FLOOR, TARGETS } = await import('./mutate-targets.mjs');
  const reportOf = (target) => {
    const file = path.join(state, `${target}.json`);
    // Stryker disable next-line StringLiteral: equivalent: without an encoding readFileSync gives a Buffer, which JSON.parse reads as UTF-8 text all the same
    return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
  };
  const table = tableOf(Object.keys(TARGETS), readScores(path.join(state, 'scores.json')), reportOf, FLOOR);
  writeWhole(doc, withTable(readFileSync(doc, 'utf8'), table));
  say(`mutation-state: the table of ${Object.keys(TARGETS).length} targets written into ${path.relative(ROOT, doc)}`);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = await tableProgram(process.argv.slice(2));
