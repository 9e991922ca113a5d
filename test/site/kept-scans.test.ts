/**
 * Pages whose scans a page scan store kept (the CLI's `--cache`): a page unchanged on disk since is
 * not read for its links (src/site/check.ts's keptBody), and its text is read only to place a
 * problem found in it (src/site/pages.ts's unreadBody). The problems are the same, placed the same.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PageScanStore, validateText } from '../../src/index.js';
import { docsRoot, seen, type Seen } from './site-helpers.js';

const FILES = {
  'index.mdx': '# Home\n\nSee [the guide](/guide#setup) and [gone](/gone).\n',
  'guide.mdx': '# Guide\n\n## Setup\n\nBack [home](/index#nope).\n',
};
const EXPECTED: Seen[] = [
  {
    code: 'anchor-not-found',
    file: 'guide.mdx',
    at: '5:13',
    message: 'Link "/index#nope": no heading or element of /index has the id "nope", so the page opens at its top.',
  },
  { code: 'link-not-found', file: 'index.mdx', at: '3:42', message: 'Link "/gone" leads nowhere: no page, file or redirect of the site is at /gone.' },
];

describe('pages kept by a page scan store', () => {
  it('give the same problems at the same places, read from the disk only when one is shown; an edited page is read again', () => {
    const root = docsRoot(FILES, ['index', 'guide']);
    const storeFile = path.join(tmpdir(), `docsnav-kept-scans-${process.pid}-${Date.now()}.json`);
    // Another label each run: the whole validation is not given again (src/cache/replay.ts), only the pages' scans.
    const run = (name: string): Seen[] => {
      const pageScans = new PageScanStore(storeFile);
      const result = validateText(JSON.stringify({ name, navigation: { pages: ['index', 'guide'] } }), {
        file: path.join(root, 'docs.json'),
        root,
        pageScans,
        concurrency: 1,
      });
      if (pageScans.dirty) pageScans.save();
      return result.problems
        .filter((problem) => problem.code.endsWith('-not-found'))
        .map((problem) => seen(root, problem))
        .sort((a, b) => a.file.localeCompare(b.file));
    };
    expect(run('First')).toEqual(EXPECTED);
    expect(run('Second')).toEqual(EXPECTED);
    writeFileSync(path.join(root, 'guide.mdx'), '# Guide\n\n## Setup\n\nBack [home](/index#home).\n');
    expect(run('Third')).toEqual([EXPECTED[1]]);
  });
});
