/**
 * Accordions as sections (analysis/page-text.ts, issue 69): each accordion of an
 * `<AccordionGroup>` with a title is a section of its own (the title its heading, the link and
 * depth under the heading above it), and the heading's section holds what the page shows under it
 * with the accordions folded: its own text before, between and after them, and their titles, in
 * the page's order. A lone accordion, one without a string title, and tags inside code stay text
 * of their section.
 */
import { describe, expect, it } from 'vitest';
import { pageText } from '../src/analysis/page-text.js';

const sections = (lines: readonly string[], eol = '\n') => pageText(lines.join(eol)).sections;

describe('accordions of a group as sections', () => {
  const faq = [
    '---',
    'title: FAQ',
    '---',
    'Questions readers ask.',
    '',
    '<AccordionGroup>',
    '  <Accordion title="Do I pay while testing?" icon="coins">',
    '    No: the **test** network is free.',
    '  </Accordion>',
    "  <Accordion icon='key' title='Can I rotate a key?'>",
    '    Yes, from the [dashboard](/settings/keys).',
    '',
    '    It takes effect at once.',
    '  </Accordion>',
    '</AccordionGroup>',
    '',
    'Ask us anything else.',
  ];

  it('an FAQ with no heading: each question a section; the page top’s holds the text before and after the group and the questions', () => {
    expect(sections(faq)).toEqual([
      { heading: null, anchor: null, depth: 0, body: 'Questions readers ask.\nDo I pay while testing?\nCan I rotate a key?\n\nAsk us anything else.' },
      { heading: 'Do I pay while testing?', anchor: null, depth: 1, body: 'No: the test network is free.' },
      {
        heading: 'Can I rotate a key?',
        anchor: null,
        depth: 1,
        body: 'Yes, from the dashboard.\n\nIt takes effect at once.',
        links: [{ href: '/settings/keys', text: 'dashboard' }],
      },
    ]);
  });

  it('the same with CRLF line ends', () => {
    expect(sections(faq, '\r\n')).toEqual(sections(faq));
  });

  it('under a heading: each accordion links to the heading and is one level under it; the next heading ends the group', () => {
    const text = sections([
      '## Billing',
      '<AccordionGroup>',
      '<Accordion title="Refunds – how long?">Five days.</Accordion>',
      '<Accordion title="Invoices">',
      'Monthly.',
      '</Accordion>',
      '</AccordionGroup>',
      'After the group.',
      '## Limits',
      '<Accordion title="Not grouped">Lone.</Accordion>',
    ]);
    expect(text).toEqual([
      // The heading's section first: its accordions' titles, then its text after them.
      { heading: 'Billing', anchor: 'billing', depth: 2, body: 'Refunds – how long?\nInvoices\n\nAfter the group.' },
      { heading: 'Refunds – how long?', anchor: 'billing', depth: 3, body: 'Five days.' },
      { heading: 'Invoices', anchor: 'billing', depth: 3, body: 'Monthly.' },
      // A lone accordion is a detail of its section, folded away: it stays in it, its title with it.
      { heading: 'Limits', anchor: 'limits', depth: 2, body: 'Not grouped Lone.' },
    ]);
  });

  it('the end tag after the text on its line ends the accordion; the text after it is its heading’s', () => {
    expect(sections(['# Top', '<AccordionGroup>', '<Accordion title="One">', 'First answer.</Accordion>', 'Between.', '</AccordionGroup>'])).toEqual([
      { heading: 'Top', anchor: 'top', depth: 1, body: 'One\n\nBetween.' },
      { heading: 'One', anchor: 'top', depth: 2, body: 'First answer.' },
    ]);
  });

  it('an accordion without a string title stays text of its section', () => {
    expect(sections(['# Top', '<AccordionGroup>', '<Accordion title={title}>', 'Computed.', '</Accordion>', '</AccordionGroup>'])).toEqual([
      { heading: 'Top', anchor: 'top', depth: 1, body: 'Computed.' },
    ]);
  });

  it('an accordion tag inside a code block is code, and an unclosed accordion ends at the next one', () => {
    expect(
      sections([
        '<AccordionGroup>',
        '<Accordion title="Example">',
        '```mdx',
        '<Accordion title="Inside code">',
        '</Accordion>',
        '```',
        '<Accordion title="Next">',
        'Its text.',
        '</AccordionGroup>',
      ]),
    ).toEqual([
      { heading: null, anchor: null, depth: 0, body: 'Example\nNext' },
      { heading: 'Example', anchor: null, depth: 1, body: '<Accordion title="Inside code">\n</Accordion>' },
      { heading: 'Next', anchor: null, depth: 1, body: 'Its text.' },
    ]);
  });

  it('an empty accordion is a section of its title alone; an `import` line inside one is left out as anywhere', () => {
    expect(
      sections([
        '<AccordionGroup>',
        '<Accordion title="Empty"></Accordion>',
        '<Accordion title="Full">',
        "import X from '/snippets/x.mdx';",
        'Text.',
        '</Accordion>',
        '</AccordionGroup>',
      ]),
    ).toEqual([
      { heading: null, anchor: null, depth: 0, body: 'Empty\nFull' },
      { heading: 'Empty', anchor: null, depth: 1, body: '' },
      { heading: 'Full', anchor: null, depth: 1, body: 'Text.' },
    ]);
  });

  it('text and links between two groups under one heading go to the heading’s section in the page’s order; a group under the next heading starts its own', () => {
    expect(
      sections([
        '## A',
        'Before.',
        '<AccordionGroup>',
        '<Accordion title="One">1</Accordion>',
        '</AccordionGroup>',
        'See [B](/b).',
        '<AccordionGroup>',
        '<Accordion title="Two">2</Accordion>',
        '</AccordionGroup>',
        '## C',
        '<AccordionGroup>',
        '<Accordion title="Three">3</Accordion>',
        '</AccordionGroup>',
      ]),
    ).toEqual([
      { heading: 'A', anchor: 'a', depth: 2, body: 'Before.\nOne\n\nSee B.\nTwo', links: [{ href: '/b', text: 'B' }] },
      { heading: 'One', anchor: 'a', depth: 3, body: '1' },
      { heading: 'Two', anchor: 'a', depth: 3, body: '2' },
      { heading: 'C', anchor: 'c', depth: 2, body: 'Three' },
      { heading: 'Three', anchor: 'c', depth: 3, body: '3' },
    ]);
  });
  it('keeps every line where it does not split: a lone accordion, a heading inside an accordion (the group ends there), an accordion inside an accordion', () => {
    expect(sections(['# Top', '<Accordion title="Lone">', 'Detail.', '</Accordion>'])).toEqual([
      { heading: 'Top', anchor: 'top', depth: 1, body: 'Lone\nDetail.' },
    ]);
    expect(
      sections([
        '<AccordionGroup>',
        '<Accordion title="Q">',
        'Intro.',
        '### Detail',
        'More.',
        '</Accordion>',
        '<Accordion title="R">',
        'Ans.',
        '</Accordion>',
        '</AccordionGroup>',
      ]),
    ).toEqual([
      { heading: null, anchor: null, depth: 0, body: 'Q' },
      { heading: 'Q', anchor: null, depth: 1, body: 'Intro.' },
      { heading: 'Detail', anchor: 'detail', depth: 3, body: 'More.\n\nR\nAns.' },
    ]);
    // The inner accordion's end ends the section: the outer's rest is the page top's, as text after a group is.
    expect(
      sections([
        '<AccordionGroup>',
        '<Accordion title="Outer">',
        'Outer text.',
        '<Accordion title="Inner">',
        'Inner text.',
        '</Accordion>',
        'Outer rest.',
        '</Accordion>',
        '</AccordionGroup>',
      ]),
    ).toEqual([
      { heading: null, anchor: null, depth: 0, body: 'Outer\nInner\n\nOuter rest.' },
      { heading: 'Outer', anchor: null, depth: 1, body: 'Outer text.' },
      { heading: 'Inner', anchor: null, depth: 1, body: 'Inner text.' },
    ]);
  });
  it('splits only inside a group: a lone accordion at the page top, or after its group closed, stays text of its section', () => {
    // At the page's top (no heading before it): one section, its end no section's end.
    expect(sections(['<Accordion title="Lone">', 'Detail.', '</Accordion>', 'After.'])).toEqual([
      { heading: null, anchor: null, depth: 0, body: 'Lone\nDetail.\n\nAfter.' },
    ]);
    // After the group's end under the same heading: the heading's section holds it, title and text.
    expect(
      sections([
        '## A',
        '<AccordionGroup>',
        '<Accordion title="One">1</Accordion>',
        '</AccordionGroup>',
        '<Accordion title="Lone">',
        'Detail.',
        '</Accordion>',
      ]),
    ).toEqual([
      { heading: 'A', anchor: 'a', depth: 2, body: 'One\n\nLone\nDetail.' },
      { heading: 'One', anchor: 'a', depth: 3, body: '1' },
    ]);
  });

  it('an accordion tag with no attributes, in a group, stays text (it has no title)', () => {
    expect(sections(['# Top', '<AccordionGroup>', '<Accordion>', 'Plain.', '</Accordion>', '</AccordionGroup>'])).toEqual([
      { heading: 'Top', anchor: 'top', depth: 1, body: 'Plain.' },
    ]);
  });
});
