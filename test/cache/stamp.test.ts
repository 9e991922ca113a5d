/**
 * A file's stamp (src/cache/stamp.ts): what the cache knows an unchanged file by without reading
 * it, and the file read again only while it has that stamp.
 */
import { mkdtempSync, renameSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isRacy, readSameFile, stampText, statStamp } from '../../src/cache/stamp.js';
import { diskReader } from '../../src/files.js';

describe('readSameFile reads again only the file a stamp describes', () => {
  it('the same file: its bytes; edited, replaced by another file of the same size and time, a symlink, or gone: nothing', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'docsnav-same-'));
    const page = path.join(folder, 'page.mdx');
    writeFileSync(page, '# Page\n');
    utimesSync(page, 1_700_000_000, 1_700_000_000);
    const read = diskReader(folder)(page);
    expect(read.ok && read.stamp).toBeTruthy();
    const stamp = read.ok ? read.stamp! : undefined!;
    expect(readSameFile(page, stampText(stamp))?.toString()).toBe('# Page\n');
    // Another file (another inode) moved into place, with the same length and time.
    const other = path.join(folder, 'other.mdx');
    writeFileSync(other, '# Evil\n');
    utimesSync(other, 1_700_000_000, 1_700_000_000);
    renameSync(other, page);
    expect(statSync(page).size).toBe(stamp.size);
    expect(readSameFile(page, stampText(stamp))).toBeUndefined();
    // A symlink at the path, to a file with the stamp's inode: not followed.
    const kept = path.join(folder, 'kept.mdx');
    writeFileSync(kept, '# Page\n');
    const keptStamp = diskReader(folder)(kept);
    rmSync(page);
    symlinkSync(kept, page);
    expect(keptStamp.ok && readSameFile(kept, stampText(keptStamp.stamp!))?.toString()).toBe('# Page\n');
    expect(keptStamp.ok && readSameFile(page, stampText(keptStamp.stamp!))).toBeUndefined();
    // Edited in place, its size and modification time put back: its change time tells.
    const keptTimes = statSync(kept);
    writeFileSync(kept, '# Egad\n');
    utimesSync(kept, keptTimes.atime, keptTimes.mtime);
    expect(statSync(kept).size).toBe(keptTimes.size);
    expect(keptStamp.ok && readSameFile(kept, stampText(keptStamp.stamp!))).toBeUndefined();
    // Edited in place (its size or time differs), or gone.
    writeFileSync(kept, '# Page, longer\n');
    expect(keptStamp.ok && readSameFile(kept, stampText(keptStamp.stamp!))).toBeUndefined();
    rmSync(kept);
    expect(keptStamp.ok && readSameFile(kept, stampText(keptStamp.stamp!))).toBeUndefined();
  });
});

describe('a stamp', () => {
  it('has the change time and the inode beside the size and the modification time, to the nanosecond', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'docsnav-stamp-'));
    const page = path.join(folder, 'page.mdx');
    writeFileSync(page, '# Page\n');
    const stats = statSync(page, { bigint: true });
    expect(stampText(statStamp(page)!)).toBe(`${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}:${stats.ino}`);
    const read = diskReader(folder)(page);
    expect(read.ok && stampText(read.stamp!)).toBe(stampText(statStamp(page)!));
    // A symlink is no regular file: it has no stamp.
    symlinkSync(page, path.join(folder, 'link.mdx'));
    expect(statStamp(path.join(folder, 'link.mdx'))).toBeUndefined();
  });

  it('is racily clean when its times are not older than the run by two seconds', () => {
    const stamp = { size: 1, ino: 1n, mtimeNs: 10_000_000_000n, ctimeNs: 10_000_000_000n };
    // 10 s after the epoch; a run that started at 12.001 s, 12 s and 11.999 s.
    expect(isRacy(stamp, 12_001)).toBe(false);
    expect(isRacy(stamp, 12_000)).toBe(true);
    expect(isRacy(stamp, 11_999)).toBe(true);
    // Either time alone makes it racy (a modification time set to the future, a change just made).
    expect(isRacy({ ...stamp, mtimeNs: 20_000_000_000n }, 12_001)).toBe(true);
    expect(isRacy({ ...stamp, ctimeNs: 10_001_000_000n }, 12_001)).toBe(true);
  });
});
