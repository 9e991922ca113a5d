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
      to: { path: '^server/src/(routes|cli|jobs|assistant|search)/|^server/src/(app|core|search|index)\\.ts$' },
    },
    {
      name: 'server-sql-in-the-store',
      comment: 'SQL lives in the store: only server/src/store/ opens a database driver.',
      severity: 'error',
      from: { path: '^server/src/', pathNot: '^server/src/store/' },
      to: { path: '^node_modules/(pg|@electric-sql/pglite)/' },
    },
    {
      name: 'server-git-in-git-ts',
      comment: 'git runs in server/src/git.ts only: no other module spawns processes.',
      severity: 'error',
      from: { path: '^server/src/', pathNot: '^server/src/git\\.ts$' },
      to: { path: '^(node:)?child_process$' },
    },
    {
      name: 'server-http-on-top',
      comment: 'The routes and the app are the HTTP layer: the core, the store, jobs, search and the assistant never import them.',
      severity: 'error',
      from: { path: '^server/src/', pathNot: '^server/src/(routes/|cli/|app\\.ts$|index\\.ts$)' },
      to: { path: '^server/src/(routes/|app\\.ts$)' },
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
