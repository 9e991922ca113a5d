/**
 * `docsnav mv` on the three whole docs repositories of the corpus (../shared/corpus/docs-repos): per
 * repository, random linked pages and random folders of pages (seeded), each moved in a fresh git copy
 * of the repository (its files committed as the base), as a user would run it, and checked:
 *
 * - whole: `docsnav validate --since <base>` after the move reports no problem that validating the base
 *   did not (problems matched by code and file, a moved file by its new path): no navigation entry,
 *   link or redirect left behind;
 * - `--dry-run` first: the working tree and `git status` unchanged after it (nothing written);
 * - with --prebuild n: for the first n moves of each repository (and every folder), the platform's own
 *   build (@mintlify/prebuild, bench/prebuild.mjs, installed on demand) of the moved site serves each moved
 *   page that it served before at its new URL and no longer at its old one, and the moved site's redirects
 *   (docsnav's redirect table over its docs.json) lead from the old URL to the new one;
 * - with --mint n: for the first n page moves of each repository (and every folder), the same move made by `mint rename` (the platform CLI's rename command; the pinned CLI,
 *   bench/.mint, no longer lists it, and this calls the function behind it, `renameFilesAndUpdateLinksInContent`
 *   of @mintlify/link-rot, with the target's folder made first, its best case), judged the same way; and the
 *   wall time of both, interleaved, with `node -e 0` run between them (medians, ratios).
 *
 *   node bench/mv.mjs [--pages 50] [--folders 5] [--seed 1] [--sites a,b] [--prebuild n] [--mint n] [--json file]
 *
 * A page move alternates between a new name in its folder (`x.mdx` -> `x-moved.mdx`) and a new folder
 * (`x.mdx` -> `relocated/x.mdx`); a folder moves to `<folder>-moved` beside it. Candidates: pages the
 * navigation lists, served from a file, that another page or snippet links to; folders holding a page
 * and neither docs.json nor a file it includes with `$ref`.
 */
import { mulberry32 } from '../scripts/mulberry32.mjs';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const here = path.dirname(fileURLToPath(import.meta.url));
const project = path.resolve(here, '..');
const cli = path.join(project, 'dist', 'cli', 'main.js');
const corpus = path.resolve(project, '..', 'shared', 'corpus', 'docs-repos');
export const SITES = ['mintlify', 'modelcontextprotocol', 'runpod'];
const LINK_ROT = path.join(here, '.mint', 'node_modules', '@mintlify', 'link-rot', 'dist', 'index.js');

const GIT_ENV = {
  ...process.env,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 'bench',
  GIT_AUTHOR_EMAIL: 'bench@example.invalid',
  GIT_COMMITTER_NAME: 'bench',
  GIT_COMMITTER_EMAIL: 'bench@example.invalid',
};

function git(cwd, ...args) {
  return execFileSync('git', ['-c', 'init.defaultBranch=main', ...args], { cwd, env: GIT_ENV, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
}

/** A git repository in a temporary folder holding a copy of the site, its files committed as the base; { repo, base }. */
export function repoOf(site) {
  const repo = path.join(mkdtempSync(path.join(os.tmpdir(), `docsnav-mv-${site}-`)), 'repo');
  execFileSync('cp', ['-r', path.join(corpus, site), repo]);
  git(repo, 'init', '-q');
  git(repo, 'add', '-A');
  git(repo, 'commit', '-qm', 'base');
  return { repo, base: git(repo, 'rev-parse', 'HEAD').trim() };
}

/** Back to the base: every change and untracked file gone. */
export function reset(repo) {
  git(repo, 'reset', '-q', '--hard');
  git(repo, 'clean', '-qfdx');
}

/** A small seeded generator (mulberry32), for the same picks every run. */
export function random(seed) {
  return mulberry32(seed);
}

export function pick(list, count, next) {
  const pool = [...list];
  const chosen = [];
  while (chosen.length < count && pool.length > 0) chosen.push(pool.splice(Math.floor(next() * pool.length), 1)[0]);
  return chosen;
}

/** The candidates of a repository: linked, listed page files, and folders of pages (see the header). */
export async function candidates(repo) {
  const { siteOf } = await import(pathToFileURL(path.join(project, 'dist', 'history', 'site-at.js')).href);
  const { scanPages } = await import(pathToFileURL(path.join(project, 'dist', 'pages', 'scan.js')).href);
  const { linkTarget } = await import(pathToFileURL(path.join(project, 'dist', 'link-target.js')).href);
  const file = path.join(repo, 'docs.json');
  const text = readFileSync(file, 'utf8');
  let config = {};
  try {
    config = JSON.parse(readFileSync(path.join(repo, 'docsnav.config.json'), 'utf8'));
  } catch {
    // no config: the default profile
  }
  const site = siteOf(text, { file, root: repo, profile: config.extends });
  // The pages the navigation lists: the page tree resolve gives.
  const { resolveFile } = await import(pathToFileURL(path.join(project, 'dist', 'index.js')).href);
  const listed = new Set((await resolveFile(file, { root: repo, profile: config.extends, specs: false })).tree.pages.map((page) => page.path));
  const texts = site.contentFiles.map((relative) => readFileSync(path.join(repo, relative), 'utf8'));
  const scans = scanPages(texts.map((body, i) => ({ text: body, mdx: !site.contentFiles[i].endsWith('.md') })));
  const inbound = new Map();
  site.contentFiles.forEach((relative, i) => {
    for (const link of scans[i].links) {
      const target = linkTarget(link.url, relative);
      if (!target || target.base === 'same-page') continue;
      const page = site.pageAt(target.path) ?? (target.fromRoot === undefined ? undefined : site.pageAt(target.fromRoot));
      if (page?.file !== undefined && page.file !== relative) inbound.set(page.file, (inbound.get(page.file) ?? 0) + 1);
    }
  });
  const pages = [...site.pages.values()]
    .filter((page) => listed.has(page.path) && page.file !== undefined && !page.file.startsWith('snippets/') && inbound.has(page.file))
    .map((page) => page.file)
    .sort();
  const navigationFiles = new Set(['docs.json', ...[...text.matchAll(/"\$ref"\s*:\s*"(?:\.\/)?([^"#]+)"/g)].map((match) => match[1])]);
  const folders = new Set();
  for (const relative of site.contentFiles) {
    if (relative.startsWith('snippets/')) continue;
    for (let at = relative.indexOf('/'); at !== -1; at = relative.indexOf('/', at + 1)) folders.add(relative.slice(0, at));
  }
  const holdsNavigation = (folder) => [...navigationFiles].some((name) => name.startsWith(`${folder}/`));
  return { pages, folders: [...folders].filter((folder) => !holdsNavigation(folder)).sort() };
}

/** Where a page or folder goes (see the header). */
export function targetOf(kind, from, index) {
  if (kind === 'folder') return `${from}-moved`;
  return index % 2 === 0 ? from.replace(/(\.mdx?)$/i, '-moved$1') : `relocated/${from}`;
}

export function docsnav(args, cwd) {
  const started = performance.now();
  const run = spawnSync(process.execPath, [cli, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', CI: 'true' },
    maxBuffer: 256 * 1024 * 1024,
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr, ms: performance.now() - started };
}

/** `mint rename`'s function, in a process of its own, from the repository; the target's folder made first. */
function mintRename(repo, from, to) {
  mkdirSync(path.dirname(path.join(repo, to)), { recursive: true });
  const code = `const { renameFilesAndUpdateLinksInContent } = await import(${JSON.stringify(pathToFileURL(LINK_ROT).href)}); await renameFilesAndUpdateLinksInContent(process.argv[1], process.argv[2]);`;
  const started = performance.now();
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', code, from, to], {
    cwd: repo,
    encoding: 'utf8',
    env: { ...process.env, DO_NOT_TRACK: '1' },
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr, ms: performance.now() - started };
}

function nodeBaseline() {
  const started = performance.now();
  spawnSync(process.execPath, ['-e', '0']);
  return performance.now() - started;
}

/** `validate --format json` of the repository (with `--since` a ref); its problems, each `code<TAB>file`. */
export function problemsOf(repo, since) {
  const run = docsnav(['validate', '--format', 'json', ...(since ? ['--since', since] : [])], repo);
  if (run.code === 2) throw new Error(`validate failed: ${run.stderr}`);
  return JSON.parse(run.stdout).flatMap((result) => result.problems.map((problem) => ({ key: `${problem.code}\t${problem.file}`, problem })));
}

/**
 * The problems after a move that the base did not have: matched by code and file (a file that moved, by
 * its new path), as many as the base had of each.
 */
export function newProblems(before, after, from, to) {
  const moved = (file) => (file === from ? to : file.startsWith(`${from}/`) ? to + file.slice(from.length) : file);
  const counts = new Map();
  for (const { key } of before) {
    const [code, file] = key.split('\t');
    const mapped = `${code}\t${moved(file)}`;
    counts.set(mapped, (counts.get(mapped) ?? 0) + 1);
  }
  const fresh = [];
  for (const item of after) {
    const left = counts.get(item.key) ?? 0;
    if (left > 0) counts.set(item.key, left - 1);
    else fresh.push(item.problem);
  }
  return fresh;
}

/** The working tree's state as git sees it (status with untracked files, and the diff), to show a dry run wrote nothing. */
export function treeState(repo) {
  return `${git(repo, 'status', '--porcelain=v1', '-uall')}\0${git(repo, 'diff')}`;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** What the platform's build serves: page URLs (no leading `/`), or undefined when it failed. */
async function builtUrls(repo) {
  const { prebuildSite } = await import('./prebuild.mjs');
  const result = await prebuildSite(repo, { reuse: true });
  return result.ok ? new Set(result.pages.map((page) => page.url.replace(/^\/+/, ''))) : undefined;
}

/** The moved site's redirect table (docsnav's reading of its docs.json, `$ref`s followed). */
async function redirectTableOf(repo) {
  const { loadDocument } = await import(pathToFileURL(path.join(project, 'dist', 'source', 'refs.js')).href);
  const { RedirectTable, redirectsOf } = await import(pathToFileURL(path.join(project, 'dist', 'redirects', 'table.js')).href);
  const file = path.join(repo, 'docs.json');
  const { diskReader } = await import(pathToFileURL(path.join(project, 'dist', 'index.js')).href);
  const document = loadDocument(file, readFileSync(file, 'utf8'), { root: repo, reader: diskReader(repo) });
  return new RedirectTable(redirectsOf(document.value));
}

/** Page URL moves a move made (old -> new), from the files that moved: `.mdx`/`.md` files, their paths without the extension. */
function urlMoves(repo, base) {
  const moves = [];
  for (const line of git(repo, 'diff', '-M', '--name-status', base).split('\n')) {
    const [status, from, to] = line.split('\t');
    if (status?.startsWith('R') && /\.mdx?$/i.test(from)) moves.push([from.replace(/\.mdx?$/i, ''), to.replace(/\.mdx?$/i, '')]);
  }
  return moves;
}

async function measureSite(site, options, next) {
  const { repo, base } = repoOf(site);
  const before = problemsOf(repo);
  const { pages, folders } = await candidates(repo);
  const moves = [
    ...pick(pages, options.pages, next).map((from, i) => ({ kind: 'page', from, to: targetOf('page', from, i) })),
    ...pick(folders, options.folders, next).map((from, i) => ({ kind: 'folder', from, to: targetOf('folder', from, i) })),
  ];
  const baseUrls = options.prebuild > 0 ? await builtUrls(repo) : undefined;
  const rows = [];
  let pageMoves = 0;
  for (const move of moves) {
    const row = { site, ...move };
    reset(repo);
    const state = treeState(repo);
    const dry = docsnav(['mv', move.from, move.to, '--dry-run'], repo);
    row.dryRunWroteNothing = treeState(repo) === state;
    row.dryRunCode = dry.code;
    row.dryMs = dry.ms;
    row.baseline = [nodeBaseline()];
    const run = docsnav(['mv', move.from, move.to], repo);
    row.code = run.code;
    row.ms = run.ms;
    row.summary = run.stderr.trim().split('\n');
    if (run.code === 2) {
      rows.push(row);
      process.stderr.write(`${site} ${rows.length}/${moves.length} ${move.from} -> ${move.to}: refused\n`);
      continue;
    }
    row.fresh = newProblems(before, problemsOf(repo, base), move.from, move.to).map((problem) => `${problem.code} ${problem.file}: ${problem.message}`);
    if (baseUrls && (move.kind === 'folder' || pageMoves < options.prebuild)) {
      const urls = await builtUrls(repo);
      const table = await redirectTableOf(repo);
      row.platform = { built: urls !== undefined, checked: 0, misses: [] };
      for (const [from, to] of urlMoves(repo, base)) {
        if (!baseUrls.has(from)) continue;
        row.platform.checked++;
        if (!urls?.has(to) || urls.has(from))
          row.platform.misses.push(`/${from} -> /${to}: served at the new URL ${urls?.has(to)}, still at the old ${urls?.has(from)}`);
        const redirect = table.match(from);
        if (redirect?.destination.replace(/^\/+/, '').replace(/[?#].*$/, '') !== to) row.platform.misses.push(`/${from}: redirect to ${redirect?.destination}`);
      }
    }
    if (move.kind === 'page') pageMoves++;
    if (options.mint > 0 && (move.kind === 'folder' || pageMoves <= options.mint)) {
      reset(repo);
      row.baseline.push(nodeBaseline());
      const mint = mintRename(repo, move.from, move.to);
      row.mint = {
        code: mint.code,
        ms: mint.ms,
        fresh: newProblems(before, problemsOf(repo, base), move.from, move.to).map((p) => `${p.code} ${p.file}: ${p.message}`),
      };
    }
    rows.push(row);
    const said = row.code === 2 ? 'refused' : `${row.fresh.length} new problems${row.mint ? `, mint rename ${row.mint.fresh.length}` : ''}`;
    process.stderr.write(`${site} ${rows.length}/${moves.length} ${move.from} -> ${move.to}: ${said}\n`);
  }
  rmSync(path.dirname(repo), { recursive: true, force: true });
  return rows;
}

function report(rows) {
  const lines = [];
  for (const site of [...new Set(rows.map((row) => row.site))]) {
    const of = rows.filter((row) => row.site === site);
    const made = of.filter((row) => row.code !== 2);
    const whole = made.filter((row) => row.fresh.length === 0);
    const line = [
      `${site}: ${of.length} moves (${of.filter((row) => row.kind === 'page').length} pages, ${of.filter((row) => row.kind === 'folder').length} folders)`,
      `refused ${of.length - made.length}`,
      `whole after ${whole.length}/${made.length}`,
      `dry runs that wrote nothing ${of.filter((row) => row.dryRunWroteNothing).length}/${of.length}`,
      `docsnav mv median ${median(made.map((row) => row.ms)).toFixed(0)} ms (${(median(made.map((row) => row.ms)) / median(of.flatMap((row) => row.baseline))).toFixed(1)}× node -e 0; the move and the validation after it), --dry-run ${median(of.map((row) => row.dryMs)).toFixed(0)} ms`,
    ];
    const built = made.filter((row) => row.platform);
    if (built.length > 0) {
      line.push(
        `platform build: ${built.filter((row) => row.platform.built).length}/${built.length} built, ${built.reduce((n, row) => n + row.platform.checked, 0)} moved URLs checked, ${built.reduce((n, row) => n + row.platform.misses.length, 0)} misses`,
      );
    }
    const mint = made.filter((row) => row.mint);
    if (mint.length > 0) {
      line.push(
        `mint rename: whole after ${mint.filter((row) => row.mint.fresh.length === 0).length}/${mint.length}, ${mint.reduce((n, row) => n + row.mint.fresh.length, 0)} new problems (docsnav mv: ${made.reduce((n, row) => n + row.fresh.length, 0)}), median ${median(mint.map((row) => row.mint.ms)).toFixed(0)} ms (${(median(mint.map((row) => row.mint.ms)) / median(of.flatMap((row) => row.baseline))).toFixed(1)}× node -e 0)`,
      );
      const codes = new Map();
      for (const row of mint) for (const fresh of row.mint.fresh) codes.set(fresh.split(' ')[0], (codes.get(fresh.split(' ')[0]) ?? 0) + 1);
      line.push(`mint rename left: ${[...codes].map(([code, n]) => `${code} ${n}`).join(', ') || 'nothing'}`);
    }
    lines.push(line.join('\n  '));
    for (const row of of) {
      if (row.code === 2) lines.push(`  refused: ${row.from} -> ${row.to}: ${row.summary.join(' ')}`);
      else for (const fresh of row.fresh) lines.push(`  left broken by ${row.from} -> ${row.to}: ${fresh}`);
      for (const miss of row.platform?.misses ?? []) lines.push(`  platform: ${row.from} -> ${row.to}: ${miss}`);
      if (!row.dryRunWroteNothing) lines.push(`  dry run wrote: ${row.from} -> ${row.to}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

async function main() {
  const { values } = parseArgs({
    options: {
      pages: { type: 'string', default: '50' },
      folders: { type: 'string', default: '5' },
      seed: { type: 'string', default: '1' },
      sites: { type: 'string', default: SITES.join(',') },
      prebuild: { type: 'string', default: '0' },
      mint: { type: 'string', default: '0' },
      json: { type: 'string' },
    },
  });
  const options = { pages: Number(values.pages), folders: Number(values.folders), prebuild: Number(values.prebuild), mint: Number(values.mint) };
  const rows = [];
  for (const site of values.sites.split(',')) {
    rows.push(...(await measureSite(site, options, random(Number(values.seed) + SITES.indexOf(site)))));
    process.stderr.write(`${site}: done\n`);
  }
  if (values.json) writeFileSync(values.json, `${JSON.stringify(rows, null, 2)}\n`);
  process.stdout.write(report(rows));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
