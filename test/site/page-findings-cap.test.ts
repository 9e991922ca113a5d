/**
 * A page with more findings than a file shows (issue 66): the site rules pass on each page's
 * first `maxProblemsPerFile` findings and count the rest, so a page of half a million broken links
 * makes a thousand findings, not half a million. What a run reports is the same as when every
 * finding was made: the same first problems, and the count of the rest with the highest severity
 * among them; through a cold run, a warm one (the check kept on disk), an editor's check of the
 * page alone (validatePage), and under another cap.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PageScanStore } from '../../src/cache/store.js';
import { validateFile, ValidationCache, type Problem } from '../../src/index.js';
import { validatePage } from '../../src/validate-page.js';
import { REQUIRED_SETTINGS } from '../required-settings.js';

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A site whose `index` page links `broken` times to no page and `anchors` times to no section, interleaved, then once to a page that is there. */
function site(broken: number, anchors: number): { root: string; docs: string; page: string } {
  const root = mkdtempSync(path.join(tmpdir(), 'docsnav-cap-'));
  temps.push(root);
  mkdirSync(path.join(root, 'guide'), { recursive: true });
  const lines: string[] = ['# Home', ''];
  for (let i = 0; i < Math.max(broken, anchors); i++) {
    const parts: string[] = [];
    if (i < broken) parts.push(`[gone ${i}](/gone-${i})`);
    if (i < anchors) parts.push(`[section ${i}](/guide/intro#no-section-${i})`);
    lines.push(parts.join(' and '), '');
  }
  lines.push('[there](/guide/intro)', '');
  const docs = path.join(root, 'docs.json');
  writeFileSync(docs, JSON.stringify({ ...REQUIRED_SETTINGS, navigation: { pages: ['index', 'guide/intro'] } }));
  writeFileSync(path.join(root, 'index.mdx'), lines.join('\n'));
  writeFileSync(path.join(root, 'guide', 'intro.mdx'), '# Intro\n\n## Setup\n');
  return { root, docs, page: path.join(root, 'index.mdx') };
}

const inPage = (problems: readonly Problem[], page: string) => problems.filter((problem) => problem.file === page);
const shown = (problems: readonly Problem[]) => problems.filter((problem) => problem.code !== 'too-many-problems');
const summaryOf = (problems: readonly Problem[]) => problems.find((problem) => problem.code === 'too-many-problems');

describe('a page with more findings than a file shows: the first ones, and a count of the rest', () => {
  it('1,500 broken links and 700 missing sections under a cap of 1,000: what an uncapped run shows first, and 1,200 more counted as errors', () => {
    const { root, docs, page } = site(1500, 700);
    const all = inPage(validateFile(docs, { root, maxProblemsPerFile: 10_000 }).problems, page);
    expect(all.map((p) => p.code).filter((code) => code === 'link-not-found')).toHaveLength(1500);
    expect(all.map((p) => p.code).filter((code) => code === 'anchor-not-found')).toHaveLength(700);
    expect(summaryOf(all)).toBeUndefined();

    const capped = inPage(validateFile(docs, { root }).problems, page);
    expect(shown(capped)).toHaveLength(1000);
    // The same problems as the first 1,000 a run that made every finding would keep: link-not-found's run first.
    const kept = validateFile(docs, { root, maxProblemsPerFile: 1000 }).problems;
    expect(shown(capped)).toEqual(shown(inPage(kept, page)));
    expect(shown(capped).every((p) => p.code === 'link-not-found')).toBe(true);
    expect(summaryOf(capped)).toMatchObject({ severity: 'error', message: expect.stringMatching(/^1,200 more problems in this file are not shown/) });
  });

  it('the count takes the highest severity it hides: warnings only when only warnings are past the cap', () => {
    const { root, docs, page } = site(10, 30);
    const capped = inPage(validateFile(docs, { root, maxProblemsPerFile: 15 }).problems, page);
    // In rule order: the 10 links (errors) and 5 sections; the 25 sections past the cap are warnings.
    const codes = shown(capped).map((p) => p.code);
    expect([codes.filter((code) => code === 'link-not-found').length, codes.filter((code) => code === 'anchor-not-found').length]).toEqual([10, 5]);
    expect(summaryOf(capped)).toMatchObject({ severity: 'warning', message: expect.stringMatching(/^25 more problems/) });
    const linksHidden = inPage(validateFile(docs, { root, maxProblemsPerFile: 5 }).problems, page);
    expect(summaryOf(linksHidden)).toMatchObject({ severity: 'error', message: expect.stringMatching(/^35 more problems/) });
    // A configured severity is the count's too.
    const configured = inPage(
      validateFile(docs, { root, maxProblemsPerFile: 5, rules: { 'link-not-found': 'info', 'anchor-not-found': 'info' } }).problems,
      page,
    );
    expect(summaryOf(configured)?.severity).toBe('info');
  });

  it('the count can be turned off: the first ones alone', () => {
    const { root, docs, page } = site(40, 0);
    const problems = inPage(validateFile(docs, { root, maxProblemsPerFile: 25, rules: { 'too-many-problems': 'off' } }).problems, page);
    expect(problems).toHaveLength(25);
  });

  it('a warm run (the check kept on disk) reports what the cold one did; a run under another cap is checked again', () => {
    const { root, docs } = site(1200, 0);
    const store = path.join(root, '.cache', 'scans');
    const run = (maxProblemsPerFile?: number) => {
      const pageScans = new PageScanStore(store);
      const result = validateFile(docs, { root, pageScans, concurrency: 1, maxProblemsPerFile });
      if (pageScans.dirty) pageScans.save();
      return result.problems;
    };
    const cold = run();
    expect(summaryOf(cold)?.message).toMatch(/^200 more problems/);
    expect(run()).toEqual(cold);
    const wider = run(2000);
    expect(summaryOf(wider)).toBeUndefined();
    expect(shown(wider)).toHaveLength(1200);
    expect(run()).toEqual(cold);
  });

  it("an editor's check of the page alone (validatePage) counts as the site's check does", () => {
    const { root, docs, page } = site(1100, 0);
    const cache = new ValidationCache();
    const whole = inPage(validateFile(docs, { root, cache }).problems, page);
    expect(summaryOf(whole)?.message).toMatch(/^100 more problems/);
    const alone = validatePage(page, { cache, root })?.problems;
    expect(alone).toEqual(whole);
    // The same site checked again under another cap: not the last check's findings.
    expect(shown(inPage(validateFile(docs, { root, cache, maxProblemsPerFile: 2000 }).problems, page))).toHaveLength(1100);
    expect(inPage(validateFile(docs, { root, cache }).problems, page)).toEqual(whole);
    const under = validatePage(page, { cache, root, maxProblemsPerFile: 50 })?.problems;
    expect(shown(under ?? [])).toHaveLength(50);
    expect(summaryOf(under ?? [])?.message).toMatch(/^1,050 more problems .* at most 50 per file/);
  });
});
