/**
 * Links and URL history on the largest real docs repository (../shared/corpus/docs-repos/mintlify):
 * `docsnav validate` as a whole process (cold) with page links checked and with the link rules
 * off (the difference is what reading and checking every page costs), `docsnav diff` between the
 * two commits bench/docs-history.mjs makes of it, and, with --incumbent, the platform's own
 * `mint broken-links` on the same repository (bench/mint-cli.mjs, installed on demand).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDocsHistory } from './docs-history.mjs';
import { brokenLinks, DOCS_REPOS, ensureMintCli } from './mint-cli.mjs';
import { recordTarget } from './targets.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const cli = path.join(path.dirname(here), 'dist', 'cli', 'main.js');
const LINKS_OFF = ['--rule', 'link-not-found=off', '--rule', 'anchor-not-found=off', '--rule', 'page-unparsable=off'];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Wall times (ms) of whole `docsnav` runs, interleaved run by run so the machine's ups and downs fall on each alike. */
function interleaved(commands, runs, cwd) {
  const walls = commands.map(() => []);
  const codes = commands.map(() => 0);
  for (let run = 0; run < runs; run++) {
    commands.forEach((args, i) => {
      const start = performance.now();
      const result = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8', maxBuffer: 1 << 28 });
      walls[i].push(performance.now() - start);
      codes[i] = result.status;
    });
  }
  return walls.map((samples, i) => ({ wall: median(samples), code: codes[i] }));
}

/** CPU time (user + system, ms) of one whole run, from GNU time. */
function cpuOf(args) {
  const run = spawnSync('/usr/bin/time', ['-f', '%U %S', process.execPath, cli, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const [user, system] = run.stderr.trim().split('\n').at(-1).split(' ').map(Number);
  return (user + system) * 1000;
}

export async function linkRows({ runs = 5, incumbent = false } = {}) {
  const rows = [];
  const site = DOCS_REPOS.find((repo) => repo.name === 'mintlify');
  const docs = path.join(site.dir, 'docs.json');
  // A warm --cache: the file a first run wrote (every page's scan kept), read by each timed run.
  const cache = path.join(mkdtempSync(path.join(tmpdir(), 'docsnav-bench-')), '.docsnavcache');
  spawnSync(process.execPath, [cli, 'validate', docs, '--cache-location', cache], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const [withLinks, withoutLinks, oneThread, warm] = interleaved(
    [
      ['validate', docs],
      ['validate', docs, ...LINKS_OFF],
      ['validate', docs, '--concurrency', '1'],
      ['validate', docs, '--cache-location', cache],
    ],
    runs,
  );
  rmSync(path.dirname(cache), { recursive: true, force: true });
  const cpu = cpuOf(['validate', docs]);
  const checking = withLinks.wall - withoutLinks.wall;
  let theirs = '';
  if (incumbent) {
    ensureMintCli();
    const run = await brokenLinks(site.dir, { skipUnparsable: true });
    theirs = run.ok
      ? `mint broken-links ${(run.wallMs / 1000).toFixed(1)} s wall, ${(run.cpuMs / 1000).toFixed(1)} s CPU (docsnav ×${(run.wallMs / withLinks.wall).toFixed(0)} faster)`
      : `mint broken-links failed: ${run.error}`;
  }
  rows.push([
    `validate docs-repos/mintlify with every page's links (1,130 page files), whole process`,
    `${withLinks.wall.toFixed(0)} ms (exit ${withLinks.code}) · ${cpu.toFixed(0)} ms CPU`,
    `links off ${withoutLinks.wall.toFixed(0)} ms: checking the links costs ${checking.toFixed(0)} ms; pages scanned on ${availableParallelism()} cores (one thread: ${oneThread.wall.toFixed(0)} ms)`,
    theirs,
  ]);
  rows.push([
    `the same with a warm --cache (no page changed since the last run)`,
    `${warm.wall.toFixed(0)} ms (exit ${warm.code})`,
    `links off ${withoutLinks.wall.toFixed(0)} ms`,
    '',
  ]);
  linksTarget(
    'checking every link of the largest real docs repository (920 pages) ≤ 1 s cold (whole `docsnav validate`)',
    'not checked',
    withLinks.wall,
    1000,
    ` (${(checking / 1000).toFixed(2)} s of it the links)`,
  );
  linksTarget('the same, warm: a run after one that kept its page scans (`--cache`)', 'no cache', warm.wall, 1000);

  const history = createDocsHistory();
  const [diff] = interleaved([['diff', history.baseRef]], runs, history.dir);
  rmSync(history.dir, { recursive: true, force: true });
  rows.push([
    `diff of two commits of docs-repos/mintlify (20 pages moved, 5 deleted), whole process`,
    `${diff.wall.toFixed(0)} ms (exit ${diff.code})`,
    '',
    '',
  ]);
  linksTarget('`docsnav diff` of two commits of the largest real docs repository ≤ 1.5 s', 'no diff', diff.wall, 1500);
  return rows;
}

/** A target of this area: met when the wall time is within the limit. */
function linksTarget(target, before, wallMs, limitMs, detail = '') {
  recordTarget({ area: 'links', target, before, measured: `${(wallMs / 1000).toFixed(2)} s${detail}`, met: wallMs <= limitMs });
}
