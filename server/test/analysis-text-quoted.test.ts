/**
 * A `>` inside a quoted attribute value (issue 67's review of the analysis): every pattern that
 * finds a tag (a hidden block's opening and closing tags, a linking tag, the inline tag stripper)
 * read the tag as ending at it, so a `hidden` after it was never seen (the hidden text was
 * searchable) and the rest of the tag became the page's text. A quoted value is now read whole;
 * one holding `<` is still no tag, so a tag is looked for no further than the next `<`.
 */
import { describe, expect, it } from 'vitest';
import { pageText, withoutHiddenBlocks } from '../src/analysis/page-text.js';

const bodies = (source: string) => pageText(source).sections.map((section) => section.body);

describe('a quoted attribute value holding ">"', () => {
  it.each([
    ['before `hidden`', '<div title="1 > 0" hidden>secret</div> after', 'after'],
    ['single-quoted, before a hiding class', '<div data-rule=\'a > b\' class="sr-only">secret</div>\nafter', 'after'],
    ['over lines, CRLF', '<Note\r\n  title="x > y"\r\n  hidden\r\n>\r\nsecret\r\n</Note>\r\nafter', 'after'],
    [
      'in a closing-tag search: a nested tag of the name with ">" in a value',
      '<div hidden>\nsecret <div title="a > b">inner</div> more secret\n</div>\nafter',
      'after',
    ],
    ['multi-byte text around it', '<span title="価格 > 0 €" hidden>秘密</span>見える', '見える'],
  ])('hides the element when it comes %s', (_name, source, expected) => {
    expect(bodies(source)).toEqual([expected]);
  });

  it('keeps a shown element whole, its title as words and no piece of the tag', () => {
    expect(bodies('<Tooltip title="a > b">shown</Tooltip> after')).toEqual(['a > b shown after']);
  });

  it("a linking tag's title holding '>' is the link's words, and its href is found after it", () => {
    const [section] = pageText('# Links\n\n<Card title="Go > deeper" href="/guides/deep">More</Card>\n').sections;
    expect(section.links).toEqual([{ href: '/guides/deep', text: 'Go > deeper' }]);
    expect(section.body).toBe('Go > deeper More');
  });

  it('an unclosed quote is no tag, and a quoted value holding "<" is none either', () => {
    expect(withoutHiddenBlocks('<div title="open hidden>secret</div> after')).toBe('<div title="open hidden>secret</div> after');
    expect(withoutHiddenBlocks('<div title="a < b" hidden>secret</div> after')).toBe('<div title="a < b" hidden>secret</div> after');
  });

  it('a page of unclosed quotes inside tags: none is a tag, and a hidden element after them is hidden', () => {
    const page = '<a title="x\n'.repeat(40_000) + '<div hidden>secret</div> end';
    const hidden = withoutHiddenBlocks(page);
    expect(hidden.startsWith('<a title="x\n<a title="x\n')).toBe(true);
    expect(hidden.endsWith('\n end')).toBe(true);
    expect(hidden).not.toContain('secret');
  });
});
