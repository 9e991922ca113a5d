/**
 * Hidden blocks (`withoutHiddenBlocks`, through `pageText`) in every tag shape: self-closing tags
 * before and inside a hidden element, nesting, attributes whose values hold `>`, `hidden` or
 * braces, CRLF, tabs, multi-byte text, fences. The planted bug of last round ("a self-closing tag
 * inside a hidden block kept the hidden text searchable") is this class.
 */
import { describe, expect, it } from 'vitest';
import { pageText, withoutHiddenBlocks } from '../src/analysis/page-text.js';

const bodies = (source: string) => pageText(source).sections.map((section) => section.body);

describe('hidden elements', () => {
  it.each([
    ['a self-closing hidden tag before a hidden element of its name', '<div hidden />\n<div hidden>secret</div>\nshown', 'shown'],
    ['a self-closing hidden tag, no space', '<div hidden/>shown <div hidden>secret</div>', 'shown'],
    ['a self-closing tag inside', '<Note hidden>\nsecret <Icon icon="lock" /> words\n<Note />\nmore secret\n</Note>\nshown', 'shown'],
    ['nested elements of the name', '<div class="hidden">\n<div>secret</div>\n<div><div>deeper secret</div></div>\n</div>\nshown', 'shown'],
    ['a hidden element nested in a shown one', '<div>\nshown\n<span hidden>secret</span>\n</div>', 'shown'],
    ['an attribute value with `>` before the hiding class', '<div class="hidden" data-rule="a > b">\nsecret\n</div>\nshown', 'shown'],
    ['CRLF line endings', '<div className="hidden">\r\nsecret\r\n</div>\r\nshown', 'shown'],
    ['tabs between the attributes', '<div\tclass="sr-only"\thidden>secret</div>\tshown', 'shown'],
    ['an attribute over lines', '<div\n  hidden\n>\nsecret\n</div>\nshown', 'shown'],
    ['multi-byte text', '<div hidden>秘密のテキスト 🔒</div>見えるテキスト ✅', '見えるテキスト ✅'],
    ['a hiding class beside others', '<div class="hidden prose">secret</div>shown', 'shown'],
    ['a hiding class with two spaces before it', '<div class="prose  sr-only">secret</div>shown', 'shown'],
    ['visibility hidden in a JSX style', "<div style={{ visibility: 'hidden' }}>secret</div>shown", 'shown'],
  ])('leaves out %s', (_name, source, expected) => {
    expect(bodies(source)).toEqual([expected]);
  });

  it.each([
    ['a quoted title holding the word hidden', '<div title="Not hidden here">shown</div>', 'Not hidden here shown'],
    ['a single-quoted title holding it', "<div title='Not hidden here'>shown</div>", 'Not hidden here shown'],
    ['an expression holding it', '<div data-state={ hidden ? "closed" : "open" }>shown</div>', 'shown'],
    ['a word glued to a quoted value', '<div data-x="1" hidden"oops">shown</div>', 'shown'],
    ['a word glued to an expression', '<div hidden{...rest}>shown</div>', 'shown'],
    ['hidden={false} with spaces', '<div hidden = { false }>shown</div>', 'shown'],
    ['an unclosed hidden element, and a later one of its name', '<div hidden>\nfirst\n<div hidden>second</div>', 'first\nsecond'],
  ])('keeps %s', (_name, source, expected) => {
    expect(bodies(source)).toEqual([expected]);
  });

  it('keeps each line break of a hidden block, so the lines after it stay where they were', () => {
    expect(withoutHiddenBlocks('a\n<div hidden>\nx\ny\n</div>z')).toBe('a\n\n\n\nz');
    expect(withoutHiddenBlocks('<span hidden>one line</span> after')).toBe(' after');
  });

  it('gives the text back as it was when nothing is hidden', () => {
    const text = '<div class="note">\nshown\n</div>';
    expect(withoutHiddenBlocks(text)).toBe(text);
  });

  it('reads tags after a fence that opens after a blank first line', () => {
    expect(withoutHiddenBlocks('\n```\ncode\n```\n<div hidden>secret</div>after')).toBe('\n```\ncode\n```\nafter');
  });

  it('a tag in a fence that ends the text is code; one after a closed fence is not', () => {
    expect(withoutHiddenBlocks('~~~\n<div hidden>code</div>\n~~~\n<div hidden>secret</div>')).toBe('~~~\n<div hidden>code</div>\n~~~\n');
    expect(withoutHiddenBlocks('text\n```js\n<div hidden>code</div>')).toBe('text\n```js\n<div hidden>code</div>');
  });

  it('a hidden element of a section leaves the heading after it in place', () => {
    const text = pageText('## Setup\r\n\r\n<div class="hidden">\r\nSummary for machines.\r\n</div>\r\n\r\nSteps.\r\n\r\n## Next\r\n\r\nMore.');
    expect(text.sections).toEqual([
      { heading: 'Setup', anchor: 'setup', depth: 2, body: 'Steps.' },
      { heading: 'Next', anchor: 'next', depth: 2, body: 'More.' },
    ]);
  });
});
