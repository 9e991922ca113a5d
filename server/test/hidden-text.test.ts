/**
 * Text readers never see (issue 60): guide pages of a real site (teamhanko/docs) open with a
 * `<div class="hidden">` summary written for machines, in words of the whole site; indexed as the
 * page's first section it outranked pages that answer. It is left out of the page's text, and so
 * of the index and of answers.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageText } from '../src/analysis/page-text.js';
import { SectionIndex } from '../src/search/section-index.js';
import { analyzeAll, tempDir } from './helpers.js';

const bodies = (source: string) => pageText(source).sections.map((section) => section.body);

describe('text readers never see', () => {
  it('leaves out an element of class hidden (as the hanko guides write it), its links and nested elements too', () => {
    const source = [
      'Before.',
      '<div class="hidden">',
      '**What This Guide Covers**: configure SMTP [delivery](/smtp).',
      '<div>nested summary</div> still hidden',
      '</div>',
      'After.',
    ].join('\n');
    const [section] = pageText(source).sections;
    expect(section.body).toBe('Before.\n\nAfter.');
    expect(section.links).toBeUndefined();
  });

  it.each([
    ['className="hidden"', '<div className="hidden">secret</div>'],
    ["class='sr-only'", "<span class='sr-only'>secret</span>"],
    ['className={"visually-hidden"}', '<div className={"visually-hidden"}>secret</div>'],
    ['the hidden attribute', '<div hidden>secret</div>'],
    ['hidden="hidden"', '<section hidden="hidden">secret</section>'],
    ["style={{display:'none'}}", "<div style={{display:'none'}}>secret</div>"],
    ['style="display: none"', '<div style="display: none">secret</div>'],
    ['style="visibility:hidden"', '<p style="visibility:hidden">secret</p>'],
    ['a component name with a dot', '<Foo.Bar hidden>secret</Foo.Bar>'],
  ])('leaves out %s', (_, element) => {
    expect(bodies(`Shown ${element} too.`)).toEqual(['Shown too.']);
  });

  it.each([
    ['a class shown again by a variant (dark mode images)', '<div className="hidden dark:block">shown</div>'],
    ['a class that only hides it in dark mode', '<div className="block dark:hidden">shown</div>'],
    ['another class', '<div className="hiddenish">shown</div>'],
    ['hidden={false}', '<div hidden={false}>shown</div>'],
    ['a word in an attribute value', '<Card title="hidden gems">shown</Card>'],
    ['another style', '<div style={{display:"flex"}}>shown</div>'],
    ['a self-closing tag', '<div hidden /> shown'],
    ['an element never closed', '<div class="hidden">shown'],
  ])('keeps %s', (_, element) => {
    expect(bodies(`Then ${element} here.`)[0]).toContain('shown');
  });

  it('keeps an element after one never closed, and a tag in a code example', () => {
    expect(bodies('<div hidden>open\n\n<div hidden>also open</div>\n\nend')[0]).toContain('also open');
    expect(bodies('```html\n<div class="hidden">example markup</div>\n```\n\n<div hidden>gone</div>')).toEqual(['<div class="hidden">example markup</div>']);
    expect(bodies('~~~~\n<div hidden>in an unclosed fence</div>')).toEqual(['<div hidden>in an unclosed fence</div>']);
  });

  it('keeps the page whole past a hidden block: later headings start sections', () => {
    const text = pageText('<div class="hidden">\n## Not a heading\nsummary\n</div>\n\nIntro.\n\n## Setup\n\nSteps.');
    expect(text.sections.map((section) => [section.heading, section.body])).toEqual([
      [null, 'Intro.'],
      ['Setup', 'Steps.'],
    ]);
  });

  it('a deployed page is not found by the words of its hidden summary', async () => {
    const root = tempDir('hidden-analyze');
    const docs = { theme: 'mint', name: 'Docs', colors: { primary: '#0D9373' }, navigation: { pages: ['guide', 'smtp'] } };
    writeFileSync(path.join(root, 'docs.json'), JSON.stringify(docs));
    const pages: Record<string, string> = {
      guide: '<div class="hidden">\nKey technologies: SMTP relay, mail provider.\n</div>\n\nSign in with a passkey.',
      smtp: 'Send the emails through your own SMTP server.',
    };
    for (const [page, body] of Object.entries(pages)) {
      mkdirSync(path.dirname(path.join(root, page)), { recursive: true });
      writeFileSync(path.join(root, `${page}.mdx`), `---\ntitle: ${page}\n---\n\n${body}\n`);
    }
    const { sections } = await analyzeAll({ docsRoot: root, docsFile: path.join(root, 'docs.json'), checkoutRoot: root });
    const index = await SectionIndex.build(sections, false);
    const found = index
      .rank(
        [
          { term: 'relay', weight: 1 },
          { term: 'smtp', weight: 1 },
        ],
        { limit: 5 },
      )
      .map((entry) => entry.page.path);
    expect(found).toEqual(['smtp']);
    expect(sections.find((row) => row.pagePath === 'guide')?.body).toBe('Sign in with a passkey.');
  });
});
