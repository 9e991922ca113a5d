/**
 * Pages generated from a grammar of what hides or writes a link, for the differential property
 * of the page scanner's fast path against micromark (test/pages/fast-scan.property.test.ts in the
 * default suite, bounded; test/robustness/fast-scan.property.test.ts in the slow suite, longer):
 * fences, open or closed, in lists and block quotes; code spans and math; escapes and character
 * references; elements with string and expression attributes, nested and unbalanced; expressions;
 * ESM, across blank lines; definitions and references, their labels across lines; footnote calls
 * and definitions; tables; headings with custom ids; lazy lines; front matter, closed or not. For
 * Markdown pages (`.md`): HTML of each kind (flow and inline), autolinks, indented code.
 */
import fc from 'fast-check';

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
    'bare',
    'a=b',
    '/x/y',
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
      '@',
    ),
  },
  { weight: 6, arbitrary: fc.tuple(word, url).map(([text, destination]) => `[${text}](${destination})`) },
  { weight: 1, arbitrary: fc.tuple(word, url).map(([text, destination]) => `![${text}](${destination} "title")`) },
  { weight: 1, arbitrary: fc.tuple(word, url).map(([text, destination]) => `[${text}](<${destination}>)`) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '[ref]',
      '[text][ref]',
      '[ref][]',
      '[^1]',
      '[^ref]',
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
      '[Re\nf]',
      '[two\nlines][ref]',
      '[ref\n][]',
      '<https://auto.link>',
      '<https://a.b/c?d=e&amp;f>',
      '<mailto:a@b.c>',
      '<a.b-c@d-e.f>',
      '<A.Z@b.c>',
      '<a[b@c.d>',
      '<a@b>',
      '<a@-b.c>',
      '<a:b>',
      '<ab:c d>',
      '<x+y://z>',
      '[<https://in.link>](/out)',
      '![<https://in.image>](/img)',
    ),
  },
  { weight: 1, arbitrary: fc.tuple(word).map(([text]) => `\`${text}\``) },
  { weight: 1, arbitrary: fc.tuple(word).map(([text]) => `*${text}*`) },
  { weight: 1, arbitrary: fc.tuple(word).map(([text]) => `_${text}_`) },
  { weight: 1, arbitrary: fc.tuple(openTag, word).map(([{ tag, open }, text]) => `${open}${text}</${tag}>`) },
  { weight: 1, arbitrary: openTag.map(({ open }) => open.replace(/>$/, ' />')) },
  {
    weight: 2,
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
      '<span title="[a](/in-html)">',
      '<span\ntitle="x">',
      '<a b=c=d>',
      '<a b=/c>',
      '<!-- [c](/in-comment) -->',
      '<!---->',
      '<!-->',
      '<!-- open',
      '<?x [i](/in-instruction) ?>',
      '<!X [d](/in-declaration)>',
      '</close >',
      '<x-y/>',
    ),
  },
);
const inline = fc.array(inlineLeaf, { minLength: 1, maxLength: 8 }).map((parts) => parts.join(''));
const inlineLines = fc.array(inline, { minLength: 1, maxLength: 3 }).map((lines) => lines.join('\n'));

const indent = fc.constantFrom('', '', '', ' ', '  ', '   ', '    ', '     ', '\t');

function indented(text: string, prefix: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? line : prefix + line))
    .join('\n');
}

/** HTML blocks of each kind (Markdown pages read them raw; MDX pages as elements, or not at all). */
const htmlBlock = fc
  .tuple(
    fc.constantFrom(
      '<div>',
      '<DIV class="x">',
      '</div>',
      '<div/>',
      '<details>\n<summary>S</summary>',
      '<span class="x">',
      '<span>',
      '<custom-tag a="1" b=\'2\' c=d>',
      '<a href="/tag">',
      '</span>',
      '<x/>',
      '<script>',
      '<pre class="p">',
      '<style>[s](/style)</style>',
      '<textarea>',
      '<!-- comment',
      '<!-- one line [o](/one) -->',
      '<?php',
      '<!DOCTYPE html>',
      '<![CDATA[',
      '<span [a](/b)',
    ),
    inlineLines,
    fc.constantFrom('', '</div>', '</script>', '</PRE>', '-->', '?>', '>', ']]>', '</span>'),
    indent,
  )
  .map(([open, body, close, pad]) => `${pad}${open}\n${body}${close ? `\n${close}` : ''}`);

/** ESM blocks, some with blank lines inside (micromark reads on past a blank line while the code is unfinished). */
const esm = fc.constantFrom(
  'export const a = 1',
  'import X from "y"',
  // Names imported again in a later block fail as micromark fails them (fast-mdx.ts esmBlockEnd's `imported`).
  'import { X as Z, W } from "y"',
  'import * as W from "y"',
  'export { Z as V }',
  'import the thing',
  'export default function A() {\n  return <b>x</b>\n}',
  'export function B() {\n  const b = 1\n\n  return b\n}',
  'export const C = () => {\n\n  return [1](/not-a-link)\n\n}',
  'export const d = {\n\n',
  'export const e = 1 /* a\n\n[b](/c) */',
  'export const f = 1\n\nnot [code](/g)',
);

const { blocks } = fc.letrec<{ block: string; blocks: string }>((tie) => ({
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
    { weight: 1, arbitrary: fc.tuple(indent, inlineLines).map(([pad, text]) => indented(text, pad)) },
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
          fc.constantFrom('- ', '* ', '+ ', '1. ', '2. ', '1) ', '-   ', '10. ', '-      ', '- 2. ', '1. - '),
          tie('blocks'),
          fc.constantFrom('  ', '   ', ' ', '', '    '),
          fc.boolean(),
        )
        .map(([marker, body, pad, two]) => {
          const item = marker + indented(body, pad).trimStart();
          return two ? `${item}\n${marker}${body.split('\n')[0]}` : item;
        }),
    },
    { weight: 1, arbitrary: fc.tuple(tie('blocks'), fc.constantFrom('> ', '>', ' > ', '    > ')).map(([body, marker]) => indented(body, marker)) },
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
    { weight: 2, arbitrary: htmlBlock },
    {
      // Elements titled by their content (their table-of-contents id is their text's slug).
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom('h1', 'h2', 'h4', 'Heading', 'div'),
          fc.constantFrom('', ' id="custom"', ' className="x"'),
          indent,
          inline,
          fc.constantFrom('', '   ', '\t'),
        )
        .map(([tag, attributes, pad, text, trailing]) => `<${tag}${attributes}>\n${pad}${text}${trailing}\n</${tag}>`),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('{/* a comment */}', '{/*\n  multi\n*/}', '{1}', '{a ? "}" : 1}', '{', '{}'),
    },
    { weight: 1, arbitrary: esm },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom('ref', 'Ref', 'other', '^1', '^ref', '^a b', ''), url, fc.constantFrom('', ' "t"', "\n'next'", ' (p)'))
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

/** A page's text, and whether it is MDX (three in four) or Markdown. */
export const page: fc.Arbitrary<[string, boolean]> = fc.tuple(
  fc.tuple(frontMatter, blocks, fc.constantFrom('', '\n', '\n\n')).map(([matter, body, end]) => matter + body + end),
  fc.constantFrom(true, true, true, false),
);
