/**
 * A page scan store trusts a page file's stamp (size, modification and change times, inode): a
 * page whose stamp is the one its scan was kept with is not opened for its links
 * (src/site/check.ts's keptBody, read only to place a problem: src/site/pages.ts's unreadBody).
 * A page rewritten in place with text of the same size and its modification time put back has
 * another change time: it is read; a page whose stamp changed is read, and found in the store by
 * its text when that is the same. Which pages were read is seen in the store's `keptScan` (asked with a
 * page's text: only after reading it). The run starts, for the store, three seconds after the
 * pages were written (src/cache/stamp.ts's racily clean stamps: otherwise every page is read).
 */
import { utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runClock } from '../../src/cache/stamp.js';
import { storeBehind } from '../../src/cache/store.js';
import { PageScanStore, validateText } from '../../src/index.js';
import { docsRoot, seen, type Seen } from './site-helpers.js';

const FILES = {
  'index.mdx': '# Home\n\nSee [the guide](/guide#setup) and [gone](/gone).\n',
  'guide.mdx': '# Guide\n\n## Setup\n\nBack [home](/index#nope).\n',
};
const NOPE: Seen = {
  code: 'anchor-not-found',
  file: 'guide.mdx',
  at: '5:13',
  message: 'Link "/index#nope": no heading or element of /index has the id "nope", so the page opens at its top.',
};
const GONE: Seen = {
  code: 'link-not-found',
  file: 'index.mdx',
  at: '3:42',
  message: 'Link "/gone" leads nowhere: no page, file or redirect of the site is at /gone.',
};
const GON2: Seen = { ...GONE, message: 'Link "/gon2" leads nowhere: no page, file or redirect of the site is at /gon2.' };

/** A fixed mtime (whole seconds: set and read back exactly). */
const MTIME = 1_700_000_000;

describe('a page scan store and the pages’ stamps', () => {
  const real = runClock.now;
  beforeEach(() => {
    runClock.now = () => real() + 3000;
  });
  afterEach(() => {
    runClock.now = real;
  });

  it('takes a page’s links from its kept scan while its stamp is the same, and reads it once the stamp changed (its change time too)', () => {
    const root = docsRoot(FILES, ['index', 'guide']);
    const at = (file: string) => path.join(root, file);
    for (const file of Object.keys(FILES)) utimesSync(at(file), MTIME, MTIME);
    const storeFile = path.join(tmpdir(), `docsnav-kept-stamps-${process.pid}-${Date.now()}.json`);
    // Another label each run: the whole validation is not given again (src/cache/replay.ts), only the pages' scans.
    let runs = 0;
    const run = (): { problems: Seen[]; read: string[] } => {
      const pageScans = new PageScanStore(storeFile);
      const get = vi.spyOn(storeBehind(pageScans), 'keptScan');
      const result = validateText(JSON.stringify({ name: `Run ${++runs}`, navigation: { pages: ['index', 'guide'] } }), {
        file: at('docs.json'),
        root,
        pageScans,
        concurrency: 1,
      });
      if (pageScans.dirty) pageScans.save();
      const problems = result.problems
        .filter((problem) => problem.code.endsWith('-not-found'))
        .map((problem) => seen(root, problem))
        .sort((a, b) => a.file.localeCompare(b.file));
      const read = get.mock.calls.map(([page]) => path.relative(root, page.file ?? '')).sort();
      return { problems, read };
    };
    expect(run()).toEqual({ problems: [NOPE, GONE], read: ['guide.mdx', 'index.mdx'] });
    expect(run()).toEqual({ problems: [NOPE, GONE], read: [] });
    // The same size, the same inode (written in place), the same mtime: its change time tells, the page is read.
    writeFileSync(at('index.mdx'), FILES['index.mdx'].replace('/gone', '/gon2'));
    utimesSync(at('index.mdx'), MTIME, MTIME);
    expect(run()).toEqual({ problems: [NOPE, GON2], read: ['index.mdx'] });
    expect(run()).toEqual({ problems: [NOPE, GON2], read: [] });
    // Another mtime, the same text: read, and its scan found in the store by its text.
    utimesSync(at('guide.mdx'), MTIME + 60, MTIME + 60);
    expect(run()).toEqual({ problems: [NOPE, GON2], read: ['guide.mdx'] });
    // Another mtime and another text: read and scanned.
    writeFileSync(at('index.mdx'), FILES['index.mdx']);
    utimesSync(at('index.mdx'), MTIME + 60, MTIME + 60);
    expect(run()).toEqual({ problems: [NOPE, GONE], read: ['index.mdx'] });
  });
});
