/**
 * Mutation testing, folder by folder (`npm run mutate`; CI runs only `mutate:changed --budget 480
 * --cap 1200` on the lines changed since the last commit CI passed, scripts/ci-state.mjs: a full run
 * takes hours on 2 cores). Stryker changes one thing at
 * a time in the code (a condition, an operator, a string) and runs the tests that cover it; a
 * mutant the tests do not notice is a bug they would not notice.
 *
 *   npm run mutate                    every target below, one after another
 *   npm run mutate -- fix server      some of them
 *   npm run mutate:changed            only the lines a change touches (git diff against a base), for CI
 *   npm run mutate:changed -- --base v1.2.0
 *   npm run mutate -- --sample 60 git-guards   60 of the target's lines, drawn at random (seeded)
 *
 * Each target keeps its own incremental file (reports/stryker-incremental-<target>.json, ignored
 * by git; CI keeps reports/ as its cache): a second run tests only the mutants whose code or
 * tests changed. Reports go to reports/mutation/<target>.html; the table at the end gives each
 * target's score (killed and timed out over all but the ignored), and the run exits 1 when one is
 * under 80%.
 *
 * `--changed` mutates, in each target, only the lines `git diff` shows changed since the merge base
 * of HEAD and `--base` (default: $DOCSNAV_MUTATE_BASE, else `main`), the working tree included;
 * each file goes to the first target that holds it. Nothing to mutate is a success. With
 * `--budget S` (CI: 480), each target's changed lines of code are drawn to fit S seconds (see
 * `planLines`: equal shares, planned again with the pace measured; the cheapest starts first, a
 * target whose start no longer fits not run, and that fails the run; a target still running at the
 * budget's end is stopped whole, its process group killed, scripts/mutate-run.mjs, and it and those
 * after it fail the run as not measured); with `--cap C` (CI: 1200) the
 * budget grows to every changed line's reckoned cost, up to C (`budgetFor`): a change that fits is
 * mutated whole. The floor (`--floor`, 85%) is applied to each target and to all together (see
 * `estimate` and `gate`): a score under it fails, exact or estimated from the lines drawn; with
 * `--base-not-passed` (CI, when its base is not a commit it recorded as passed), an estimate fails
 * only when its whole 95% interval is under the floor.
 *
 * `--sample N` mutates N lines of code of each target, drawn with a fixed seed (the target's name,
 * or `--seed S`), for targets whose whole run takes hours here (the tests of the repository access
 * and of the page scanner are slow or many): the score is an estimate, printed with its 95% interval
 * (Wilson's, over mutants; mutants of one line are not independent, so it is if anything narrow).
 *
 * The library's targets run the in-process tests of vitest.mutate.config.ts under
 * stryker.config.mjs; the server's run its unit tests (server/vitest.mutate.config.ts, test paths
 * relative to server/) under stryker.server.config.mjs, against docsnav's build (built here when
 * missing). `tests` lists every test file that covers a target, not only the ones that mirror it:
 * the site and redirect rules live in src/rules and are tested in test/site and test/redirects.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mutateMachine } from './mutate-machine.mjs';
import { mutateProgram } from './mutate-program.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
process.chdir(root);
process.exitCode = await mutateProgram(mutateMachine({ argv: process.argv.slice(2), env: process.env, root }));
