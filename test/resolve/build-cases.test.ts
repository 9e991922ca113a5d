import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveFile } from '../../src/index.js';
import { BUILD_CASES, buildCaseSite } from './build-cases.js';

/**
 * docsnav with its defaults on the small sites of build-cases.ts (issue 65's causes), whose
 * expectations are the platform's build's (test/build-cases.prebuild.corpus.test.ts checks them
 * against it): the problems written there, and where the build passes, a tree of the pages it
 * serves (URL and title, in navigation order).
 */

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

describe('issue 65: what the platform builds, as docsnav sees it', () => {
  it.each(BUILD_CASES.map((c) => [`${c.cause}: ${c.name}`, c] as const))('%s', async (_name, { files, builds, pages, problems, treeGap, lostListed }) => {
    const root = buildCaseSite(files, roots);
    const { tree, problems: found } = await resolveFile(path.join(root, 'docs.json'));
    const said = found.map((p) => `${p.severity} ${p.code} ${path.basename(p.file) === 'docs.json' ? '' : `${path.relative(root, p.file)}:`}${p.pointer}`);
    expect(said.sort()).toEqual([...problems].sort());
    if (!builds) return;
    if (treeGap !== undefined) {
      console.warn(`build cases: the tree is not compared on "${_name}": ${treeGap}`);
      return;
    }
    // An entry whose URL another page took: listed by the build, and said to be lost by docsnav, never dropped silently.
    if (lostListed) expect(tree.pages.some((p) => p.lostTo !== undefined)).toBe(true);
    // A hidden page is in no navigation the build lists, lost or not.
    const listed = tree.pages.filter((p) => (lostListed && !p.hidden) || !p.lostTo).map((p, i) => [p.path, pages![i]?.[1] === null ? null : p.title]);
    expect(listed).toEqual(pages);
  });
});
