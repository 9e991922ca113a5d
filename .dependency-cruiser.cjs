/**
 * The house's layers, checked by dependency-cruiser (`npm run check:layers`, part of `npm run lint`).
 * It reads the TypeScript sources of both packages (src/ and server/src/), every import form counted:
 * static, type-only, `export … from`, `import()` and `require()`.
 *
 * Data flows one way (shared/style.md): text -> source -> schema + rules -> problems -> report; the
 * resolver reads the same parsed source. No layer reaches back up, and the two packages meet only
 * through docsnav's public exports. Every rule is an error: when one fires, fix the import, not this file.
 */
const LIBRARY_PIPELINE = '^src/(rules|navigation|source|schema|resolve|fix|report)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A cycle (static, type-only or import()) ties modules so that neither can be read, tested or loaded without the other.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment:
        'An import that does not resolve: a typo, or a subpath of docsnav that its package.json `exports` does not list (the server may use `docsnav`, `docsnav/schema/…` and `docsnav/package.json` only).',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'server-through-public-api',
      comment:
        'The server package reaches docsnav by its package name only: no relative path out of server/ (into src/, dist/, schema/ or anywhere else), no `docsnav/dist/…`.',
      severity: 'error',
      from: { path: '^server/' },
      to: { pathNot: '^(server/|node_modules/)', dependencyTypesNot: ['core'] },
    },
    {
      name: 'library-not-to-server',
      comment: 'The library never imports the server package; the CLI finds it at run time by name (src/cli/server-commands.ts).',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(server/|node_modules/@docsnav/server(/|$))' },
    },
    {
      name: 'pipeline-not-to-cli-or-lsp',
      comment: 'The checks (source, navigation, schema, rules, resolve, fix, report) never reach the CLI or the editor server: those sit on top of them.',
      severity: 'error',
      from: { path: LIBRARY_PIPELINE },
      to: { path: '^src/(cli|lsp)/' },
    },
    {
      name: 'only-cli-imports-cli',
      comment: 'src/cli is the top: argument parsing, exit codes and wiring; nothing in the library imports it.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/cli/' },
      to: { path: '^src/cli/' },
    },
    {
      name: 'only-cli-imports-lsp',
      comment: 'The language server is loaded by `docsnav lsp` only; the library does not depend on it.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(cli|lsp)/' },
      to: { path: '^src/lsp/' },
    },
    {
      name: 'public-api-is-the-top',
      comment: 'src/index.ts is the public API, nothing else: no module inside the library imports it (it would tie that module to everything).',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^src/index\\.ts$' },
    },
    {
      name: 'source-is-the-bottom',
      comment: 'source/ turns text into a value and a locator; it knows nothing of navigation, schemas, rules, resolving, fixes or reports.',
      severity: 'error',
      from: { path: '^src/source/' },
      to: { path: '^src/(navigation|schema|rules|resolve|fix|report|config|settings|validate|cache|docs-root)[./]' },
    },
    {
      name: 'mint-is-a-loader',
      comment:
        'src/mint turns a legacy mint.json into the document the checks read (as source/ turns a docs.json into one): it never imports a check, the resolver, fixes, reports or the pipeline.',
      severity: 'error',
      from: { path: '^src/mint/' },
      to: { path: '^src/(schema|rules|resolve|fix|report|validate|cache|navigation)[./]' },
    },
    {
      name: 'navigation-below-checks',
      comment: 'The element model and walker come before every check: navigation/ never imports a check, the resolver, fixes or reports.',
      severity: 'error',
      from: { path: '^src/navigation/' },
      to: { path: '^src/(schema|rules|resolve|fix|report|config|settings|validate|cache)[./]' },
    },
    {
      name: 'checks-before-problems-use',
      comment: 'The schema check and the rules produce findings; they never import what consumes them (the resolver, fixes, reports, validate).',
      severity: 'error',
      from: { path: '^src/(schema|rules)/' },
      to: { path: '^src/(resolve|fix|report|settings|validate|cache)[./]' },
    },
    {
      name: 'report-is-the-end',
      comment: 'Reports format problems and trees at the end of the flow: only the public API, the CLI and the editor server import them.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(report/|cli/|lsp/|index\\.ts$)' },
      to: { path: '^src/report/' },
    },
    {
      name: 'report-runs-no-checks',
      comment: 'A formatter turns results into text; it never runs a check, computes a fix or loads configuration.',
      severity: 'error',
      from: { path: '^src/report/' },
      to: { path: '^src/(schema|rules|fix|config|settings|validate|cache)[./]' },
    },
    // The server (server/src/): the entry points at the root (index.ts, the package's API; core.ts, what the
    // routes and the commands call), and rooms by what they serve: cli/ (the commands), http/ (app, routes,
    // web/ and HTTP's own pieces), jobs/, assistant/, search/, analysis/ (the library's work on a checkout, in
    // worker threads), repository/ (git: guards apart from operations), store/ (SQL), host/ (data folder,
    // disk, log, metrics), messages/ (what the server shows of itself).
    {
      name: 'cache-around-the-pipeline',
      comment:
        "The cache on disk (src/cache/ but memory.ts, an editor's cache the pipeline threads through) wraps the pipeline at one seam, validate.ts's validateText; the pipeline reaches it only through the ports of src/pages/kept.ts. Only the seam, the public API, the CLI and the editor server import it.",
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(cache/|cli/|lsp/|index\\.ts$|validate\\.ts$)' },
      to: { path: '^src/cache/', pathNot: '^src/cache/memory\\.ts$' },
    },
    {
      name: 'server-store-is-below',
      comment: 'The store is the only place with SQL; it serves the layers above and imports none of them.',
      severity: 'error',
      from: { path: '^server/src/store/' },
      to: { path: '^server/src/(http|cli|jobs|assistant|search|analysis|repository)/|^server/src/(core|index)\\.ts$' },
    },
    {
      name: 'server-sql-in-the-store',
      comment: 'SQL lives in the store: only server/src/store/ opens a database driver.',
      severity: 'error',
      from: { path: '^server/src/', pathNot: '^server/src/store/' },
      to: { path: '^node_modules/(pg|@electric-sql/pglite)/' },
    },
    {
      name: 'server-git-in-repository-operations',
      comment:
        "git runs in the repository's operations (server/src/repository/operations/), started by one module, run-git.ts: no other module spawns processes (the guards and the other operations included).",
      severity: 'error',
      from: { path: '^server/src/', pathNot: '^server/src/repository/operations/run-git\\.ts$' },
      to: { path: '^(node:)?child_process$' },
    },
    {
      name: 'server-repository-guards-run-nothing',
      comment:
        'The repository guards (errors, guards, local: what git may be asked, the allowed local folders) are checks read and tested without running git; the operations call them, never the other way round.',
      severity: 'error',
      from: { path: '^server/src/repository/(errors|guards|local)\\.ts$' },
      to: { path: '^server/src/repository/operations/' },
    },
    {
      name: 'server-repository-is-below',
      comment: 'Repository access knows git and folders, nothing of projects, the store, jobs or HTTP: it imports nothing of the server outside repository/.',
      severity: 'error',
      from: { path: '^server/src/repository/' },
      to: { path: '^server/src/', pathNot: '^server/src/repository/' },
    },
    {
      name: 'server-git-runs-in-jobs',
      comment:
        'A request, the store, the assistant or the analysis never runs git: git runs in the jobs (deployment, repair) and in the commands (recovery at start, the branch check of `project add`). The others may use the guards (a branch name, a repository URL).',
      severity: 'error',
      from: { path: '^server/src/', pathNot: '^server/src/(jobs|cli|repository)/' },
      to: { path: '^server/src/repository/operations/' },
    },
    {
      name: 'server-http-on-top',
      comment: 'The app and its routes are the top of the HTTP side: the core, the store, jobs, search and the assistant never import them.',
      severity: 'error',
      from: { path: '^server/src/', pathNot: '^server/src/(http/|cli/|index\\.ts$)' },
      to: { path: '^server/src/http/(routes/|app\\.ts$)' },
    },
    {
      name: 'server-http-through-core',
      comment:
        "HTTP reaches the store and the job queue through core.ts: a route's checks and effects are the core's, shared with the commands. Types are fine. The exceptions predate this rule: the one auth hook (routes/auth.ts) and the key check (auth.ts) read keys and owners, app.ts finds a project by domain for CORS, the agent routes (routes/agent.ts) read sessions and queue repairs.",
      severity: 'error',
      from: { path: '^server/src/http/', pathNot: '^server/src/http/(app|auth|routes/auth|routes/agent)\\.ts$' },
      to: { path: '^server/src/(store|jobs)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-host-is-below',
      comment:
        "The host (data folder, disk, log, metrics) serves every layer and loads none of them; it may name their types (metrics implements the job runner's observer) and use the store.",
      severity: 'error',
      from: { path: '^server/src/host/' },
      to: { path: '^server/src/(http|cli|jobs|assistant|search|analysis|repository)/|^server/src/(core|index)\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-analysis-in-threads',
      comment:
        "analysis/ runs in worker threads (library-thread-entry.ts): what it loads, every thread loads, and a thread never opens the store, runs git or serves HTTP. Besides docsnav and itself it loads only the store's storableJson and messages/; the store's types are fine.",
      severity: 'error',
      from: { path: '^server/src/analysis/' },
      to: {
        path: '^server/src/',
        pathNot: '^server/src/(analysis/|messages/|store/storable\\.ts$)',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'server-messages-are-leaves',
      comment: 'messages/ (redaction, counts with their nouns) is used by every layer and imports nothing of the server.',
      severity: 'error',
      from: { path: '^server/src/messages/' },
      to: { path: '^server/src/', pathNot: '^server/src/messages/' },
    },
    {
      name: 'server-cli-on-top',
      comment: "The server's commands wire everything together; only the package's entry (index.ts) imports them.",
      severity: 'error',
      from: { path: '^server/src/', pathNot: '^server/src/(cli/|index\\.ts$)' },
      to: { path: '^server/src/cli/' },
    },
  ],
  options: {
    doNotFollow: { path: '^node_modules/' },
    exclude: { path: '^(server/)?dist/' },
    // Type-only imports count: a type cycle still ties two modules, and a type from src/ is still a deep import.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // `docsnav` in the workspace is a link to the repository; kept as node_modules/docsnav/… so that the
    // server's imports are judged by the package's exports, as an installed copy would resolve them.
    preserveSymlinks: true,
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['types', 'import', 'require', 'node', 'default'],
      extensions: ['.ts', '.d.ts', '.js', '.mjs', '.json'],
      mainFields: ['types', 'main'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
