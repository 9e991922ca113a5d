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

/**
 * The library's rooms (src/: a folder, or a file of its own at the top), bottom first. A room
 * imports only rooms of the layers below its own: never a room beside it, never one above, so that
 * no import runs back up and each layer can be read, tested and loaded without those above it
 * (rule `no-import-runs-back-up`). The first layer is the base: one file each, leaves every room
 * uses (they may import each other; `no-circular` keeps them apart). The entry points sit on top
 * of the rooms they run (as ESLint's lib/api.js over lib/linter/): validate.ts, resolve.ts and
 * validate-page.ts over the pipeline, fix.ts over validate.ts; the public API (index.ts), the
 * editor server (lsp/) and the CLI (cli/) are above every layer (rules `public-api-is-the-top`,
 * `only-cli-imports-cli`, `only-cli-imports-lsp`). A new room goes into a layer here (rule
 * `room-in-a-layer`).
 */
const LAYERS = [
  // The base: a problem and its parts (codes, severity, text edits), results, reading files, the docs root's listing (and what the platform ignores of it), git, text helpers.
  [
    'severity.ts',
    'codes.ts',
    'text-edit.ts',
    'problem.ts',
    'result.ts',
    'files.ts',
    'docs-root.ts',
    'io-error.ts',
    'git.ts',
    'lazy.ts',
    'limits.ts',
    'link-target.ts',
    'messages.ts',
    'package-root.ts',
    'platform-ignores.ts',
    'suggest.ts',
    'text.ts',
    'utf8.ts',
    'write-file.ts',
  ],
  // Text -> value + locator; then the element model and the walker, and the redirect table.
  ['source/'],
  ['navigation/', 'redirects/'],
  // Profiles and the ignore globs; pages (scanner, front matter, the ports of pages kept between runs).
  ['config/', 'pages/'],
  // The caches (memory.ts: an editor's; the rest: the page scan store on disk), the schema check.
  ['cache/', 'schema/'],
  // The platform's settings: their drops are said as the schema check's are (schema/lost-arrays.ts).
  ['settings/'],
  // A legacy mint.json as a document; what a run reads (read.ts); the resolver (specs, the page tree).
  ['mint/', 'read.ts', 'resolve/'],
  ['site/'],
  ['rules/'],
  ['fix/'],
  // The one pipeline of validate and resolve: options, the run, the problem sink, the files reported in.
  ['pipeline/'],
  // Above the pipeline: the config file (whose options it merges), the site at a git ref, the formatters.
  ['config-file/', 'history/', 'report/'],
  // The entry points, side by side, then fix (which validates in passes) and move (which reads the site at a ref).
  ['validate.ts', 'resolve.ts', 'validate-page.ts'],
  ['fix.ts', 'move/'],
];
/** The rooms above every layer. */
const TOP = ['index.ts', 'cli/', 'lsp/', 'daemon/'];

/** A regular expression's alternatives for rooms: a folder matches what is in it, a file itself. */
const roomsPattern = (rooms) => rooms.map((room) => (room.endsWith('/') ? room : `${room.replaceAll('.', '\\.')}$`)).join('|');

/** One rule per layer: its rooms import none of their own layer (but themselves) nor of any layer above. */
const layerRules = LAYERS.map((layer, index) => ({
  name: 'no-import-runs-back-up',
  comment:
    index === 0
      ? 'The base (LAYERS[0]: the problem type, codes, reading files, text helpers) is under every room: it imports none of them.'
      : `A room of layer ${index} (${layer.join(', ')}) imports only the layers below it (LAYERS in .dependency-cruiser.cjs): an import into its own layer or above runs back up. Move what both need down, or the importer up.`,
  severity: 'error',
  from: { path: `^src/(${roomsPattern(layer)})` },
  to:
    index === 0
      ? { path: `^src/(${roomsPattern(LAYERS.slice(1).flat())})` }
      : { path: `^src/(${roomsPattern(LAYERS.slice(index).flat())})`, pathNot: '^src/$1' },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'room-in-a-layer',
      comment:
        'Every room of src/ has its place in LAYERS (or is one of the top: index.ts, cli/, lsp/): a room no layer names escapes `no-import-runs-back-up`.',
      severity: 'error',
      from: { path: '^src/', pathNot: `^src/(${roomsPattern([...LAYERS.flat(), ...TOP])})` },
      to: {},
    },
    {
      name: 'entry-points-on-top',
      comment:
        'validateText/validateFile (validate.ts), resolveText/resolveFile (resolve.ts) and fixText/fixFile (fix.ts) are entry points: the public API, the CLI and the editor server call them, and fix.ts validates in passes. No room imports them for a helper: what they run lives below them (the pipeline in src/pipeline/, reading in src/read.ts).',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(index\\.ts$|cli/|lsp/|fix\\.ts$)' },
      to: { path: '^src/(validate|resolve|fix)\\.ts$' },
    },
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
      name: 'daemon-is-small',
      comment:
        "src/daemon is the warm checker's socket, protocol and client: the client entry (client-main.ts, the package's bin) must not load the checker's code, so the room imports no library room but the cache's folder checks (cache/key.ts, cache/file.ts). The checks it serves come from the CLI's run, handed in by src/cli/daemon-command.ts.",
      severity: 'error',
      from: { path: '^src/daemon/' },
      to: { path: '^src/', pathNot: '^src/(daemon/|cache/(key|file)\\.ts$|files\\.ts$)' },
    },
    {
      name: 'only-cli-imports-daemon',
      comment: 'The warm checker is started and served by `docsnav daemon` (src/cli/daemon-command.ts); the library does not depend on it.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(cli|daemon)/' },
      to: { path: '^src/daemon/' },
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
      to: { path: '^src/(navigation|schema|rules|resolve|fix|report|config|config-file|settings|validate|pipeline|read|cache|docs-root)[./]' },
    },
    {
      name: 'mint-is-a-loader',
      comment:
        'src/mint turns a legacy mint.json into the document the checks read (as source/ turns a docs.json into one): it never imports a check, the resolver, fixes, reports or the pipeline.',
      severity: 'error',
      from: { path: '^src/mint/' },
      to: { path: '^src/(schema|rules|resolve|fix|report|validate|pipeline|cache|navigation)[./]' },
    },
    {
      name: 'navigation-below-checks',
      comment: 'The element model and walker come before every check: navigation/ never imports a check, the resolver, fixes or reports.',
      severity: 'error',
      from: { path: '^src/navigation/' },
      to: { path: '^src/(schema|rules|resolve|fix|report|config|config-file|settings|validate|pipeline|cache)[./]' },
    },
    {
      name: 'checks-before-problems-use',
      comment: 'The schema check and the rules produce findings; they never import what consumes them (the resolver, fixes, reports, validate).',
      severity: 'error',
      from: { path: '^src/(schema|rules)/' },
      to: { path: '^src/(resolve|fix|report|settings|validate|pipeline|cache)[./]' },
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
      to: { path: '^src/(schema|rules|fix|config|config-file|settings|validate|pipeline|cache)[./]' },
    },
    // The server (server/src/): the entry points at the root (index.ts, the package's API; core.ts, what the
    // routes and the commands call), and rooms by what they serve: cli/ (the commands), http/ (app, routes,
    // web/ and HTTP's own pieces), jobs/, assistant/, search/, analysis/ (the library's work on a checkout, in
    // worker threads), repository/ (git: guards apart from operations), store/ (SQL), host/ (data folder,
    // disk, log, metrics), messages/ (what the server shows of itself).
    {
      name: 'cache-around-the-pipeline',
      comment:
        "The cache on disk (src/cache/ but memory.ts, an editor's cache the pipeline threads through) wraps the pipeline at its seam, the entry points: validateText gives a run again (src/cache/replay.ts), and validateText and resolveText open the page scan store's door (src/cache/store.ts) for the pipeline, which reaches the store only through the ports of src/pages/kept.ts. Only the seam, the public API, the CLI and the editor server import it; the pipeline's options (src/pipeline/options.ts) name the door's type; and the move journal's seal (src/move/journal-seal.ts) signs a journal with the user's cache key and checks its owner as the cache checks its files (issue 66); the warm checker's socket folder (src/daemon/place.ts) is found in the user's cache folder and checked by the same owner check.",
      severity: 'error',
      from: {
        path: '^src/',
        pathNot: '^src/(cache/|cli/|lsp/|index\\.ts$|validate\\.ts$|resolve\\.ts$|pipeline/options\\.ts$|move/journal-seal\\.ts$|daemon/place\\.ts$)',
      },
      to: { path: '^src/cache/', pathNot: '^src/cache/memory\\.ts$' },
    },
    {
      name: 'cache-behind-its-door',
      comment:
        "The page scan store is reached through its door (src/cache/store.ts: open, dirty, refusal, asked, reused, save, close), the CLI's and editor's set of stores (location.ts), the replay at the seam (replay.ts) and the editor's cache (memory.ts). What a run uses of the store (opened-store.ts), its parts (page-index, scan-packs, runs, lookups, shapes, parts, stats) and its files (file, key, build, stamp) are the cache's own, but for the user's key and the owner check, which the move journal's seal (src/move/journal-seal.ts) and the warm checker's socket folder (src/daemon/place.ts) share.",
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(cache/|move/journal-seal\\.ts$|daemon/place\\.ts$)' },
      to: { path: '^src/cache/', pathNot: '^src/cache/(store|location|memory|replay)\\.ts$' },
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

// The layers, for the architecture page's graph (scripts/architecture.mjs): not a setting of
// dependency-cruiser, so not enumerable (its config check lists only enumerable keys).
Object.defineProperty(module.exports, 'layers', { value: { LAYERS, TOP }, enumerable: false });
