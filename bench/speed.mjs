/**
 * Issue 37's targets: every check at the speed of a commit. Whole `docsnav validate` processes on
 * the platform's docs repository (../shared/corpus/docs-repos/mintlify, copied to a temporary
 * folder so that a page can be changed) and on the generated 2,000-page site with page files:
 * cold (`--no-cache`), warm with nothing changed, warm with one page changed (the page scan cache
 * in a temporary folder, `--cache-location`), interleaved run by run with `node -e 0` and, with
 * --incumbent, the platform's validator on the same docs.json; and `resolveFile` of the runpod
 * repository in a fresh process (the library in-process, no cache). The language server rows are
 * bench/lsp.mjs's; `mint broken-links` is bench/links.mjs's.
 * Printed as table rows by bench/run.mjs; `node bench/speed.mjs [--quick] [--incumbent]` prints them alone.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writeSiteWithPages } from './generate.mjs';
import { ensureIncumbent } from './incumbent.mjs';
import { recordTarget } from './targets.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const project = path.dirname(here);
const cli = path.join(project, 'dist', 'cli', 'main.js');
const DOCS_REPOS = path.join(project, '..', 'shared', 'corpus', 'docs-repos');

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));

/** One whole process: wall time and peak RSS (GNU time). `before` runs first, untimed (a page changed). */
function timed(command) {
  command.before?.();
  const start = performance.now();
  const run = spawnSync('/usr/bin/time', ['-f', '%M', ...command.args], {
    cwd: command.cwd ?? project,
    env: command.env,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  const wall = performance.now() - start;
  return { wall, rss: Number(run.stderr.trim().split('\n').at(-1)) / 1024, code: run.status };
}

/** Medians of `runs` rounds, the commands interleaved in each round. */
function interleaved(commands, runs) {
  const samples = Object.fromEntries(Object.keys(commands).map((name) => [name, []]));
  for (let round = 0; round < runs; round++) for (const [name, command] of Object.entries(commands)) samples[name].push(timed(command));
  return Object.fromEntries(
    Object.entries(samples).map(([name, list]) => [
      name,
      { wall: median(list.map((s) => s.wall)), rss: Math.max(...list.map((s) => s.rss)), code: list[0].code },
    ]),
  );
}

/** The runs a site's rows need: cold, warm, warm with one page changed, the floor, the incumbent's validator. */
function siteCommands(docs, page, cacheFolder, incumbentEntry) {
  const validate = (...extra) => [process.execPath, cli, 'validate', docs, ...extra];
  let edits = 0;
  const original = readFileSync(page, 'utf8');
  // Each run sees the page changed since the last (its text alternates), so it is scanned again.
  const changePage = () => writeFileSync(page, `${original}\n\nEdited ${++edits % 2 ? 'once' : 'twice'} in the bench.\n`);
  const commands = {
    floor: { args: [process.execPath, '-e', '0'] },
    cold: { args: validate('--no-cache') },
    warm: { args: validate('--cache-location', cacheFolder) },
    changed: { args: validate('--cache-location', cacheFolder), before: changePage },
  };
  if (incumbentEntry) commands.incumbent = { args: [process.execPath, path.join(here, 'incumbent.mjs'), 'validate', docs] };
  return commands;
}

function siteRows(label, m, limits) {
  const floor = m.floor.wall;
  // Ratios, because this machine's load moves every absolute time (issue 51's targets are ratios).
  const ratio = (wall) => `${(wall / floor).toFixed(1)}× node${m.incumbent ? `, ${(wall / m.incumbent.wall).toFixed(1)}× the incumbent` : ''}`;
  const theirs = m.incumbent
    ? `incumbent's validator ${ms(m.incumbent.wall)} ms (docs.json only, no page read; ${(m.incumbent.wall / floor).toFixed(1)}× node)`
    : '';
  const rows = [
    [
      `${label}: every default rule, cold (\`--no-cache\`), whole process`,
      `${ms(m.cold.wall)} ms (${ratio(m.cold.wall)}) · ${m.cold.rss.toFixed(0)} MB peak RSS (exit ${m.cold.code})`,
      `\`node -e 0\` ${ms(floor)} ms`,
      theirs,
    ],
    [`${label}: warm, nothing changed`, `${ms(m.warm.wall)} ms (${ratio(m.warm.wall)}) · ${m.warm.rss.toFixed(0)} MB`, `\`node -e 0\` ${ms(floor)} ms`, ''],
    [
      `${label}: warm, one page changed`,
      `${ms(m.changed.wall)} ms (${ratio(m.changed.wall)}; cold ${(m.cold.wall / m.changed.wall).toFixed(1)}× it) · ${m.changed.rss.toFixed(0)} MB`,
      `\`node -e 0\` ${ms(floor)} ms`,
      '',
    ],
  ];
  for (const [name, limit, what] of limits) {
    const over = m[name].wall - (what === 'floor' ? floor : 0);
    recordTarget({
      area: 'speed',
      target: `${label}, ${name === 'cold' ? 'cold (no cache)' : name === 'warm' ? 'warm, nothing changed' : 'warm, one page changed'} ≤ ${what === 'floor' ? '`node -e 0` + ' : ''}${limit} ms${name === 'cold' && what !== 'floor' ? ', ≤ 250 MB peak RSS' : ''}`,
      before: label.includes('platform')
        ? name === 'cold'
          ? '3.4–4.2 s'
          : '0.34–0.67 s (`--cache`)'
        : name === 'cold'
          ? 'floor + 0.5 s (0.57 s)'
          : 'floor + 0.2 s (0.25 s)',
      measured: `${ms(m[name].wall)} ms${what === 'floor' ? ` (floor + ${ms(over)})` : ''}${name === 'cold' ? `, ${m.cold.rss.toFixed(0)} MB` : ''}`,
      met: over <= limit && (name !== 'cold' || what === 'floor' || m.cold.rss <= 250),
    });
  }
  return rows;
}

const CASE = { cold: 'cold (`--no-cache`)', warm: 'warm, nothing changed', changed: 'warm, one page changed' };

/** Issue 51's targets: each case's wall time as a multiple of `node -e 0` in the same rounds. */
function ratioTargets(label, m, limits) {
  for (const [name, limit, before] of limits) {
    const times = m[name].wall / m.floor.wall;
    recordTarget({
      area: 'speed',
      target: `${label}, ${CASE[name]} ≤ ${limit}× \`node -e 0\``,
      before,
      measured: `${times.toFixed(1)}× (${ms(m[name].wall)} ms, node ${ms(m.floor.wall)} ms)`,
      met: times <= limit,
    });
  }
}

/**
 * The pre-commit hook's command as the hook runs it: `docsnav validate`, no argument, in the
 * site's folder, the cache where docsnav puts it by default (here the user's cache folder,
 * `cacheHome`, as the folder has no package.json), outside CI.
 */
function hookCommand(folder, cacheHome) {
  const env = { ...process.env, XDG_CACHE_HOME: cacheHome };
  delete env.CI;
  return { args: [process.execPath, cli, 'validate'], cwd: folder, env };
}

/** `resolveFile` of a docs.json in a fresh process, the library imported first (not timed): ms, median of `runs`. */
function resolveInProcess(docs, runs) {
  const script = `
    const { resolveFile } = await import(${JSON.stringify(pathToFileURL(path.join(project, 'dist', 'index.js')).href)});
    const start = performance.now();
    const result = await resolveFile(${JSON.stringify(docs)});
    console.log(JSON.stringify({ ms: performance.now() - start, pages: result.tree.pages.length, problems: result.problems.length }));`;
  const samples = Array.from({ length: runs }, () =>
    JSON.parse(spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: project, encoding: 'utf8' }).stdout),
  );
  return { ms: median(samples.map((s) => s.ms)), pages: samples[0].pages, problems: samples[0].problems };
}

export async function speedRows({ runs = 5, incumbent = false } = {}) {
  const rows = [];
  const incumbentEntry = incumbent ? ensureIncumbent() : undefined;
  const work = mkdtempSync(path.join(tmpdir(), 'docsnav-speed-'));
  try {
    // The platform's docs repository, copied so that a page can change.
    const repo = path.join(work, 'mintlify');
    cpSync(path.join(DOCS_REPOS, 'mintlify'), repo, { recursive: true });
    const repoDocs = path.join(repo, 'docs.json');
    const repoCache = `${path.join(work, 'cache-mintlify')}${path.sep}`;
    spawnSync(process.execPath, [cli, 'validate', repoDocs, '--cache-location', repoCache], { encoding: 'utf8', maxBuffer: 1 << 28 });
    const repoPage = path.join(repo, 'quickstart.mdx');
    const platform = interleaved(siteCommands(repoDocs, repoPage, repoCache, incumbentEntry), runs);
    rows.push(
      ...siteRows('platform docs repository (1,130 page files, 7 MB)', platform, [
        ['cold', 500, 'wall'],
        ['warm', 100, 'floor'],
        ['changed', 150, 'floor'],
      ]),
    );
    // Issue 68's rows (cold ≤ 8×, one page changed ≤ 3× without the daemon; bench/daemon.mjs has ≤ 2× through it), their
    // "before" measured at 503e3aa (medians of 4 interleaved runs, load 1–2.7); warm is issue 51's.
    ratioTargets('platform docs repository', platform, [
      ['cold', 8, '11–14.7× (issue 68, at 503e3aa)'],
      ['warm', 3, 'node + 60–80 ms'],
      ['changed', 3, '5.1–5.6× (issue 68, at 503e3aa)'],
    ]);
    // Its own rounds, after the page-changing ones: its first run (untimed) fills the cache, the timed ones find nothing changed.
    const hook = hookCommand(repo, path.join(work, 'user-cache'));
    timed(hook);
    const hooked = interleaved({ floor: { args: [process.execPath, '-e', '0'] }, hook }, runs);
    rows.push([
      "platform docs repository: the pre-commit hook's command (`docsnav validate` in the repository, default cache, pretty report), warm",
      `${ms(hooked.hook.wall)} ms (floor + ${ms(hooked.hook.wall - hooked.floor.wall)}) · ${hooked.hook.rss.toFixed(0)} MB (exit ${hooked.hook.code})`,
      `\`node -e 0\` ${ms(hooked.floor.wall)} ms`,
      '',
    ]);
    recordTarget({
      area: 'speed',
      target: "the pre-commit hook's command on the platform docs repository, warm < 150 ms",
      before: '0.34–0.67 s (`--cache`)',
      measured: `${ms(hooked.hook.wall)} ms`,
      met: hooked.hook.wall < 150,
    });

    const generated = path.join(work, 'generated');
    mkdirSync(generated);
    const site = writeSiteWithPages(generated, 2000);
    const siteCache = `${path.join(work, 'cache-generated')}${path.sep}`;
    spawnSync(process.execPath, [cli, 'validate', site.docs, '--cache-location', siteCache], { encoding: 'utf8', maxBuffer: 1 << 28 });
    const twoK = interleaved(siteCommands(site.docs, site.page, siteCache, incumbentEntry), runs);
    rows.push(
      ...siteRows('generated 2,000-page site with page files', twoK, [
        ['cold', 250, 'floor'],
        ['warm', 50, 'floor'],
      ]),
    );
    ratioTargets('generated 2,000-page site', twoK, [
      ['cold', 4, '4.5–6.3× (issue 68, at 503e3aa)'],
      ['warm', 1.5, '1.8–2.5× (issue 68, at 503e3aa)'],
    ]);

    const runpod = resolveInProcess(path.join(DOCS_REPOS, 'runpod', 'docs.json'), runs);
    rows.push([
      '`resolveFile` of docs-repos/runpod, in-process, cold (library imported, no cache; every default rule)',
      `${ms(runpod.ms)} ms`,
      `${runpod.pages} pages, ${runpod.problems} problems`,
      '',
    ]);
    recordTarget({
      area: 'speed',
      target: '`resolveFile` of the runpod repository, in-process, cold ≤ 300 ms',
      before: '4.4 s (`resolve`, whole process)',
      measured: `${ms(runpod.ms)} ms`,
      met: runpod.ms <= 300,
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const quick = process.argv.includes('--quick');
  for (const r of await speedRows({ runs: quick ? 3 : 5, incumbent: process.argv.includes('--incumbent') })) console.log(`| ${r.join(' | ')} |`);
}
