/**
 * micromark is the oracle of the page scanner's fast path (src/pages/fast-scan.ts): on pages
 * generated from a grammar of what hides or writes a link (fences, open or closed, in lists and
 * block quotes; code spans and math; escapes and character references; elements with string and
 * expression attributes, nested and unbalanced; expressions; ESM; definitions and references;
 * tables; headings with custom ids; front matter, closed or not), every page the fast path
 * accepts scans exactly as micromark scans it. Seeded: DOCSNAV_FC_SEED and DOCSNAV_FC_RUNS explore
 * further (`DOCSNAV_FC_RUNS=200000 npx vitest run --project slow test/robustness/fast-scan.property.test.ts`).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fastScanPageText, micromarkScanPageText } from '../../src/pages/scanner.js';

const SEED = Number(process.env.DOCSNAV_FC_SEED ?? 20_261_124);
const RUNS = Number(process.env.DOCSNAV_FC_RUNS ?? 10_000);

const word = fc.constantFrom('a', 'b', 'Setup', 'API key', 'x_y', 'foo-bar', 'Über', 'émoji 🎉', '1', 'it’s', "it's", 'a&b', 'C++');
const url = fc.constantFrom('/a', '/b#c', './rel', '../up', 'https://x.y/z', '/a(b)c', '/a\\)', '/a&amp;b', '#frag', '', '/a b', '<>', '</a b>', '/x?y=1');
const name = fc.constantFrom('Card', 'a', 'img', 'Tab', 'Step', 'Accordion', 'Note', 'Heading', 'h2', 'ParamField', 'Update', 'Visibility', 'Tooltip', 'div');
const attributeValue = fc.oneof(
  url.map((value) => `"${value.replace(/"/g, '')}"`),
  word.map((value) => `'${value.replace(/'/g, '')}'`),
  fc.constantFrom(
    '{2}',
    '{true}',
    '{"s"}',
    "{'q'}",
    '{["a", "b"]}',
    '{{ a: 1 }}',
    '{`t`}',
    '{a.b}',
    '{}',
    '{/* c */}',
    '{"}"}',
    '{x +}',
    '"a &amp; b"',
    '"&copy;"',
    '"line\nbreak"',
  ),
);
const attribute = fc.oneof(
  fc
    .tuple(fc.constantFrom('href', 'src', 'id', 'title', 'label', 'for', 'name', 'titleSize', 'noAnchor', 'cols'), attributeValue)
    .map(([key, value]) => ` ${key}=${value}`),
  fc.constantFrom(' noAnchor', ' {...props}', '\n  href="/multi"', ' data-x="1"', ' xlink:href="/n"'),
);
const openTag = fc.tuple(name, fc.array(attribute, { maxLength: 3 })).map(([tag, attributes]) => ({ tag, open: `<${tag}${attributes.join('')}>` }));

const inlineLeaf: fc.Arbitrary<string> = fc.oneof(
  { weight: 20, arbitrary: word },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      ' ',
      '  ',
      '\t',
      '\\',
      '\\[',
      '\\]',
      '\\*',
      '\\<',
      '\\{',
      '&amp;',
      '&copy;',
      '&#35;',
      '&nope;',
      '[',
      ']',
      '(',
      ')',
      '!',
      '|',
      '<',
      ' < ',
      '>',
      '{',
      '}',
      '*',
      '_',
      '**',
      '__',
      '`',
      '``',
      '$',
      '~',
      '#',
      ':',
    ),
  },
  { weight: 6, arbitrary: fc.tuple(word, url).map(([text, destination]) => `[${text}](${destination})`) },
  { weight: 1, arbitrary: fc.tuple(word, url).map(([text, destination]) => `![${text}](${destination} "title")`) },
  { weight: 1, arbitrary: fc.tuple(word, url).map(([text, destination]) => `[${text}](<${destination}>)`) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '[ref]',
      '[text][ref]',
      '[ref][]',
      '[^1]',
      '[a](b',
      '[a] (b)',
      '[a](\n/b)',
      '[![i](/i.png)](/l)',
      '[a [b](/c) d](/e)',
      '[a [ref] b](/c)',
      '[a [x][ref] b](/c)',
      '[a [ref][] b](/c)',
      '[![ref]](/d)',
      '[ref][nope]',
      '[`]`](/f)',
      '`[a](/g)`',
      '$[a](/h)$',
      '<https://auto.link>',
    ),
  },
  { weight: 1, arbitrary: fc.tuple(word).map(([text]) => `\`${text}\``) },
  { weight: 1, arbitrary: fc.tuple(word).map(([text]) => `*${text}*`) },
  { weight: 1, arbitrary: fc.tuple(word).map(([text]) => `_${text}_`) },
  { weight: 1, arbitrary: fc.tuple(openTag, word).map(([{ tag, open }, text]) => `${open}${text}</${tag}>`) },
  { weight: 1, arbitrary: openTag.map(({ open }) => open.replace(/>$/, ' />')) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '{1 + 1}',
      '{/* note */}',
      '{"a}b"}',
      '{',
      '</b>',
      '<b>',
      '<>x</>',
      '<a href="/x">[y](/z)</a>',
      '<a>x</a b>',
      '<a>x</a {...p}>',
      '< b="/c">x</>',
      '<>x</ b>',
      '<a>x</a/>',
    ),
  },
);
const inline = fc.array(inlineLeaf, { minLength: 1, maxLength: 8 }).map((parts) => parts.join(''));
const inlineLines = fc.array(inline, { minLength: 1, maxLength: 3 }).map((lines) => lines.join('\n'));

const indent = fc.constantFrom('', '', '', ' ', '  ', '   ', '    ', '\t');

function indented(text: string, prefix: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? line : prefix + line))
    .join('\n');
}

const { block } = fc.letrec<{ block: string; blocks: string }>((tie) => ({
  blocks: fc
    .array(tie('block'), { minLength: 1, maxLength: 4 })
    .chain((blocks) =>
      fc
        .array(fc.constantFrom('\n', '\n\n', '\n\n\n'), { minLength: blocks.length, maxLength: blocks.length })
        .map((separators) => blocks.map((text, i) => (i === 0 ? text : separators[i] + text)).join('')),
    ),
  block: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 8, arbitrary: inlineLines },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.integer({ min: 1, max: 7 }), indent, inline, fc.option(word))
        .map(([level, pad, text, id]) => `${pad}${'#'.repeat(level)} ${text}${id === null ? '' : ` {#${id}}`}`),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom('```', '````', '~~~', '$$'), indent, fc.constantFrom('', 'js', 'title="x"', '`x`'), inlineLines, fc.boolean(), indent)
        .map(([fence, pad, info, body, closed, closePad]) => `${pad}${fence}${info}\n${body}${closed ? `\n${closePad}${fence}` : ''}`),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom('- ', '* ', '+ ', '1. ', '2. ', '1) ', '-   ', '10. '),
          tie('blocks'),
          fc.constantFrom('  ', '   ', ' ', '', '    '),
          fc.boolean(),
        )
        .map(([marker, body, pad, two]) => {
          const item = marker + indented(body, pad).trimStart();
          return two ? `${item}\n${marker}${body.split('\n')[0]}` : item;
        }),
    },
    { weight: 1, arbitrary: fc.tuple(tie('blocks'), fc.constantFrom('> ', '>', ' > ')).map(([body, marker]) => indented(body, marker)) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(openTag, tie('blocks'), fc.constantFrom('\n', '\n\n'), indent, fc.constantFrom('close', 'close', 'close', 'open', 'self', 'other'))
        .map(([{ tag, open }, body, gap, pad, ending]) => {
          if (ending === 'self') return `${pad}${open.replace(/>$/, ' />')}`;
          const close = ending === 'close' ? `</${tag}>` : ending === 'other' ? '</Other>' : '';
          return `${pad}${open}${gap}${indented(body, '  ')}${gap}${pad}${close}`;
        }),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '{/* a comment */}',
        '{/*\n  multi\n*/}',
        '{1}',
        '{a ? "}" : 1}',
        '{',
        '{}',
        'export const a = 1',
        'import X from "y"',
        'import the thing',
        'export default function A() {\n  return <b>x</b>\n}',
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom('ref', 'Ref', 'other', '^1', ''), url, fc.constantFrom('', ' "t"', "\n'next'", ' (p)'))
        .map(([label, destination, title]) => `[${label}]: ${destination}${title}`),
    },
    { weight: 1, arbitrary: fc.tuple(inline, inline).map(([a, b]) => `| ${a} | b |\n| --- | --- |\n| ${b} | [x](/y) |`) },
    { weight: 1, arbitrary: fc.constantFrom('---', '***', '- - -', '___', '===', 'Setext\n---', 'Setext\n===', '-', '*', '1.', '- [ ] task') },
  ),
}));

const frontMatter = fc.constantFrom(
  '',
  '',
  '---\ntitle: x\n---\n',
  '---\nmode: custom\n---\n',
  '---\nmode: "frame"\n---\n\n',
  '---  \na: 1\n--- \n',
  '---\nunclosed\n',
  '+++\na = 1\n+++\n',
  '---\n---\n',
  '\uFEFF',
);
const page = fc
  .tuple(frontMatter, block, fc.array(block, { maxLength: 3 }), fc.constantFrom('', '\n', '\n\n'))
  .map(([matter, first, rest, end]) => matter + [first, ...rest].join('\n\n') + end);

describe('the fast path against micromark on generated pages', () => {
  it(`scans every page it accepts exactly as micromark does (${RUNS} pages, seed ${SEED})`, () => {
    let accepted = 0;
    fc.assert(
      fc.property(page, fc.constantFrom(true, true, true, true, true, true, true, false), (text, mdx) => {
        const fast = fastScanPageText(text, mdx);
        if (fast === undefined) return;
        accepted++;
        const oracle = micromarkScanPageText(text, mdx);
        expect(oracle.error).toBeUndefined();
        expect({ links: fast.links, anchors: [...fast.anchors].sort() }).toEqual({ links: oracle.links, anchors: [...oracle.anchors].sort() });
      }),
      { seed: SEED, numRuns: RUNS },
    );
    console.log(`fast path accepted ${accepted} of ${RUNS} generated pages`);
    // The property says something only when the fast path takes a fair share of the pages.
    expect(accepted).toBeGreaterThan(RUNS * 0.15);
  }, 1_200_000);
});
