/**
 * The platform's own CLI, `mint` (its `broken-links` command, from @mintlify/cli and @mintlify/link-rot), installed
 * on demand into bench/.mint (git-ignored, shared with bench/platform-anchors.mjs; never a dependency of docsnav:
 * its licence is Elastic-2.0 and it installs ~900 packages, ~1 GB) and run on a site as a user runs it, to compare its findings and its time with
 * docsnav's link check.
 *
 *   node bench/mint-cli.mjs install                       installs it (nothing else)
 *   node bench/mint-cli.mjs run <siteDir> [--anchors] [--snippets] [--redirects] [--skip-unparsable]
 *                                                         one run: its findings and wall time as JSON on stdout
 *   node bench/mint-cli.mjs report [--runs n] [--anchors] [--complete-sites]
 *                                                         the docs repositories of ../shared/corpus/docs-repos (or
 *                                                         the complete sites): per site its findings by kind, the
 *                                                         pages it cannot parse, the cold wall times and their median
 *
 * How a run goes: the site is copied to a temp folder (the command writes docs.json beside a lone mint.json,
 * upgrading it), and `mint broken-links` runs there in a fresh process, its working directory the site (it
 * finds the docs root by walking up to docs.json or mint.json), with a temp HOME (it keeps ~/.config/mintlify)
 * and DO_NOT_TRACK=1: with telemetry on it posts each command to ph.mintlify.com and waits up to 10 s for the
 * post before it exits, which offline (here) times nothing of the link check; so the time measured is the
 * check alone, the incumbent's best case. Its other network calls: the OpenAPI specs docs.json names by URL,
 * fetched to list their generated pages (offline it warns on stderr and goes on without those pages), and
 * external links only with --check-external, which this never passes. No update check for this command.
 *
 * What it prints, and how it is read: an ink (React for terminals) screen, written to a pipe as frames with
 * cursor escapes. The escapes are dropped and the last frame is read: "found N broken links in M files", then
 * per file its path (relative to the docs root) and a line " ⎿  <link>" per broken link, the link as the page
 * wrote it (the Markdown node's url or the attribute's value; `docs.json` for navigation hrefs, where "/" is
 * written "/index"); or "success no broken links found". It prints no line or column: `line`/`column` here are where
 * the link's text first occurs in the file (1-based), when it does. ink wraps lines at the terminal's width (80
 * columns on a pipe), which would split long links; a preload (NODE_OPTIONS) sets stdout's width to 10,000
 * columns, as a wide terminal would. The counts N and M are checked against the lines read. Exit codes: 0 no
 * broken links, 1 broken links or an error (a page that does not parse: "Syntax error - Unable to parse …";
 * then no list is printed at all, and the run is `ok: false`).
 *
 * What it checks (dist/static-checking/getBrokenInternalLinks.js and dist/graph.js of @mintlify/link-rot):
 * every .md/.mdx file of the folder (not only the pages in the navigation: README.md, CLAUDE.md, snippets too),
 * but .mintignore'd, node_modules and .github; in each, Markdown links and images (mdast `link` and `image`;
 * not reference definitions), `src` of <img> and <source>, `href` of <a> and <Card> (no other element: not
 * <Button>, <Tile>, <Link>, <Update>); and every `href` anywhere under docs.json's `navigation`. A link is
 * internal when it does not parse as an absolute URL. It resolves against files, not against the navigation:
 * any .md/.mdx or media file (or folder) of the repository that matches the path with or without an extension
 * counts, whether or not the navigation lists it, plus the pages generated from local OpenAPI specs (the
 * navigation's `openapi` entries and, for every local spec, its default api-reference/ pages), plus redirects
 * (exact, or `:param`/`*` patterns whose destination is a file). Anchors only with --check-anchors: a `#id`
 * that no heading (table-of-contents slug), custom `{#id}` or component id of the target page makes; a target
 * that is not a page is not checked. --check-snippets adds the imports of snippets; --check-redirects adds
 * redirect destinations that resolve nowhere (a chain followed, a loop broken), printed under docs.json as
 * "<source> → <destination>".
 */
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureMint, MINT } from './platform-anchors.mjs';
import { hasVersion, installFolder } from './pinned.mjs';
import { copyTree } from './prebuild.mjs';

/** The same package and install as the page scanner's anchor comparison (bench/platform-anchors.mjs): one ~1 GB copy. */
export const MINT_CLI = MINT;
const TIMEOUT_MS = 600_000; // its whole run on the largest docs repository takes ~40 s of CPU; a busy machine stretches that
const here = path.dirname(fileURLToPath(import.meta.url));
const script = fileURLToPath(import.meta.url);
const folder = installFolder('.mint');
const manifest = path.join(folder, 'node_modules', 'mint', 'package.json');
const entry = path.join(folder, 'node_modules', 'mint', 'index.js');
const corpus = path.resolve(here, '..', '..', 'shared', 'corpus');

/** The three whole documentation folders of the corpus: name and the folder holding docs.json. */
export const DOCS_REPOS = ['mintlify', 'modelcontextprotocol', 'runpod'].map((name) => {
  const top = path.join(corpus, 'docs-repos', name);
  return { name, dir: existsSync(path.join(top, 'docs.json')) ? top : path.join(top, 'docs') };
});

/**
 * The complete sites of the corpus (their page files hold front matter only, so what links they have are
 * docs.json's navigation hrefs): name and the folder holding docs.json.
 */
export const COMPLETE_SITES = existsSync(path.join(corpus, 'complete-sites'))
  ? readdirSync(path.join(corpus, 'complete-sites'))
      .sort()
      .map((name) => ({ name, dir: path.join(corpus, 'complete-sites', name) }))
      .filter(({ dir }) => existsSync(path.join(dir, 'docs.json')))
  : [];

/** Whether the pinned version is installed in bench/.mint (nothing is installed). */
export function mintCliInstalled() {
  return hasVersion(manifest, MINT_CLI.split('@').at(-1));
}

/** Installs the CLI into bench/.mint unless it is there (throws when npm install fails); returns its entry file. */
export function ensureMintCli() {
  ensureMint();
  return entry;
}

const ESCAPES = /\u001b\[[0-9;?]*[A-Za-z]|\u001b[()][A-Za-z0-9]|\u001b[=>78]/g;
const HEADER = /^found (\d+) broken links? in (\d+) files?$/;
const LINK_LINE = /^[\s\u00A0]*\u23BF[\s\u00A0]+(.*)$/;

/**
 * Reads what `mint broken-links` printed (see the header): `{ files: { [file]: link[] } }`, `{ files: {} }` for
 * "no broken links found", or `{ error }` when it printed neither (the last error line it printed, if any).
 */
export function parseBrokenLinksOutput(output) {
  const lines = output
    .replace(ESCAPES, '')
    .split(/\r?\n/)
    .map((line) => line.replace(/[\s\u00A0]+$/, ''));
  const header = lines.findLastIndex((line) => HEADER.test(line.trim()));
  if (header < 0) {
    if (lines.some((line) => /(^|\s)no broken links found$/.test(line.trim()))) return { files: {} }; // after ink's "success" label
    const said = lines.map((line) => line.trim()).filter((line) => line && !/checking for broken links/.test(line));
    return { error: said.at(-1) ?? 'it printed nothing' };
  }
  const [, links, fileCount] = HEADER.exec(lines[header].trim()).map(Number);
  const files = {};
  let current;
  for (const line of lines.slice(header + 1)) {
    if (!line.trim()) continue;
    const link = LINK_LINE.exec(line);
    if (link && current) files[current].push(link[1]);
    else if (!link) files[(current = line.trim())] ??= [];
    else return { error: `a link line before any file: ${line}` };
  }
  const read = Object.values(files).reduce((sum, list) => sum + list.length, 0);
  if (read !== links || Object.keys(files).length !== fileCount) {
    return { error: `its output says ${links} broken links in ${fileCount} files; ${read} in ${Object.keys(files).length} were read` };
  }
  return { files };
}

/** Where `text` first occurs in `content`: 1-based line and column (UTF-16 code units), or undefined. */
function locate(content, text) {
  const at = content.indexOf(text);
  if (at < 0) return undefined;
  const before = content.slice(0, at);
  const line = before.split('\n').length;
  return { line, column: at - before.lastIndexOf('\n') };
}

/** The findings of one file: `{ file, link, line?, column?, anchor?, redirect? }`, located in the site's copy of the file. */
function findingsOf(file, links, site) {
  let content;
  try {
    content = readFileSync(path.join(site, file), 'utf8');
  } catch {
    content = '';
  }
  return links.map((printed) => {
    const redirect = file === 'docs.json' || file === 'mint.json' ? /^(.*) → (.*)$/.exec(printed) : null;
    const link = redirect ? redirect[2] : printed;
    const finding = { file, link };
    const where = locate(content, redirect ? JSON.stringify(link) : link);
    if (where) Object.assign(finding, where);
    const hash = link.indexOf('#');
    if (hash >= 0) finding.anchor = link.slice(hash + 1);
    if (redirect) finding.redirect = { source: redirect[1], destination: redirect[2] };
    return finding;
  });
}

const UNPARSABLE = /Syntax error - Unable to parse (.+?) - (.*)$/; // after ink's "error" label
const MAX_UNPARSABLE = 20;

/**
 * Runs `mint broken-links` on a copy of `siteDir` (the folder holding docs.json) in a fresh process. Resolves to
 * `{ ok, findings, wallMs, exitCode, unparsable, error? }`: findings `[{ file, link, line?, column?, anchor?,
 * redirect? }]` in the order printed (file relative to the docs root), `wallMs` from spawn to exit. `ok` is false
 * when the command failed (a page it cannot parse, a timeout) or its output could not be read; then `error` says
 * why. One page it cannot parse stops the whole command with no list; with `skipUnparsable`, such a page is added
 * to the copy's .mintignore (as a user would to get past it) and the command runs again, up to 20 times: `unparsable`
 * lists those pages `[{ file, error }]`, and `wallMs` is the last run's (the one whose findings are returned).
 */
export async function brokenLinks(siteDir, { anchors = false, snippets = false, redirects = false, skipUnparsable = false, timeoutMs = TIMEOUT_MS } = {}) {
  const bin = ensureMintCli();
  const work = mkdtempSync(path.join(os.tmpdir(), 'docsnav-mint-cli-'));
  try {
    const site = path.join(work, 'site');
    const home = path.join(work, 'home');
    copyTree(path.resolve(siteDir), site);
    mkdirSync(home);
    const args = [bin, 'broken-links'];
    if (anchors) args.push('--check-anchors');
    if (snippets) args.push('--check-snippets');
    if (redirects) args.push('--check-redirects');
    const env = {
      ...process.env,
      HOME: home,
      DO_NOT_TRACK: '1',
      // Its launcher runs `node` from PATH for the command itself: this one.
      PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
      NODE_OPTIONS: '--import=data:text/javascript,process.stdout.columns=10000',
      FORCE_COLOR: '0',
    };
    delete env.CLI_TEST_MODE;
    const unparsable = [];
    for (;;) {
      const result = await runOnce(args, { site, env, timeoutMs });
      const stopped = result.ok ? null : UNPARSABLE.exec(result.said ?? '');
      if (!stopped || !skipUnparsable || unparsable.length >= MAX_UNPARSABLE) {
        delete result.said;
        return { ...result, unparsable };
      }
      unparsable.push({ file: stopped[1], error: stopped[2] });
      appendFileSync(path.join(site, '.mintignore'), `\n/${stopped[1]}\n`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** One run of the command in the prepared copy: `{ ok, findings, wallMs, exitCode, error?, said? }` (`said`: its last line on failure). */
async function runOnce(args, { site, env, timeoutMs }) {
  const run = await runProcess(args, { cwd: site, env, timeoutMs });
  const failed = (error, said) => ({ ok: false, findings: [], wallMs: run.wallMs, exitCode: run.code, error, said });
  if (run.timedOut) return failed(`timed out after ${timeoutMs / 1000} s (killed)`);
  if (run.spawnError) return failed(`could not start: ${run.spawnError.message}`);
  const parsed = parseBrokenLinksOutput(run.stdout);
  if (parsed.error)
    return failed(`${parsed.error} (exit code ${run.code})${run.stderr.trim() ? `; stderr: ${run.stderr.trim().slice(-500)}` : ''}`, parsed.error);
  const findings = Object.entries(parsed.files).flatMap(([file, links]) => findingsOf(file, links, site));
  const expectedCode = findings.length > 0 ? 1 : 0;
  if (run.code !== expectedCode) return failed(`exit code ${run.code} with ${findings.length} findings`);
  return { ok: true, findings, wallMs: run.wallMs, cpuMs: run.cpuMs, peakRssMb: run.peakRssMb, exitCode: run.code };
}

const GNU_TIME = '/usr/bin/time';

/**
 * Spawns node with `args` in its own process group; resolves to its output, exit code and wall time, and (through
 * GNU time, when the system has it) the CPU time and peak RSS of the process and the ones it waited for: wall time
 * on a busy machine says more about the machine, CPU time less.
 */
function runProcess(args, { cwd, env, timeoutMs }) {
  const timeFile = path.join(cwd, '..', 'time.txt');
  const timed = existsSync(GNU_TIME);
  const [command, commandArgs] = timed ? [GNU_TIME, ['-o', timeFile, '-f', '%U %S %M', process.execPath, ...args]] : [process.execPath, args];
  return new Promise((resolve) => {
    const started = performance.now();
    const proc = spawn(command, commandArgs, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const out = { stdout: '', stderr: '' };
    for (const name of ['stdout', 'stderr']) {
      proc[name].setEncoding('utf8');
      proc[name].on('data', (chunk) => {
        if (out[name].length < 16 << 20) out[name] += chunk;
      });
    }
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-proc.pid, 'SIGKILL'); // its launcher and the command it spawned
      } catch {
        proc.kill('SIGKILL');
      }
    }, timeoutMs);
    proc.on('error', (error) => {
      clearTimeout(timer);
      resolve({ ...out, code: null, timedOut, spawnError: error, wallMs: performance.now() - started });
    });
    proc.on('close', (code) => {
      const wallMs = performance.now() - started;
      clearTimeout(timer);
      const [user, system, rssKb] = (timed && existsSync(timeFile) ? readFileSync(timeFile, 'utf8').trim().split('\n').at(-1) : '').split(' ').map(Number);
      const usage = Number.isFinite(rssKb) ? { cpuMs: Math.round((user + system) * 1000), peakRssMb: Math.round(rssKb / 1024) } : {};
      resolve({ ...out, code, timedOut, wallMs, ...usage });
    });
  });
}

const MEDIA = /\.(png|jpe?g|jfif|pjpeg|pjp|gif|svgz?|webp|avif|apng|bmp|ico|mp4|webm|mov|pdf|css|xml)$/i;

/**
 * What kind of finding this is, for the report: `media` (an image or other binary: the corpus keeps no
 * binaries, so these are missing here whether or not the repository has them), `outside-navigation` (the
 * linking file is in no navigation: CLAUDE.md, AGENTS.md, snippets and the like; the platform still publishes
 * such a file as a hidden page unless .mintignore or its default ignores, README.md among them, leave it out), `navigation`
 * (a docs.json href), `redirect`, `anchor` (the page exists, the fragment does not: only with anchors on), or
 * `page` (a link to a page that does not exist: a typo or a removed page).
 */
function classify(finding, { sitePages, brokenPaths }) {
  if (finding.redirect) return 'redirect';
  if (finding.file === 'docs.json' || finding.file === 'mint.json') return 'navigation';
  if (!sitePages.has(finding.file.replace(/\.mdx?$/, ''))) return 'outside-navigation';
  const target = finding.link.split('#')[0].split('?')[0];
  if (MEDIA.test(target)) return 'media';
  if (finding.anchor !== undefined && brokenPaths && !brokenPaths.has(`${finding.file}\n${finding.link}`)) return 'anchor';
  return 'page';
}

/** The page files docsnav's resolver finds in the navigation of `siteDir` (paths without extension). */
async function navigationPages(siteDir) {
  const { resolveFile } = await import('../dist/index.js');
  const result = await resolveFile(path.join(siteDir, 'docs.json'));
  return new Set(result.tree.pages.filter((page) => page.file).map((page) => page.file.replace(/\.mdx?$/, '')));
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The sites of a report: the docs repositories, or with `completeSites` the 40 of ../shared/corpus/complete-sites. */
function reportSites(completeSites) {
  if (!completeSites) return DOCS_REPOS;
  const dir = path.join(corpus, 'complete-sites');
  return readdirSync(dir)
    .sort()
    .filter((name) => statSync(path.join(dir, name)).isDirectory())
    .map((name) => ({ name, dir: path.join(dir, name) }));
}

/** One line per site, then its findings but media (one line each); the progress goes to stderr. */
function printRow(row) {
  if (row.error) {
    process.stdout.write(`${row.name}: FAILED ${row.error}\n`);
    return;
  }
  const counts = Object.entries(row.kinds)
    .map(([kind, list]) => `${kind} ${list.length}`)
    .join(', ');
  const skipped = row.unparsable.length ? `; unparsable, left out through .mintignore: ${row.unparsable.map((u) => `${u.file} (${u.error})`).join(', ')}` : '';
  process.stdout.write(
    `${row.name}: ${row.findings} findings${counts ? ` (${counts})` : ''}; wall ${row.wallMs.join(', ')} ms, median ${median(row.wallMs)} ms${
      row.cpuMs.length ? `; CPU median ${median(row.cpuMs)} ms, peak RSS ${row.peakRssMb} MB` : ''
    }${skipped}\n`,
  );
  for (const [kind, list] of Object.entries(row.kinds)) {
    if (kind === 'media') continue;
    for (const finding of list)
      process.stdout.write(`  ${kind}\t${finding.file}${finding.line ? `:${finding.line}:${finding.column}` : ''}\t${finding.link}\n`);
  }
}

/** `report`: each site `runs` times (fresh processes, one after another), findings by kind, the median wall time. */
async function report({ runs, anchors, completeSites }) {
  for (const { name, dir } of reportSites(completeSites)) {
    process.stderr.write(`${name} …\n`);
    const results = [];
    for (let i = 0; i < runs; i++) results.push(await brokenLinks(dir, { anchors, skipUnparsable: true }));
    const failed = results.find((result) => !result.ok);
    if (failed) {
      printRow({ name, error: failed.error });
      continue;
    }
    const [first] = results;
    const brokenPaths = anchors ? new Set((await brokenLinks(dir, { skipUnparsable: true })).findings.map((f) => `${f.file}\n${f.link}`)) : undefined;
    const sitePages = await navigationPages(dir);
    const kinds = {};
    for (const finding of first.findings) (kinds[classify(finding, { sitePages, brokenPaths })] ??= []).push(finding);
    printRow({
      name,
      findings: first.findings.length,
      kinds,
      unparsable: first.unparsable,
      wallMs: results.map((result) => Math.round(result.wallMs)),
      cpuMs: results.map((result) => result.cpuMs).filter((ms) => ms !== undefined),
      peakRssMb: Math.max(0, ...results.map((result) => result.peakRssMb ?? 0)),
    });
  }
}

if (process.argv[1] === script) {
  const [mode, ...rest] = process.argv.slice(2);
  const runsFlag = rest.indexOf('--runs');
  if (mode === 'install') {
    process.stdout.write(`${ensureMintCli()}\n`);
  } else if (mode === 'run' && rest[0] && !rest[0].startsWith('--') && statSync(rest[0], { throwIfNoEntry: false })?.isDirectory()) {
    const result = await brokenLinks(rest[0], {
      anchors: rest.includes('--anchors'),
      snippets: rest.includes('--snippets'),
      redirects: rest.includes('--redirects'),
      skipUnparsable: rest.includes('--skip-unparsable'),
    });
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    process.exitCode = result.ok ? 0 : 1;
  } else if (mode === 'report') {
    await report({
      runs: runsFlag >= 0 ? Number(rest[runsFlag + 1]) : 3,
      anchors: rest.includes('--anchors'),
      completeSites: rest.includes('--complete-sites'),
    });
  } else {
    process.stderr.write(
      'usage: node bench/mint-cli.mjs install | run <siteDir> [--anchors] [--snippets] [--redirects] [--skip-unparsable] | report [--runs n] [--anchors] [--complete-sites]\n',
    );
    process.exitCode = 2;
  }
}
