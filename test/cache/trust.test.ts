/**
 * A cache no one else can feed (issue 59, item 4), through the built CLI and the store:
 * - a `--cache-location` folder another user made (owned by `nobody`), or one others may write
 *   (mode 0777), is refused with one line, and nothing is read from it or written to it;
 * - a cache folder swapped for a symbolic link while a save removes what it no longer uses:
 *   every removal goes through the folder's descriptor, never into the link's target;
 * - a cache that came with the repository under check (a pull request that commits
 *   `.docsnav-cache/` with a scan that hides its own broken link) is no cache: its checksums are
 *   keyed with another user's key (src/cache/key.ts), and the broken link is reported.
 * The tests run as root (chown to `nobody` needs it); each is skipped elsewhere.
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanPage } from '../../src/pages/scan.js';
import { OpenedStore } from '../../src/cache/opened-store.js';
import { environment, partFileOf, scansIn, writeScan } from './parts.js';

const CLI = path.resolve('dist', 'cli', 'main.js');
const BROKEN = 'See [the old guide](/guides/old).';
const root = process.getuid?.() === 0;

function docsnav(cacheHome: string, ...args: string[]) {
  const run = spawnSync(process.execPath, [CLI, 'validate', ...args, '--format', 'json'], { encoding: 'utf8', env: environment(cacheHome) });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** The example site with a broken link in its quickstart page. */
function brokenSite(): { docs: string; page: string } {
  const docs = mkdtempSync(path.join(tmpdir(), 'docsnav-trust-site-'));
  cpSync('fixtures/example', docs, { recursive: true, filter: (from) => !from.includes(`${path.sep}expected`) });
  const page = path.join(docs, 'quickstart.mdx');
  writeFileSync(page, `${readFileSync(page, 'utf8')}\n${BROKEN}\n`);
  return { docs, page };
}

const codesOf = (stdout: string) => (JSON.parse(stdout) as Array<{ problems: Array<{ code: string }> }>)[0].problems.map((problem) => problem.code);

describe.runIf(root)("a cache folder that is not the user's alone is refused", () => {
  it.each([
    [
      'made by another user (nobody), mode 0755',
      (folder: string) => chownSync(folder, 65534, 65534),
      /belongs to user 65534, not to this process's user \(0\)/,
    ],
    ["writable by others (mode 0777), the user's own", (folder: string) => chmodSync(folder, 0o777), /may be written by other users \(mode 0777\)/],
    ["writable by the group (mode 0775), the user's own", (folder: string) => chmodSync(folder, 0o775), /may be written by other users \(mode 0775\)/],
  ])('%s: one line, the truth, nothing read or written there', (_, spoil, why) => {
    const { docs } = brokenSite();
    const cacheHome = mkdtempSync(path.join(tmpdir(), 'docsnav-trust-home-'));
    const folder = path.join(mkdtempSync(path.join(tmpdir(), 'docsnav-trust-shared-')), 'cache');
    mkdirSync(folder, { mode: 0o755 });
    spoil(folder);
    const expected = docsnav(cacheHome, docs, '--no-cache');
    expect(codesOf(expected.stdout)).toEqual(['link-not-found']);
    for (let run = 0; run < 2; run++) {
      const used = docsnav(cacheHome, docs, '--cache-location', `${folder}/`);
      expect(used.stdout).toBe(expected.stdout);
      expect(used.code).toBe(1);
      expect(used.stderr.trim().split('\n')).toHaveLength(1);
      expect(used.stderr).toMatch(/^docsnav: the cache was not used: /);
      expect(used.stderr).toMatch(why);
      expect(readdirSync(folder)).toEqual([]);
    }
    // The same folder, the user's alone: used.
    chownSync(folder, 0, 0);
    chmodSync(folder, 0o700);
    const used = docsnav(cacheHome, docs, '--cache-location', `${folder}/`);
    expect([used.stdout, used.stderr]).toEqual([expected.stdout, '']);
    expect(readdirSync(folder)).toContain('page-scans.json');
  });

  it('a cache key another user owns, or others may read, is refused', () => {
    const { docs } = brokenSite();
    const cacheHome = mkdtempSync(path.join(tmpdir(), 'docsnav-trust-home-'));
    const folder = mkdtempSync(path.join(tmpdir(), 'docsnav-trust-cache-'));
    expect(docsnav(cacheHome, docs, '--cache-location', `${folder}/`).stderr).toBe('');
    const key = path.join(cacheHome, 'docsnav', 'key');
    expect(statSync(key).mode & 0o777).toBe(0o600);
    chmodSync(key, 0o644);
    const readable = docsnav(cacheHome, docs, '--cache-location', `${folder}/`);
    expect(readable.stderr).toMatch(/^docsnav: the cache was not used: .*key may be read or written by other users \(mode 0644\)\n$/);
    chmodSync(key, 0o600);
    chownSync(key, 65534, 65534);
    expect(docsnav(cacheHome, docs, '--cache-location', `${folder}/`).stderr).toMatch(/key belongs to user 65534/);
    chownSync(key, 0, 0);
    expect(docsnav(cacheHome, docs, '--cache-location', `${folder}/`).stderr).toBe('');
  });
});

describe('a cache folder swapped for a link while a save removes what it no longer uses', () => {
  it("removes only in the folder it opened, never in the link's target", () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'docsnav-trust-swap-'));
    const file = path.join(folder, 'page-scans.json');
    const [a, b] = ['# A\n\nSee [b](/b).\n', '# B\n\nSee [a](/a#x).\n'];
    const first = new OpenedStore(file);
    first.keepScan({ text: a, mdx: true }, scanPage(a));
    first.save();
    // Someone else's files, named as packs and old enough to be taken for ones no index names.
    const victim = mkdtempSync(path.join(tmpdir(), 'docsnav-trust-victim-'));
    const theirs = ['0123456789abcdef.pack', 'notes.txt'];
    for (const name of theirs) {
      writeFileSync(path.join(victim, name), "not docsnav's");
      utimesSync(path.join(victim, name), new Date(Date.now() - 3_600_000), new Date(Date.now() - 3_600_000));
    }
    const second = new OpenedStore(file);
    // The scan read: the scans folder opened, by descriptor.
    expect(second.keptScan({ text: a, mdx: true })).toEqual(scanPage(a));
    const scans = partFileOf(file, 'scans');
    renameSync(scans, `${scans}.moved`);
    symlinkSync(victim, scans, 'dir');
    second.keepScan({ text: b, mdx: true }, scanPage(b));
    second.save();
    expect(readdirSync(victim).sort()).toEqual(theirs);
    for (const name of theirs) expect(readFileSync(path.join(victim, name), 'utf8')).toBe("not docsnav's");
    // The new pack went into the folder the store opened.
    expect(readdirSync(`${scans}.moved`).filter((name) => name.endsWith('.pack'))).toHaveLength(2);
    // A later run finds the link where its folder was: the cache refused, nothing written through it.
    const third = new OpenedStore(file);
    expect(third.keptScan({ text: b, mdx: true })).toBeUndefined();
    third.keepScan({ text: b, mdx: true }, scanPage(b));
    third.save();
    expect(third.refusal).toBe(`${scans} is a symbolic link`);
    expect(readdirSync(victim).sort()).toEqual(theirs);
  });
});

describe('a cache that came with the repository under check is no cache', () => {
  it('a pull request that commits .docsnav-cache/ with a scan hiding its own broken link: the link is reported', () => {
    const { docs } = brokenSite();
    // The author of the pull request, on their machine: their own cache key.
    const theirHome = mkdtempSync(path.join(tmpdir(), 'docsnav-trust-author-'));
    const cache = path.join(docs, '.docsnav-cache');
    expect(codesOf(docsnav(theirHome, docs, '--cache-location', `${cache}/`).stdout)).toEqual(['link-not-found']);
    const file = path.join(cache, 'page-scans.json');
    // Each scan with the broken link is filed again without it, its checksums holding for the author's key.
    let forged = 0;
    for (const { key, scan } of scansIn(file)) {
      const kept = scan as { links: Array<{ url: string }> };
      if (!kept.links.some((link) => link.url === '/guides/old')) continue;
      writeScan(file, key, { key, scan: { ...kept, links: kept.links.filter((link) => link.url !== '/guides/old') } }, theirHome);
      forged++;
    }
    expect(forged).toBe(1);
    // Only the scans speak for the page: the kept run and check go (they are keyed to the author's files' stamps anyway).
    rmSync(partFileOf(file, 'runs'));
    rmSync(partFileOf(file, 'check'));
    // A fresh checkout of the pull request (new files: no stamp the index holds fits): the author's key hides the link.
    const checkout = mkdtempSync(path.join(tmpdir(), 'docsnav-trust-checkout-'));
    cpSync(docs, checkout, { recursive: true });
    expect(codesOf(docsnav(theirHome, checkout, '--cache-location', `${path.join(checkout, '.docsnav-cache')}/`).stdout)).toEqual([]);
    // The CI job: another machine's (or user's) key. The committed cache is no cache: the broken link is reported.
    const again = mkdtempSync(path.join(tmpdir(), 'docsnav-trust-checkout-'));
    cpSync(docs, again, { recursive: true });
    const ciHome = mkdtempSync(path.join(tmpdir(), 'docsnav-trust-ci-'));
    const ci = docsnav(ciHome, again, '--cache-location', `${path.join(again, '.docsnav-cache')}/`);
    expect(codesOf(ci.stdout)).toEqual(['link-not-found']);
    expect(ci.code).toBe(1);
    expect(existsSync(path.join(ciHome, 'docsnav', 'key'))).toBe(true);
  });
});
