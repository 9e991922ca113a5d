/**
 * The pathological page shapes of bench/pathological.mjs (issue 66), each a function from a size
 * in bytes to a page's text of about that size: what opens and never closes, nests deeper than
 * any reader expects, or puts everything on one line. The tests build small ones of the same
 * shapes (test/pages/pathological.test.ts).
 */

/** Repeats `unit` until the text is `bytes` long (cut to it). */
const fill = (unit, bytes) => unit.repeat(Math.ceil(bytes / unit.length)).slice(0, bytes);

/**
 * Each shape: a name and the page's text of about `bytes`. Every one opens something it never
 * closes, nests deeper than any reader expects, or puts everything on one line.
 */
export const SHAPES = {
  'unclosed front matter, then empty lines': (bytes) => `---\ntitle: x\n${fill('\n', bytes)}`,
  'unclosed front matter, then text': (bytes) => `---\ntitle: x\n${fill('Some words of a page, [a link](/a) and `code`.\n', bytes)}`,
  'front matter of the whole page (closed)': (bytes) => `---\ntitle: x\n${fill('key: value of a key\n', bytes)}---\n\n# Body\n`,
  'unclosed code fence': (bytes) => `# Title\n\n\`\`\`js\n${fill('const x = "[not a link](/x)";\n', bytes)}`,
  'fences opened, never closed, each longer': (bytes) => fill('````\n```\n~~~~\n', bytes),
  'unclosed JSX element': (bytes) => `<Card title="x" href="/a">\n${fill('Text inside the card, [a link](/b).\n', bytes)}`,
  'JSX elements of distinct names, none closed': (bytes) => {
    let text = '';
    for (let i = 0; text.length < bytes; i++) text += `<Tag${i} hidden>\n`;
    return text;
  },
  'JSX elements of distinct names with attributes, none closed': (bytes) => {
    let text = '';
    for (let i = 0; text.length < bytes; i++) text += `<Tag${i} title="x" icon="y">\n`;
    return text;
  },
  'JSX nested deep (closed)': (bytes) => {
    const depth = Math.floor(bytes / 12);
    return `${'<div>'.repeat(depth)}x${'</div>'.repeat(depth)}\n`;
  },
  'unclosed HTML comment': (bytes) => `<!--\n${fill('[a link](/c) in a comment\n', bytes)}`,
  'unclosed MDX expression': (bytes) => `{\n${fill('{ a: [1, 2], b: "[x](/y)" }\n', bytes)}`,
  'an expression whose } are in a string': (bytes) => `{"${'x}'.repeat(Math.floor(bytes / 2))}\n`,
  'braces nested deep': (bytes) => `${'{'.repeat(bytes / 2)}${'}'.repeat(bytes / 2)}\n`,
  'block quotes nested deep': (bytes) => `${'> '.repeat(bytes / 2 - 2)}x\n`,
  'lists nested deep': (bytes) => {
    let text = '';
    for (let depth = 0; text.length < bytes; depth++) text += `${'  '.repeat(depth % 2000)}- item\n`;
    return text;
  },
  'one line of 4 MB': (bytes) => `${fill('words and more words ', bytes)}\n`,
  'one line of [': (bytes) => `${'['.repeat(bytes)}\n`,
  'one line of links': (bytes) => `${fill('[a](/a) ', bytes)}\n`,
  'a line of [, then links': (bytes) => `${'['.repeat(bytes / 2)}${'[a](/a) '.repeat(Math.floor(bytes / 16))}\n`,
  'a line of [, then elements': (bytes) => `${'['.repeat(bytes / 2)}${'<b>x</b> '.repeat(Math.floor(bytes / 18))}\n`,
  'one line of backticks of every length': (bytes) => {
    let text = '';
    for (let n = 1; text.length < bytes; n = (n % 64) + 1) text += `${'`'.repeat(n)}x`;
    return `${text}\n`;
  },
  'one line of * and _': (bytes) => `${fill('*_a', bytes)}\n`,
  'one line of < (no tag)': (bytes) => `${'<'.repeat(bytes)}\n`,
  'headings all alike': (bytes) => fill('## Same heading\n\n[to it](#same-heading)\n\n', bytes),
  'headings, each linked with a typo': (bytes) => {
    let text = '';
    for (let i = 0; text.length < bytes; i++) text += `## Section ${i}\n\n[to it](#sectoin-${i})\n\n`;
    return text;
  },
  'elements opened, each then a paragraph': (bytes) => '<div>\n\ntext\n\n'.repeat(Math.floor(bytes / 13)),
  'a heading of elements': (bytes) => `## ${'<b>x</b>'.repeat(Math.floor(bytes / 8))}\n`,
  'link reference definitions': (bytes) => {
    let text = '';
    for (let i = 0; text.length < bytes; i++) text += `[ref${i}]: /page-${i}\n[ref${i}]\n`;
    return text;
  },
  'a table of many columns': (bytes) => {
    const columns = 2000;
    const row = `|${' a |'.repeat(columns)}\n`;
    return `${row}|${' --- |'.repeat(columns)}\n${fill(row, bytes)}`;
  },
};
