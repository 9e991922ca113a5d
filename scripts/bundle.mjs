/**
 * Bundles the CLI (src/cli/main.ts) into one CommonJS file, dist/cli/main.js, with esbuild
 * (tsc builds the library, not src/cli): a hook pays for start-up on every
 * commit, and Node loads one CommonJS file faster than ES modules (no asynchronous module
 * graph to resolve and link; measured in `npm run bench`). Code the CLI reaches only through
 * `import()` (the resolve command, the formatters other than the one asked for) stays in the
 * file but is run only when called. dist/cli/package.json says `"type": "commonjs"` for it.
 * Dependencies are loaded from node_modules as before, except the two small ones every run
 * needs. The language server is its own file, dist/cli/lsp.js (see below). The server's commands are another package's (@docsnav/server), found and imported at
 * run time (src/cli/server-commands.ts).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import { pruneDeclarations } from './declarations.mjs';
import { thirdPartyNotices } from './licenses.mjs';

const PROJECT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const inline = new Set(['picocolors', 'fastest-levenshtein']);

// `docsnav lsp` loads the language server from a file of its own, dist/cli/lsp.js: the CLI's
// bundle stays as small as before (start-up is parsing), and the server's protocol packages
// (vscode-languageserver and the four it depends on) are inlined there, so they are not installed.
const lspEntry = {
  name: 'lsp-entry',
  setup(plugin) {
    plugin.onResolve({ filter: /\/lsp\/main\.js$/ }, () => ({ path: './lsp.js', external: true }));
  },
};

// The package the library loads on first use (src/lazy.ts) that a `resolve` needs: js-yaml for
// YAML specs and front matter. Loaded from node_modules, it costs 10-40 ms of resolving and
// reading some twenty files; from this file, a few ms (its code runs only when called, as
// before). In this bundle, lazy() requires it statically.
const bundledLazily = ['js-yaml'];
const lazyInBundle = {
  name: 'lazy-in-bundle',
  setup(plugin) {
    plugin.onLoad({ filter: /[\\/]src[\\/]lazy\.ts$/ }, () => ({
      loader: 'js',
      contents: [
        `const bundled = { ${bundledLazily.map((name) => `${JSON.stringify(name)}: () => require(${JSON.stringify(name)})`).join(', ')} };`,
        'export function lazy(name) {',
        '  let loaded;',
        '  return () => (loaded ??= (bundled[name] ?? (() => require(name)))());',
        '}',
        // Stryker disable next-line StringLiteral: equivalent: these modules' lines are whole statements, the same joined on one line, and the bundles are minified
      ].join('\n'),
    }));
  },
};

// The page scanner's parser (src/pages/scanner.ts: the micromark family, acorn, slugify; dev
// dependencies, so that they are not installed) is a file of its own, dist/cli/pages.js, which both
// bundles require() on the first page scanned: a run that scans no page neither reads nor parses it.
// In each bundle, src/pages/load.ts (which imports the scanner statically, for the sources and the
// tests) becomes that require().
const pagesEntry = (requirePath) => ({
  name: 'pages-entry',
  setup(plugin) {
    plugin.onLoad({ filter: /[\\/]pages[\\/]load\.(ts|js)$/ }, () => ({
      loader: 'js',
      contents: [
        "import { createRequire } from 'node:module';",
        // Named apart from `require`: esbuild leaves this call alone (the path is resolved at run time).
        'const requirePages = createRequire(import.meta.url);',
        'let scanner;',
        `export function loadScanner() { return (scanner ??= requirePages(${JSON.stringify(requirePath)})); }`,
        // The scanner file's size and time, as scanner.ts's scannerFingerprint() gives them, without loading it.
        "import { statSync } from 'node:fs';",
        'export function scannerFingerprint() {',
        `  const file = statSync(requirePages.resolve(${JSON.stringify(requirePath)}));`,
        '  return `${file.size}:${Math.trunc(file.mtimeMs)}`;',
        '}',
        // Stryker disable next-line StringLiteral: equivalent: these modules' lines are whole statements, the same joined on one line, and the bundles are minified
      ].join('\n'),
    }));
  },
});

/**
 * The cache's key names the build that made what it keeps (src/cache/build.ts): each bundle reads
 * dist/cli/build.json, written below once every bundle is built (a hash of each bundle file's
 * bytes), and adds each bundle file's stamp, so that a bundle patched or copied over after the
 * build (its size and modification time kept, its change time not) is another build.
 * `buildFile`: where build.json is from the bundle's own file.
 */
const buildKeyEntry = (buildFile) => ({
  name: 'build-key-entry',
  setup(plugin) {
    plugin.onLoad({ filter: /[\\/]cache[\\/]build\.(ts|js)$/ }, () => ({
      loader: 'js',
      contents: [
        "import { createHash } from 'node:crypto';",
        "import { lstatSync, readFileSync } from 'node:fs';",
        "import path from 'node:path';",
        "import { fileURLToPath } from 'node:url';",
        'let key;',
        'export function buildKey() {',
        '  if (key === undefined) key = readBuildKey() ?? null;',
        '  return key ?? undefined;',
        '}',
        'function readBuildKey() {',
        '  try {',
        `    const file = fileURLToPath(new URL(${JSON.stringify(buildFile)}, import.meta.url));`,
        "    const text = readFileSync(file, 'utf8');",
        "    const hash = createHash('sha256').update(text);",
        '    for (const name of Object.keys(JSON.parse(text).files).sort()) {',
        '      const stats = lstatSync(path.join(path.dirname(file), name), { bigint: true });',
        '      if (!stats.isFile()) return undefined;',
        '      hash.update(`\\0${name}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}:${stats.ino}`);',
        '    }',
        "    return `build:${hash.digest('base64url')}`;",
        '  } catch {',
        '    return undefined;',
        '  }',
        '}',
        // Stryker disable next-line StringLiteral: equivalent: these modules' lines are whole statements, the same joined on one line, and the bundles are minified
      ].join('\n'),
    }));
  },
});

/**
 * @sindresorhus/transliterate (under @sindresorhus/slugify, for ids of non-ASCII titles) builds a
 * map of its ~1,900 replacements and makes a new RegExp for each on every call: 17% of a cold
 * validation of the platform docs repository went there (its translated pages' accordion titles).
 * In the scanner's bundle the package's function is src/pages/transliterate.ts over the package's
 * own table: compiled once, one scan of the text (test/pages/transliterate.test.ts holds it to the
 * package on every key; test/pages/slug-bundle.test.ts the bundle's ids to the sources'). The
 * build fails if the package's code is not the code this was written for (1.6.0's index.js).
 */
const TRANSLITERATE_SHA256 = 'be10d75ff678f43d9130bc9099c0d666bddfd2cb6f8aae0172add84827a18585';
export const oneScanTransliteration = (project) => ({
  name: 'one-scan-transliteration',
  setup(plugin) {
    plugin.onLoad({ filter: /[\\/]@sindresorhus[\\/]transliterate[\\/]index\.js$/ }, ({ path: file }) => {
      const hash = createHash('sha256').update(readFileSync(file)).digest('hex');
      if (hash !== TRANSLITERATE_SHA256)
        throw new Error(`${file}: not the @sindresorhus/transliterate that src/pages/transliterate.ts reproduces (sha256 ${hash})`);
      const contents = [
        "import builtinReplacements from './replacements.js';",
        `import { transliterator } from ${JSON.stringify(path.join(project, 'src', 'pages', 'transliterate.ts'))};`,
        'export default transliterator(builtinReplacements);',
        // Stryker disable next-line StringLiteral: equivalent: these modules' lines are whole statements, the same joined on one line, and the bundles are minified
      ].join('\n');
      return { loader: 'js', contents, resolveDir: path.dirname(file) };
    });
  },
});

/**
 * A source of the scanner (src/pages/<name>.ts) built as a file of its own, dist/cli/<name>.js,
 * which dist/cli/pages.js require()s on the first call of one of `functions` (its exports).
 */
const fileOfItsOwn = (name, functions) => ({
  name: `${name}-later`,
  setup(plugin) {
    plugin.onLoad({ filter: new RegExp(`[\\\\/]pages[\\\\/]${name}\\.ts$`) }, () => ({
      loader: 'js',
      contents: [
        "import { createRequire } from 'node:module';",
        'const requireLater = createRequire(import.meta.url);',
        'let loaded;',
        `const load = () => (loaded ??= requireLater('./${name}.js'));`,
        ...functions.map((f) => `export function ${f}(...args) { return load().${f}(...args); }`),
        // Stryker disable next-line StringLiteral: equivalent: these modules' lines are whole statements, the same joined on one line, and the bundles are minified
      ].join('\n'),
    }));
  },
});

/**
 * micromark and its extensions (src/pages/markdown.ts) are a file of their own, dist/cli/markdown.js,
 * required on the first page its fast path leaves to micromark (or the first element title that is
 * Markdown): a run whose pages the fast path reads alone loads half the scanner's code.
 */
const markdownLater = fileOfItsOwn('markdown', ['parseMarkdown', 'parseInlineMarkdown']);

/**
 * acorn (src/pages/acorn.ts: ESM blocks and expression attributes) is a file of its own too,
 * dist/cli/acorn.js, required on the first page that has either: a run whose pages have none does
 * not read or compile it (two thirds of the scanner's file before).
 */
const acornLater = fileOfItsOwn('acorn', ['jsxParser']);

/**
 * graphql-js (src/resolve/graphql-js.ts: the parser of a tab's `graphql` schema) is a file of its
 * own, dist/cli/graphql.js, with everything inlined: it is a dev dependency (its package installs
 * 2.4 MB; what docsnav calls of it, minified, a tenth of that), and a run whose site has no GraphQL
 * tab neither reads nor compiles it. In each bundle, src/resolve/graphql-load.ts (which imports it
 * statically, for the sources and the tests) becomes a require() of that file on the first schema.
 */
const graphqlEntry = (requirePath) => ({
  name: 'graphql-entry',
  setup(plugin) {
    plugin.onLoad({ filter: /[\\/]resolve[\\/]graphql-load\.(ts|js)$/ }, () => ({
      loader: 'js',
      contents: [
        "import { createRequire } from 'node:module';",
        'const requireGraphql = createRequire(import.meta.url);',
        'let loaded;',
        `export function loadGraphql() { return (loaded ??= requireGraphql(${JSON.stringify(requirePath)})); }`,
        // Stryker disable next-line StringLiteral: equivalent: these modules' lines are whole statements, the same joined on one line, and the bundles are minified
      ].join('\n'),
    }));
  },
});

/**
 * Builds every bundle into `dist` (the project's dist/ by default, where tsc has built the library:
 * its index.js is bundled in place) from `project`'s sources. test/bundle.test.ts builds into a copy
 * and holds it to the build the tests run, byte for byte.
 */
export async function bundle({ project = PROJECT, dist = path.join(project, 'dist') } = {}) {
  const pkg = JSON.parse(readFileSync(path.join(project, 'package.json'), 'utf8'));
  const outdir = path.join(dist, 'cli');

  /** Every bundle's metafile: the packages each inlines, whose licences ship beside them. */
  const metafiles = [];
  const build = async (options) => {
    const result = await esbuild({ ...options, metafile: true });
    metafiles.push(result.metafile);
    return result;
  };

  // Only the bundle lives in dist/cli (earlier builds left tsc output and chunks there).
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  writeFileSync(path.join(outdir, 'package.json'), `${JSON.stringify({ type: 'commonjs' }, null, 2)}\n`);

  /** What both bundles share: CommonJS for Node 20, the library finding its own files from the bundle's path. */
  const common = {
    absWorkingDir: project,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    // The library finds its own files (package.json, schema/, docs/rules/) from import.meta.url;
    // in CommonJS that is this file's URL. The bundle sits as deep as the sources (dist/cli, src/*).
    define: { 'import.meta.url': '__docsnavFileUrl' },
    banner: { js: "const __docsnavFileUrl = require('node:url').pathToFileURL(__filename).href;" },
    logLevel: 'warning',
    legalComments: 'none',
  };

  await build({
    ...common,
    entryPoints: ['src/resolve/graphql-js.ts'],
    outfile: path.join(outdir, 'graphql.js'),
    external: [],
    minify: true,
  });

  await build({
    ...common,
    entryPoints: ['src/pages/acorn.ts'],
    outfile: path.join(outdir, 'acorn.js'),
    external: [],
    minify: true,
  });

  await build({
    ...common,
    entryPoints: ['src/pages/markdown.ts'],
    outfile: path.join(outdir, 'markdown.js'),
    // Everything inlined: none of the parser's packages is a dependency.
    external: [],
    minify: true,
  });

  await build({
    ...common,
    entryPoints: ['src/pages/scanner.ts'],
    outfile: path.join(outdir, 'pages.js'),
    // Everything inlined: none of the parser's packages is a dependency.
    external: [],
    plugins: [oneScanTransliteration(project), markdownLater, acornLater],
    minify: true,
  });

  await build({
    ...common,
    entryPoints: ['src/cli/main.ts'],
    outfile: path.join(outdir, 'main.js'),
    external: Object.keys(pkg.dependencies ?? {}).filter((name) => !inline.has(name) && !bundledLazily.includes(name)),
    plugins: [lspEntry, lazyInBundle, pagesEntry('./pages.js'), graphqlEntry('./graphql.js'), buildKeyEntry('./build.json')],
    // Every run parses the whole file before it starts: minified, it is about half the size.
    minify: true,
  });

  await build({
    ...common,
    entryPoints: ['src/lsp/main.ts'],
    outfile: path.join(outdir, 'lsp.js'),
    external: Object.keys(pkg.dependencies ?? {}),
    // The scanner from the CLI's file: one scanner build, so the page scan cache is one file for both.
    plugins: [pagesEntry('./pages.js'), graphqlEntry('./graphql.js'), buildKeyEntry('./build.json')],
    minify: true,
  });

  // The command's entry, dist/cli/client.js (package.json `bin`): a `docsnav validate` goes to the
  // warm checker of its docs root when one runs (src/daemon), else, and for every other command,
  // it require()s main.js. It holds none of the library: a check the checker answers loads only this.
  await build({
    ...common,
    entryPoints: ['src/daemon/client-main.ts'],
    outfile: path.join(outdir, 'client.js'),
    external: [],
    minify: true,
  });

  // The library's entry, dist/index.js (tsc's output), bundled into one ES module in place: an
  // `import('docsnav')` then reads one file instead of resolving and linking some hundred modules
  // (measured in `npm run bench`). Dependencies stay imports; the types stay tsc's .d.ts files.
  await build({
    absWorkingDir: project,
    entryPoints: [path.join(dist, 'index.js')],
    outfile: path.join(dist, 'index.js'),
    allowOverwrite: true,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Dependencies stay imports; what the library imports from dev dependencies is inlined.
    external: Object.keys(pkg.dependencies ?? {}),
    plugins: [pagesEntry('./cli/pages.js'), graphqlEntry('./cli/graphql.js'), buildKeyEntry('./cli/build.json')],
    logLevel: 'warning',
    legalComments: 'none',
    // Whitespace and syntax only (550 -> 400 KB, an import ~3 ms sooner): names stay, so a stack
    // trace through the library still reads.
    minifyWhitespace: true,
    minifySyntax: true,
  });

  writeFileSync(path.join(outdir, 'THIRD-PARTY-LICENSES.txt'), `${thirdPartyNotices(project, metafiles)}\n`);

  // Every bundle a run may load, each by the hash of its bytes (src/cache/build.ts reads it).
  const bundles = ['client.js', 'main.js', 'lsp.js', 'pages.js', 'markdown.js', 'acorn.js', 'graphql.js', '../index.js'];
  const hashes = Object.fromEntries(
    bundles.map((name) => [
      name,
      createHash('sha256')
        .update(readFileSync(path.join(outdir, name)))
        .digest('base64url'),
    ]),
  );
  writeFileSync(path.join(outdir, 'build.json'), `${JSON.stringify({ files: hashes }, null, 2)}\n`);

  // The package ships declarations for its one entry, `.`: dist/index.d.ts and what it reaches, no
  // more (scripts/declarations.mjs).
  pruneDeclarations(dist);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await bundle();
