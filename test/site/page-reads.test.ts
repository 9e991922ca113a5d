/**
 * Only the work a command needs (issue 37): a page file is read once per run, whether the tree
 * (its front matter) or the link rules (its body) ask first; with the link rules off, no body is
 * scanned and the page is read for its front matter alone.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveFile } from '../../src/resolve.js';
import { validateFile } from '../../src/validate.js';
import { REQUIRED_SETTINGS } from '../required-settings.js';

const LINKS_OFF = { 'link-not-found': 'off', 'anchor-not-found': 'off', 'page-unparsable': 'off' } as const;

function site(): { root: string; docs: string } {
  const root = mkdtempSync(path.join(tmpdir(), 'docsnav-page-reads-'));
  writeFileSync(path.join(root, 'docs.json'), JSON.stringify({ ...REQUIRED_SETTINGS, navigation: { pages: ['index', 'guide', 'broken'] } }));
  writeFileSync(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\n\n# Home\n\nSee [the guide](/guide#setup).\n');
  writeFileSync(path.join(root, 'guide.mdx'), '---\ntitle: Guide\n---\n\n## Setup\n\nBack [home](/index) or [nowhere](/nowhere).\n');
  // Does not parse as MDX: only page-unparsable, which reads bodies, says so.
  writeFileSync(path.join(root, 'broken.mdx'), '---\ntitle: Broken\n---\n\n<Card title="x">\n');
  return { root, docs: path.join(root, 'docs.json') };
}

/** A reader that counts the reads of each file (the disk's text). */
function countingReader(): { readFile: (file: string) => string | undefined; reads: Map<string, number> } {
  const reads = new Map<string, number>();
  return {
    reads,
    readFile: (file) => {
      reads.set(path.basename(file), (reads.get(path.basename(file)) ?? 0) + 1);
      try {
        return readFileSync(file, 'utf8');
      } catch {
        return undefined;
      }
    },
  };
}

describe('page files are read once per run', () => {
  it.each([
    ['validate', (docs: string, options: object) => Promise.resolve(validateFile(docs, options))],
    ['resolve', (docs: string, options: object) => resolveFile(docs, options)],
  ])('%s with the link rules on: each page read once, for its front matter and its body', async (_name, run) => {
    const { docs } = site();
    const { readFile, reads } = countingReader();
    const result = await run(docs, { readFile, concurrency: 1 });
    expect(result.problems.map((problem) => problem.code).sort()).toEqual(['link-not-found', 'page-unparsable']);
    // The default (platform) profile also looks once for a mint.json beside docs.json, as the build does.
    expect(Object.fromEntries(reads)).toEqual({ 'mint.json': 1, 'index.mdx': 1, 'guide.mdx': 1, 'broken.mdx': 1 });
  });

  it('with the link rules off, no body is scanned: the unparsable page is not reported, and each page is read once', async () => {
    const { docs } = site();
    const { readFile, reads } = countingReader();
    const result = await resolveFile(docs, { readFile, rules: LINKS_OFF });
    expect(result.problems).toEqual([]);
    expect(result.tree.pages.map((page) => page.title)).toEqual(['Home', 'Guide', 'Broken']);
    // The default (platform) profile also looks once for a mint.json beside docs.json, as the build does.
    expect(Object.fromEntries(reads)).toEqual({ 'mint.json': 1, 'index.mdx': 1, 'guide.mdx': 1, 'broken.mdx': 1 });
  });
});

describe('pages are scanned in batches of about 8 MB of text', () => {
  it('a site of more than one batch: each page gets its own scan, in every batch, the last one too', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'docsnav-page-batches-'));
    const names = ['a', 'b', 'c', 'd'];
    writeFileSync(path.join(root, 'docs.json'), JSON.stringify({ ...REQUIRED_SETTINGS, navigation: { pages: names } }));
    // 4.2 MB of prose in a and b each: the first batch closes after b, the last holds c and d.
    const prose = 'Plain words about nothing in particular.\n\n'.repeat(100_000);
    const long = new Set(['a', 'b']);
    names.forEach((name, i) => {
      const next = names[(i + 1) % names.length];
      const body = `---\ntitle: ${name.toUpperCase()}\n---\n\n## Heading ${name}\n\n${long.has(name) ? prose : ''}[next](/${next}#heading-${next}) and [gone](/gone-${name}#heading-${next}).\n`;
      writeFileSync(path.join(root, `${name}.mdx`), body);
    });
    const result = validateFile(path.join(root, 'docs.json'), { concurrency: 1 });
    const found = result.problems.map((problem) => ({ code: problem.code, file: path.basename(problem.file), line: problem.line }));
    expect(found).toEqual(names.map((name) => ({ code: 'link-not-found', file: `${name}.mdx`, line: long.has(name) ? 200_007 : 7 })));
    expect(result.problems.map((problem) => problem.message)).toEqual(names.map((name) => expect.stringContaining(`/gone-${name}`)));
  });
});
