/**
 * Issue 58, the rows of src/cache: two one-line bugs planted in the page-scan cache that the suite
 * did not notice, each tested through the store's API as the CLI drives it (a store on a cache
 * file, a validation, the store saved), never through the layout of the cache's files: every
 * regular file under the cache's folder is looked at alike, however many there are.
 *
 * - file.ts: a cache file read through a symbolic link (`O_NOFOLLOW` dropped): a clone can carry
 *   a link pointing outside it, and what it points at would be taken as the cache.
 * - replay.ts: a kept run's file judged unchanged by its stamp alone where the stamp is racily
 *   clean. On a file system whose times have 1 s steps (ext4 with 128-byte inodes: no room for
 *   nanoseconds) an edit within the second of the write keeps size, times and inode: only the
 *   bytes' hash tells. The shape is built: an ext4 image with `-I 128`, loop-mounted (root only).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PageScanStore, validateFile } from '../../src/index.js';
import { REQUIRED_SETTINGS } from '../required-settings.js';

const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});
const temp = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
};

/** A site (with the platform's required settings: valid but for its link) whose index links to `target` (`/guide` is a page, `/nopex` is not: the same length). */
function writeSite(root: string, target: string): { docs: string; page: string } {
  writeFileSync(
    path.join(root, 'docs.json'),
    JSON.stringify({ ...REQUIRED_SETTINGS, navigation: { groups: [{ group: 'Guides', pages: ['index', 'guide'] }] } }),
  );
  writeFileSync(path.join(root, 'index.mdx'), `# Home\n\nSee [the guide](${target}).\n`);
  writeFileSync(path.join(root, 'guide.mdx'), '# Guide\n');
  return { docs: path.join(root, 'docs.json'), page: path.join(root, 'index.mdx') };
}

/** One CLI-like run: the store read from its file, the validation, the store saved when it changed. */
function run(docs: string, file: string) {
  const pageScans = new PageScanStore(file);
  const result = validateFile(docs, { pageScans, concurrency: 1 });
  if (pageScans.dirty) pageScans.save();
  return { codes: result.problems.map((problem) => problem.code).sort(), replayed: pageScans.asked === 0, refusal: pageScans.refusal };
}

/** Every regular file under `folder`, recursively. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('issue 58: file.ts, a cache file that is a symbolic link', () => {
  it('is not read: the run is made now, and the cache is refused for it (said once)', () => {
    const { docs } = writeSite(temp('docsnav-planted-site-'), '/nopex');
    const cache = temp('docsnav-planted-cache-');
    const file = path.join(cache, 'page-scans.json');
    const made = run(docs, file).codes;
    expect(made).toContain('link-not-found');
    run(docs, file);
    // Warmed: the third run is given again from the cache.
    expect(run(docs, file)).toEqual({ codes: made, replayed: true, refusal: undefined });
    // Each cache file now a link to the same bytes outside the cache's folder.
    const outside = temp('docsnav-planted-outside-');
    const files = filesUnder(cache);
    expect(files.length).toBeGreaterThan(0);
    files.forEach((name, index) => {
      const copy = path.join(outside, `${index}`);
      copyFileSync(name, copy);
      unlinkSync(name);
      symlinkSync(copy, name);
    });
    const linked = run(docs, file);
    expect(linked.replayed).toBe(false);
    expect(linked.codes).toEqual(made);
    // The refusal names the cache file it met as a link (src/cache/file.ts: `<file> is a symbolic link`).
    expect(linked.refusal).toBeDefined();
    expect(files.map((name) => `${name} is a symbolic link`)).toContain(linked.refusal);
  });
});

/** Why an ext4 file system with 1 s times cannot be made and mounted here; undefined when it can. */
function secondTimesUnavailable(): string | undefined {
  if (process.getuid?.() !== 0) return 'not root: mounting an ext4 image needs root';
  for (const tool of ['mkfs.ext4', 'mount', 'umount']) {
    if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0) return `${tool} is not installed`;
  }
  return undefined;
}

const noSecondTimes = secondTimesUnavailable();
if (noSecondTimes) console.warn(`SKIPPED the 1 s times test of the cache: ${noSecondTimes}`);

describe.skipIf(noSecondTimes !== undefined)('issue 58: replay.ts, on a file system with 1 s times (ext4, 128-byte inodes)', () => {
  let mount: string | undefined;
  afterAll(() => {
    if (mount) execFileSync('sh', ['-c', 'umount -l "$1"', 'sh', mount]);
  });

  it('a page edited within the second it was written (same size, times and inode) is read again, not replayed stale', () => {
    const dir = temp('docsnav-planted-ext4-');
    const image = path.join(dir, 'disk.img');
    execFileSync('sh', ['-c', 'truncate -s 16M "$1" && mkfs.ext4 -q -F -I 128 "$1"', 'sh', image]);
    const mountPoint = path.join(dir, 'mnt');
    mkdirSync(mountPoint);
    execFileSync('sh', ['-c', 'mount -o loop "$1" "$2"', 'sh', image, mountPoint]);
    mount = mountPoint;
    // The shape: nanoseconds are not kept.
    const probe = path.join(mountPoint, 'probe');
    writeFileSync(probe, 'x');
    expect(statSync(probe, { bigint: true }).mtimeNs % 1_000_000_000n).toBe(0n);

    // The edit must land in the second of the write for the stamp to be blind to it: tried again (a new site) until it does.
    for (let attempt = 0; attempt < 20; attempt++) {
      const root = path.join(mountPoint, `site-${attempt}`);
      mkdirSync(root);
      const { docs, page } = writeSite(root, '/guide');
      const before = statSync(page, { bigint: true });
      const file = path.join(temp('docsnav-planted-cache-'), 'page-scans.json');
      expect(run(docs, file).codes).toEqual([]);
      expect(run(docs, file).codes).toEqual([]);
      writeFileSync(page, '# Home\n\nSee [the guide](/nopex).\n');
      const after = statSync(page, { bigint: true });
      const blind = after.size === before.size && after.ino === before.ino && after.mtimeNs === before.mtimeNs && after.ctimeNs === before.ctimeNs;
      if (!blind) continue;
      const again = run(docs, file);
      expect(again.codes).toEqual(['link-not-found']);
      expect(again.replayed).toBe(false);
      return;
    }
    throw new Error('no edit landed within the second of its write in 20 tries');
  });
});
