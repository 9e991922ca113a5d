/**
 * Mutation testing, folder by folder (`npm run mutate`; CI runs only `mutate:changed --budget 480`
 * on the lines changed since .ci/mutate-base: a full run takes an hour or more on 2 cores). Stryker changes one thing at
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
 * target whose start no longer fits not run, and said), and the floor (`--floor`, 85%) is applied to each target and
 * to all together (see `estimate` and `gate`): an exact score under it fails, an estimate only
 * when its whole 95% interval is under it.
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
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Stryker } from '@stryker-mutator/core';
import { SERVER as SERVER_PACKAGE, checksFor, ensureFresh } from './fresh-build.mjs';

const LIBRARY = 'stryker.config.mjs';
const SERVER = 'stryker.server.config.mjs';

/** The site rules' own tests (test/rules/site-harness.ts), which the site, its links and redirects run under. */
const SITE_RULE_TESTS = ['test/rules/redirect-*.test.ts', 'test/rules/link-not-found.test.ts', 'test/rules/anchor-not-found.test.ts'];

/**
 * Stryker's `file:start-end` ranges of the named top-level declarations of `file` (a function or a
 * constant, from its line to the first line after it that closes it at the left margin), so that a
 * target can be the guards of a file whose whole run takes hours. An unknown name is an error: a
 * renamed guard must not drop out of the target unnoticed.
 */
function declarations(file, names) {
  const lines = readFileSync(new URL(`../${file}`, import.meta.url), 'utf8').split('\n');
  return names.map((name) => {
    const start = lines.findIndex((line) => new RegExp(`^(export )?(async )?(function\\*? ${name}\\b|const ${name}\\b)`).test(line));
    if (start === -1) throw new Error(`mutate: ${file} declares no ${name}`);
    let end = start;
    if (!/;$/.test(lines[start])) while (end + 1 < lines.length && !/^[}\]];?$/.test(lines[end])) end++;
    return `${file}:${start + 1}-${end + 1}`;
  });
}

/** The repository's guards (repository/guards.ts): the repository and branch checks, the hardened environment, the paths it writes. */
const GIT_GUARDS = [
  ...['ALLOWED_PROTOCOLS', 'gitEnv', 'HARDENED_CONFIG', 'hardenedArgs', 'isValidBranch', 'normalizeRepo', 'checkNotOption', 'withoutCredentials'],
  ...['safeSegments', 'targetOf', 'writableSegments'],
];
/**
 * The allowed local folders (repository/local.ts): since issue 52, a local repository is opened
 * through pinned folders (no link followed, each descriptor checked) and copied before git reads it.
 */
const LOCAL_REPO_GUARDS = [
  ...['localRepoPath', 'isLocalRepo', 'realpathOr', 'allowedRoots', 'placeOf', 'openPlace', 'refusal', 'pointedPlace', 'OUTSIDE'],
  ...['linkRefused', 'gitDirPlace', 'gitDirIn', 'twinRefused', 'openGitDir', 'openLocalRepo', 'checkOwnObjects', 'checkedOutBranches'],
];
/** The repository's guards, its local folders, its operations (a folder of them since issue 70) and their errors: what one file, git.ts, held once. */
const REPOSITORY_ACCESS = [...['errors', 'guards', 'local'].map((name) => `server/src/repository/${name}.ts`), 'server/src/repository/operations/'];

/**
 * `paths`: the folders (ending in `/`) and files mutated; `tests`: the test files run against
 * their mutants (the library's from the top of the repository, the server's from server/).
 */
const TARGETS = {
  // The docs root's lookups the rules ask (pageFileIn, kindIn) were src/rules/types.ts's until issue 70 moved DocsFiles down to where it is made.
  rules: {
    configFile: LIBRARY,
    paths: ['src/rules/', ...declarations('src/docs-root.ts', ['pageFileIn', 'kindIn'])],
    tests: ['test/rules/**/*.test.ts', 'test/site/**/*.test.ts', 'test/redirects/**/*.test.ts'],
  },
  navigation: {
    configFile: LIBRARY,
    paths: ['src/navigation/'],
    tests: ['test/navigation/**/*.test.ts', 'test/rules/**/*.test.ts', 'test/schema/**/*.test.ts'],
  },
  // The operation lookups kept between runs (page-operations.ts) are tested through the cache (test/cache/lookups.test.ts).
  resolve: { configFile: LIBRARY, paths: ['src/resolve/', 'src/resolve.ts'], tests: ['test/resolve/**/*.test.ts', 'test/cache/lookups.test.ts'] },
  fix: { configFile: LIBRARY, paths: ['src/fix/', 'src/fix.ts'], tests: ['test/fix/**/*.test.ts'] },
  // docsnav mv's library half: its CLI and editor halves spawn the build, so test/cli/mv*.test.ts and test/lsp/renames.test.ts cannot see a mutant.
  move: { configFile: LIBRARY, paths: ['src/move/'], tests: ['test/move/**/*.test.ts'] },
  site: {
    configFile: LIBRARY,
    paths: ['src/site/', 'src/link-target.ts'],
    tests: ['test/site/**/*.test.ts', 'test/redirects/**/*.test.ts', 'test/cache/site-again.test.ts', ...SITE_RULE_TESTS],
  },
  redirects: { configFile: LIBRARY, paths: ['src/redirects/'], tests: ['test/redirects/**/*.test.ts', 'test/site/**/*.test.ts', ...SITE_RULE_TESTS] },
  // The fast path's (fast-scan.ts and the fast-*.ts it lists) own check is test/pages/fast-scan.corpus.test.ts (the fast path against micromark over the corpus, 62 s a run here): too slow to run per mutant;
  // its property test (8 s) runs instead. Heading ids and anchors are checked through the link and anchor rules, the store through the replay.
  pages: {
    configFile: LIBRARY,
    paths: ['src/pages/'],
    // Front matter (front-matter.ts, src/resolve/ until issue 70) is tested as the resolver reads it.
    tests: [
      'test/pages/*.test.ts',
      'test/site/**/*.test.ts',
      'test/cache/replay.test.ts',
      'test/robustness/fast-scan.property.test.ts',
      'test/resolve/*front-matter*.test.ts',
      ...SITE_RULE_TESTS,
    ],
  },
  // mint.json: read, checked as the platform's legacy check does, and upgraded to docs.json.
  mint: { configFile: LIBRARY, paths: ['src/mint/'], tests: ['test/mint/*.test.ts'] },
  // The editor's cache (in memory).
  cache: { configFile: LIBRARY, paths: ['src/cache/memory.ts'], tests: ['test/cache/memory.test.ts'] },
  // The cache on disk (src/cache/ but the editor's): the page scan store, its files, stamps, a validation given again.
  replay: {
    configFile: LIBRARY,
    paths: [
      'build',
      'file',
      'location',
      'lookups',
      'opened-store',
      'page-index',
      'parts',
      'replay',
      'runs',
      'scan-packs',
      'shapes',
      'stamp',
      'stats',
      'store',
    ].map((name) => `src/cache/${name}.ts`),
    tests: [
      'test/cache/replay.test.ts',
      'test/cache/store.test.ts',
      'test/cache/stamp.test.ts',
      'test/cache/site-again.test.ts',
      'test/cache/index-changes.test.ts',
      'test/cache/planted-bugs.test.ts',
      'test/cache/lookups.test.ts',
      'test/files.test.ts',
      'test/cli/cache.test.ts',
    ],
  },
  // The language server, in-process (bench/lsp-client.mjs's inProcessServer): the other LSP tests spawn the build and cannot see a mutant.
  // DOCSNAV_LSP_IN_PROCESS: bench/lsp-client.mjs serves these tests' clients from src/lsp in the test's own process (lsp.test.ts gives its servers environments of their own: not in-process).
  lsp: {
    configFile: LIBRARY,
    paths: ['src/lsp/'],
    tests: ['test/lsp/planted-bugs.test.ts', 'test/lsp/renames.test.ts', 'test/lsp/page-edits.test.ts', 'test/lsp/mint.test.ts', 'test/lsp/asyncapi.test.ts'],
    env: { DOCSNAV_LSP_IN_PROCESS: '1' },
  },
  settings: { configFile: LIBRARY, paths: ['src/settings/'], tests: ['test/settings/**/*.test.ts'] },
  // test/docs/rule-docs.test.ts reads a git base (readSiteBase) for redirect-missing's examples; test/fix's `since` is a literal SiteBase.
  history: { configFile: LIBRARY, paths: ['src/history/', 'src/git.ts'], tests: ['test/history/**/*.test.ts', 'test/docs/rule-docs.test.ts'] },
  server: {
    configFile: SERVER,
    paths: [
      'server/src/http/auth.ts',
      'server/src/http/routes/auth.ts',
      'server/src/assistant/limits.ts',
      'server/src/assistant/protocols.ts',
      'server/src/assistant/events.ts',
    ],
    tests: ['test/api-keys.test.ts', 'test/auth.test.ts', 'test/limit-scopes.test.ts', 'test/protocols.test.ts'],
  },
  jobs: {
    configFile: SERVER,
    paths: ['server/src/jobs/'],
    tests: [
      'test/job-lease.test.ts',
      'test/job-kinds.test.ts',
      'test/job-faults.test.ts',
      'test/deploy-incremental.test.ts',
      'test/deployment-checks.test.ts',
      'test/agent.test.ts',
    ],
  },
  redact: { configFile: SERVER, paths: ['server/src/messages/redact.ts'], tests: ['test/git.test.ts', 'test/git-faults.test.ts', 'test/redact*.test.ts'] },
  git: { configFile: SERVER, paths: REPOSITORY_ACCESS, tests: ['test/git.test.ts', 'test/git-faults.test.ts'] },
  // The whole of the repository access (git.ts before) is 1,272 mutants, over 4 hours here (its tests run git); its guards alone, with the tests that drive them through the server.
  'git-guards': {
    configFile: SERVER,
    paths: [...declarations('server/src/repository/guards.ts', GIT_GUARDS), ...declarations('server/src/repository/local.ts', LOCAL_REPO_GUARDS)],
    tests: [
      'test/git.test.ts',
      'test/git-faults.test.ts',
      'test/repo-access.test.ts',
      'test/hostile.test.ts',
      'test/local-guards.test.ts',
      'test/local-copy.test.ts',
    ],
  },
  // The rest of the repository access: the local copy (issue 52) and its worker thread, pinned folders, checkouts.
  repository: {
    configFile: SERVER,
    // Not local-thread.ts: its one line runs only compiled, in the thread (Stryker cannot reach it); what it runs is local-tasks.ts's runLocalTaskHere, tested in-process.
    paths: ['checkouts', 'local-copy', 'local-tasks', 'local-worker', 'pinned'].map((name) => `server/src/repository/${name}.ts`),
    tests: [
      'test/local-copy.test.ts',
      'test/local-guards.test.ts',
      'test/local-partial-clone.test.ts',
      'test/planted-local-copy.test.ts',
      'test/local-threads.test.ts',
    ],
  },
  // The HTTP side but its auth (the `server` target) and routes: connection caps, the app's limits, errors, origins.
  http: {
    configFile: SERVER,
    paths: ['app', 'connection-limits', 'errors', 'origins'].map((name) => `server/src/http/${name}.ts`),
    tests: ['test/limits.test.ts', 'test/requests.test.ts', 'test/planted-connection-limits.test.ts'],
  },
  // The store (both drivers: PGlite, and PostgreSQL where DOCSNAV_TEST_DATABASE_URL or a local one is there).
  store: {
    configFile: SERVER,
    paths: ['server/src/store/'],
    tests: [
      'test/migrations.test.ts',
      'test/retention.test.ts',
      'test/damage.test.ts',
      'test/postgres-faults.test.ts',
      'test/api-keys.test.ts',
      'test/job-lease.test.ts',
      'test/planted-store.test.ts',
    ],
  },
  // Retrieval: the section index, its stored copies, fusion with rewritten queries, embeddings.
  search: {
    configFile: SERVER,
    paths: ['server/src/search/'],
    tests: [
      'test/search.test.ts',
      'test/search-copies.test.ts',
      'test/rewrite.test.ts',
      'test/embeddings.test.ts',
      'test/missing-names.test.ts',
      'test/planted-search.test.ts',
    ],
  },
  'data-folder': { configFile: SERVER, paths: ['server/src/host/data-folder.ts'], tests: ['test/data-folder*.test.ts', 'test/job-kinds.test.ts'] },
  assistant: {
    configFile: SERVER,
    paths: ['server/src/assistant/'],
    tests: [
      'test/assistant.test.ts',
      'test/assistant-v5.test.ts',
      'test/assistant-limits.test.ts',
      'test/extractive.test.ts',
      'test/model.test.ts',
      'test/data-stream.test.ts',
      'test/protocols.test.ts',
      'test/embeddings.test.ts',
    ],
  },
  routes: {
    configFile: SERVER,
    paths: ['server/src/http/routes/'],
    tests: [
      'test/auth.test.ts',
      'test/api-keys.test.ts',
      'test/app.test.ts',
      'test/assistant.test.ts',
      'test/boundaries.test.ts',
      'test/requests.test.ts',
      'test/agent.test.ts',
      'test/route-guards.test.ts',
      'test/cli.test.ts',
    ],
  },
};
const THRESHOLD = 80;
/** The floor of a `--changed` run: the changed lines' score under which CI fails (issue 58). */
const FLOOR = 85;

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
process.chdir(root);

/** Stryker's `mutate` globs of a target's paths. */
const globsOf = (paths) => paths.map((entry) => (entry.endsWith('/') ? `${entry}**/*.ts` : entry));

/** The target a file belongs to (the first that holds it), or undefined. */
function targetOf(file) {
  for (const [name, target] of Object.entries(TARGETS)) {
    if (target.paths.some((entry) => (entry.endsWith('/') ? file.startsWith(entry) : file === entry))) return name;
  }
  return undefined;
}

function git(...args) {
  const result = spawnSync('git', args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (result.status !== 0) {
    console.error(`mutate: git ${args.join(' ')} failed: ${(result.stderr || result.stdout).trim().split('\n')[0]}`);
    process.exit(2);
  }
  return result.stdout;
}

/**
 * The lines changed since the merge base of HEAD and `base` (working tree included), as
 * Stryker's `file:start-end` ranges, by target: added and changed lines only (a deletion leaves
 * no line to mutate; the tests of what is left still run against the lines around it if changed).
 */
function changedRanges(diff) {
  const byTarget = new Map();
  let file;
  for (const line of diff.split('\n')) {
    if (line.startsWith('+++ ')) {
      file = line === '+++ /dev/null' ? undefined : line.slice(line.indexOf('/') + 1);
      continue;
    }
    const hunk = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/.exec(line);
    if (!hunk || file === undefined || !file.endsWith('.ts') || file.endsWith('.d.ts')) continue;
    const start = Number(hunk[1]);
    const count = hunk[2] === undefined ? 1 : Number(hunk[2]);
    const name = targetOf(file);
    if (count === 0 || name === undefined) continue;
    if (!byTarget.has(name)) byTarget.set(name, []);
    byTarget.get(name).push(`${file}:${start}-${start + count - 1}`);
  }
  return byTarget;
}

/** The lines of code (not blank, not a comment, an import or a lone bracket) of a target's paths, as `[file, line]`. */
function codeLines(paths) {
  const lines = [];
  for (const entry of paths) {
    const [, file, start, end] = /^(.*?)(?::(\d+)-(\d+))?$/.exec(entry);
    const files = file.endsWith('/')
      ? readdirSync(file, { recursive: true })
          .map((name) => path.posix.join(file, String(name).split(path.sep).join('/')))
          .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))
          .sort()
      : [file];
    for (const name of files) {
      const text = readFileSync(name, 'utf8').split('\n');
      const from = start === undefined ? 1 : Number(start);
      const to = end === undefined ? text.length : Number(end);
      for (let line = from; line <= to; line++) {
        const code = text[line - 1].trim();
        if (code && !/^(\/\/|\/\*|\*|import |export \{|export type |[)}\]]+[;,]?$)/.test(code)) lines.push([name, line]);
      }
    }
  }
  return lines;
}

/** `count` of `items`, drawn without replacement by a generator seeded with `seed` (mulberry32 over the seed's FNV-1a hash). */
function sample(items, count, seed) {
  let state = [...seed].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0, 2166136261);
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  const pool = [...items];
  for (let index = 0; index < Math.min(count, pool.length); index++) {
    const pick = index + Math.floor(random() * (pool.length - index));
    [pool[index], pool[pick]] = [pool[pick], pool[index]];
  }
  return pool.slice(0, count);
}

/** Stryker's ranges of single lines (`[file, line]`), in file and line order. */
function linesOf(drawn) {
  return [...drawn].sort(([a, x], [b, y]) => a.localeCompare(b) || x - y).map(([file, line]) => `${file}:${line}-${line}`);
}

/** Wilson's 95% interval of `detected` of `valid`, in percent. */
function wilson(detected, valid) {
  if (valid === 0) return [100, 100];
  const z = 1.96;
  const p = detected / valid;
  const centre = (p + (z * z) / (2 * valid)) / (1 + (z * z) / valid);
  const half = (z * Math.sqrt((p * (1 - p)) / valid + (z * z) / (4 * valid * valid))) / (1 + (z * z) / valid);
  return [100 * (centre - half), 100 * (centre + half)];
}

const argv = process.argv.slice(2);
const changedMode = argv.includes('--changed');
let base = process.env.DOCSNAV_MUTATE_BASE || 'main';
let sampleSize;
let seed;
/** `--budget S`: seconds for the whole of a `--changed` run, each target's lines drawn to fit (see `planLines`). */
let budget;
/** `--floor P`: the score under which a `--changed` run fails (see `gate`). */
let floor = FLOOR;
const asked = [];
for (let index = 0; index < argv.length; index++) {
  if (argv[index] === '--changed') continue;
  if (argv[index] === '--budget' || argv[index] === '--floor') {
    const option = argv[index];
    const value = Number(argv[++index]);
    if (!(Number.isFinite(value) && value > 0 && (option === '--budget' || value <= 100))) {
      console.error(`mutate: ${option} takes ${option === '--budget' ? 'a number of seconds' : 'a percentage'}`);
      process.exit(2);
    }
    if (option === '--budget') budget = value;
    else floor = value;
    continue;
  }
  if (argv[index] === '--sample' || argv[index] === '--seed') {
    const value = argv[++index];
    if (argv[index - 1] === '--seed') seed = value;
    else sampleSize = Number(value);
    if (!value || (argv[index - 1] === '--sample' && !(Number.isInteger(sampleSize) && sampleSize > 0))) {
      console.error(`mutate: ${argv[index - 1]} takes ${argv[index - 1] === '--sample' ? 'a number of lines' : 'a word'}`);
      process.exit(2);
    }
    continue;
  }
  if (argv[index] === '--base') {
    base = argv[++index];
    if (!base) {
      console.error('mutate: --base takes a git ref (a branch, tag or commit)');
      process.exit(2);
    }
    continue;
  }
  asked.push(argv[index]);
}
const unknown = asked.filter((name) => !(name in TARGETS));
if (unknown.length > 0) {
  console.error(`mutate: unknown target ${unknown.map((name) => `"${name}"`).join(', ')}; the targets are ${Object.keys(TARGETS).join(', ')}`);
  process.exit(2);
}

/**
 * Each target to run and what it mutates (`mutate`); with `--changed`, `changed` is every line of
 * code of the target the change touched (the population a sample is drawn from) and `seed` the
 * seed its lines are drawn with (the head commit's and the target's name: a commit draws the same lines).
 */
let runs;
let head;
if (changedMode) {
  const mergeBase = git('merge-base', base, 'HEAD').trim();
  head = git('rev-parse', 'HEAD').trim();
  const ranges = changedRanges(git('diff', '-U0', '--no-color', '--no-ext-diff', '--src-prefix=a/', '--dst-prefix=b/', mergeBase, '--', 'src', 'server/src'));
  runs = [...ranges]
    .filter(([name]) => asked.length === 0 || asked.includes(name))
    .map(([name, changed]) => ({ name, changed: codeLines(changed), seed: seed ?? `${head}:${name}` }))
    .filter((run) => run.changed.length > 0)
    .map((run) => ({ ...run, mutate: sampleSize === undefined ? linesOf(run.changed) : linesOf(sample(run.changed, sampleSize, run.seed)) }));
  console.log(
    runs.length === 0
      ? `mutate: no line of code of a target changed since ${base} (${mergeBase.slice(0, 12)})`
      : `mutate: lines of code changed since ${base} (${mergeBase.slice(0, 12)}): ${runs.map((run) => `${run.name} ${run.changed.length}`).join(', ')}${
          budget === undefined ? '' : `; a budget of ${budget} s, each target's lines drawn to fit it (seed <head>:<target>)`
        }`,
  );
} else if (sampleSize !== undefined) {
  runs = (asked.length > 0 ? asked : Object.keys(TARGETS)).map((name) => {
    return { name, mutate: linesOf(sample(codeLines(TARGETS[name].paths), sampleSize, seed ?? name)) };
  });
  console.log(`mutate: ${runs.map((run) => `${run.name}, ${run.mutate.length} lines drawn (seed ${seed ?? run.name})`).join('; ')}`);
} else {
  runs = (asked.length > 0 ? asked : Object.keys(TARGETS)).map((name) => ({ name, mutate: globsOf(TARGETS[name].paths) }));
}
const partial = changedMode || sampleSize !== undefined;

// The server's targets run against docsnav's build, and start the repository thread from the server's
// (Stryker's sandbox copies both): each built again when a source is newer, or a test would run a stale one.
if (runs.some((run) => TARGETS[run.name].configFile === SERVER)) {
  try {
    for (const check of checksFor(SERVER_PACKAGE.root)) ensureFresh(check, (line) => console.log(`mutate: ${line}`));
  } catch (error) {
    console.error(`mutate: ${error.message}`);
    process.exit(2);
  }
}

/** True when `line` of `file` is in one of the `file:start-end` ranges. */
function inRanges(ranges, file, line) {
  return ranges.some((range) => {
    const [, rangeFile, start, end] = /^(.*):(\d+)-(\d+)$/.exec(range) ?? [];
    return rangeFile === file && line >= Number(start) && line <= Number(end);
  });
}

/** Stryker's statuses, counted the way its score counts them. */
function tally(results) {
  const count = (...statuses) => results.filter((result) => statuses.includes(result.status)).length;
  const killed = count('Killed');
  const timeout = count('Timeout');
  const survived = count('Survived');
  const noCoverage = count('NoCoverage');
  const ignored = count('Ignored');
  const errors = count('CompileError', 'RuntimeError');
  const detected = killed + timeout;
  const valid = detected + survived + noCoverage;
  return { killed, timeout, survived, noCoverage, ignored, errors, score: valid === 0 ? 100 : (100 * detected) / valid };
}

/**
 * Seconds the budget's plan reckons a target costs: its start (the sandbox, and the dry run of its
 * tests, reckoned by how many test files its globs hold) and each line drawn (its mutants' runs).
 * Rough, and scaled by `pace` (the measured over the reckoned, as targets end): a target that
 * costs more than reckoned leaves less to those after it, never more than the budget in all.
 */
const COST = { [LIBRARY]: { start: 20, perTestFile: 2, perLine: 8 }, [SERVER]: { start: 40, perTestFile: 8, perLine: 25 } };
/** Lines drawn from a target at least, when it runs at all: fewer say nothing. */
const MIN_LINES = 3;
/** How much slower than the plan's costs the targets run so far took (1 until one has run). */
let pace = 1;

/** How many test files a target's test globs hold (the library's from the top, the server's from server/). */
function testFiles(name) {
  const target = TARGETS[name];
  const base = target.configFile === SERVER ? 'server' : '.';
  const all = readdirSync(path.join(base, 'test'), { recursive: true }).map((file) => path.posix.join('test', String(file).split(path.sep).join('/')));
  const patterns = target.tests.map(
    (glob) =>
      new RegExp(
        `^${glob
          .replace(/[.+^${}()|[\]\\]/g, '\\$&')
          .replace(/\*\*\//g, '(?:.*/)?')
          .replace(/\*/g, '[^/]*')}$`,
      ),
  );
  return all.filter((file) => patterns.some((pattern) => pattern.test(file))).length;
}

/** A target's reckoned costs (seconds), before `pace`. */
function costOf(name) {
  const cost = COST[TARGETS[name].configFile];
  return { start: cost.start + cost.perTestFile * testFiles(name), perLine: TARGETS[name].cost?.perLine ?? cost.perLine };
}

/**
 * The lines to draw from the first of `pending` within `left` seconds: the time left after each
 * target's start is shared equally among the targets, a target that needs less than its share
 * (all its lines) leaving the rest to the others, so that one slow or large target cannot take the
 * whole budget. Planned again before each target, with the time then left and the pace measured.
 */
function planLines(pending, left) {
  const costs = pending.map((run) => ({ run, start: run.cost.start * pace, perLine: run.cost.perLine * pace }));
  let pool = left - costs.reduce((sum, cost) => sum + cost.start, 0);
  const lines = new Map();
  let open = costs;
  while (open.length > 0) {
    const share = Math.max(0, pool) / open.length;
    const whole = open.filter((cost) => cost.run.changed.length * cost.perLine <= share);
    if (whole.length === 0) {
      for (const cost of open) lines.set(cost.run, Math.min(cost.run.changed.length, Math.max(MIN_LINES, Math.floor(share / cost.perLine))));
      break;
    }
    for (const cost of whole) {
      lines.set(cost.run, cost.run.changed.length);
      pool -= cost.run.changed.length * cost.perLine;
    }
    open = open.filter((cost) => !whole.includes(cost));
  }
  const first = costs[0];
  return {
    lines: lines.get(first.run),
    seconds: first.start + lines.get(first.run) * first.perLine,
    least: first.start + Math.min(MIN_LINES, first.run.changed.length) * first.perLine,
  };
}

/** One Stryker run: `mutate` against `tests`, with the incremental file and reports of `name`. */
async function stryker(name, configFile, mutate, tests, env = {}) {
  process.env.DOCSNAV_MUTATE_TESTS = tests.join(',');
  // A target's own environment for its tests (the runners Stryker starts inherit it); unset again after.
  const before = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  Object.assign(process.env, env);
  try {
    return await runStryker(name, configFile, mutate);
  } finally {
    for (const [key, value] of Object.entries(before))
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
  }
}

function runStryker(name, configFile, mutate) {
  return new Stryker({
    configFile,
    mutate,
    incremental: true,
    // A run whose changed lines hold no mutant (a type's member, an interface's field) runs no test: nothing to mutate, a success (its score is 1), not Stryker's "No tests were executed".
    allowEmpty: true,
    // DOCSNAV_MUTATE_CONCURRENCY: test runners at once (the configs' 2 unless set; 1 on a machine others share).
    ...(process.env.DOCSNAV_MUTATE_CONCURRENCY ? { concurrency: Number(process.env.DOCSNAV_MUTATE_CONCURRENCY) } : {}),
    incrementalFile: `reports/stryker-incremental-${name}.json`,
    htmlReporter: { fileName: `reports/mutation/${name}.html` },
    jsonReporter: { fileName: `reports/mutation/${name}.json` },
  }).runMutationTest();
}

/**
 * A target's score over the lines it was asked about, as an estimate of its score over every line
 * `changed` holds: the ratio of detected to valid mutants, lines being the sampling unit (a line's
 * mutants stand or fall together: one test reaches them all). `exact` when every line was
 * mutated; else its variance is the ratio estimator's over lines, with the finite-population
 * correction (1 - drawn/changed), and its 95% interval Wilson's at the effective number of
 * mutants that variance implies (a sample of lines that all agree still gets an interval; see `interval`).
 */
function estimate(results, lines, population) {
  const byLine = new Map(lines.map((line) => [line, { valid: 0, detected: 0 }]));
  for (const result of results) {
    const line = byLine.get(`${path.relative(root, result.fileName)}:${result.location.start.line}`);
    if (!line || !['Killed', 'Timeout', 'Survived', 'NoCoverage'].includes(result.status)) continue;
    line.valid++;
    if (result.status === 'Killed' || result.status === 'Timeout') line.detected++;
  }
  const drawn = [...byLine.values()];
  const valid = drawn.reduce((sum, line) => sum + line.valid, 0);
  const detected = drawn.reduce((sum, line) => sum + line.detected, 0);
  const score = valid === 0 ? 1 : detected / valid;
  const n = drawn.length;
  const fpc = Math.max(0, 1 - n / population);
  if (fpc === 0 || valid === 0) return { score, variance: 0, exact: true, perLine: n === 0 ? 0 : valid / n, n, population, valid };
  const mean = valid / n;
  const spread = n < 2 ? score * (1 - score) * mean * mean : drawn.reduce((sum, line) => sum + (line.detected - score * line.valid) ** 2, 0) / (n - 1);
  return { score, variance: (fpc * spread) / (n * mean * mean), exact: false, perLine: mean, n, population, valid };
}

/** Student's t at 97.5% for `df` degrees of freedom (a few lines estimate their own spread poorly), 1.96 past 60. */
function tQuantile(df) {
  const table = [12.71, 4.3, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26, 2.23];
  if (df < 1) return table[0];
  if (df <= table.length) return table[df - 1];
  return df <= 20 ? 2.09 : df <= 30 ? 2.04 : df <= 60 ? 2.0 : 1.96;
}

/**
 * The 95% interval (in %) of an estimate: Wilson's at the effective sample size its variance
 * implies (never more than the mutants there are: a line's mutants are not independent), with
 * Student's t for the lines drawn in place of 1.96.
 */
function interval({ score, variance, exact, n, population, valid }) {
  if (exact) return [100 * score, 100 * score];
  const fpc = 1 - n / population;
  const effective = Math.min(variance > 0 ? (score * (1 - score)) / variance : n / fpc, valid / fpc);
  const z = tQuantile(n - 1);
  const centre = (score + (z * z) / (2 * effective)) / (1 + (z * z) / effective);
  const half = (z * Math.sqrt((score * (1 - score)) / effective + (z * z) / (4 * effective * effective))) / (1 + (z * z) / effective);
  return [Math.max(0, 100 * (centre - half)), Math.min(100, 100 * (centre + half))];
}

/** The targets' estimates together, each weighted by its mutants (its changed lines times its mutants per line drawn). */
function pooled(estimates) {
  const weights = estimates.map((one) => one.population * one.perLine);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total === 0) return { score: 1, variance: 0, exact: true, n: 0, population: 0, valid: 0 };
  const share = weights.map((weight) => weight / total);
  const score = estimates.reduce((sum, one, index) => sum + share[index] * one.score, 0);
  const variance = estimates.reduce((sum, one, index) => sum + share[index] ** 2 * one.variance, 0);
  const n = estimates.reduce((sum, one) => sum + one.n, 0);
  const population = estimates.reduce((sum, one) => sum + one.population, 0);
  const valid = estimates.reduce((sum, one) => sum + one.valid, 0);
  return { score, variance, exact: estimates.every((one) => one.exact), n, population, valid };
}

/**
 * The floor's verdict on an estimate: an exact score (every changed line mutated) fails under the
 * floor; a sampled one fails only when its whole 95% interval is under it. So a score measured
 * under the floor always fails, and the draw of lines alone fails a change whose true score is at
 * the floor at most 2.5% of the time; a sampled estimate under the floor whose interval reaches
 * it passes, and is said (`under`).
 */
function gate(one) {
  const [, upper] = interval(one);
  if (upper < floor) return 'fails';
  return 100 * one.score < floor ? 'under' : 'passes';
}

const shownScore = (one) => {
  const [lower, upper] = interval(one);
  return one.exact ? `${(100 * one.score).toFixed(1)}%` : `${(100 * one.score).toFixed(1)}% (95%: ${lower.toFixed(0)}–${upper.toFixed(0)}%)`;
};

const rows = [];
const started = performance.now();
const notRun = [];

/** Lists what a partial run asked about and the tests missed, line by line: what to test next (or mark equivalent, with its reason). */
function listAlive(counted) {
  for (const result of counted.filter((result) => result.status === 'Survived' || result.status === 'NoCoverage'))
    console.log(
      `  ${result.status === 'Survived' ? 'survived' : 'no test reached it'}: ${path.relative(root, result.fileName)}:${result.location.start.line}, ${result.mutatorName}${
        result.replacement === undefined ? '' : ` → ${JSON.stringify(result.replacement).slice(0, 100)}`
      }`,
    );
}

/** The lines (`file:line`) of `file:start-end` ranges of single lines. */
const linesIn = (mutate) => mutate.map((range) => range.replace(/-\d+$/, ''));

if (changedMode && budget !== undefined) {
  // The cheapest starts first: as many targets measured as the budget allows; one whose start does not fit is not run (said, not failed).
  const pending = runs.map((run) => ({ ...run, cost: costOf(run.name) })).sort((a, b) => a.cost.start - b.cost.start || a.name.localeCompare(b.name));
  while (pending.length > 0) {
    const run = pending[0];
    const begun = performance.now();
    const left = budget - (begun - started) / 1000;
    const plan = planLines(pending, left);
    pending.shift();
    if (left < plan.least) {
      notRun.push(`${run.name} (its start alone is reckoned at ${Math.round(run.cost.start * pace)} s; ${Math.max(0, Math.round(left))} s were left)`);
      continue;
    }
    const mutate = linesOf(sample(run.changed, plan.lines, run.seed));
    console.log(
      `mutate: ${run.name}: ${plan.lines} of its ${run.changed.length} changed lines of code (seed ${run.seed.slice(0, 12)}${run.seed.slice(40)}), reckoned ${Math.round(plan.seconds)} s of the ${Math.round(left)} s left`,
    );
    let results;
    try {
      results = await stryker(run.name, TARGETS[run.name].configFile, mutate, TARGETS[run.name].tests, TARGETS[run.name].env);
    } catch (error) {
      // Stryker's dry run over its time (a loaded machine), or its tests failing before any mutant: not measured, said; the test steps fail a failing test.
      notRun.push(`${run.name} (Stryker: ${String(error?.message ?? error).split('\n')[0]})`);
      continue;
    }
    const seconds = (performance.now() - begun) / 1000;
    pace = Math.min(4, Math.max(0.25, (pace + seconds / plan.seconds) / 2));
    const counted = results.filter((result) => inRanges(mutate, path.relative(root, result.fileName), result.location.start.line));
    rows.push({ name: run.name, ...tally(counted), minutes: seconds / 60, estimate: estimate(counted, linesIn(mutate), run.changed.length) });
    listAlive(counted);
  }
} else {
  for (const run of runs) {
    const begun = performance.now();
    const results = await stryker(run.name, TARGETS[run.name].configFile, run.mutate, TARGETS[run.name].tests, TARGETS[run.name].env);
    // Stryker answers for every mutant its incremental file holds: with --changed or --sample, count the lines asked for only.
    const counted = partial ? results.filter((result) => inRanges(run.mutate, path.relative(root, result.fileName), result.location.start.line)) : results;
    const minutes = (performance.now() - begun) / 60_000;
    rows.push({ name: run.name, ...tally(counted), minutes, estimate: changedMode ? estimate(counted, linesIn(run.mutate), run.changed.length) : undefined });
    if (partial) listAlive(counted);
  }
}
if (notRun.length > 0) console.log(`\nmutate: not measured within the budget of ${budget} s (not failed): ${notRun.join('; ')}`);
if (rows.length === 0) process.exit(0);

const header = [
  'target',
  changedMode ? 'lines' : 'score',
  ...(changedMode ? ['score'] : []),
  'killed',
  'timeout',
  'survived',
  'no coverage',
  'ignored',
  'errors',
  'minutes',
];
const table = [
  header,
  ...rows.map((row) => [
    row.name,
    ...(changedMode ? [`${row.estimate.n}/${row.estimate.population}`] : []),
    changedMode
      ? `${shownScore(row.estimate)}${gate(row.estimate) === 'passes' ? '' : ` ${gate(row.estimate)}`}`
      : sampleSize === undefined
        ? `${row.score.toFixed(1)}%`
        : `${row.score.toFixed(1)}% (95%: ${wilson(row.killed + row.timeout, row.killed + row.timeout + row.survived + row.noCoverage)
            .map((bound) => Math.abs(bound).toFixed(0))
            .join('–')}%)`,
    row.killed,
    row.timeout,
    row.survived,
    row.noCoverage,
    row.ignored,
    row.errors,
    row.minutes.toFixed(1),
  ]),
].map((cells) => cells.map(String));
const widths = header.map((_, column) => Math.max(...table.map((cells) => cells[column].length)));
console.log(`\n${table.map((cells) => cells.map((cell, column) => cell.padEnd(widths[column])).join('  ')).join('\n')}`);
if (changedMode) {
  // The floor holds for each target's changed lines and for all of them together.
  const all = pooled(rows.map((row) => row.estimate));
  const verdicts = [...rows.map((row) => ({ name: row.name, verdict: gate(row.estimate) })), { name: 'all targets', verdict: gate(all) }];
  console.log(
    `\nthe changed lines, all targets: ${shownScore(all)} over ${all.n} of ${all.population} lines (${((performance.now() - started) / 60_000).toFixed(1)} min); the floor ${floor}% fails an exact score under it, or an estimate whose 95% interval is under it`,
  );
  const under = verdicts.filter((one) => one.verdict === 'under');
  if (under.length > 0)
    console.log(
      `under ${floor}%, though its interval reaches it (not failed; the survivors above say what to test): ${under.map((one) => one.name).join(', ')}`,
    );
  const failed = verdicts.filter((one) => one.verdict === 'fails');
  if (failed.length > 0) {
    console.log(`FAILED: under the floor of ${floor}%: ${failed.map((one) => one.name).join(', ')}`);
    process.exitCode = 1;
  }
} else {
  const low = rows.filter((row) => row.score < THRESHOLD);
  if (low.length > 0) {
    console.log(`\nunder ${THRESHOLD}%: ${low.map((row) => row.name).join(', ')}`);
    process.exitCode = 1;
  }
}
