/**
 * The cache under faults (issue 59, item 5), through the built CLI: each fault leaves a cache that
 * is used correctly or ignored, never a wrong report. After each, a run with the cache prints what
 * a run without it prints, byte for byte, and so does the run after it (which reads what the first
 * saved).
 * - kill -9 while the cache is written: the run killed when its n-th temporary file appears in the
 *   cache folder (fs.watch: the event, not the clock, says when);
 * - two runs at once on one cache, after an edit;
 * - a full disk while writing: the cache on a small tmpfs, filled to leave little room (root only:
 *   mount(8); unmounted after).
 * Seeded and bounded (DOCSNAV_FC_SEED).
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, watch, writeFileSync, type FSWatcher } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { environment } from './parts.js';
import { hangGuard } from '../time-scale.mjs';

const CLI = path.resolve('dist', 'cli', 'main.js');
const SEED = Number(process.env.DOCSNAV_FC_SEED ?? 20_261_126);
const PAGES = 300;

/** A small seeded generator (the rounds' choices, shown in a failure). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

interface Site {
  docs: string;
  cacheHome: string;
  cache: string;
}

/** A site of PAGES pages, each linking to the next and to an anchor of the first. */
function makeSite(cache?: string): Site {
  const docs = mkdtempSync(path.join(tmpdir(), 'docsnav-faults-'));
  mkdirSync(path.join(docs, 'pages'));
  const pages = Array.from({ length: PAGES }, (_, i) => `pages/p${i}`);
  writeFileSync(path.join(docs, 'docs.json'), JSON.stringify({ name: 'Faults', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { pages } }));
  for (let i = 0; i < PAGES; i++) writePage(docs, i, `/pages/p${(i + 1) % PAGES}`, 'Setup');
  const cacheHome = mkdtempSync(path.join(tmpdir(), 'docsnav-faults-home-'));
  return { docs, cacheHome, cache: cache ?? path.join(mkdtempSync(path.join(tmpdir(), 'docsnav-faults-cache-')), 'cache') };
}

function writePage(docs: string, i: number, link: string, heading: string): void {
  writeFileSync(
    path.join(docs, 'pages', `p${i}.mdx`),
    `# Page ${i}\n\n## ${heading}\n\nSee [next](${link}) and [the first](/pages/p0#setup).\n${'Some text. '.repeat(40)}\n`,
  );
}

/** An edit a round makes: a page's link broken or mended, or the first page's heading renamed (every anchor link then broken). */
function edit(site: Site, next: () => number): string {
  const i = Math.floor(next() * PAGES);
  const kind = Math.floor(next() * 3);
  if (kind === 0) writePage(site.docs, i, '/pages/nowhere', 'Setup');
  else if (kind === 1) writePage(site.docs, i, `/pages/p${(i + 1) % PAGES}`, 'Setup');
  else writePage(site.docs, 0, '/pages/p1', next() < 0.5 ? 'Setup' : 'Install');
  return `page ${i}, kind ${kind}`;
}

function run(site: Site, ...args: string[]) {
  const done = spawnSync(process.execPath, [CLI, 'validate', site.docs, '--format', 'json', ...args], { encoding: 'utf8', env: environment(site.cacheHome) });
  return { code: done.status, stdout: done.stdout, stderr: done.stderr };
}

/**
 * A run with the cache, and the one after it, each print what a run without it prints. `full`: the
 * disk may be full, so a run may end in exit 2 with one line saying the cache could not be written.
 */
function expectTruth(site: Site, label: string, full = false): void {
  const cold = run(site, '--no-cache');
  for (const which of ['warm', 'warm again']) {
    const warm = run(site, '--cache-location', `${site.cache}/`);
    expect({ label, which, stdout: warm.stdout }).toEqual({ label, which, stdout: cold.stdout });
    if (full && warm.code === 2) expect(warm.stderr).toMatch(NO_ROOM);
    else expect({ label, which, code: warm.code, stderr: warm.stderr }).toEqual({ label, which, code: cold.code, stderr: '' });
  }
}

/** The one line of a run whose cache found no room. */
const NO_ROOM = /^docsnav: --cache-location: cannot write .*ENOSPC.*\n$/;

/** A run with the cache killed (SIGKILL) when its `nth` temporary file appears in the cache folder or its scans folder; resolves when it is gone. */
function killedWhileWriting(site: Site, nth: number): Promise<{ killed: boolean }> {
  const watchers: FSWatcher[] = [];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, 'validate', site.docs, '--format', 'json', '--cache-location', `${site.cache}/`], {
      env: environment(site.cacheHome),
      stdio: 'ignore',
    });
    let seen = 0;
    let killed = false;
    const onEvent = (_: string, name: string | null) => {
      if (killed || !name?.endsWith('.tmp') || ++seen < nth) return;
      killed = child.kill('SIGKILL');
    };
    for (const folder of [site.cache, path.join(site.cache, 'page-scans.scans')]) if (existsSync(folder)) watchers.push(watch(folder, onEvent));
    child.on('close', () => {
      for (const watcher of watchers) watcher.close();
      resolve({ killed });
    });
  });
}

function both(site: Site): Promise<Array<{ code: number | null; stdout: string }>> {
  const once = () =>
    new Promise<{ code: number | null; stdout: string }>((resolve) => {
      const child = spawn(process.execPath, [CLI, 'validate', site.docs, '--format', 'json', '--cache-location', `${site.cache}/`], {
        env: environment(site.cacheHome),
      });
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.on('close', (code) => resolve({ code, stdout }));
    });
  return Promise.all([once(), once()]);
}

describe('the cache after a fault is used correctly or ignored, never a wrong report', () => {
  it(
    'kill -9 while the cache is written, at the n-th temporary file of the run',
    async () => {
      const site = makeSite();
      const next = random(SEED);
      expectTruth(site, 'first');
      let killed = 0;
      for (let round = 0; round < 6; round++) {
        const label = `round ${round}: ${edit(site, next)}`;
        const nth = 1 + Math.floor(next() * 3);
        if ((await killedWhileWriting(site, nth)).killed) killed++;
        expectTruth(site, `${label}, killed at temporary file ${nth}`);
      }
      // The kills landed while the cache was written (a temporary file was there), most of them at least.
      expect(killed).toBeGreaterThan(0);
    },
    hangGuard(600_000),
  );

  it(
    'two runs at once on one cache, after each edit',
    async () => {
      const site = makeSite();
      const next = random(SEED + 1);
      expectTruth(site, 'first');
      for (let round = 0; round < 4; round++) {
        const label = `round ${round}: ${edit(site, next)}`;
        const cold = run(site, '--no-cache');
        const runs = await both(site);
        expect(runs.map(({ code, stdout }) => ({ label, code, stdout }))).toEqual([0, 1].map(() => ({ label, code: cold.code, stdout: cold.stdout })));
        expectTruth(site, label);
      }
    },
    hangGuard(600_000),
  );
});

const mounted: string[] = [];
afterAll(() => {
  for (const folder of mounted.splice(0)) execFileSync('umount', [folder]);
});

describe.runIf(process.getuid?.() === 0)('a full disk while the cache is written', () => {
  it(
    'each amount of room left: the run reports the truth (exit 2, one line, when the cache cannot be written), and so do the runs after',
    () => {
      const disk = mkdtempSync(path.join(tmpdir(), 'docsnav-faults-disk-'));
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', disk]);
      mounted.push(disk);
      const site = makeSite(path.join(disk, 'cache'));
      const next = random(SEED + 2);
      const filler = path.join(disk, 'filler');
      for (const room of [0, 16, 64, 160]) {
        const label = `${edit(site, next)}, ${room} KB left`;
        rmSync(filler, { force: true });
        // The disk filled but for `room` KB (what the cache already holds counts).
        const free = Number(execFileSync('df', ['--output=avail', '-k', disk], { encoding: 'utf8' }).trim().split('\n')[1]);
        if (free > room) writeFileSync(filler, Buffer.alloc((free - room) * 1024));
        const cold = run(site, '--no-cache');
        const full = run(site, '--cache-location', `${site.cache}/`);
        expect({ label, stdout: full.stdout }).toEqual({ label, stdout: cold.stdout });
        if (full.code === 2) expect(full.stderr).toMatch(NO_ROOM);
        else expect({ label, code: full.code, stderr: full.stderr }).toEqual({ label, code: cold.code, stderr: '' });
        // Still full: the next run is the truth too. Then with room again.
        expectTruth(site, `${label}, still full`, true);
        rmSync(filler, { force: true });
        expectTruth(site, `${label}, room again`);
      }
      expect(readFileSync(path.join(site.cache, 'page-scans.json')).length).toBeGreaterThan(0);
    },
    hangGuard(600_000),
  );
});
