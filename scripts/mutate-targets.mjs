/**
 * The mutation targets of scripts/mutate.mjs: which files each mutates (`paths`) and which test
 * files run against its mutants (`tests`). Every source file of src/, server/src and scripts/ is in
 * one (test/mutate-targets.test.ts fails on a file no target holds).
 */
import { readdirSync, readFileSync } from 'node:fs';

export const LIBRARY = 'stryker.config.mjs';
export const SERVER = 'stryker.server.config.mjs';

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
export const TARGETS = {
  // The docs root's lookups the rules ask (pageFileIn, kindIn) were src/rules/types.ts's until issue 70 moved DocsFiles down to where it is made.
  rules: {
    configFile: LIBRARY,
    paths: ['src/rules/', ...declarations('src/docs-root.ts', ['pageFileIn', 'kindIn'])],
    // redirect-missing is read against git's history (test/history) and its redirects written by --fix (test/fix/fix.test.ts): its 27
    // mutants survived the rules target's first whole run without them.
    tests: ['test/rules/**/*.test.ts', 'test/site/**/*.test.ts', 'test/redirects/**/*.test.ts', 'test/history/history.test.ts', 'test/fix/fix.test.ts'],
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
      // The user's cache key and where it lives (issue 67: a relative XDG_CACHE_HOME put it inside the site under check).
      'key',
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
    tests: [
      'test/lsp/planted-bugs.test.ts',
      'test/lsp/renames.test.ts',
      'test/lsp/page-edits.test.ts',
      'test/lsp/mint.test.ts',
      'test/lsp/asyncapi.test.ts',
      'test/lsp/in-process-*.test.ts',
    ],
    env: { DOCSNAV_LSP_IN_PROCESS: '1' },
  },
  settings: { configFile: LIBRARY, paths: ['src/settings/'], tests: ['test/settings/**/*.test.ts'] },
  // test/docs/rule-docs.test.ts reads a git base (readSiteBase) for redirect-missing's examples; test/fix's `since` is a literal SiteBase.
  // src/git.ts's signalled GitError is tested where a move is stopped by it (test/move/interruptible.test.ts).
  history: {
    configFile: LIBRARY,
    paths: ['src/history/', 'src/git.ts'],
    tests: ['test/history/**/*.test.ts', 'test/docs/rule-docs.test.ts', 'test/move/interruptible.test.ts'],
  },
  server: {
    configFile: SERVER,
    paths: [
      'server/src/http/auth.ts',
      'server/src/http/routes/auth.ts',
      'server/src/assistant/limits.ts',
      'server/src/assistant/protocols.ts',
      'server/src/assistant/events.ts',
    ],
    // route-guards: a follow-up naming another project's thread (routes/auth.ts's body owner).
    tests: ['test/api-keys.test.ts', 'test/auth.test.ts', 'test/limit-scopes.test.ts', 'test/protocols.test.ts', 'test/route-guards.test.ts'],
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
      // The deployment's embedding pass (deployment-embeddings.ts), in process.
      'test/embed-deployment.test.ts',
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
    tests: [
      'test/limits.test.ts',
      'test/requests.test.ts',
      'test/planted-connection-limits.test.ts',
      'test/cors-delegator.test.ts',
      // Issue 67's whole run (49.0%): the origins had no test of their own, and the app's routes and hooks are tested by these.
      'test/origins.test.ts',
      'test/app-hooks.test.ts',
      'test/connection-limits.test.ts',
      'test/app.test.ts',
      'test/auth.test.ts',
      'test/route-guards.test.ts',
    ],
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
      // The lookups' owner condition (projects.ts's findProject and findProjectByDomain), through the auth hook that relies on it.
      'test/route-guards.test.ts',
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
      'test/index-fields.test.ts',
      'test/library-rank-memory.test.ts',
      'test/library-rank.test.ts',
      'test/section-rank.test.ts',
    ],
  },
  'data-folder': {
    configFile: SERVER,
    paths: ['server/src/host/data-folder.ts'],
    tests: ['test/data-folder*.test.ts', 'test/job-kinds.test.ts', 'test/host-data-folder.test.ts'],
  },
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
      // boundedModelFetch on its own (the sample on 6f30839: its words and branches reached by no test here).
      'test/model-fetch.test.ts',
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
  // Issue 67: every room of src/, server/src and scripts/ is in a target (test/mutate-targets.test.ts). The targets below
  // were in none; their whole scores are in docs/mutation-scores.md where measured, "not measured" where not.
  // The schema's checks, and what the platform drops for a malformed entry (lost-arrays.ts).
  schema: {
    configFile: LIBRARY,
    paths: ['src/schema/'],
    // Every file of test/schema (group-spec-value.test.ts holds the dropped arrays' and empty divisions' verdicts: left out, lost-arrays.ts:77's three mutants survived CI's draw on 7f8cf4a).
    // The build cases hold what the platform's build drops and fails, through the tree (generatorChildLosses, strict-objects.ts:142: every mutant survived the draw on 6f30839 without them).
    tests: [
      'test/schema/*.test.ts',
      'test/navigation/platform-drops.test.ts',
      'test/settings/**/*.test.ts',
      'test/resolve/build-cases.test.ts',
      'test/resolve/generator-children.test.ts',
    ],
  },
  // Reading JSON and YAML with locations, and following $refs.
  source: { configFile: LIBRARY, paths: ['src/source/'], tests: ['test/source/*.test.ts', 'test/navigation/**/*.test.ts'] },
  // The report formats (pretty, JSON, SARIF, GitHub).
  report: { configFile: LIBRARY, paths: ['src/report/'], tests: ['test/report/**/*.test.ts'] },
  // The configuration: profiles, ignores, the config file.
  config: { configFile: LIBRARY, paths: ['src/config/', 'src/config-file/'], tests: ['test/config/**/*.test.ts', 'test/config-file/**/*.test.ts'] },
  // The command line (its tests mostly spawn the build: few see a mutant; a whole run says how few).
  cli: { configFile: LIBRARY, paths: ['src/cli/'], tests: ['test/cli/**/*.test.ts'] },
  daemon: { configFile: LIBRARY, paths: ['src/daemon/'], tests: ['test/daemon/**/*.test.ts'] },
  // The library's core: the pipeline and the top-level files (validate, read, files, text, problems...).
  core: {
    configFile: LIBRARY,
    // src/'s top-level files no other target holds (added below, once the others are known).
    paths: ['src/pipeline/'],
    // test/pipeline: the progress counts (src/pipeline/progress.ts reached by no test of this target in the sample on 6f30839).
    // The first whole run (a0bbeba, 66.5%: 325 mutants reached by no test) showed the top-level files' tests to be elsewhere: the
    // disk listing and reads (files.ts, docs-root.ts, read.ts) under test/site, test/cache and test/hostile's I/O files, the
    // counts (result.ts) under test/report, a config's unreadable file (read.ts) under test/config-file.
    tests: [
      'test/*.test.ts',
      'test/pipeline/**/*.test.ts',
      'test/rules/**/*.test.ts',
      'test/settings/**/*.test.ts',
      'test/resolve/**/*.test.ts',
      'test/site/**/*.test.ts',
      'test/report/**/*.test.ts',
      'test/config-file/**/*.test.ts',
      'test/cache/store.test.ts',
      'test/cache/stamp.test.ts',
      'test/cache/lookups.test.ts',
      // Not io-root.test.ts: it changes the process's folder, which Stryker's worker threads refuse.
      'test/hostile/io-pipeline.test.ts',
      'test/hostile/io-remote.test.ts',
    ],
  },
  // The analysis of a deployment: page text (hidden blocks), channel and endpoint text, the project's config.
  analysis: {
    configFile: SERVER,
    paths: ['server/src/analysis/'],
    tests: [
      'test/hidden-text.test.ts',
      'test/page-text.test.ts',
      'test/page-text-accordions.test.ts',
      'test/analyze.test.ts',
      'test/analyze-search.test.ts',
      'test/anchor-text.test.ts',
      'test/library-threads.test.ts',
      'test/tree-parts.test.ts',
      // The in-process tests of issue 67 (not test/analysis-heap.test.ts: a deployment on its own thread, which sees no mutant).
      'test/analysis-checkout-*.test.ts',
      'test/analysis-text-*.test.ts',
      'test/analysis-threads-*.test.ts',
    ],
  },
  // The server's command line, its host (disk, folder sizes, log, metrics), its core and shared text.
  'server-cli': { configFile: SERVER, paths: ['server/src/cli/'], tests: ['test/cli.test.ts', 'test/operate.test.ts', 'test/server-cli-*.test.ts'] },
  host: {
    configFile: SERVER,
    paths: ['server/src/host/'],
    tests: ['test/data-folder*.test.ts', 'test/disk-full.test.ts', 'test/operate.test.ts', 'test/host-*.test.ts'],
  },
  'server-core': {
    configFile: SERVER,
    // local-thread.ts runs only compiled, in the repository's worker thread: its mutants are reached by no test in-process (said as "no coverage").
    paths: ['server/src/core.ts', 'server/src/index.ts', 'server/src/messages/text.ts', 'server/src/repository/local-thread.ts'],
    tests: ['test/app.test.ts', 'test/api-keys.test.ts', 'test/redact.test.ts', 'test/local-threads.test.ts', 'test/core-projects.test.ts'],
  },
  // The scripts: the mutation gate itself (issue 67: a broken path parse passed CI) and its base, the changed lines, CI's due check, the fresh build.
  scripts: {
    configFile: LIBRARY,
    paths: ['scripts/'],
    tests: [
      'test/mutate-gate.test.ts',
      'test/mutate-run.test.ts',
      'test/mutate-step.test.ts',
      'test/mutate-program.test.ts',
      'test/mutate-machine.test.ts',
      'test/ci-state.test.ts',
      'test/mutation-state.test.ts',
      'test/mutate-targets.test.ts',
      'test/changed-lines.test.ts',
      'test/ci-due.test.ts',
      'test/fresh-build.test.ts',
      'test/layers.test.ts',
      // test/docs's files that run scripts/ (architecture.mjs, generate-docs.mjs); links.test.ts reads the documents through
      // `git ls-files`, which lists none in Stryker's sandbox (a folder git ignores): its dry run failed the target.
      'test/docs/architecture.test.ts',
      'test/docs/generated.test.ts',
      // bundle.mjs's pruning of the declarations (scripts/declarations.mjs), and the licences it ships (scripts/licenses.mjs).
      'test/declarations.test.ts',
      'test/licenses.test.ts',
      // The programs, run in process (issue 67: as child processes only, 574 of their mutants were reached by no test):
      // the build's bundler, the package boundary's check, npm's prepare, the generated documents.
      'test/bundle.test.ts',
      'test/package/boundaries.test.ts',
      'test/prepare.test.ts',
      'test/generate-docs.test.ts',
      'test/mulberry32.test.ts',
    ],
  },
};
TARGETS.core.paths.push(
  ...readdirSync(new URL('../src/', import.meta.url))
    .filter((name) => isSource(name))
    .map((name) => `src/${name}`)
    .filter((file) => targetOf(file) === undefined)
    .sort(),
);
export const THRESHOLD = 80;
/** The floor of a `--changed` run: the changed lines' score under which CI fails (issue 58). */
export const FLOOR = 85;

/**
 * What the build makes beside the sources (src/schema/validate.generated.ts, the compiled navigation
 * validator: git-ignored, 16,000 mutants of generated code). The schema target's whole run
 * instrumented it, and its own test, which reads that file, failed Stryker's first run.
 */
const GENERATED = '**/*.generated.ts';

/** Stryker's `mutate` globs of a target's paths, never a file the build made. */
export const globsOf = (paths) => [...paths.map((entry) => (entry.endsWith('/') ? `${entry}**/*.{ts,mjs}` : entry)), `!${GENERATED}`];

/** Whether a file is a source file a target mutates: TypeScript or a JavaScript module, not a declaration file nor one the build made. */
export function isSource(file) {
  return /\.(ts|mjs)$/.test(file) && !file.endsWith('.d.ts') && !file.endsWith('.generated.ts');
}

/** The target a file belongs to (the first that holds it), or undefined. */
export function targetOf(file) {
  for (const [name, target] of Object.entries(TARGETS)) {
    if (target.paths.some((entry) => (entry.endsWith('/') ? file.startsWith(entry) : file === entry))) return name;
  }
  return undefined;
}
